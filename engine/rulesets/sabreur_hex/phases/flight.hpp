#pragma once
// Flight and evade, and friends passed through: 002_87c3dc452f850204.txt
// § Manœuvres ("Une unité qui fuit ...", "Une unité qui esquive ...").
#include "engine/rulesets/sabreur_hex/context.hpp"

namespace umpire::sabreur {

void flee(Context& cx, const Action& a);

void evade(Context& cx, const Action& a);

// After a `flee`: a unit that ran off the table is eliminated but gives
// the enemy half its victory points (following.cpp's tally).
void note_fled_off_table(Context& cx, const Action& a);

}  // namespace umpire::sabreur
