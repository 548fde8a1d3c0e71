#pragma once
// Changes of formation: 000_a44b407871cbdad9.txt § Changement de formation
// ("Un changement de formation coûte un mouvement. Les unités de
// tirailleurs, inf. légère, cav. légère, char. léger et archers montés
// peuvent passer en rangs serrés ou en rangs dispersés et faire un
// mouvement (qui n'est pas une charge) pour le coût d'un seul mouvement").
//
// `form <unit> <formation> [to …] [path …] [facing …]` in the movement phase:
// the unit has moves of its own (phases/movement.hpp, grant_moves), at
// least the data's formation_change_moves of them left, which the change
// spends (whole moves, whatever its rate: a square's 0" change still costs
// one, and the rest of its turn is measured at its new rate); a change that
// moves (`to`, `path`) is the data's change_formation_and_move, and its way
// is at most one move at the rate of the new formation, within the
// tolerance. Which troops may take each formation the sheet does not say
// (gap formation_eligibility): not checked. Outside the movement phase a
// `form` is applied as written (phases/following.hpp).
#include "engine/rulesets/hail_caesar/context.hpp"

namespace umpire::hail_caesar {

void form(Context& cx, const Action& a);

}  // namespace umpire::hail_caesar
