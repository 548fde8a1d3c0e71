#pragma once
// Actions applied as the log states them (reported `not checked`); `end`
// goes to the victory points (victory.hpp).
#include "engine/rulesets/sabreur_hex/context.hpp"

namespace umpire::sabreur {

// The reaction `u` declared (`respond`), which its next test is for.
void record_reaction(Context& cx, UnitId u, const DetailWord& detail);

void follow(Context& cx, const Action& a);

}  // namespace umpire::sabreur
