#pragma once
// Broken divisions: 000_a44b407871cbdad9.txt § Unité d'une division
// démoralisée. A division is broken when more than half its units are off
// the table, destroyed or shaken (the data's division_broken); its units do
// not charge (broken_division_no_charge), checked at each `charge`. The free
// move off the table its units owe when they fail an order, receive none or
// are disordered (broken_division_must_leave) is not read yet.
#include "engine/rulesets/hail_caesar/context.hpp"

namespace umpire::hail_caesar {

// Before each statement: a charge by a unit of a broken division.
void check_division(Context& cx, const Action& a);

}  // namespace umpire::hail_caesar
