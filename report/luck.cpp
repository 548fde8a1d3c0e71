#include "report/luck.hpp"

#include <algorithm>
#include <cmath>

namespace umpire::reports {
namespace {

using dice::Count;
using dice::Distribution;
using dice::Probability;

// The number of `term`'s dice showing `face` or more: a sum of independent
// draws of 0 or 1.
Distribution count_at_least(const dice::DiceTerm& term, std::int64_t face) {
  const std::int64_t sides = term.sides;
  const std::int64_t good = std::clamp<std::int64_t>(sides - face + 1, 0, sides);
  Distribution one(0, {Count(sides - good), Count(good)});
  Distribution all;
  for (std::uint16_t i = 0; i < term.count; ++i) all = dice::convolve(all, one);
  return all;
}

std::int64_t score_of(const replay::ReadRoll& r) {
  if (r.reading.score == replay::RollReading::Score::total) return r.roll.total;
  std::int64_t n = 0;
  for (const dice::RolledDie& d : r.roll.dice) n += d.value >= r.reading.face ? 1 : 0;
  return n;
}

}  // namespace

std::optional<Distribution> score_distribution(const dice::Expr& expr,
                                               const replay::RollReading& reading) {
  if (!dice::check(expr).empty()) return std::nullopt;
  if (reading.score == replay::RollReading::Score::total) return dice::distribution(expr);
  Distribution all;
  for (const dice::Term& t : expr.terms) {
    if (!t.is_dice) continue;
    if (t.negative || t.dice.keep != dice::Keep::all || t.dice.reroll.active()) return std::nullopt;
    all = dice::convolve(all, count_at_least(t.dice, reading.face));
  }
  return all;
}

std::optional<RollOdds> odds(const replay::ReadRoll& r) {
  const auto dist = score_distribution(r.expr, r.reading);
  if (!dist) return std::nullopt;
  RollOdds o;
  o.score = score_of(r);
  const bool up = r.reading.higher_is_better;
  const Probability same = dist->probability(o.score);
  const Probability better_or_same = up ? dist->at_least(o.score) : dist->at_most(o.score);
  o.as_well_or_better = better_or_same;
  o.percentile = Probability(1) - better_or_same + same / 2;
  Probability cubes = 0;
  for (const Count& w : dist->ways()) {
    const Probability p(w, dist->total());
    cubes += p * p * p;
  }
  o.variance = (Probability(1) - cubes) / 12;
  if (r.reading.pass) {
    const std::int64_t mark = *r.reading.pass;
    o.pass_chance = up ? dist->at_least(mark) : dist->at_most(mark);
    o.passed = up ? o.score >= mark : o.score <= mark;
    o.swing = *o.passed ? Probability(1) - *o.pass_chance : *o.pass_chance;
  } else {
    const Probability d = o.percentile * 2 - 1;
    o.swing = d < 0 ? -d : d;
  }
  return o;
}

double to_double(const Probability& p) {
  return p.convert_to<double>();
}

SideLuck side_luck(const std::vector<RollOdds>& rolls) {
  SideLuck s;
  s.rolls = rolls.size();
  if (rolls.empty()) return s;
  Probability sum = 0, variance = 0, expected = 0;
  for (const RollOdds& o : rolls) {
    sum += o.percentile;
    variance += o.variance;
    if (o.pass_chance) {
      ++s.tests;
      if (*o.passed) ++s.passed;
      expected += *o.pass_chance;
    }
  }
  s.mean_percentile = to_double(sum / static_cast<long long>(rolls.size()));
  const double excess = to_double(sum - Probability(static_cast<long long>(rolls.size())) / 2);
  const double sd = std::sqrt(to_double(variance));
  s.z = sd > 0 ? excess / sd : 0;
  s.as_extreme = std::erfc(std::abs(s.z) / std::sqrt(2.0));
  s.expected_passes = to_double(expected);
  return s;
}

}  // namespace umpire::reports
