#pragma once
// The proximity rule: "Une unité face à une unité ennemie à 12' ou moins
// peut soit avancer vers cette unité, soit s'en éloigner, tout en
// continuant à lui faire face" (004_b7c666874e8df030.txt § 5-g). The base
// sheet names "la règle de proximité" and never states it (gap
// terms_defined_nowhere): its data holds no unit by it (proximity_distance
// 0), a variant's data gives the distance and whom it holds
// (proximity_holds_unit).
#include "engine/rulesets/hail_caesar/context.hpp"

namespace umpire::hail_caesar {

// A move of `u` from `start` with an enemy unit partly before its front
// within the data's proximity_distance goes straight ahead or straight
// back, its leader off its axis by no more than the tolerance
// (hc.move.not-allowed); a move that turns the unit is reported not
// checked (the turn to face an enemy off its midline).
void check_proximity(Context& cx, const Action& a, UnitId u, const Facts& f,
                     const tabletop::Footprint& start);

}  // namespace umpire::hail_caesar
