#include "engine/rulesets/sabreur_hex/run.hpp"

#include "engine/events/lower.hpp"
#include "engine/rules/loader.hpp"
#include "engine/rulesets/sabreur_hex/engine.hpp"
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

}  // namespace

const RulesBinding* RulesCache::get(SourceManager& sources, const std::filesystem::path& path,
                                    bool check_file_name, DiagnosticEngine& diags, Span where) {
  if (binding_ && sources_ == &sources && path_ == path) return &*binding_;
  binding_.reset();
  ruleset_.reset();
  rules::LoadOptions load;
  load.check_file_name = check_file_name;
  auto rs = rules::load_ruleset(sources, path, diags, load);
  if (!rs) return nullptr;
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
  if (!is_sabreur_hex(battle)) {
    battle = events::lower(ast, {}, diags);
    if (battle.header.ruleset == events::Ruleset::none) return out;  // reported by lowering
    diags
        .not_checked("replay.no-engine", ruleset_span(battle), "no replay engine for '{}' yet",
                     out.ruleset)
        .hint("the rules of Sabreur-hex are checked; other rulesets are parsed and lowered only");
    return out;
  }
  diags.absorb(std::move(lowering));
  if (new_errors()) return out;

  const std::filesystem::path rules_path = options.rules_file.empty()
                                               ? rules::default_rulesets_dir() / "sabreur-hex.rules"
                                               : options.rules_file;
  RulesCache own;
  RulesCache& cache = options.rules_cache ? *options.rules_cache : own;
  const RulesBinding* binding = cache.get(sources, rules_path, options.rules_file.empty(), diags,
                                          ruleset_span(battle));
  if (!binding) return out;
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
  out.replayed = true;
  return out;
}

}  // namespace umpire::sabreur
