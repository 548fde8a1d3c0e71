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
#include "engine/geometry/tabletop/movement.hpp"
#include "engine/rulesets/common/written_way.hpp"
#include "engine/rulesets/hail_caesar/context.hpp"

namespace umpire::hail_caesar {

void move(Context& cx, const Action& a);

// The moves `u` has this turn, granted as a move needs them: true when its
// order passed or a blunder moves it, or, unordered, when the data lets it
// move by initiative (one move); a unit whose order failed has none.
// Refusals are reported under `refused`. Charges ask the same
// (phases/charge.hpp).
bool grant_moves(Context& cx, const Action& a, UnitId u, const Facts& f, Check refused);

// The way a statement writes (`path`, then `to`), as straight legs from
// `start` keeping its facing (common/written_way.hpp).
using rulesets::walk;

}  // namespace umpire::hail_caesar
