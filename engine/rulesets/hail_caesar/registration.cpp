// Hail Caesar as the neutral pipeline reaches it: the profiles a log may
// name, the field audit, the binding of the rules data, the game set up
// from the lowered battle, the engine.
#include "engine/rulesets/hail_caesar/registration.hpp"

#include "engine/rulesets/common/engine_glue.hpp"
#include "engine/rulesets/hail_caesar/checks.hpp"
#include "engine/rulesets/hail_caesar/engine.hpp"
#include "engine/rulesets/hail_caesar/from_events.hpp"
#include "engine/rulesets/hail_caesar/rules_binding.hpp"
#include "engine/rulesets/hail_caesar/simulate/simulator.hpp"

namespace umpire::hail_caesar {
namespace {

// A Hail Caesar unit writes its troop type and stats (`type cavalry stats
// (...)`); a `profile` names a troop type of the data.
using TroopTypes = rulesets::WordProfiles<&parse_unit_type, &unit_type_names>;

using HailCaesarEngine =
    rulesets::WholeStatementEngine<RulesBinding, Game, Engine, &game_from_battle, TroopTypes>;

// `umpire simulate --ruleset hail-caesar` (simulate/simulator.hpp).
using HailCaesarSimulator = rulesets::GameSimulator<RulesBinding, &simulate::simulate_game>;

}  // namespace
}  // namespace umpire::hail_caesar

namespace umpire::rulesets {

const RulesetEntry& hail_caesar_registration() {
  static const hail_caesar::HailCaesarEngine engine;
  static const hail_caesar::HailCaesarSimulator simulator;
  static const RulesetEntry entry{.id = "hail-caesar",
                                  .display_name = "Hail Caesar",
                                  .data_file = "hail-caesar.rules",
                                  .checks = &hail_caesar::check_table(),
                                  .checks_markdown = &hail_caesar::checks_markdown,
                                  .engine = &engine,
                                  .simulator = &simulator};
  return entry;
}

}  // namespace umpire::rulesets
