#pragma once
// Hand-to-hand attacks: 000_a44b407871cbdad9.txt § Modificateurs du jet pour
// toucher au corps à corps (4+). `attack <unit> <enemy> hit Nd6=… [mod M]
// => hits H`: each die hits at the data's melee_to_hit, with the charge
// bonus for a unit that charged or countercharged this turn; the written
// modifier and the stated hits are compared. The number of dice (the
// profile's clash or sustained value: the sheet does not say which), the
// victory bonus of the last round, higher ground and flank charges are not
// read yet and are reported not checked.
#include "engine/rulesets/hail_caesar/context.hpp"

namespace umpire::hail_caesar {

void attack(Context& cx, const Action& a);

}  // namespace umpire::hail_caesar
