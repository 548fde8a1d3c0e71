#pragma once
// The set-up of a simulated Sabreur-hex game: a battlefield, two armies
// mustered from the rules data (unit types, strengths within the table's
// bounds, costs, command factors at their norm, the Elite limit) and a
// deployment of each army along its home edge. Everything random comes
// from the portable Rng, so one seed gives one set-up on every platform.
#include <cstdint>
#include <string>
#include <vector>

#include "engine/core/dice/rng.hpp"
#include "engine/rulesets/sabreur_hex/rules_binding.hpp"
#include "engine/rulesets/sabreur_hex/types.hpp"

namespace umpire::sabreur::simulate {

struct SimulatedSetup {
  Setup setup;
  std::vector<std::int64_t> unit_points;  // per unit, its cost in army points
  std::string text;                       // header, map, armies, deployment as a .ulog
};

// Army points of each side: within 1,501-2,500 (order points 1 D3 + 1 or
// 1 D3 + 2, or 2 D6 - 4 above 2,000).
SimulatedSetup make_setup(const RulesBinding& rules, dice::Rng& rng, std::uint64_t seed);

}  // namespace umpire::sabreur::simulate
