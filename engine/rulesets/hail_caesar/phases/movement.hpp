#pragma once
// Moves in the movement phase: 000_a44b407871cbdad9.txt § I - PHASE DE
// MOUVEMENT (by order, or by initiative with an enemy within 12"),
// § Mouvements des unités (the rate of a full move), § Modificateur de
// mouvement (woods and buildings). A unit moves at most its moves this
// turn (its order's, its blunder's, one by initiative) times its rate,
// measured on the table with the tabletop geometry along the way written
// (`to`, or `path`), within the log's tolerance. Commanders move their own
// rate. Moves written with a reason (`give-ground`, `retire`) are a test's
// outcome, not a move of the phase: phases/following.cpp applies them.
#include "engine/rulesets/hail_caesar/context.hpp"

namespace umpire::hail_caesar {

void move(Context& cx, const Action& a);

}  // namespace umpire::hail_caesar
