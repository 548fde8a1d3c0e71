#pragma once
// A pool of D6 thrown together and read die by die (hits, wounds, saves):
// the roll every engine asks of DiceSource::take for them.
#include <algorithm>
#include <cstdint>

#include "engine/core/dice/expr.hpp"

namespace umpire::rulesets {

// `count`D6; a count beyond what a roll can hold is clamped (a log may
// write a unit of any size).
inline dice::Expr d6_pool(std::int64_t count) {
  dice::Expr e;
  e.terms.push_back(dice::dice_term(
      dice::make_dice(static_cast<std::uint16_t>(std::clamp<std::int64_t>(count, 0, 9999)), 6)));
  return e;
}

}  // namespace umpire::rulesets
