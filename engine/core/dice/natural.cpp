#include "engine/core/dice/natural.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

#include "engine/core/dice/die_weights.hpp"

namespace umpire::dice {

bool holds(const NaturalTest& test, std::span<const std::uint16_t> faces) {
  if (test.kind == NaturalTest::Kind::face_count) {
    const auto n = std::count(faces.begin(), faces.end(), test.face);
    return n >= test.at_least;
  }
  std::vector<std::uint16_t> sorted(faces.begin(), faces.end());
  std::sort(sorted.begin(), sorted.end());
  return std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end();
}

namespace {

Count power(const Count& base, std::uint32_t exponent) {
  Count out = 1;
  for (std::uint32_t i = 0; i < exponent; ++i) out *= base;
  return out;
}

}  // namespace

Probability probability(const NaturalTest& test, const DiceTerm& term) {
  const FaceWeights faces = face_weights(term);
  const std::uint32_t n = term.count;
  const Count all = power(faces.total, n);
  if (test.kind == NaturalTest::Kind::face_count) {
    if (test.face < 1 || test.face > faces.weight.size()) return test.at_least == 0 ? 1 : 0;
    // Binomial: c dice show the face (weight w), the others do not.
    const Count& w = faces.weight[test.face - 1u];
    const Count other = faces.total - w;
    Count ways = 0;
    Count choose = 1;  // C(n, c), built incrementally
    for (std::uint32_t c = 0; c <= n; ++c) {
      if (c > 0) choose = choose * (n - c + 1) / c;
      if (c >= test.at_least) ways += choose * power(w, c) * power(other, n - c);
    }
    return Probability(ways, all);
  }
  // Pair: one minus the chance that all dice differ, which is n! times the
  // n-th elementary symmetric polynomial of the face weights.
  if (n < 2) return 0;
  if (n > faces.weight.size()) return 1;
  std::vector<Count> e(n + 1);
  e[0] = 1;
  for (const Count& w : faces.weight) {
    for (std::uint32_t j = n; j >= 1; --j) e[j] += e[j - 1] * w;
  }
  Count distinct = e[n];
  for (std::uint32_t k = 2; k <= n; ++k) distinct *= k;
  return 1 - Probability(distinct, all);
}

std::string to_string(const NaturalTest& test) {
  if (test.kind == NaturalTest::Kind::pair) return "a double";
  if (test.at_least == 1) return fmt::format("a natural {}", test.face);
  return fmt::format("at least {} natural {}s", test.at_least, test.face);
}

}  // namespace umpire::dice
