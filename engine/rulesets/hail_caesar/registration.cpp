// Hail Caesar as the neutral pipeline reaches it: the profiles a log may
// name, the field audit, the binding of the rules data, the game set up
// from the lowered battle, the engine.
#include "engine/rulesets/hail_caesar/registration.hpp"

#include "engine/events/profile_catalogue.hpp"
#include "engine/rulesets/hail_caesar/checks.hpp"
#include "engine/rulesets/hail_caesar/engine.hpp"
#include "engine/rulesets/hail_caesar/from_events.hpp"
#include "engine/rulesets/hail_caesar/rules_binding.hpp"

namespace umpire::hail_caesar {
namespace {

// A Hail Caesar unit writes its troop type and stats (`type cavalry stats
// (...)`); a `profile` names a troop type of the data.
class TroopTypes final : public events::ProfileCatalogue {
 public:
  bool has_profile(std::string_view id) const override { return parse_unit_type(id).has_value(); }
  std::vector<std::string> known_profiles() const override {
    return {unit_type_names().begin(), unit_type_names().end()};
  }
};

struct BoundBinding final : rulesets::BoundRules {
  explicit BoundBinding(RulesBinding b) : binding(std::move(b)) {}
  RulesBinding binding;
};

struct GameOfLog final : rulesets::GameSetup {
  explicit GameOfLog(Game g) : game(std::move(g)) {}
  Game game;
};

class HailCaesarEngine final : public rulesets::RulesetEngine {
 public:
  const events::ProfileCatalogue& profiles() const override { return types_; }
  // Every statement is checked or reported `not checked` as a whole by the
  // engine (phases/following.cpp): no field is audited apart.
  bool audit_fields(const log::ast::Log&, replay::NotCheckedLog&,
                    DiagnosticEngine&) const override {
    return true;
  }
  std::unique_ptr<rulesets::BoundRules> bind(const rules::Ruleset& data, DiagnosticEngine& diags,
                                             Span where) const override {
    std::optional<RulesBinding> binding = RulesBinding::bind(data, diags, where);
    if (!binding) return nullptr;
    return std::make_unique<BoundBinding>(std::move(*binding));
  }
  std::unique_ptr<rulesets::GameSetup> set_up(const events::Battle& battle,
                                              DiagnosticEngine& diags) const override {
    std::optional<Game> game = game_from_battle(battle, diags);
    if (!game) return nullptr;
    return std::make_unique<GameOfLog>(std::move(*game));
  }
  std::unique_ptr<replay::ReplayEngine> engine(rulesets::GameSetup&& game,
                                               const rulesets::BoundRules& rules,
                                               DiagnosticEngine& diags) const override {
    Game& g = static_cast<GameOfLog&>(game).game;
    return std::make_unique<Engine>(std::move(g.setup), std::move(g.actions),
                                    static_cast<const BoundBinding&>(rules).binding, diags);
  }

 private:
  TroopTypes types_;
};

}  // namespace
}  // namespace umpire::hail_caesar

namespace umpire::rulesets {

const RulesetEntry& hail_caesar_registration() {
  static const hail_caesar::HailCaesarEngine engine;
  static const RulesetEntry entry{.id = "hail-caesar",
                                  .display_name = "Hail Caesar",
                                  .data_file = "hail-caesar.rules",
                                  .checks = &hail_caesar::check_table(),
                                  .checks_markdown = &hail_caesar::checks_markdown,
                                  .engine = &engine};
  return entry;
}

}  // namespace umpire::rulesets
