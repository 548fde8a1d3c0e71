// Sabreur-hex as the neutral pipeline and `umpire simulate` reach it: the
// unit types as profiles, the field audit, the binding of the rules data,
// the game set up from the lowered battle, the engine, the simulator, the
// witness logs of the verifier.
#include "engine/rulesets/sabreur_hex/registration.hpp"

#include "engine/events/profile_catalogue.hpp"
#include "engine/rulesets/sabreur_hex/checks.hpp"
#include "engine/rulesets/sabreur_hex/engine.hpp"
#include "engine/rulesets/sabreur_hex/field_audit.hpp"
#include "engine/rulesets/sabreur_hex/from_events.hpp"
#include "engine/rulesets/sabreur_hex/rules_binding.hpp"
#include "engine/rulesets/sabreur_hex/simulate/simulator.hpp"
#include "engine/rulesets/sabreur_hex/witness_log.hpp"

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

struct BoundBinding final : rulesets::BoundRules {
  explicit BoundBinding(RulesBinding b) : binding(std::move(b)) {}
  RulesBinding binding;
};

struct GameOfLog final : rulesets::GameSetup {
  explicit GameOfLog(Game g) : game(std::move(g)) {}
  Game game;
};

const RulesBinding& binding_of(const rulesets::BoundRules& rules) {
  return static_cast<const BoundBinding&>(rules).binding;
}

class SabreurEngine final : public rulesets::RulesetEngine {
 public:
  const events::ProfileCatalogue& profiles() const override { return types_; }
  bool audit_fields(const log::ast::Log& log, replay::NotCheckedLog& unchecked,
                    DiagnosticEngine& diags) const override {
    return sabreur::audit_fields(log, unchecked, diags);
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
    return std::make_unique<Engine>(std::move(g.setup), std::move(g.actions), binding_of(rules),
                                    diags);
  }

 private:
  UnitTypes types_;
};

class SabreurSimulator final : public rulesets::Simulator {
 public:
  std::optional<std::string> simulate(const rulesets::BoundRules& rules,
                                      const rulesets::SimulateOptions& options,
                                      DiagnosticEngine& diags) const override {
    simulate::SimulateOptions so;
    so.seed = options.seed;
    so.turns = options.turns;
    auto game = simulate::simulate_game(binding_of(rules), so, diags);
    if (!game) return std::nullopt;
    return std::move(game->text);
  }
};

}  // namespace
}  // namespace umpire::sabreur

namespace umpire::rulesets {

const RulesetEntry& sabreur_hex_registration() {
  static const sabreur::SabreurEngine engine;
  static const sabreur::SabreurSimulator simulator;
  static const RulesetEntry entry{.id = "sabreur-hex",
                                  .display_name = "Sabreur-hex",
                                  .data_file = "sabreur-hex.rules",
                                  .checks = &sabreur::check_table(),
                                  .checks_markdown = &sabreur::checks_markdown,
                                  .engine = &engine,
                                  .simulator = &simulator,
                                  .witness_writer = &sabreur::witness_writer()};
  return entry;
}

}  // namespace umpire::rulesets
