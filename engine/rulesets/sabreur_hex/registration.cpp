// Sabreur-hex as the neutral pipeline and `umpire simulate` reach it: the
// unit types as profiles, the field audit, the binding of the rules data,
// the game set up from the lowered battle, the engine, the simulator, the
// witness logs of the verifier.
#include "engine/rulesets/sabreur_hex/registration.hpp"

#include "engine/rulesets/common/engine_glue.hpp"
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
using UnitTypes = rulesets::WordProfiles<&parse_unit_type, &unit_type_names>;

const RulesBinding& binding_of(const rulesets::BoundRules& rules) {
  return rulesets::binding_of<RulesBinding>(rules);
}

class SabreurEngine final
    : public rulesets::TypedRulesetEngine<RulesBinding, Game, Engine, &game_from_battle> {
 public:
  const events::ProfileCatalogue& profiles() const override { return types_; }
  bool audit_fields(const log::ast::Log& log, replay::NotCheckedLog& unchecked,
                    DiagnosticEngine& diags) const override {
    return sabreur::audit_fields(log, unchecked, diags);
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
