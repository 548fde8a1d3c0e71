#pragma once
// Where a statement stands in the turn: 003_54822f0a7c7b7ce7.txt § Phase 2 :
// Mouvement to § Phase 4 : Combat au corps à corps. A round of combat (its
// opening, blows and result) belongs to the combat phase and a shot to the
// shooting phase (wab.turn.phase; a charge response's shots are written on
// its `respond` line); in a side's turn only its units charge, move in the
// movement phase, rally and shoot, the other side's units answering charges,
// fleeing, pursuing, testing and fighting (wab.turn.side).
#include "engine/rulesets/wab/context.hpp"

namespace umpire::wab {

// Reports statement `a` when it stands outside its phase or its side's
// turn; true when it does (the replay goes on with it).
bool check_sequence(Context& cx, const Action& a);

}  // namespace umpire::wab
