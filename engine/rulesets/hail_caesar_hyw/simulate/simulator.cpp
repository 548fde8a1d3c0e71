#include "engine/rulesets/hail_caesar_hyw/simulate/simulator.hpp"

#include "engine/events/battle.hpp"
#include "engine/rulesets/common/simulate/choices.hpp"
#include "engine/rulesets/hail_caesar/from_events.hpp"
#include "engine/rulesets/hail_caesar_hyw/simulate/roster.hpp"
#include "engine/rulesets/hail_caesar_hyw/unit_profiles.hpp"

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
