#pragma once
// Break tests: 000_a44b407871cbdad9.txt § TEST DE PANIQUE, § TABLEAU DE
// PANIQUE, § Test de panique et situation spéciale. `test <unit> break
// 2d6=… [mod -N] => result <result>`: the 2D6, less N (the casualty
// difference in hand to hand, the excess casualties at shooting: the
// context is the phase the test is written in), read on the data's chart
// (break_test_result, its riders and conversions included) and compared
// with the stated result. Whether a test was due, and the difference
// itself, are not checked yet; the result's effects are applied by the
// statements that follow it (a give-ground move, a removal).
#include "engine/rulesets/hail_caesar/context.hpp"

namespace umpire::hail_caesar {

void test(Context& cx, const Action& a);

}  // namespace umpire::hail_caesar
