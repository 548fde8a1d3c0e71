#pragma once
// Orders and their test: 000_a44b407871cbdad9.txt § Test d'ordre, § D6
// Fiasco de commandement, § I - PHASE DE MOUVEMENT. One `order` statement
// is one test for the units it names (a division order): one 2D6 against
// the commander's Leadership less the distance penalty of the unit
// furthest from him (the most penalised unit decides; the sheet orders one
// unit at a time). The score, the number of moves and the blunder chart
// are the data's (command_needed, order_moves, blunder_result,
// blunder_full_moves).
#include "engine/rulesets/hail_caesar/context.hpp"

namespace umpire::hail_caesar {

void order(Context& cx, const Action& a);

}  // namespace umpire::hail_caesar
