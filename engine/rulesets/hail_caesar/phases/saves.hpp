#pragma once
// Morale saves: 000_a44b407871cbdad9.txt § Modificateurs de sauvegarde de
// moral au tir et au corps à corps. `save <unit> [Nd6=…] => saves S
// casualties C`, written right after the shot or attack whose hits it
// takes: a unit without a save rolls none and every hit is a casualty
// (no_save_roll_without_save); one with a save rolls a D6 a hit, each
// saving at the data's morale_save with its modifiers. A save after a
// statement the engine does not count the hits of (a support) follows.
#include "engine/rulesets/hail_caesar/context.hpp"

namespace umpire::hail_caesar {

void save(Context& cx, const Action& a);

}  // namespace umpire::hail_caesar
