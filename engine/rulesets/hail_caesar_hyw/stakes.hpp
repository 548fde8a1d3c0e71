#pragma once
// 004_b7c666874e8df030.txt § 1-c, Stakes: "1 tour à planter ces pieux au
// lieu de tirer". `special <unit> plant-stakes` is allowed to a unit with
// the Stakes rule that has not shot this turn (the data's
// stakes_need_the_rule; may_dismount's `cannot plant_stakes when
// unit.dismounted`), and its shot is refused for the rest of the turn
// (planting_stakes_no_shooting, through the base's shoot permissions).
// Whether the archers may move in the turn they plant is the gap
// stakes_duration, reported not checked.
#include "engine/rulesets/hail_caesar/context.hpp"
#include "engine/rulesets/hail_caesar_hyw/rules_binding.hpp"

namespace umpire::hyw {

// Applies `a` when it plants stakes; false otherwise.
bool plant_stakes(hail_caesar::Context& cx, const hail_caesar::Action& a, const HywItems& items);

}  // namespace umpire::hyw
