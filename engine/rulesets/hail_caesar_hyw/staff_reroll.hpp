#pragma once
// 004_b7c666874e8df030.txt § 2-a: "Les généraux de division dans un rayon de
// 18ps de la figurine d'état-major peuvent relancer un test d'ordre raté
// une fois par tour". `order <unit>... by <general> 2d6=a,b reroll
// 2d6=c,d`: the first throw must have failed (above the leadership after
// the distance penalty, or a 12), the general must not have re-rolled
// before this turn (staff_reroll_needs_staff_near, with
// general.staff_reroll_used) and, under staff_reroll_blunder =
// blunder_stands, the first throw is no 12 (staff_reroll_not_for_blunder);
// the order then stands on the re-roll, judged by the base's order test.
// The staff's distance is not read: the log writes no staff.
#include "engine/rulesets/hail_caesar/context.hpp"
#include "engine/rulesets/hail_caesar_hyw/rules_binding.hpp"

namespace umpire::hyw {

// Applies `a` when it is an order with the staff's re-roll; false
// otherwise.
bool staff_reroll(hail_caesar::Context& cx, const hail_caesar::Action& a, const HywItems& items);

}  // namespace umpire::hyw
