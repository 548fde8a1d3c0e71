#pragma once
// A count and its noun, "1 file" or "2 files": the one way messages and
// summaries write a number of things, so that none forgets the singular.
#include <fmt/format.h>

#include <concepts>
#include <string>
#include <string_view>

namespace umpire {

// "1 loss", "2 losses": `one` when `n` is 1, else `many`.
template <std::integral N>
std::string plural(N n, std::string_view one, std::string_view many) {
  return fmt::format("{} {}", n, n == 1 ? one : many);
}

// "1 file", "2 files": a noun whose plural adds an 's'.
template <std::integral N>
std::string plural(N n, std::string_view one) {
  return fmt::format("{} {}{}", n, one, n == 1 ? "" : "s");
}

}  // namespace umpire
