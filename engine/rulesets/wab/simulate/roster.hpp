#pragma once
// The set-up of a simulated Warhammer Ancient Battles game, written as the
// head of a .ulog: header, a bare table, two armies of four to six units
// and a General each, deployed in a line facing each other. Everything
// random comes from the portable Rng, so one seed gives one set-up
// everywhere.
//
// The sheet is a quick reference with no army lists
// (corpus/rulesets/wab.rules holds its charts, not troops): each unit is a
// troop of the simulator's own (roster.cpp), its missile weapon one of the
// data's weapons table, and the ruleset's muster checks every army when
// the log is checked.
#include <cstdint>
#include <map>
#include <string>

#include "engine/core/dice/rng.hpp"
#include "engine/rulesets/wab/rules_binding.hpp"

namespace umpire::wab::simulate {

struct SimulatedRoster {
  std::string text;  // from `ulog 1` to the last `deploy` line
  // The weapon word each shooting unit's shots write (`javelin`), by unit id.
  std::map<std::string, std::string, std::less<>> weapons;
};

// Two armies on a 72x48 table, each side's line 12" from its own edge.
SimulatedRoster wab_roster(const RulesBinding& rules, dice::Rng& rng, std::uint64_t seed);

}  // namespace umpire::wab::simulate
