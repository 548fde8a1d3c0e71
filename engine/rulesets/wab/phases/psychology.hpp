#pragma once
// Leadership tests and rallying: 003_54822f0a7c7b7ce7.txt § Psychologie
// (Panique, Terreur, Peur), § Phase 1 : Début du tour (stupidity,
// § Warbands: impetuosity), § 2.2 Ralliement des troupes en fuite.
//
// `test <unit> panic|terror|fear|stupidity|impetuosity 2d6=… against L =>
// pass|fail`: `against` is the Leadership the data's test is taken on (a
// Warband's with its rank bonus, at most 10) and the result follows the
// roll (wab.psychology.test); a failed panic, terror or stupidity test
// makes the unit flee. When each test is due the engine does not judge
// yet (reported `not checked`).
//
// `rally <unit> 2d6=… against L => pass|fail`: only a fleeing unit
// rallies, under the data's `rally` permissions (5 models at least, no
// panic this turn); `against` is the data's rally_leadership, the General's
// within 12" when higher (wab.rally.test).
#include "engine/rulesets/wab/context.hpp"

namespace umpire::wab {

void psychology_test(Context& cx, const Action& a);
void rally(Context& cx, const Action& a);

// The impetuosity tests the Warbands of the side whose turn begins owe
// (§ Warbands 1), found when it begins and reported when its start phase
// ends (wab.impetuosity.due).
void owe_start_impetuosity(Context& cx);
void settle_start_impetuosity(Context& cx, Span span);

}  // namespace umpire::wab
