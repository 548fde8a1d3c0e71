#pragma once
// The enemies a unit fights (§ Phase 4 : Combat au corps à corps: a combat
// goes on round after round while the units touch). A unit keeps one enemy
// it is tied to (`engaged_with`: the first of the other side of its
// 'combat' line); the others of that line are tied to it. Its enemies are
// both: a unit charged by two keeps the second when the first flees.
#include <vector>

#include "engine/rulesets/wab/context.hpp"

namespace umpire::wab {

// The units of the other side on the table that `u` is tied to or that
// are tied to `u`, in unit order.
std::vector<UnitId> enemies_fought(const Context& cx, UnitId u);
// Whether that list is not empty, without making it (every unit's facts
// ask it).
bool fights_an_enemy(const Context& cx, UnitId u);

}  // namespace umpire::wab
