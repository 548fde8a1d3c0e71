// Warhammer Ancient Battles as the neutral pipeline reaches it: the troop
// types a log may name, the binding of the rules data, the game set up from
// the lowered battle, the engine, the muster of its armies and its simulator.
#include "engine/rulesets/wab/registration.hpp"

#include "engine/rulesets/common/engine_glue.hpp"
#include "engine/rulesets/wab/checks.hpp"
#include "engine/rulesets/wab/engine.hpp"
#include "engine/rulesets/wab/from_events.hpp"
#include "engine/rulesets/wab/muster.hpp"
#include "engine/rulesets/wab/rules_binding.hpp"
#include "engine/rulesets/wab/simulate/simulator.hpp"

namespace umpire::wab {
namespace {

// A WAB unit writes its troop type (`type cavalry`) and its profile; a
// `profile` names a troop type of the data.
using TroopTypes = rulesets::WordProfiles<&parse_troop_type, &troop_type_names>;

using WabEngine =
    rulesets::WholeStatementEngine<RulesBinding, Game, Engine, &game_from_battle, TroopTypes>;

// `umpire simulate --ruleset wab` (simulate/simulator.hpp).
using WabSimulator = rulesets::GameSimulator<RulesBinding, &simulate::simulate_game>;

}  // namespace
}  // namespace umpire::wab

namespace umpire::rulesets {

const RulesetEntry& wab_registration() {
  static const wab::WabEngine engine;
  static const wab::WabSimulator simulator;
  static const RulesetEntry entry{.id = "wab",
                                  .display_name = "Warhammer Ancient Battles",
                                  .data_file = "wab.rules",
                                  .checks = &wab::check_table(),
                                  .checks_markdown = &wab::checks_markdown,
                                  .engine = &engine,
                                  .simulator = &simulator,
                                  .muster = &wab::muster()};
  return entry;
}

}  // namespace umpire::rulesets
