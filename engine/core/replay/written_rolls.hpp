#pragma once
// Finding a roll among those a statement wrote, by its label: every engine
// reads its rolls this way (`roll 4d6 hits [6,5,2,1]`, the label `hits`).
#include <cstddef>
#include <span>
#include <string_view>

#include "engine/core/replay/dice_source.hpp"

namespace umpire::replay {

// The `nth` roll of `rolls` written with `label` ("" the unlabelled ones),
// or null.
inline const WrittenRoll* find_roll(std::span<const WrittenRoll> rolls, std::string_view label,
                                    std::size_t nth = 0) {
  for (const WrittenRoll& r : rolls)
    if (r.label == label && nth-- == 0) return &r;
  return nullptr;
}

}  // namespace umpire::replay
