// Dice expressions built in code: canonical printing, bounds, limits.
#include <gtest/gtest.h>

#include "engine/core/dice/expr.hpp"

namespace umpire::dice {
namespace {

Expr sum(std::initializer_list<Term> terms) {
  Expr e;
  e.terms = terms;
  return e;
}

TEST(DiceExpr, PrintsCanonically) {
  DiceTerm elite = make_dice(3, 6);
  elite.keep = Keep::lowest;
  elite.kept = 2;
  EXPECT_EQ(to_string(elite), "3d6kl2");
  DiceTerm reroll = make_dice(1, 6);
  reroll.reroll = {1, 1};
  EXPECT_EQ(to_string(reroll), "d6r1");
  reroll.reroll = {1, 2};
  EXPECT_EQ(to_string(reroll), "d6r<3");
  reroll.reroll = {5, 6};
  EXPECT_EQ(to_string(reroll), "d6r>4");
  reroll.reroll = {6, 6};
  EXPECT_EQ(to_string(reroll), "d6r6");
  EXPECT_EQ(to_string(sum({dice_term(make_dice(2, 6)), constant_term(-4)})), "2d6-4");
  EXPECT_EQ(to_string(sum({dice_term(make_dice(1, 3), true), constant_term(7)})), "-d3+7");
}

TEST(DiceExpr, TotalsBounds) {
  DiceTerm elite = make_dice(3, 6);
  elite.keep = Keep::lowest;
  elite.kept = 2;
  const Expr e = sum({dice_term(elite), dice_term(make_dice(1, 3), true), constant_term(1)});
  EXPECT_EQ(dice_count(e), 4u);
  EXPECT_EQ(min_total(e), 2 - 3 + 1);
  EXPECT_EQ(max_total(e), 12 - 1 + 1);
}

TEST(DiceExpr, CheckReportsTheFirstProblem) {
  EXPECT_EQ(check(sum({dice_term(make_dice(2, 6))})), "");
  EXPECT_NE(check(sum({constant_term(3)})), "");
  EXPECT_NE(check(sum({dice_term(make_dice(0, 6))})), "");
  EXPECT_NE(check(sum({dice_term(make_dice(1, 1))})), "");
  EXPECT_NE(check(sum({dice_term(make_dice(1, 1001))})), "");
  EXPECT_NE(check(sum({dice_term(make_dice(300, 6)), dice_term(make_dice(201, 6))})), "");
  EXPECT_NE(check(sum({dice_term(make_dice(100, 1000))})), "");
  DiceTerm keep = make_dice(3, 6);
  keep.keep = Keep::highest;
  keep.kept = 3;
  EXPECT_NE(check(sum({dice_term(keep)})), "");
  DiceTerm interior = make_dice(1, 6);
  interior.reroll = {2, 4};  // no notation for it
  EXPECT_NE(check(sum({dice_term(interior)})), "");
}

TEST(DiceExpr, D3IsAHalvedD6) {
  const DiceTerm d3 = make_dice(1, 3);
  EXPECT_TRUE(d3.halved());
  EXPECT_EQ(d3.physical_sides(), 6);
  const std::uint16_t expected[] = {1, 1, 2, 2, 3, 3};
  for (std::uint16_t face = 1; face <= 6; ++face) EXPECT_EQ(d3.value_of(face), expected[face - 1]);
  EXPECT_FALSE(make_dice(1, 6).halved());
  EXPECT_EQ(make_dice(1, 6).value_of(5), 5);
}

}  // namespace
}  // namespace umpire::dice
