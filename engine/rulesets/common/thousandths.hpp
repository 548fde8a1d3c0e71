#pragma once
// The canonical form of a tabletop measure in a state's bytes: whole
// thousandths of an inch or of a degree, so that no floating point is
// hashed and every host writes the same bytes.
#include <cmath>
#include <cstdint>
#include <limits>

namespace umpire::rulesets {

// Huge values are clamped, never undefined: a log may write any number.
inline std::int32_t milli(double v) {
  const double m = std::round(v * 1000.0);
  if (!(m > std::numeric_limits<std::int32_t>::min()))
    return std::numeric_limits<std::int32_t>::min();
  if (!(m < std::numeric_limits<std::int32_t>::max()))
    return std::numeric_limits<std::int32_t>::max();
  return static_cast<std::int32_t>(m);
}

}  // namespace umpire::rulesets
