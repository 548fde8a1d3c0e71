#include "engine/run/run.hpp"

#include <fmt/format.h>

#include "engine/core/data_paths.hpp"
#include "engine/core/replay/diagnostics.hpp"
#include "engine/core/sha256.hpp"
#include "engine/events/lower.hpp"
#include "engine/rules/data_pin.hpp"
#include "engine/rules/profile_catalogue.hpp"
#include "engine/rulesets/registry.hpp"
#include "grammar/log/parser.hpp"
#include "grammar/rules/diagnostics.hpp"

namespace umpire::run {
namespace {

// What the log's header and the options say of the rules data.
rules::DataRequest data_request(const SourceManager& sources, FileId file, const events::Header& h,
                                const RunOptions& options) {
  rules::DataRequest q;
  q.written = h.data_file;
  q.written_span = h.data_span;
  q.sha256 = h.data_sha256;
  q.sha256_span = h.data_sha256_span;
  q.ruleset = std::string(events::to_string(h.ruleset));
  // A log read from standard input or made in memory names its data from
  // the current folder.
  const std::filesystem::path name(sources.name(file));
  q.log_dir = name.string().starts_with('<') ? std::filesystem::path(".") : name.parent_path();
  if (q.log_dir.empty()) q.log_dir = ".";
  q.rulesets_dir = options.rulesets_dir.empty() ? paths::rulesets_dir() : options.rulesets_dir;
  q.explicit_file = options.rules_file;
  return q;
}

// The ruleset the log's first `ruleset` line names: lowering takes that
// line (it refuses a second) unless it is out of its place. Null when it
// names no ruleset of the registry.
const rulesets::RulesetEntry* named_ruleset(const log::ast::Log& ast) {
  for (const log::ast::Line& line : ast.lines) {
    if (!line.has_statement || line.statement.verb != log::ast::Verb::ruleset) continue;
    const auto args = ast.args(line.statement);
    return args.empty() ? nullptr : rulesets::find(args[0].text);
  }
  return nullptr;
}

// A log of a ruleset without an engine: its profiles are checked against
// its data elsewhere (`umpire parse`), but a pin that does not match the
// data is refused here too, and the verdict names the data.
void check_data_without_engine(SourceManager& sources, const rules::DataRequest& data,
                               DiagnosticEngine& diags, RunResult& out) {
  const std::optional<std::filesystem::path> path = rules::data_file_for_log(data, diags);
  if (!path) {
    out.data_errors = true;
    return;
  }
  std::string error;
  const std::optional<FileId> file = sources.load(*path, error);
  if (!file) {
    diags.report(rules::Diag::file_unreadable, data.written_span,
                 "cannot read the rules data '{}': {}", path->string(), error);
    out.data_errors = true;
    return;
  }
  const std::string digest = sha256_hex(sources.text(*file));
  if (!rules::check_pin(data, *path, digest, diags)) {
    out.data_errors = true;
    return;
  }
  out.data_path = rules::shown_path(*path);
  out.data_sha256 = digest;
  out.data_pinned = !data.sha256.empty();
}

// The data of the log through `cache`, checked against the log's pin; null
// (out.data_errors) when it cannot be used. Fills the verdict's data fields.
const rules::Ruleset* load_data(const rulesets::RulesetEntry& ruleset, SourceManager& sources,
                                const rules::DataRequest& data, RulesCache& cache,
                                const RunOptions& options, Span where, DiagnosticEngine& diags,
                                RunResult& out) {
  const std::optional<std::filesystem::path> rules_path = rules::data_file_for_log(data, diags);
  if (!rules_path) {
    out.data_errors = true;
    return nullptr;
  }
  // The bundled data is checked to be named after its ruleset; other files
  // may have any name.
  const std::string bundled_path =
      std::string(rules::rulesets_prefix) + std::string(ruleset.data_file);
  const bool bundled =
      options.rules_file.empty() && (data.written.empty() || data.written == bundled_path);
  // The data's own warnings (a variant's undeclared difference...) are for
  // its author (`umpire rules check`), not in a log's verdict; its errors
  // are, with those warnings beside them.
  DiagnosticEngine loading(0);
  const rules::Ruleset* rs = cache.data(ruleset, sources, *rules_path, bundled, loading, where);
  if (!rs) diags.absorb(std::move(loading));
  if (!rs || !rules::check_pin(data, *rules_path, cache.digest(), diags)) {
    out.data_errors = true;
    return nullptr;
  }
  out.data_path = rules::shown_path(*rules_path);
  out.data_sha256 = cache.digest();
  out.data_pinned = !data.sha256.empty();
  return rs;
}

}  // namespace

RunResult run_log(SourceManager& sources, FileId file, DiagnosticEngine& diags,
                  const RunOptions& options) {
  RunResult out;
  // `diags` may hold the findings of earlier files: only new errors count.
  const std::size_t errors_before = diags.count(Severity::error);
  const auto new_errors = [&] { return diags.count(Severity::error) > errors_before; };
  const log::ast::Log ast = log::parse_log(sources, file, diags);
  if (new_errors()) {
    out.syntax_errors = true;
    return out;
  }
  // Lowered with the profiles of the engine of the ruleset the log names;
  // a log of a ruleset without an engine is lowered without them (its
  // profiles are checked against its data by `umpire parse`, and by its
  // muster below when it has one).
  const rulesets::RulesetEntry* ruleset = named_ruleset(ast);
  const rulesets::RulesetEngine* engine = ruleset ? ruleset->engine : nullptr;
  DiagnosticEngine lowering(0);
  events::Battle battle;
  if (engine) {
    events::LowerOptions lower_options;
    lower_options.profiles = &engine->profiles();
    battle = events::lower(ast, lower_options, lowering);
    // A `ruleset` line out of its place names none: lowered again as the
    // log of no ruleset.
    if (events::to_string(battle.header.ruleset) != ruleset->id) {
      engine = nullptr;
      lowering.clear();
      battle = events::lower(ast, {}, lowering);
    }
  } else {
    battle = events::lower(ast, {}, lowering);
  }
  out.ruleset = std::string(events::to_string(battle.header.ruleset));
  if (options.observer && battle.header.ruleset != events::Ruleset::none)
    options.observer->lowered(battle);
  const rules::DataRequest data = data_request(sources, file, battle.header, options);
  RulesCache own;
  RulesCache& cache = options.rules_cache ? *options.rules_cache : own;
  if (!engine) {
    if (battle.header.ruleset == events::Ruleset::none) {
      diags.absorb(std::move(lowering));
      return out;  // reported by lowering
    }
    out.no_engine = true;
    out.events_not_replayed = battle.events().size();
    // Not replayed, but mustered when the ruleset has a muster and the log
    // lowered cleanly: lowered again with the profiles of the data it
    // names, then its armies checked against that data's lists. The log's
    // pin holds for the data it names either way.
    const bool muster = ruleset && ruleset->muster &&
                        events::to_string(battle.header.ruleset) == ruleset->id &&
                        lowering.count(Severity::error) == 0;
    const rules::Ruleset* rs = muster ? load_data(*ruleset, sources, data, cache, options,
                                                  battle.header.ruleset_span, diags, out)
                                      : nullptr;
    if (rs) {
      const rules::RulesProfileCatalogue profiles(*rs);
      events::LowerOptions lower_options;
      lower_options.profiles = &profiles;
      battle = events::lower(ast, lower_options, diags);
      if (!new_errors()) {
        out.muster = ruleset->muster->check(battle, *rs, diags);
        out.mustered = true;
      }
    } else {
      diags.absorb(std::move(lowering));
      if (!muster) check_data_without_engine(sources, data, diags, out);
    }
    diags
        .report(replay::Diag::no_engine, battle.header.ruleset_span,
                "no replay engine for '{}' yet", out.ruleset)
        .hint("the rules of {} are checked; other rulesets are parsed and lowered only{}",
              rulesets::names_with_engine(),
              out.mustered ? fmt::format(", and {}'s armies mustered", ruleset->display_name)
                           : std::string());
    return out;
  }
  diags.absorb(std::move(lowering));
  if (new_errors()) return out;
  // Every field is checked, counted not checked, or refused.
  replay::NotCheckedLog unchecked_fields;
  if (!engine->audit_fields(ast, unchecked_fields, diags)) {
    out.field_errors = true;
    return out;
  }
  const rules::Ruleset* rs =
      load_data(*ruleset, sources, data, cache, options, battle.header.ruleset_span, diags, out);
  if (!rs) return out;
  const rulesets::BoundRules* rules = cache.bound(*ruleset, diags, battle.header.ruleset_span);
  if (!rules) {
    out.data_errors = true;
    return out;
  }
  if (ruleset->muster) {
    out.muster = ruleset->muster->check(battle, *rs, diags);
    out.mustered = true;
  }
  // A muster breach is reported and the game replayed all the same.
  const std::size_t errors_before_setup = diags.count(Severity::error);
  auto game = engine->set_up(battle, diags);
  if (!game || diags.count(Severity::error) > errors_before_setup) return out;

  const std::unique_ptr<replay::ReplayEngine> replaying =
      engine->engine(std::move(*game), *rules, diags);
  out.events.reserve(replaying->event_count());
  for (std::size_t i = 0; i < replaying->event_count(); ++i)
    out.events.push_back(replaying->describe_event(i));
  replay::ReplayOptions ro;
  ro.mode = options.mode;
  ro.hash_every_event = options.hash_every_event;
  ro.observer = options.observer;
  ro.rolls = options.rolls;
  out.replay = replay::run_replay(*replaying, ro, diags);
  out.replay.violations += out.muster.breaches;
  unchecked_fields.report(diags);
  out.replay.not_checked += unchecked_fields.total();
  out.replay.not_checked_aspects += unchecked_fields.aspects();
  out.replayed = true;
  return out;
}

}  // namespace umpire::run
