#pragma once
// The statements the engine does not check yet: applied as the log states
// them (positions, combats, flight, removals), each reported `not checked`
// with what it leaves unchecked.
#include "engine/rulesets/wab/context.hpp"

namespace umpire::wab {

void follow(Context& cx, const Action& a);

}  // namespace umpire::wab
