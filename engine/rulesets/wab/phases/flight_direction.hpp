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

// Keeps the way `a` writes for the fleeing unit `u` (before the engine
// places it), for its pursuers this phase.
void note_flight_way(Context& cx, const Action& a, UnitId u);

// § Fuite: "De même pour les unités en poursuite ... Si l'unité
// poursuivante se déplace plus loin que l'unité en fuite": a pursuer
// follows the unit it pursues. Its net move (centre to centre) goes along
// the way `fled` fled this phase (or, with none written, straight at it),
// gaining its length less the tolerance, unless a unit other than `fled`
// or a terrain piece stands on that straight way (`wab.pursue.direction`).
void check_pursuit_direction(Context& cx, const Action& a, UnitId p, UnitId fled);

}  // namespace umpire::wab
