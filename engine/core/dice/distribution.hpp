#pragma once
// Exact probability distributions of dice expressions: integer counts of
// equally likely outcomes over a total, and exact rationals, never floating
// point. Method in docs/dice.md § Distributions.
#include <boost/multiprecision/cpp_int.hpp>
#include <cstdint>
#include <vector>

#include "engine/core/dice/die_weights.hpp"
#include "engine/core/dice/expr.hpp"

namespace umpire::dice {

using Probability = boost::multiprecision::cpp_rational;

// `ways(v)` of `total()` equally likely outcomes give the total v. Ways are
// counted over the smallest equally likely outcomes of each die (see
// DieWeights), so 2d6 has 36 outcomes and d3 has 3.
class Distribution {
 public:
  // The certain total 0.
  Distribution() : ways_{Count(1)}, total_(1) {}
  // Ways of min, min+1, ...; zero ways at both ends are trimmed.
  Distribution(std::int64_t min, std::vector<Count> ways);

  std::int64_t min() const { return min_; }
  std::int64_t max() const { return min_ + static_cast<std::int64_t>(ways_.size()) - 1; }
  const Count& total() const { return total_; }
  // Ways of min(), min()+1, ..., max(); a value inside may have zero ways.
  const std::vector<Count>& ways() const { return ways_; }

  Count ways(std::int64_t value) const;
  Count ways_at_least(std::int64_t value) const;
  Count ways_at_most(std::int64_t value) const;

  Probability probability(std::int64_t value) const;
  Probability at_least(std::int64_t value) const;
  Probability at_most(std::int64_t value) const;
  Probability mean() const;

 private:
  std::int64_t min_ = 0;
  std::vector<Count> ways_;
  Count total_;
};

// The distribution of the total of `expr`, which must pass check().
Distribution distribution(const Expr& expr);
// The distribution of one dice term, before its sign.
Distribution distribution(const DiceTerm& term);

// Distribution of the sum of independent totals.
Distribution convolve(const Distribution& a, const Distribution& b);

}  // namespace umpire::dice
