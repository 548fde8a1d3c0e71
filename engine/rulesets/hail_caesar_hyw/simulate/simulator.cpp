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
  // As the registry sets up a HYW log: the base reads a troop type on each
  // unit line, then each unit takes its profile's.
  const hail_caesar::simulate::SetUp set_up =
      [&data](const events::Battle& battle,
              DiagnosticEngine& d) -> std::optional<hail_caesar::Setup> {
    events::Battle typed = battle;
    std::vector<WrittenProfile> written;
    for (events::Unit& u : typed.units) {
      if (u.type.empty()) u.type = hail_caesar::unit_type_names().front();
      written.push_back({u.profile, u.side < battle.header.sides.size()
                                        ? battle.header.sides[u.side].army_list
                                        : std::string()});
    }
    std::optional<hail_caesar::Game> game = hail_caesar::game_from_battle(typed, d);
    if (!game) return std::nullopt;
    units_from_profiles(game->setup, written, data);
    return std::move(game->setup);
  };
  return hail_caesar::simulate::play_game(rules.base, std::move(*roster), set_up, options, diags);
}

}  // namespace umpire::hyw::simulate
