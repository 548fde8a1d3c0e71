#pragma once
// The simulator's own choices, apart from the engine's dice: a second
// stream of the portable Rng (docs/dice.md), so that a change in what a
// simulator considers never shifts the dice of a seed, and one seed gives
// the same bytes on every platform.
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "engine/core/dice/rng.hpp"

namespace umpire::rulesets::simulate {

inline constexpr std::uint64_t choice_stream = 0x9e3779b97f4a7c15ULL;

inline dice::Rng choice_rng(std::uint64_t seed) {
  return dice::Rng(seed ^ choice_stream);
}

// One of n (0..n-1), each equally likely; n at least 1.
inline std::size_t pick(dice::Rng& rng, std::size_t n) {
  return static_cast<std::size_t>(rng.face(static_cast<std::uint32_t>(n))) - 1;
}

// `v` in a random order, each order equally likely.
template <typename T>
void shuffle(dice::Rng& rng, std::vector<T>& v) {
  for (std::size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[pick(rng, i)]);
}

}  // namespace umpire::rulesets::simulate
