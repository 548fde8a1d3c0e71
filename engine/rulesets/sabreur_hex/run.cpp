#include "engine/rulesets/sabreur_hex/run.hpp"

#include <algorithm>

#include "engine/core/data_paths.hpp"
#include "engine/core/sha256.hpp"
#include "engine/events/lower.hpp"
#include "engine/rules/data_pin.hpp"
#include "engine/rules/loader.hpp"
#include "engine/rulesets/sabreur_hex/engine.hpp"
#include "engine/rulesets/sabreur_hex/field_audit.hpp"
#include "engine/rulesets/sabreur_hex/from_events.hpp"
#include "grammar/log/parser.hpp"

namespace umpire::sabreur {
namespace {

// Profiles of a Sabreur-hex log are the unit types of its factor table.
class UnitTypes final : public events::ProfileCatalogue {
 public:
  bool has_profile(std::string_view id) const override { return parse_unit_type(id).has_value(); }
  std::vector<std::string> known_profiles() const override {
    return {unit_type_names().begin(), unit_type_names().end()};
  }
};

constexpr std::string_view bundled_path = "corpus/rulesets/sabreur-hex.rules";

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

// A log of a ruleset without an engine: its profiles are checked against
// its data elsewhere (`umpire parse`), but a pin that does not match the
// data is refused here too, and the verdict names the data.
void check_data_without_engine(SourceManager& sources, const rules::DataRequest& data, DiagnosticEngine& diags,
                               RunResult& out) {
  const std::optional<std::filesystem::path> path = rules::data_file_for_log(data, diags);
  if (!path) {
    out.data_errors = true;
    return;
  }
  std::string error;
  const std::optional<FileId> file = sources.load(*path, error);
  if (!file) {
    diags.error("rules.file.unreadable", data.written_span, "cannot read the rules data '{}': {}", path->string(),
                error);
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

const RulesBinding* RulesCache::get(SourceManager& sources, const std::filesystem::path& path,
                                    bool check_file_name, DiagnosticEngine& diags, Span where) {
  if (binding_ && sources_ == &sources && path_ == path) return &*binding_;
  binding_.reset();
  ruleset_.reset();
  digest_.clear();
  rules::LoadOptions load;
  load.check_file_name = check_file_name;
  // Read once: the digest is of the bytes parsed.
  std::string error;
  SourceManager::LoadFailure why = SourceManager::LoadFailure::unreadable;
  const std::optional<FileId> file = sources.load(path, error, &why);
  if (!file) {
    diags.error("rules.file.unreadable", where, "cannot read the rules data '{}': {}", path.string(), error)
        .hint("{}", why == SourceManager::LoadFailure::too_large
                        ? "raise the limit with '--max-input-size SIZE' (docs/cli.md § Inputs)"
                        : "check the path; rules data is read from a regular file");
    return nullptr;
  }
  digest_ = sha256_hex(sources.text(*file));
  auto rs = rules::load_ruleset(sources, *file, path.parent_path(), diags, load);
  if (!rs) return nullptr;
  // Sabreur-hex data or a variant of it: other data would bind to nothing.
  if (std::find(rs->lineage.begin(), rs->lineage.end(), "sabreur-hex") == rs->lineage.end()) {
    diags.error("log.data.other-ruleset", where, "the rules data '{}' is the ruleset '{}', not 'sabreur-hex'",
                rules::shown_path(path), rs->id)
        .hint("check a Sabreur-hex log with Sabreur-hex data, or a variant that extends it");
    return nullptr;
  }
  ruleset_ = std::make_unique<rules::Ruleset>(std::move(*rs));
  binding_ = RulesBinding::bind(*ruleset_, diags, where);
  if (!binding_) return nullptr;
  sources_ = &sources;
  path_ = path;
  return &*binding_;
}

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
  // Profiles of a Sabreur-hex log are checked against the unit types; a
  // log of another ruleset is lowered again without that catalogue.
  const UnitTypes types;
  events::LowerOptions lower_options;
  lower_options.profiles = &types;
  DiagnosticEngine lowering(0);
  events::Battle battle = events::lower(ast, lower_options, lowering);
  out.ruleset = std::string(ruleset_name(battle));
  const rules::DataRequest data = data_request(sources, file, battle.header, options);
  if (!is_sabreur_hex(battle)) {
    battle = events::lower(ast, {}, diags);
    if (battle.header.ruleset == events::Ruleset::none) return out;  // reported by lowering
    // Not replayed, but the log's pin still holds for the data it names.
    check_data_without_engine(sources, data, diags, out);
    out.no_engine = true;
    out.events_not_replayed = battle.events().size();
    diags
        .not_checked("replay.no-engine", ruleset_span(battle), "no replay engine for '{}' yet",
                     out.ruleset)
        .hint("the rules of Sabreur-hex are checked; other rulesets are parsed and lowered only");
    return out;
  }
  diags.absorb(std::move(lowering));
  if (new_errors()) return out;
  // Every field is checked, counted not checked, or refused (fields.def).
  replay::NotCheckedLog unchecked_fields;
  if (!audit_fields(ast, unchecked_fields, diags)) {
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
  const bool bundled = options.rules_file.empty() && (data.written.empty() || data.written == bundled_path);
  const RulesBinding* binding = cache.get(sources, *rules_path, bundled, diags, ruleset_span(battle));
  if (!binding) {
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
  auto game = game_from_battle(battle, diags);
  if (!game || new_errors()) return out;

  Engine engine(std::move(game->setup), std::move(game->actions), *binding, diags);
  out.events.reserve(engine.event_count());
  for (std::size_t i = 0; i < engine.event_count(); ++i)
    out.events.push_back(engine.describe_event(i));
  replay::ReplayOptions ro;
  ro.mode = options.mode;
  ro.hash_every_event = options.hash_every_event;
  out.replay = replay::run_replay(engine, ro, diags);
  unchecked_fields.report(diags);
  out.replay.not_checked += unchecked_fields.total();
  out.replay.not_checked_aspects += unchecked_fields.aspects();
  out.replayed = true;
  return out;
}

}  // namespace umpire::sabreur
