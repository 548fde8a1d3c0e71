#pragma once
// Broken divisions: 000_a44b407871cbdad9.txt § Unité d'une division
// démoralisée. A division is broken when more than half its units are off
// the table, destroyed or shaken (the data's division_broken); its units do
// not charge (broken_division_no_charge), checked at each `charge`
// (phases/charge.cpp), and may countercharge. The free
// move off the table its units owe when they fail an order, receive none or
// are disordered (broken_division_must_leave) is not read yet.
#include "engine/rulesets/hail_caesar/context.hpp"

namespace umpire::hail_caesar {

// Whether `u`'s division is broken now.
bool in_broken_division(Context& cx, UnitId u);

// A charge by `u`, a unit of a broken division: reported under
// hc.division.no-charge at `a`; true when so.
bool refuse_charge_of_broken_division(Context& cx, const Action& a, UnitId u);

// `rally u …`: "Ne peut être ralliée (quand elle est ébranlée)" of a unit
// of a broken division (the data's rally permissions, hc.division.no-rally);
// the rally itself the sheet never describes (gap rally_undefined), and it
// is followed as written.
void rally(Context& cx, const Action& a);

}  // namespace umpire::hail_caesar
