#pragma once
// Where a flight goes (§ Troupes en fuite: "Les troupes fuyant un combat
// s'éloignent directement de l'ennemi. Autrement elles se déplacent vers
// leur propre bord de table ... dans la mesure du possible"; § Fuite: "Les
// unités fuient vers leur bord de table si possible").
#include "engine/rulesets/wab/context.hpp"

namespace umpire::wab {

// Checks the way `a` writes for the fleeing unit `u`, before the engine
// places it: its net move (centre to centre) gains on its own table edge
// (`edge … home <side>`) the length it moves, less the tolerance; a unit
// fleeing a combat (in contact with an enemy it fights) may instead gain
// that much on each such enemy (the data's contradiction
// combat_flee_direction). A way that does neither is `wab.flee.direction`
// unless a unit or a terrain piece stands on the straight way ("si
// possible"), which the engine cannot weigh.
void check_flight_direction(Context& cx, const Action& a, UnitId u);

}  // namespace umpire::wab
