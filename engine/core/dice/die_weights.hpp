#pragma once
// What one die of a term contributes, as exact integer weights over a common
// total: the building block of distribution.cpp and natural.cpp.
#include <boost/multiprecision/cpp_int.hpp>
#include <cstdint>
#include <vector>

#include "engine/core/dice/expr.hpp"

namespace umpire::dice {

using Count = boost::multiprecision::cpp_int;

// Values [from, to] each carry `weight` chances out of the die's total.
struct WeightRange {
  std::int64_t from = 0;
  std::int64_t to = 0;
  Count weight;
};

// The value of one die once its re-roll is settled, as at most three ranges.
// Without a re-roll every value carries 1 chance out of `sides` (a d3 is a
// D6 whose faces pair up: 1 of 3, not 2 of 6). With a re-roll of r values,
// value v carries sides·[v not re-rolled] + r chances out of sides², reduced
// by the common divisor so small dice keep small counts.
struct DieWeights {
  std::vector<WeightRange> ranges;  // ascending, disjoint, non-zero weights
  Count total;
};
DieWeights value_weights(const DiceTerm& term);

// The standing physical face (1..physical_sides) once the re-roll is settled:
// faces whose value is re-rolled carry m chances, the others P + m, out of P²
// (P physical sides, m faces whose value is re-rolled). One entry per face;
// index 0 is face 1.
struct FaceWeights {
  std::vector<Count> weight;
  Count total;
};
FaceWeights face_weights(const DiceTerm& term);

}  // namespace umpire::dice
