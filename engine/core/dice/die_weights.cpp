#include "engine/core/dice/die_weights.hpp"

#include <boost/integer/common_factor_rt.hpp>

namespace umpire::dice {

DieWeights value_weights(const DiceTerm& term) {
  DieWeights out;
  const std::int64_t s = term.sides;
  if (!term.reroll.active()) {
    out.ranges.push_back({1, s, Count(1)});
    out.total = s;
    return out;
  }
  const std::int64_t low = term.reroll.low;
  const std::int64_t high = term.reroll.high;
  const std::int64_t r = high - low + 1;
  // gcd(s + r, r, s²) = gcd(s, r, s²) = gcd(s, r).
  const std::int64_t g = boost::integer::gcd(s, r);
  const std::int64_t kept_weight = (s + r) / g;
  const std::int64_t rerolled_weight = r / g;
  if (low > 1) out.ranges.push_back({1, low - 1, Count(kept_weight)});
  out.ranges.push_back({low, high, Count(rerolled_weight)});
  if (high < s) out.ranges.push_back({high + 1, s, Count(kept_weight)});
  out.total = Count(s * s / g);
  return out;
}

FaceWeights face_weights(const DiceTerm& term) {
  FaceWeights out;
  const std::uint16_t p = term.physical_sides();
  if (!term.reroll.active()) {
    out.weight.assign(p, Count(1));
    out.total = p;
    return out;
  }
  std::int64_t m = 0;
  for (std::uint16_t f = 1; f <= p; ++f) m += term.reroll.contains(term.value_of(f)) ? 1 : 0;
  out.weight.reserve(p);
  for (std::uint16_t f = 1; f <= p; ++f) {
    out.weight.emplace_back(term.reroll.contains(term.value_of(f)) ? m : p + m);
  }
  out.total = Count(std::int64_t{p} * p);
  return out;
}

}  // namespace umpire::dice
