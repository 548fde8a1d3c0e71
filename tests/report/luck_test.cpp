// The luck figures against probabilities worked out by hand.
#include "report/luck.hpp"

#include <gtest/gtest.h>

namespace umpire::reports {
namespace {

using dice::Probability;

replay::ReadRoll roll_of(std::uint16_t count, std::uint16_t sides,
                         std::vector<std::uint16_t> values, replay::RollReading reading) {
  replay::ReadRoll r;
  r.expr.terms.push_back(dice::dice_term(dice::make_dice(count, sides)));
  for (const std::uint16_t v : values) {
    dice::RolledDie d;
    d.value = v;
    r.roll.dice.push_back(d);
    r.roll.total += v;
  }
  r.reading = std::move(reading);
  return r;
}

TEST(Luck, AMoraleTestOnTwoDiceUnderCommand) {
  // 2d6 thrown 1,3 against a Cd of 7, low is good: a 4 or less is 6 of 36.
  replay::RollReading test;
  test.higher_is_better = false;
  test.pass = 7;
  const auto o = odds(roll_of(2, 6, {1, 3}, test));
  ASSERT_TRUE(o);
  EXPECT_EQ(o->score, 4);
  EXPECT_EQ(o->as_well_or_better, Probability(1, 6));
  // Worse (5 to 12): 30 of 36; the same (4): 3 of 36, half counted.
  EXPECT_EQ(o->percentile, Probability(63, 72));
  // 7 or less: 21 of 36, and the pass beat those odds by 15 of 36.
  ASSERT_TRUE(o->pass_chance && o->passed);
  EXPECT_EQ(*o->pass_chance, Probability(7, 12));
  EXPECT_TRUE(*o->passed);
  EXPECT_EQ(o->swing, Probability(5, 12));
}

TEST(Luck, HitsCountedOnFiveOrMore) {
  // Three dice hitting on 5+ (1 in 3 each) give 2 hits: P(2) = 3·(1/3)²·(2/3)
  // = 6/27 and P(3) = 1/27, so at least as well is 7/27.
  const auto o = odds(roll_of(3, 6, {5, 6, 2}, replay::dice_at_least(5, 0, "fire")));
  ASSERT_TRUE(o);
  EXPECT_EQ(o->score, 2);
  EXPECT_EQ(o->as_well_or_better, Probability(7, 27));
  EXPECT_EQ(o->percentile, Probability(23, 27));  // 20/27 worse, 6/27 the same
  EXPECT_EQ(o->swing, Probability(19, 27));
  EXPECT_FALSE(o->pass_chance);
  // No hit possible below 1+, none above 6+.
  EXPECT_EQ(odds(roll_of(2, 6, {1, 1}, replay::dice_at_least(1, 0, "")))->as_well_or_better,
            Probability(1));
  EXPECT_EQ(odds(roll_of(2, 6, {6, 6}, replay::dice_at_least(7, 0, "")))->score, 0);
}

TEST(Luck, VarianceOfAPercentileIsOneTwelfthLessTheCubes) {
  // One d6: each face 1/6, Σp³ = 1/36, so (1 - 1/36)/12 = 35/432.
  const auto o = odds(roll_of(1, 6, {3}, {}));
  ASSERT_TRUE(o);
  EXPECT_EQ(o->variance, Probability(35, 432));
  EXPECT_EQ(o->percentile, Probability(5, 12));  // 2/6 worse, 1/6 the same: 1/3 + 1/12
}

TEST(Luck, ASideOfAverageRollsIsAverage) {
  // A 3 and a 4 on d6: percentiles 5/12 and 7/12 sum to exactly 1, their
  // expectation: no luck either way.
  std::vector<RollOdds> rolls{*odds(roll_of(1, 6, {3}, {})), *odds(roll_of(1, 6, {4}, {}))};
  const SideLuck l = side_luck(rolls);
  EXPECT_EQ(l.rolls, 2u);
  EXPECT_DOUBLE_EQ(l.mean_percentile, 0.5);
  EXPECT_DOUBLE_EQ(l.z, 0.0);
  EXPECT_DOUBLE_EQ(l.as_extreme, 1.0);
  // Two sixes: each 11/12, excess 5/6 over a deviation of sqrt(2·35/432).
  std::vector<RollOdds> sixes{*odds(roll_of(1, 6, {6}, {})), *odds(roll_of(1, 6, {6}, {}))};
  const SideLuck lucky = side_luck(sixes);
  EXPECT_NEAR(lucky.z, (5.0 / 6.0) / std::sqrt(70.0 / 432.0), 1e-12);
  EXPECT_NEAR(lucky.as_extreme, std::erfc(lucky.z / std::sqrt(2.0)), 1e-12);
}

TEST(Luck, KeptOrRerolledDiceCannotBeCountedOnAFace) {
  replay::ReadRoll r = roll_of(3, 6, {1, 2, 3}, replay::dice_at_least(4, 0, ""));
  r.expr.terms[0].dice.keep = dice::Keep::lowest;
  r.expr.terms[0].dice.kept = 2;
  EXPECT_FALSE(odds(r));
}

}  // namespace
}  // namespace umpire::reports
