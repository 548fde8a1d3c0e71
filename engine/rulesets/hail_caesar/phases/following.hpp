#pragma once
// Statements the engine does not check yet: each is reported `not checked`
// (never silently accepted) and applied as the log states it, so that the
// checks of later statements see the table as it was played
// (docs/engine-hail-caesar.md says which and why).
#include "engine/rulesets/hail_caesar/context.hpp"

namespace umpire::hail_caesar {

void follow(Context& cx, const Action& a);

}  // namespace umpire::hail_caesar
