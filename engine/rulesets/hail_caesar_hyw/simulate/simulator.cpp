#include "engine/rulesets/hail_caesar_hyw/simulate/simulator.hpp"

#include "engine/events/battle.hpp"
#include "engine/rulesets/common/simulate/choices.hpp"
#include "engine/rulesets/hail_caesar/from_events.hpp"
#include "engine/rulesets/hail_caesar_hyw/simulate/roster.hpp"
#include "engine/rulesets/hail_caesar_hyw/unit_profiles.hpp"
#include "engine/rulesets/hail_caesar_hyw/written_test.hpp"

namespace umpire::hyw::simulate {

std::optional<hail_caesar::simulate::SimulatedGame> simulate_game(
    const Binding& rules, const hail_caesar::simulate::SimulateOptions& options,
    DiagnosticEngine& diags) {
  const rules::Ruleset& data = rules.base.rs();
  dice::Rng roster_choices = rulesets::simulate::choice_rng(options.seed ^ 1);
  std::optional<hail_caesar::simulate::SimulatedRoster> roster =
      hyw_roster(data, roster_choices, options.seed);
  if (!roster) {
    diags.error("simulate.setup", Span{},
                "no army drawn for seed {} passes the army lists of the rules data", options.seed);
    return std::nullopt;
  }
  // The misfire roll each shot of a gun throws beside it (004 § 1-c): the
  // data's artillery_misfire dice; a failed test destroys the piece.
  const HywItems& items = rules.facts->items();
  const std::uint32_t misfire = items.test(Test::artillery_misfire);
  for (auto& [id, roll] : roster->shot_rolls) {
    roll.dice = data.tests[misfire].dice;
    roll.destroys = [&rules, &items](const dice::Roll& r) {
      replay::WrittenRoll written;
      written.label = "misfire";
      written.expr = rules.base.rs().tests[items.test(Test::artillery_misfire)].dice;
      written.roll = r;
      const std::optional<WrittenTest> t =
          read_written_test(rules.base, items, Test::artillery_misfire, &written);
      return t && !t->passed;
    };
  }
  // As the registry sets up a HYW log: each unit takes its profile's type
  // and stats.
  const hail_caesar::simulate::SetUp set_up =
      [&data](const events::Battle& battle,
              DiagnosticEngine& d) -> std::optional<hail_caesar::Setup> {
    std::optional<GameOfBattle> g = game_of_battle(battle, d);
    if (!g) return std::nullopt;
    units_from_profiles(g->game.setup, g->written, data);
    return std::move(g->game.setup);
  };
  return hail_caesar::simulate::play_game(rules.base, std::move(*roster), set_up, options, diags);
}

}  // namespace umpire::hyw::simulate
