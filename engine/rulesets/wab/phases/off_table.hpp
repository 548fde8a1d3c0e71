#pragma once
// Units that leave the table (§ Fuite, § Troupes en fuite): a unit that
// flees off it is out of play; a unit that pursues its enemy off it comes
// back where it left at its next movement phase and stays there.
#include "engine/rulesets/wab/context.hpp"

namespace umpire::wab {

// Unit `u` left the table by `a` (a flight, a pursuit or another move).
void note_left_table(Context& cx, UnitId u, const Action& a);

// A statement of a unit out of play, or a move of a returned pursuer in the
// phase it stays where it came back: reported. True when refused.
bool refuse_off_table(Context& cx, const Action& a);

// A new phase `next` of the side whose turn it is begins: its pursuers
// off the table come back at its movement phase, and stay there until the
// phase ends.
void return_pursuers(Context& cx, Phase next);

}  // namespace umpire::wab
