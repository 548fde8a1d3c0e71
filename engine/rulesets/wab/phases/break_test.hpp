#pragma once
// Break tests: 003_54822f0a7c7b7ce7.txt § Tests de Moral, § Peur,
// § Obstiné (Stubborn), § Haine (Hatred).
//
// `test <unit> break 2d6=… against L => pass|fail` after a lost round
// (phases/combat_result.hpp): the unit must owe a test (the data's
// break_procedure), `against` is the data's break_test_leadership (its
// Leadership less the losing margin, 10 for hatred) and the result follows
// the data's break_test; a stubborn unit that would break automatically
// rolls the data's stubborn_against_auto_break (wab.break.test). A failed
// test breaks the unit: it flees. A test owed and not written before the
// next round, phase or turn is reported at the result that owed it.
#include "engine/rulesets/wab/context.hpp"

namespace umpire::wab {

void break_test(Context& cx, const Action& a);

// Reports every break test owed and not written, and forgets them.
void settle_break_tests(Context& cx);

}  // namespace umpire::wab
