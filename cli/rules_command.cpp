// `umpire rules list|show|check|eval`: the rule data of corpus/rulesets/
// (docs/rules-format.md). All logic is in engine/rules; this file reads
// arguments, loads rulesets and prints.
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "cli/diagnostics.hpp"
#include "cli/ruleset_files.hpp"
#include "engine/core/data_paths.hpp"
#include "engine/core/dice/probability_text.hpp"
#include "engine/core/escape.hpp"
#include "engine/core/plural.hpp"
#include "engine/core/suggest.hpp"
#include "engine/rules/describe.hpp"
#include "engine/rules/evaluator.hpp"
#include "engine/rules/loader.hpp"
#include "grammar/rules/diagnostics.hpp"
#include "grammar/rules/printer.hpp"
#include "grammar/rules/rules_parser.hpp"

namespace umpire::cli {
namespace {

namespace fs = std::filesystem;
using namespace umpire::rules;

constexpr const char* rules_footer = R"(Examples:
  umpire rules list                                     the shipped rulesets
  umpire rules show hail-caesar                         every item of a ruleset
  umpire rules show hail-caesar break_test_chart        a table, printed as a table
  umpire rules show hail-caesar --source                the ruleset in canonical form
  umpire rules check corpus/rulesets/*.rules            parse, type-check, lint citations
  umpire rules eval hail-caesar shooting_to_hit --given attacker.shaken=true distance=14
  umpire rules eval hail-caesar break_test_chart --given score=7 troop_class=cavalry

A RULESET is an id from corpus/rulesets/ or a path to a .rules file.
--given takes NAME=VALUE pairs: givens, switches (to pick an interpretation),
table keys, count.PROFILE=N and divisions=N for army lists.
Format of the files: docs/rules-format.md.)";

struct RulesOptions {
  std::string rulesets_dir;
  std::string texts_dir;
  Format format = Format::text;
  // show
  std::string ruleset;
  std::string item;
  bool source = false;
  // check
  std::vector<std::string> files;
  bool warnings_as_errors = false;
  // eval
  std::vector<std::string> givens;
};

fs::path rulesets_dir(const RulesOptions& o) {
  return paths::rulesets_dir(o.rulesets_dir);
}

fs::path ruleset_path(const RulesOptions& o, const std::string& name) {
  if (is_ruleset_path(name)) return name;
  return rulesets_dir(o) / (name + ".rules");
}

// The rule texts citations are linted against (engine/core/data_paths.hpp):
// empty when there are none, so that citations are only checked for form.
// False after reporting a folder the user named that is not one.
bool find_texts(Session& session, const RulesOptions& o, fs::path& texts) {
  const paths::Lookup lookup = paths::texts_dir(o.texts_dir);
  if (lookup.named_place_missing) {
    const paths::Place& named = lookup.tried.back();
    session.diags
        .report(cli::Diag::rules_no_texts,
                named.origin == "--texts" ? session.find_arg(o.texts_dir) : Span{},
                "'{}' ({}) is not a folder of rule texts", named.dir.string(), named.origin)
        .hint("name the folder that holds the rule texts (.txt) the citations name");
    return false;
  }
  texts = lookup.dir.value_or(fs::path{});
  return true;
}

std::vector<std::string> known_rulesets(const RulesOptions& o) {
  return rulesets_in(rulesets_dir(o));
}

std::optional<Ruleset> load(Session& session, const RulesOptions& o, const std::string& name) {
  const fs::path path = ruleset_path(o, name);
  std::string error;
  SourceManager::LoadFailure why = SourceManager::LoadFailure::unreadable;
  std::optional<FileId> file = session.sources.load(path, error, &why);
  if (!file && why != SourceManager::LoadFailure::unreadable) {
    session.report_unloadable(name, error, why);
    return std::nullopt;
  }
  if (!file) {
    auto d = session.diags.report(cli::Diag::rules_unknown_ruleset, session.find_arg(name),
                                  "cannot read ruleset '{}': {}", name, error);
    if (auto best = closest_match(name, known_rulesets(o)))
      d.hint("did you mean '{}'?", *best);
    else
      d.hint("run 'umpire rules list' for the rulesets in {}", rulesets_dir(o).string());
    return std::nullopt;
  }
  LoadOptions lo;
  if (!find_texts(session, o, lo.texts_dir)) return std::nullopt;
  return load_ruleset(session.sources, *file, path.parent_path(), session.diags, lo);
}

int run_list(Session& session, const RulesOptions& o) {
  std::vector<std::vector<std::string>> rows{{"ruleset", "extends", "items", "title"}};
  nlohmann::json json = nlohmann::json::array();
  for (const std::string& id : known_rulesets(o)) {
    DiagnosticEngine quiet(0);
    SourceManager sources;
    LoadOptions lo;
    auto rs = load_ruleset(sources, rulesets_dir(o) / (id + ".rules"), quiet, lo);
    const std::string extends = rs && rs->lineage.size() > 1 ? rs->lineage[1] : "";
    const std::string items =
        rs ? std::to_string(rs->items.size()) : "(does not load: run rules check)";
    rows.push_back({id, extends.empty() ? "-" : extends, items, rs ? rs->title : ""});
    json.push_back({{"id", id},
                    {"extends", extends},
                    {"loads", rs.has_value()},
                    {"title", rs ? rs->title : ""},
                    {"items", rs ? rs->items.size() : 0}});
  }
  if (o.format == Format::json)
    std::cout << json.dump(2) << "\n";
  else
    std::cout << escape_controls(text_table(rows), true);
  session.flush_diagnostics(o.format);
  return exit_clean;
}

int run_show(Session& session, const RulesOptions& o) {
  if (o.source) {
    const fs::path path = ruleset_path(o, o.ruleset);
    std::string error;
    SourceManager::LoadFailure why = SourceManager::LoadFailure::unreadable;
    auto file = session.sources.load(path, error, &why);
    if (!file && why != SourceManager::LoadFailure::unreadable) {
      session.report_unloadable(o.ruleset, error, why);
    } else if (!file) {
      session.diags.report(cli::Diag::rules_unknown_ruleset, session.find_arg(o.ruleset),
                           "cannot read ruleset '{}': {}", o.ruleset, error);
    }
    if (!file) {
      session.flush_diagnostics(o.format);
      return exit_usage;
    }
    ParsedFile parsed = parse_rules(session.sources, *file, session.diags);
    if (session.diags.has_errors()) {
      session.flush_diagnostics(o.format);
      return exit_usage;
    }
    std::cout << print(parsed.file);
    return exit_clean;
  }
  auto rs = load(session, o, o.ruleset);
  if (!rs) {
    session.flush_diagnostics(o.format);
    return exit_usage;
  }
  if (o.item.empty()) {
    std::cout << escape_controls(describe_ruleset(*rs), true);
  } else {
    auto ref = rs->find(o.item);
    if (!ref) {
      std::vector<std::string> names;
      for (const auto& [n, r] : rs->items) names.push_back(n);
      auto d = session.diags.report(cli::Diag::rules_unknown_item, session.find_arg(o.item),
                                    "ruleset '{}' has no item '{}'", rs->id, o.item);
      if (auto best = closest_match(o.item, names))
        d.hint("did you mean '{}'?", *best);
      else
        d.hint("run 'umpire rules show {}' for its items", rs->id);
      session.flush_diagnostics(o.format);
      return exit_usage;
    }
    std::cout << escape_controls(describe_item(*rs, *ref), true);
  }
  session.flush_diagnostics(o.format);
  return exit_clean;
}

int run_check(Session& session, const RulesOptions& o) {
  LoadOptions lo;
  if (!find_texts(session, o, lo.texts_dir)) {
    session.flush_diagnostics(o.format);
    return exit_usage;
  }
  if (lo.texts_dir.empty()) {
    // Once for the run, not per citation: the texts are an optional input.
    session.diags
        .report(rules::Diag::ref_no_texts, Span{},
                "citations were not checked against the rule texts: none found")
        .hint("pass --texts DIR or set UMPIRE_RULES_TEXTS to the folder of the rule texts");
  }
  std::size_t clean = 0;
  bool unreadable = false;
  for (const std::string& f : o.files) {
    const std::size_t before =
        session.diags.count(Severity::error) + session.diags.count(Severity::warning);
    auto file = session.load(f);
    if (!file) {
      unreadable = true;
      continue;
    }
    const bool loaded =
        load_ruleset(session.sources, *file, fs::path(f).parent_path(), session.diags, lo)
            .has_value();
    const std::size_t after =
        session.diags.count(Severity::error) + session.diags.count(Severity::warning);
    if (loaded && after == before) ++clean;
  }
  // Errors in a file are its findings; warnings (an unreachable row, a
  // citation to check) are too with --warnings-as-errors, as a compiler's
  // -Werror (docs/cli.md § umpire rules).
  const bool findings = session.diags.has_errors() ||
                        (o.warnings_as_errors && session.diags.count(Severity::warning) > 0);
  const std::string line = fmt::format("{} of {} checked clean: {}", clean,
                                       plural(o.files.size(), "file"), summary(session.diags));
  session.flush_diagnostics(o.format);
  if (o.format == Format::text) std::cerr << line << "\n";
  if (unreadable) return exit_usage;
  return findings ? exit_findings : exit_clean;
}

nlohmann::json steps_json(const std::vector<Step>& steps) {
  nlohmann::json out = nlohmann::json::array();
  for (const Step& s : steps) {
    nlohmann::json refs = nlohmann::json::array();
    for (const Citation& c : s.refs) refs.push_back(c.text());
    out.push_back({{"depth", s.depth}, {"text", s.text}, {"refs", refs}});
  }
  return out;
}

// Applies --given pairs; table keys are collected into `keys` for tables.
bool apply_givens(Session& session, const Ruleset& rs, const RulesOptions& o, Situation& situation,
                  const Table* table, std::vector<std::optional<Val>>& keys) {
  bool ok = true;
  for (const std::string& pair : o.givens) {
    const Span where = session.find_arg(pair);
    const std::size_t eq = pair.find('=');
    if (eq == std::string::npos || eq == 0) {
      session.diags.report(cli::Diag::rules_bad_given, where, "expected NAME=VALUE, found '{}'",
                           pair);
      ok = false;
      continue;
    }
    const std::string name = pair.substr(0, eq);
    const std::string text = pair.substr(eq + 1);
    std::string error;
    auto bad = [&](const std::string& why) {
      session.diags.report(cli::Diag::rules_bad_given, where, "bad value for '{}': {}", name, why);
      ok = false;
    };
    if (table) {
      auto k = std::find_if(table->keys.begin(), table->keys.end(),
                            [&](const Field& f) { return f.name == name; });
      if (k != table->keys.end()) {
        if (auto v = parse_value(rs, k->type, text, error))
          keys[static_cast<std::size_t>(k - table->keys.begin())] = *v;
        else
          bad(error);
        if (!rs.find(name)) continue;
      }
    }
    if (name == "divisions") {
      std::int64_t n = 0;
      if (auto v = parse_value(rs, Type{TypeKind::integer, 0, 1000, 0, false}, text, error))
        n = v->number;
      else
        bad(error);
      situation.set_divisions(n);
      continue;
    }
    if (name.rfind("count.", 0) == 0) {
      auto ref = rs.find(name.substr(6));
      if (!ref || ref->kind != ItemKind::profile) {
        bad("no profile named '" + name.substr(6) + "'");
        continue;
      }
      if (auto v = parse_value(rs, Type{TypeKind::integer, 0, 1000, 0, false}, text, error))
        situation.set_count(ref->index, v->number);
      else
        bad(error);
      continue;
    }
    auto ref = rs.find(name);
    if (ref && ref->kind == ItemKind::given) {
      if (auto v = parse_value(rs, rs.givens[ref->index].type, text, error)) {
        if (auto why = situation.set(ref->index, *v)) bad(*why);
      } else {
        bad(error);
      }
    } else if (ref && ref->kind == ItemKind::switch_) {
      const Switch& sw = rs.switches[ref->index];
      auto it = std::find_if(sw.options.begin(), sw.options.end(),
                             [&](const SwitchOption& x) { return x.name == text; });
      if (it == sw.options.end()) {
        std::vector<std::string> options;
        for (const auto& x : sw.options) options.push_back(x.name);
        bad(fmt::format("'{}' is not an option of switch '{}' ({})", text, name,
                        fmt::join(options, ", ")));
      } else {
        situation.set_switch(ref->index, static_cast<std::uint32_t>(it - sw.options.begin()));
      }
    } else if (!table || std::none_of(table->keys.begin(), table->keys.end(),
                                      [&](const Field& f) { return f.name == name; })) {
      std::vector<std::string> names;
      for (const Given& g : rs.givens) names.push_back(g.name);
      for (const Switch& s : rs.switches) names.push_back(s.name);
      if (table)
        for (const Field& f : table->keys) names.push_back(f.name);
      auto d =
          session.diags.report(cli::Diag::rules_unknown_given, where,
                               "'{}' is not a given, switch or key of ruleset '{}'", name, rs.id);
      if (auto best = closest_match(name, names)) d.hint("did you mean '{}'?", *best);
      ok = false;
    }
  }
  return ok;
}

int run_eval(Session& session, const RulesOptions& o) {
  auto rs = load(session, o, o.ruleset);
  if (!rs) {
    session.flush_diagnostics(o.format);
    return exit_usage;
  }
  std::optional<ItemRef> ref = rs->find(o.item);
  std::optional<std::uint32_t> action;
  if (!ref && rs->action_domain) {
    std::string name = o.item;
    if (name.rfind("action.", 0) == 0) name = name.substr(7);
    action = rs->domains[*rs->action_domain].find(name);
  }
  if (!ref && !action) {
    std::vector<std::string> names;
    for (const auto& [n, r] : rs->items) names.push_back(n);
    auto d = session.diags.report(cli::Diag::rules_unknown_item, session.find_arg(o.item),
                                  "ruleset '{}' has no item '{}'", rs->id, o.item);
    if (auto best = closest_match(o.item, names)) d.hint("did you mean '{}'?", *best);
    session.flush_diagnostics(o.format);
    return exit_usage;
  }
  Situation situation(*rs);
  const Table* table = ref && ref->kind == ItemKind::table ? &rs->tables[ref->index] : nullptr;
  std::vector<std::optional<Val>> keys(table ? table->keys.size() : 0);
  if (!apply_givens(session, *rs, o, situation, table, keys)) {
    session.flush_diagnostics(o.format);
    return exit_usage;
  }
  Evaluator ev(*rs, situation);
  std::string result;
  bool ok = true;
  if (action) {
    auto r = ev.action(*action);
    ok = r.has_value();
    if (r)
      result = fmt::format("{}: {}", rs->domains[*rs->action_domain].values[*action],
                           to_string(r->verdict));
  } else {
    switch (ref->kind) {
      case ItemKind::value: {
        if (rs->values[ref->index].type.numeric() && !ev.unset_rolled_givens(ref->index).empty()) {
          // A value over dice not thrown yet: its exact distribution.
          auto d = ev.distribution(ref->index);
          ok = d.has_value();
          if (d) {
            result = fmt::format("{}: {}..{}, mean {}", o.item, d->min(), d->max(),
                                 dice::fraction_text(d->mean()));
            for (std::int64_t x = d->min(); x <= d->max(); ++x) {
              if (d->ways(x) == 0) continue;
              result += fmt::format("\n  {:>4}  {}% ({})", x, dice::percent_text(d->probability(x)),
                                    dice::fraction_text(d->probability(x)));
            }
          }
          break;
        }
        auto v = ev.value(ref->index);
        ok = v.has_value();
        if (v)
          result = fmt::format("{} = {}", o.item, value_text(*rs, rs->values[ref->index].type, *v));
        break;
      }
      case ItemKind::table: {
        std::vector<Val> k;
        for (std::size_t i = 0; i < keys.size(); ++i) {
          if (keys[i]) {
            k.push_back(*keys[i]);
            continue;
          }
          auto g = rs->find(table->keys[i].name);
          if (g && g->kind == ItemKind::given && situation.given(g->index)) {
            k.push_back(*situation.given(g->index));
            continue;
          }
          session.diags
              .report(cli::Diag::rules_missing_key, Span{}, "no value for key '{}' of table '{}'",
                      table->keys[i].name, table->name)
              .hint("add --given {}=VALUE ({})", table->keys[i].name,
                    type_name(*rs, table->keys[i].type));
          session.flush_diagnostics(o.format);
          return exit_usage;
        }
        auto row = ev.lookup(ref->index, k);
        ok = row.has_value();
        if (row) {
          for (std::size_t c = 0; c < row->size(); ++c) {
            result += fmt::format("{}{} = {}", c ? "\n" : "", table->columns[c].name,
                                  value_text(*rs, table->columns[c].type, (*row)[c]));
          }
          if (row->empty()) result = "no entry";
        }
        break;
      }
      case ItemKind::stack: {
        std::int64_t start = 0;
        const Stack& st = rs->stacks[ref->index];
        if (st.base) {
          auto b = ev.eval(*st.base);
          if (!b) {
            ok = false;
            break;
          }
          start = b->number;
        }
        for (const std::string& g : o.givens) {
          if (g.rfind("base=", 0) == 0) start = std::strtoll(g.c_str() + 5, nullptr, 10);
        }
        auto v = ev.apply_stack(ref->index, start);
        ok = v.has_value();
        if (v) result = fmt::format("{} = {}", o.item, *v);
        break;
      }
      case ItemKind::test: {
        auto t = ev.test(ref->index);
        ok = t.has_value();
        if (t) {
          result = fmt::format("{}: needs {}{} on {} (target {}, modifier {:+})", o.item, t->needed,
                               t->at_least ? "+" : " or less", rs->tests[ref->index].dice_text,
                               t->target, t->modifier);
          if (t->dice_count != 1) result += fmt::format(", each of {} dice", t->dice_count);
          if (t->probability) {
            result +=
                fmt::format("\nchance of success: {}% ({}){}", dice::percent_text(*t->probability),
                            dice::fraction_text(*t->probability),
                            t->faces_included ? "" : " before natural faces");
          }
          if (t->reroll && t->base_probability) {
            result += fmt::format("\n  with the re-roll of {} {}; without it {}% ({})",
                                  rs->skills[t->reroll->skill].special ? "special" : "skill",
                                  rs->skills[t->reroll->skill].name,
                                  dice::percent_text(*t->base_probability),
                                  dice::fraction_text(*t->base_probability));
          }
        }
        break;
      }
      case ItemKind::permission: {
        auto a = ev.permission(ref->index);
        ok = a.has_value();
        if (a) result = fmt::format("{}: {}", o.item, *a ? "applies" : "does not apply");
        break;
      }
      case ItemKind::invariant: {
        auto a = ev.invariant(ref->index);
        ok = a.has_value();
        if (a) result = fmt::format("{}: {}", o.item, *a ? "holds" : "violated");
        break;
      }
      case ItemKind::assumption: {
        auto a = ev.assumption(ref->index);
        ok = a.has_value();
        if (a)
          result = fmt::format("{}: {}", o.item,
                               *a ? "holds" : "violated: no game reaches this situation");
        break;
      }
      case ItemKind::note: {
        const TextNote& n = rs->notes[ref->index];
        result = fmt::format("{}: {} ({})", o.item, n.text, to_string(n.kind));
        break;
      }
      case ItemKind::army_list: {
        const ArmyList& list = rs->army_lists[ref->index];
        std::size_t met = 0;
        for (std::size_t c = 0; c < list.constraints.size() && ok; ++c) {
          auto a = ev.constraint(ref->index, static_cast<std::uint32_t>(c));
          ok = a.has_value();
          if (a && *a) ++met;
        }
        if (ok)
          result =
              fmt::format("{}: {} of {} constraints met", o.item, met, list.constraints.size());
        break;
      }
      case ItemKind::skill: {
        auto allowed = ev.skill_allowed(ref->index);
        auto cost = allowed ? ev.skill_cost(ref->index) : std::nullopt;
        ok = allowed && cost;
        if (ok) {
          const Skill& s = rs->skills[ref->index];
          result = fmt::format("{}: {}, cost {}{}", o.item, *allowed ? "allowed" : "not allowed",
                               *cost, s.cost_per.empty() ? "" : " per " + s.cost_per);
        }
        break;
      }
      default:
        result = describe_item(*rs, *ref);
        break;
    }
  }
  if (!ok) {
    const EvalError& e = *ev.error();
    auto d = session.diags.report(e.id, e.span, "{}", e.message);
    if (!e.hint.empty()) d.hint(e.hint);
    session.flush_diagnostics(o.format);
    return exit_findings;
  }
  if (o.format == Format::json) {
    nlohmann::json j{{"ruleset", rs->id},
                     {"item", o.item},
                     {"result", result},
                     {"breakdown", steps_json(ev.breakdown())}};
    std::cout << j.dump(2) << "\n";
  } else {
    std::cout << escape_controls(result + "\n" + render_breakdown(ev.breakdown()), true);
  }
  session.flush_diagnostics(o.format);
  return exit_clean;
}

}  // namespace

Command add_rules_command(CLI::App& root) {
  auto o = std::make_shared<RulesOptions>();
  CLI::App* app =
      root.add_subcommand("rules", "List, show, check and evaluate rule data (.rules files)");
  app->require_subcommand(1);
  app->footer(rules_footer);
  app->add_option("--rulesets", o->rulesets_dir,
                  "Folder of the rulesets (default: corpus/rulesets of the data)")
      ->type_name("DIR");
  app->add_option("--texts", o->texts_dir,
                  "Folder of the rule texts that citations name (default: UMPIRE_RULES_TEXTS; "
                  "without texts, citations are not linted)")
      ->type_name("DIR");

  CLI::App* list = app->add_subcommand("list", "The rulesets in the rulesets folder");
  add_format_option(*list, o->format);
  list->footer("Example:\n  umpire rules list");

  CLI::App* show =
      app->add_subcommand("show", "A ruleset's items, or one item in full (tables as tables)");
  show->add_option("ruleset", o->ruleset, "Ruleset id or .rules path")->required();
  show->add_option("item", o->item, "Item name");
  show->add_flag("--source", o->source, "Print the file in canonical form instead");
  show->footer(
      "Examples:\n  umpire rules show hail-caesar\n  umpire rules show hail-caesar "
      "break_test_chart");

  CLI::App* check =
      app->add_subcommand("check", "Parse, type-check and lint the citations of .rules files");
  check->add_option("files", o->files, "Files to check")->required();
  check->add_flag("--warnings-as-errors", o->warnings_as_errors,
                  "Exit 1 on warnings too, not only on errors");
  add_format_option(*check, o->format);
  check->footer("Example:\n  umpire rules check corpus/rulesets/*.rules");

  CLI::App* eval =
      app->add_subcommand("eval", "Evaluate an item on a situation, with the breakdown");
  eval->add_option("ruleset", o->ruleset, "Ruleset id or .rules path")->required();
  eval->add_option("item", o->item, "Item name, or an action value for the permissions")
      ->required();
  eval->add_option("--given", o->givens, "NAME=VALUE pairs")->expected(0, -1);
  add_format_option(*eval, o->format);
  eval->footer(
      "Examples:\n  umpire rules eval hail-caesar break_test_chart --given score=7 "
      "troop_class=cavalry\n"
      "  umpire rules eval hail-caesar charge --given unit.disordered=true");

  // `--rulesets` and `--texts` belong to `rules` but may follow its subcommand.
  for (CLI::App* sub : {list, show, check, eval}) sub->fallthrough();
  return {app, [o, list, show, check, eval](Session& session) {
            // Ids are looked up in the shipped data unless --rulesets names a folder.
            const bool ids = list->parsed() ||
                             ((show->parsed() || eval->parsed()) && !is_ruleset_path(o->ruleset));
            if (ids && o->rulesets_dir.empty() && !session.require_data()) {
              session.flush_diagnostics(o->format);
              return static_cast<int>(exit_usage);
            }
            if (list->parsed()) return run_list(session, *o);
            if (show->parsed()) return run_show(session, *o);
            if (check->parsed()) return run_check(session, *o);
            if (eval->parsed()) return run_eval(session, *o);
            return static_cast<int>(exit_usage);
          }};
}

}  // namespace umpire::cli
