#include "engine/core/dice/distribution.hpp"

#include <algorithm>
#include <type_traits>
#include <utility>

namespace umpire::dice {

Distribution::Distribution(std::int64_t min, std::vector<Count> ways)
    : min_(min), ways_(std::move(ways)) {
  std::size_t lead = 0;
  while (lead < ways_.size() && ways_[lead] == 0) ++lead;
  while (!ways_.empty() && ways_.back() == 0) ways_.pop_back();
  if (ways_.empty()) {  // no outcome at all: keep the invariant of a non-empty support
    ways_ = {Count(1)};
    min_ = 0;
  } else if (lead > 0) {
    ways_.erase(ways_.begin(), ways_.begin() + static_cast<std::ptrdiff_t>(lead));
    min_ += static_cast<std::int64_t>(lead);
  }
  total_ = 0;
  for (const Count& w : ways_) total_ += w;
}

Count Distribution::ways(std::int64_t value) const {
  if (value < min() || value > max()) return 0;
  return ways_[static_cast<std::size_t>(value - min_)];
}

Count Distribution::ways_at_least(std::int64_t value) const {
  if (value <= min()) return total_;
  Count sum = 0;
  for (std::int64_t v = value; v <= max(); ++v) sum += ways_[static_cast<std::size_t>(v - min_)];
  return sum;
}

Count Distribution::ways_at_most(std::int64_t value) const {
  if (value >= max()) return total_;
  Count sum = 0;
  for (std::int64_t v = min(); v <= value; ++v) sum += ways_[static_cast<std::size_t>(v - min_)];
  return sum;
}

Probability Distribution::probability(std::int64_t value) const {
  return Probability(ways(value), total_);
}
Probability Distribution::at_least(std::int64_t value) const {
  return Probability(ways_at_least(value), total_);
}
Probability Distribution::at_most(std::int64_t value) const {
  return Probability(ways_at_most(value), total_);
}

Probability Distribution::mean() const {
  Count sum = 0;
  for (std::size_t i = 0; i < ways_.size(); ++i)
    sum += ways_[i] * (min_ + static_cast<std::int64_t>(i));
  return Probability(sum, total_);
}

Distribution convolve(const Distribution& a, const Distribution& b) {
  std::vector<Count> out(a.ways().size() + b.ways().size() - 1);
  for (std::size_t i = 0; i < a.ways().size(); ++i) {
    if (a.ways()[i] == 0) continue;
    for (std::size_t j = 0; j < b.ways().size(); ++j) out[i + j] += a.ways()[i] * b.ways()[j];
  }
  return Distribution(a.min() + b.min(), std::move(out));
}

namespace {

// The algorithms below run on any unsigned count type: std::uint64_t when the
// number of outcomes provably fits (every intermediate count is at most the
// final number of outcomes), cpp_int otherwise. 2d6 never allocates a limb.
template <typename C>
struct Ways {
  std::int64_t min = 0;
  std::vector<C> ways{C(1)};
};

template <typename C>
C from_count(const Count& c) {
  if constexpr (std::is_same_v<C, Count>)
    return c;
  else
    return c.template convert_to<C>();
}

template <typename C>
Ways<C> convolve_ways(const Ways<C>& a, const Ways<C>& b) {
  Ways<C> out;
  out.min = a.min + b.min;
  out.ways.assign(a.ways.size() + b.ways.size() - 1, C(0));
  for (std::size_t i = 0; i < a.ways.size(); ++i) {
    if (a.ways[i] == 0) continue;
    for (std::size_t j = 0; j < b.ways.size(); ++j) out.ways[i + j] += a.ways[i] * b.ways[j];
  }
  return out;
}

template <typename C>
Ways<C> negate(const Ways<C>& w) {
  Ways<C> out;
  out.min = -(w.min + static_cast<std::int64_t>(w.ways.size()) - 1);
  out.ways.assign(w.ways.rbegin(), w.ways.rend());
  return out;
}

// Adds one die whose value weights are piecewise constant: each range adds
// weight × (a window sum of the old ways), read off prefix sums, so a die
// costs O(support × ranges) instead of O(support × sides).
template <typename C>
void add_die(Ways<C>& w, const std::vector<WeightRange>& ranges) {
  std::vector<C> prefix(w.ways.size() + 1, C(0));
  for (std::size_t i = 0; i < w.ways.size(); ++i) prefix[i + 1] = prefix[i] + w.ways[i];
  std::vector<C> weight;
  for (const WeightRange& r : ranges) weight.push_back(from_count<C>(r.weight));
  const std::int64_t lo = ranges.front().from;
  const std::int64_t hi = ranges.back().to;
  const auto old_last = static_cast<std::int64_t>(w.ways.size()) - 1;
  std::vector<C> out(static_cast<std::size_t>(old_last + 1 + hi - lo), C(0));
  C window(0);
  for (std::int64_t k = 0; k < static_cast<std::int64_t>(out.size()); ++k) {
    // New index k holds old index i plus die value v where i + (v - lo) = k.
    C& cell = out[static_cast<std::size_t>(k)];
    for (std::size_t r = 0; r < ranges.size(); ++r) {
      const std::int64_t i_low = std::max<std::int64_t>(0, k - (ranges[r].to - lo));
      const std::int64_t i_high = std::min<std::int64_t>(old_last, k - (ranges[r].from - lo));
      if (i_low > i_high) continue;
      const C& top = prefix[static_cast<std::size_t>(i_high + 1)];
      const C& bottom = prefix[static_cast<std::size_t>(i_low)];
      if (weight[r] == 1) {
        cell += top;
        cell -= bottom;
      } else {
        window = top;
        window -= bottom;
        cell += window * weight[r];
      }
    }
  }
  w.min += lo;
  w.ways = std::move(out);
}

std::vector<WeightRange> negated(const std::vector<WeightRange>& ranges) {
  std::vector<WeightRange> out;
  for (auto it = ranges.rbegin(); it != ranges.rend(); ++it)
    out.push_back({-it->to, -it->from, it->weight});
  return out;
}

// Keep the `kept` highest of `count` dice with per-value weights w[1..sides]
// (docs/dice.md § Keeping dice). Values are visited from the highest down;
// a state (m, s) counts the ways in which m < kept dice show values above
// the current one with sum s. When j more dice show the current value v and
// m + j reaches `kept`, the kept sum is final: s + (kept - m)·v, and the other
// dice must all show less than v. Ways of sums 0..kept·sides.
template <typename C>
std::vector<C> keep_highest(std::uint32_t count, std::uint32_t kept, const std::vector<C>& w) {
  const std::size_t sides = w.size() - 1;
  std::vector<std::vector<C>> binom(count + 1, std::vector<C>(count + 1, C(0)));
  for (std::size_t n = 0; n <= count; ++n) {
    binom[n][0] = 1;
    for (std::size_t k = 1; k <= n; ++k)
      binom[n][k] = binom[n - 1][k - 1] + (k < n ? binom[n - 1][k] : C(0));
  }
  std::vector<C> below(sides + 1, C(0));  // below[v] = sum of w[u] for u < v
  for (std::size_t v = 2; v <= sides; ++v) below[v] = below[v - 1] + w[v - 1];

  std::vector<C> final_ways(kept * sides + 1, C(0));
  std::vector<std::vector<C>> cur(kept);
  for (std::size_t m = 0; m < kept; ++m) cur[m].assign(m * sides + 1, C(0));
  cur[0][0] = 1;
  std::vector<C> pw(count + 1, C(1));
  std::vector<C> pb(count + 1, C(1));
  for (std::size_t v = sides; v >= 1; --v) {
    if (w[v] == 0) continue;
    for (std::size_t j = 1; j <= count; ++j) {
      pw[j] = pw[j - 1] * w[v];
      pb[j] = pb[j - 1] * below[v];
    }
    std::vector<std::vector<C>> next = cur;  // j = 0: no die shows v
    for (std::size_t m = 0; m < kept; ++m) {
      const std::size_t rest = count - m;
      C finish(0);  // ways for the rest to complete the kept dice at v
      for (std::size_t j = kept - m; j <= rest; ++j)
        finish += binom[rest][j] * pw[j] * pb[rest - j];
      std::vector<C> step(kept - m, C(0));  // C(rest, j)·w^j for the dice staying below `kept`
      for (std::size_t j = 1; m + j < kept; ++j) step[j] = binom[rest][j] * pw[j];
      for (std::size_t s = 0; s < cur[m].size(); ++s) {
        const C& here = cur[m][s];
        if (here == 0) continue;
        for (std::size_t j = 1; m + j < kept; ++j) next[m + j][s + j * v] += here * step[j];
        final_ways[s + (kept - m) * v] += here * finish;
      }
    }
    cur = std::move(next);
  }
  return final_ways;
}

template <typename C>
Ways<C> term_ways(const DiceTerm& term) {
  const DieWeights die = value_weights(term);
  Ways<C> out;
  if (term.keep == Keep::all) {
    for (std::uint16_t i = 0; i < term.count; ++i) add_die(out, die.ranges);
    return out;
  }
  std::vector<C> w(term.sides + 1u, C(0));
  for (const WeightRange& r : die.ranges) {
    for (std::int64_t v = r.from; v <= r.to; ++v)
      w[static_cast<std::size_t>(v)] = from_count<C>(r.weight);
  }
  if (term.keep == Keep::highest) {
    out.min = 0;
    out.ways = keep_highest(term.count, term.kept, w);
    return out;
  }
  // Keep lowest = keep highest of the mirrored die (v ↔ sides + 1 - v); a kept
  // sum s of mirrored values is kept·(sides + 1) - s.
  std::vector<C> mirrored(w.size(), C(0));
  for (std::size_t v = 1; v < w.size(); ++v) mirrored[v] = w[w.size() - v];
  std::vector<C> ways = keep_highest(term.count, term.kept, mirrored);
  out.min = static_cast<std::int64_t>(term.kept) * (term.sides + 1) -
            static_cast<std::int64_t>(ways.size() - 1);
  out.ways.assign(ways.rbegin(), ways.rend());
  return out;
}

template <typename C>
Distribution to_distribution(Ways<C>&& w) {
  if constexpr (std::is_same_v<C, Count>) {
    return Distribution(w.min, std::move(w.ways));
  } else {
    return Distribution(w.min, std::vector<Count>(w.ways.begin(), w.ways.end()));
  }
}

template <typename C>
Distribution expr_distribution(const Expr& expr) {
  // Constants shift; keep terms convolve generally (their supports are
  // small); plain dice are added last, one die at a time, by prefix sums.
  std::int64_t shift = 0;
  Ways<C> w;
  for (const Term& t : expr.terms) {
    if (!t.is_dice)
      shift += t.negative ? -t.constant : t.constant;
    else if (t.dice.keep != Keep::all) {
      const Ways<C> term = term_ways<C>(t.dice);
      w = convolve_ways(w, t.negative ? negate(term) : term);
    }
  }
  w.min += shift;
  for (const Term& t : expr.terms) {
    if (!t.is_dice || t.dice.keep != Keep::all) continue;
    const DieWeights die = value_weights(t.dice);
    const std::vector<WeightRange> ranges = t.negative ? negated(die.ranges) : die.ranges;
    for (std::uint16_t i = 0; i < t.dice.count; ++i) add_die(w, ranges);
  }
  return to_distribution(std::move(w));
}

// Number of equally likely outcomes of `expr`: the product of every die's
// total. No count computed for `expr` exceeds it.
Count outcomes(const Expr& expr) {
  Count total = 1;
  for (const Term& t : expr.terms) {
    if (!t.is_dice) continue;
    const Count die = value_weights(t.dice).total;
    for (std::uint16_t i = 0; i < t.dice.count; ++i) total *= die;
  }
  return total;
}

bool fits_u64(const Count& total) {
  return total < (Count(1) << 63);
}

}  // namespace

Distribution distribution(const DiceTerm& term) {
  Expr expr;
  expr.terms.push_back(dice_term(term));
  return distribution(expr);
}

Distribution distribution(const Expr& expr) {
  if (fits_u64(outcomes(expr))) return expr_distribution<std::uint64_t>(expr);
  return expr_distribution<Count>(expr);
}

}  // namespace umpire::dice
