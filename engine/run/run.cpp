#include "engine/run/run.hpp"

#include "engine/core/data_paths.hpp"
#include "engine/core/replay/diagnostics.hpp"
#include "engine/core/sha256.hpp"
#include "engine/events/lower.hpp"
#include "engine/rules/data_pin.hpp"
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
  // profiles are checked against its data by `umpire parse`).
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
      battle = events::lower(ast, {}, diags);
    }
  } else {
    battle = events::lower(ast, {}, diags);
  }
  out.ruleset = std::string(events::to_string(battle.header.ruleset));
  if (options.observer && battle.header.ruleset != events::Ruleset::none)
    options.observer->lowered(battle);
  const rules::DataRequest data = data_request(sources, file, battle.header, options);
  if (!engine) {
    if (battle.header.ruleset == events::Ruleset::none) return out;  // reported by lowering
    // Not replayed, but the log's pin still holds for the data it names.
    check_data_without_engine(sources, data, diags, out);
    out.no_engine = true;
    out.events_not_replayed = battle.events().size();
    diags
        .report(replay::Diag::no_engine, battle.header.ruleset_span,
                "no replay engine for '{}' yet", out.ruleset)
        .hint("the rules of {} are checked; other rulesets are parsed and lowered only",
              rulesets::names_with_engine());
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

  const std::optional<std::filesystem::path> rules_path = rules::data_file_for_log(data, diags);
  if (!rules_path) {
    out.data_errors = true;
    return out;
  }
  RulesCache own;
  RulesCache& cache = options.rules_cache ? *options.rules_cache : own;
  // The bundled data is checked to be named after its ruleset; other files
  // may have any name.
  const std::string bundled_path =
      std::string(rules::rulesets_prefix) + std::string(ruleset->data_file);
  const bool bundled =
      options.rules_file.empty() && (data.written.empty() || data.written == bundled_path);
  const rulesets::BoundRules* rules =
      cache.get(*ruleset, sources, *rules_path, bundled, diags, battle.header.ruleset_span);
  if (!rules) {
    out.data_errors = true;
    return out;
  }
  if (!rules::check_pin(data, *rules_path, cache.digest(), diags)) {
    out.data_errors = true;
    return out;
  }
  out.data_path = rules::shown_path(*rules_path);
  out.data_sha256 = cache.digest();
  out.data_pinned = !data.sha256.empty();
  auto game = engine->set_up(battle, diags);
  if (!game || new_errors()) return out;

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
  unchecked_fields.report(diags);
  out.replay.not_checked += unchecked_fields.total();
  out.replay.not_checked_aspects += unchecked_fields.aspects();
  out.replayed = true;
  return out;
}

}  // namespace umpire::run
