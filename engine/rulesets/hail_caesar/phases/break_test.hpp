#pragma once
// Break tests: 000_a44b407871cbdad9.txt § TEST DE PANIQUE, § TABLEAU DE
// PANIQUE, § Test de panique et situation spéciale. `test <unit> break
// 2d6=… [mod -N] => result <result>`: the 2D6, less N (the casualty
// difference in hand to hand, the excess casualties at shooting: the
// context is the phase the test is written in), read on the data's chart
// (break_test_result, its riders and conversions included) and compared
// with the stated result. In hand to hand, the round's `result` says
// whether the test was due and the difference it subtracts (combat.hpp:
// hc.break.due, hc.break.difference); the result's effects are then owed to
// the statements that follow it (a give-ground move, a `state`, a removal:
// hc.break.outcome). At shooting, the volleys say whether the test was
// due (shooting_break.hpp: hc.break.due); the excess casualties it
// subtracts are not checked (the sheet defines none).
#include "engine/rulesets/hail_caesar/context.hpp"

namespace umpire::hail_caesar {

void test(Context& cx, const Action& a);

}  // namespace umpire::hail_caesar
