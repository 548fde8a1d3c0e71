#pragma once
// When a terror or fear test is due: 003_54822f0a7c7b7ce7.txt § Terreur,
// § Peur, § Phase 1 : Début du tour item 2, § Phase 2 : Mouvement steps 3
// and 4.
//
// The data's terror_test_required and fear_test_required, against each
// enemy that could cause the test: at the start of the turn, every enemy
// (terror within 8"); in the movement phase, the enemy the unit charges or
// that charges it this phase (a declared charge is taken as within reach:
// the data's gap charge_range). A test none of them requires is a
// violation (wab.fear.due). A passed terror test leaves the enemy causing
// fear only; a unit tests terror once a battle.
#include <optional>

#include "engine/rulesets/wab/context.hpp"

namespace umpire::wab {

// Whether a terror (`terror` true) or fear test of `u` is due now; nullopt
// in the phases where the engine cannot tell.
std::optional<bool> fear_due(Context& cx, UnitId u, bool terror);

}  // namespace umpire::wab
