// Exact distributions: known values, and agreement with brute-force
// enumeration (dice_brute_force.hpp) for every feature of the notation.
#include <gtest/gtest.h>

#include <string_view>

#include "engine/core/dice/distribution.hpp"
#include "engine/core/dice/natural.hpp"
#include "engine/core/dice/probability_text.hpp"
#include "grammar/dice/dice_parser.hpp"
#include "tests/core/dice_brute_force.hpp"

namespace umpire::dice {
namespace {

Expr expr_of(std::string_view text) {
  DiagnosticEngine diags;
  auto e = parse(text, {}, diags);
  EXPECT_TRUE(e.has_value()) << text;
  return e.value_or(Expr{});
}

Distribution dist(std::string_view text) {
  return distribution(expr_of(text));
}

TEST(DiceDistribution, TwoD6SevenIsOneSixth) {
  const Distribution d = dist("2d6");
  EXPECT_EQ(d.min(), 2);
  EXPECT_EQ(d.max(), 12);
  EXPECT_EQ(d.total(), 36);
  EXPECT_EQ(d.ways(7), 6);
  EXPECT_EQ(d.probability(7), Probability(1, 6));
  EXPECT_EQ(d.at_least(7), Probability(7, 12));
  EXPECT_EQ(d.at_most(7), Probability(7, 12));
  EXPECT_EQ(d.probability(13), 0);
  EXPECT_EQ(d.at_least(13), 0);
  EXPECT_EQ(d.at_most(1), 0);
  EXPECT_EQ(d.mean(), 7);
}

TEST(DiceDistribution, D3IsUniformOverOneToThree) {
  const Distribution d = dist("d3");
  EXPECT_EQ(d.min(), 1);
  EXPECT_EQ(d.max(), 3);
  for (int v = 1; v <= 3; ++v) EXPECT_EQ(d.probability(v), Probability(1, 3));
  // Order points, 002 § phase d'ordres: 1 D3 + 1 gives 2 to 4.
  const Distribution po = dist("1d3+1");
  EXPECT_EQ(po.min(), 2);
  EXPECT_EQ(po.max(), 4);
  EXPECT_EQ(po.probability(4), Probability(1, 3));
}

// Elite morale against Cd 7 (002 § Test moral): 3D6, drop the highest, sum
// the other two, pass on 7 or less. Counted here by enumerating the 216
// throws independently of the library.
TEST(DiceDistribution, EliteMoraleAgainstSevenMatchesEnumeration) {
  int pass = 0;
  for (int a = 1; a <= 6; ++a)
    for (int b = 1; b <= 6; ++b)
      for (int c = 1; c <= 6; ++c) {
        const int highest = std::max({a, b, c});
        if (a + b + c - highest <= 7) ++pass;
      }
  const Distribution d = dist("3d6kl2");
  EXPECT_EQ(d.at_most(7), Probability(pass, 216));
  EXPECT_EQ(d.at_most(7), Probability(29, 36));  // 174 of 216
  EXPECT_EQ(dist("3d6dh1").at_most(7), d.at_most(7));
  // A Recruit drops the lowest instead: worse odds.
  EXPECT_LT(dist("3d6kh2").at_most(7), dist("2d6").at_most(7));
}

TEST(DiceDistribution, RerollOnesOnce) {
  // 1 stands only if both throws show 1: 1/36; any other value 1/6 + 1/36.
  const Distribution d = dist("d6r1");
  EXPECT_EQ(d.probability(1), Probability(1, 36));
  EXPECT_EQ(d.probability(4), Probability(7, 36));
  EXPECT_EQ(d.total(), 36);
}

TEST(DiceDistribution, NegativeTermsAndModifiers) {
  const Distribution d = dist("2d6-4");
  EXPECT_EQ(d.min(), -2);
  EXPECT_EQ(d.max(), 8);
  EXPECT_EQ(d.probability(3), Probability(1, 6));
  const Distribution diff = dist("d6-d6");
  EXPECT_EQ(diff.min(), -5);
  EXPECT_EQ(diff.probability(0), Probability(1, 6));
  EXPECT_EQ(diff.mean(), 0);
}

void expect_matches_brute_force(std::string_view text) {
  SCOPED_TRACE(std::string(text));
  const Expr e = expr_of(text);
  const Distribution d = distribution(e);
  const auto reference = testing::brute_distribution(e);
  Probability sum = 0;
  for (std::int64_t v = d.min() - 1; v <= d.max() + 1; ++v) {
    const auto it = reference.find(v);
    EXPECT_EQ(d.probability(v), it == reference.end() ? Probability(0) : it->second)
        << "total " << v;
    sum += d.probability(v);
  }
  EXPECT_EQ(sum, 1);
  EXPECT_EQ(d.min(), reference.begin()->first);
  EXPECT_EQ(d.max(), reference.rbegin()->first);
}

TEST(DiceDistribution, MatchesBruteForce) {
  for (const char* text :
       {"d6",     "3d6",      "2d6-4",     "d3",         "2d3+1",    "3d6kl2",
        "3d6kh2", "4d6kh3",   "4d6kl1",    "3d3kh2",     "d6r1",     "2d6r1",
        "2d6r<3", "2d6r>4",   "d3r1",      "2d3r>2",     "3d6kh2r1", "3d6kl2r<3",
        "d6r<7",  "2d4+d8-3", "d6-2d3kh1", "2d20kh1+d4", "2d20kh1",  "2d20kl1r1"}) {
    expect_matches_brute_force(text);
  }
}

// 25d6 has 6^25 > 2^63 outcomes, so it takes the arbitrary-precision path;
// 12d6 and 13d6 take the 64-bit one. Both must agree.
TEST(DiceDistribution, WidePathAgreesWithNarrowPath) {
  const Distribution wide = dist("25d6");
  const Distribution narrow = convolve(dist("12d6"), dist("13d6"));
  EXPECT_EQ(wide.min(), narrow.min());
  EXPECT_EQ(wide.total(), narrow.total());
  EXPECT_EQ(wide.ways(), narrow.ways());
  EXPECT_GT(wide.total(), Count(1) << 63);
}

TEST(DiceDistribution, LargestExpressionsSumToOne) {
  for (const char* text : {"100d100", "20d100kh10", "20d100kl19", "50d6r1+50d6"}) {
    SCOPED_TRACE(text);
    const Distribution d = dist(text);
    Count sum = 0;
    for (const Count& w : d.ways()) sum += w;
    EXPECT_EQ(sum, d.total());
    EXPECT_EQ(d.min(), min_total(expr_of(text)));
    EXPECT_EQ(d.max(), max_total(expr_of(text)));
  }
}

TEST(DiceDistribution, ProbabilityText) {
  EXPECT_EQ(fraction_text(Probability(29, 36)), "29/36");
  EXPECT_EQ(fraction_text(Probability(0)), "0");
  EXPECT_EQ(fraction_text(Probability(1)), "1");
  EXPECT_EQ(percent_text(Probability(29, 36)), "80.56");  // 80.5555...
  EXPECT_EQ(percent_text(Probability(1, 8)), "12.50");
  EXPECT_EQ(percent_text(Probability(1, 200), 0), "1");  // 0.5 rounds half up
  EXPECT_EQ(percent_text(Probability(0)), "0.00");
  EXPECT_EQ(decimal_text(Probability(-133, 24)), "-5.54");
  EXPECT_EQ(decimal_text(Probability(1, 1000)), "0.00");
}

// Natural-face tests against enumeration of the standing faces.
Probability brute_natural(const NaturalTest& test, std::string_view text) {
  const Expr e = expr_of(text);
  Count hits = 0, all = 0;
  testing::enumerate(e, [&](const std::vector<std::vector<int>>& faces, std::int64_t) {
    std::vector<std::uint16_t> f;
    for (const int x : faces[0]) f.push_back(static_cast<std::uint16_t>(x));
    all += 1;
    if (holds(test, f)) hits += 1;
  });
  return Probability(hits, all);
}

TEST(DiceNatural, KnownProbabilities) {
  const DiceTerm two_d6 = make_dice(2, 6);
  EXPECT_EQ(probability(NaturalTest::any_double(), two_d6), Probability(1, 6));
  EXPECT_EQ(probability(NaturalTest::double_of(6), two_d6), Probability(1, 36));
  EXPECT_EQ(probability(NaturalTest::double_of(1), two_d6), Probability(1, 36));
  EXPECT_EQ(probability(NaturalTest::natural(6), make_dice(1, 6)), Probability(1, 6));
  // At least two natural 6s among four to-hit dice (000 § Le tir): 1 - (5/6)^4 - 4(1/6)(5/6)^3.
  EXPECT_EQ(probability(NaturalTest::naturals(2, 6), make_dice(4, 6)), Probability(171, 1296));
  EXPECT_EQ(probability(NaturalTest::any_double(), make_dice(7, 6)), 1);
  EXPECT_EQ(probability(NaturalTest::any_double(), make_dice(1, 6)), 0);
}

TEST(DiceNatural, MatchesEnumeration) {
  for (const char* text :
       {"2d6", "3d6", "2d6r1", "3d6r<3", "d3", "2d3", "2d3r1", "4d6kh3", "2d8r>6"}) {
    SCOPED_TRACE(text);
    const DiceTerm term = expr_of(text).terms[0].dice;
    for (const NaturalTest& t :
         {NaturalTest::any_double(), NaturalTest::double_of(6), NaturalTest::double_of(1),
          NaturalTest::natural(1), NaturalTest::natural(6), NaturalTest::naturals(2, 6),
          NaturalTest::naturals(3, 2)}) {
      EXPECT_EQ(probability(t, term), brute_natural(t, text)) << to_string(t);
    }
  }
}

TEST(DiceNatural, HoldsOnFaces) {
  const std::vector<std::uint16_t> pair{3, 3};
  const std::vector<std::uint16_t> sixes{6, 2, 6};
  EXPECT_TRUE(holds(NaturalTest::any_double(), pair));
  EXPECT_FALSE(holds(NaturalTest::double_of(6), pair));
  EXPECT_TRUE(holds(NaturalTest::naturals(2, 6), sixes));
  EXPECT_FALSE(holds(NaturalTest::naturals(3, 6), sixes));
  EXPECT_TRUE(holds(NaturalTest::any_double(), sixes));
  EXPECT_EQ(to_string(NaturalTest::naturals(2, 6)), "at least 2 natural 6s");
  EXPECT_EQ(to_string(NaturalTest::natural(1)), "a natural 1");
}

}  // namespace
}  // namespace umpire::dice
