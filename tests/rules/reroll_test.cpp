// Re-rolls folded into a test's exact odds (docs/rules-format.md § Tests,
// re-rolls): scopes, the widest applicable re-roll, the breakdown naming the
// skill and its citation, and the corpus skills that grant them.
#include <gtest/gtest.h>

#include <algorithm>

#include "tests/rules/test_support.hpp"

namespace umpire::rules {
namespace {

using testing::eval_test;
using Givens = std::map<std::string, std::string>;

const std::string reroll_rules =
    "ruleset demo \"Demo\"\nsource \"004_b7c666874e8df030.txt\"\n"
    "domain special_rule { tough_fighter, stubborn, marksmen, sure } ref \"1-c) Règles spéciales à "
    "la période guerre de cent ans\"\n"
    "given unit.special : set of special_rule\ngiven attacks : int 0..10\ngiven first_round : "
    "bool\n"
    "test to_hit ref \"1-c) Règles spéciales à la période guerre de cent ans\" {\n"
    "  roll \"D6\" count attacks\n  success at_least 4\n}\n"
    "test single ref \"1-c) Règles spéciales à la période guerre de cent ans\" {\n"
    "  roll \"D6\"\n  success at_least 4\n}\n"
    "special tough_fighter ref \"1-c) Règles spéciales à la période guerre de cent ans\" {\n"
    "  holder unit.special\n  reroll to_hit one_failed_die\n  reroll single one_failed_die\n}\n"
    "special stubborn ref \"1-c) Règles spéciales à la période guerre de cent ans\" {\n"
    "  holder unit.special\n  reroll to_hit failed when first_round\n}\n"
    "special marksmen ref \"2-a) Composition de l'armée\" {\n"
    "  holder unit.special\n  reroll single failed\n}\n"
    "special sure ref \"1-c) Règles spéciales à la période guerre de cent ans\" {\n"
    "  holder unit.special\n  reroll single any\n}\n";

class Rerolls : public ::testing::Test {
 protected:
  void SetUp() override {
    loaded_ = testing::load_text(reroll_rules);
    ASSERT_TRUE(loaded_->rs.has_value()) << loaded_->messages();
  }
  const Ruleset& rs() { return *loaded_->rs; }
  std::unique_ptr<testing::Loaded> loaded_;
};

// A 4+ with every failure re-rolled: 1/2 + 1/2 * 1/2 = 3/4.
TEST_F(Rerolls, FailedRollsRerolledFourPlusIsThreeQuarters) {
  const TestResult r = eval_test(rs(), "single", {{"unit.special", "marksmen"}});
  ASSERT_TRUE(r.probability && r.base_probability && r.reroll);
  EXPECT_EQ(*r.base_probability, dice::Probability(1, 2));
  EXPECT_EQ(*r.probability, dice::Probability(3, 4));
  EXPECT_EQ(r.reroll->scope, RerollScope::failed);
  EXPECT_EQ(rs().skills[r.reroll->skill].name, "marksmen");
  ASSERT_EQ(r.successes.size(), 2U);
  EXPECT_EQ(r.successes[1], dice::Probability(3, 4));
}

// `any` is folded in as a re-roll of the failures, the only choice that
// raises the odds; one failed die of a one-die test is the same 3/4.
TEST_F(Rerolls, AnyAndOneFailedDieOnOneRoll) {
  EXPECT_EQ(*eval_test(rs(), "single", {{"unit.special", "sure"}}).probability,
            dice::Probability(3, 4));
  EXPECT_EQ(*eval_test(rs(), "single", {{"unit.special", "tough_fighter"}}).probability,
            dice::Probability(3, 4));
}

// Without the rule, or without the condition, the odds are the plain 1/2.
TEST_F(Rerolls, NotHeldOrConditionFalse) {
  const TestResult plain = eval_test(rs(), "single", {{"unit.special", ""}});
  EXPECT_FALSE(plain.reroll.has_value());
  EXPECT_EQ(*plain.probability, dice::Probability(1, 2));
  const TestResult later = eval_test(
      rs(), "to_hit", {{"unit.special", "stubborn"}, {"attacks", "2"}, {"first_round", "false"}});
  EXPECT_FALSE(later.reroll.has_value());
  EXPECT_EQ(*later.probability, dice::Probability(1, 2));
  ASSERT_EQ(later.successes.size(), 3U);
  EXPECT_EQ(later.successes[0], dice::Probability(1, 4));
  EXPECT_EQ(later.successes[1], dice::Probability(1, 2));
}

// Two attacks at 4+, one failed die re-rolled: X ~ Bin(2, 1/2) then one
// failure thrown again. P(0) = 1/4 * 1/2, P(1) = 1/2 * 1/2 + 1/4 * 1/2,
// P(2) = 1/4 + 1/2 * 1/2; each die 11/16 on average (11/8 successes).
TEST_F(Rerolls, OneFailedDieOverSeveralRolls) {
  const TestResult r =
      eval_test(rs(), "to_hit",
                {{"unit.special", "tough_fighter"}, {"attacks", "2"}, {"first_round", "false"}});
  ASSERT_TRUE(r.reroll);
  EXPECT_EQ(r.reroll->scope, RerollScope::one_failed_die);
  ASSERT_EQ(r.successes.size(), 3U);
  EXPECT_EQ(r.successes[0], dice::Probability(1, 8));
  EXPECT_EQ(r.successes[1], dice::Probability(3, 8));
  EXPECT_EQ(r.successes[2], dice::Probability(1, 2));
  EXPECT_EQ(*r.probability, dice::Probability(11, 16));
  EXPECT_EQ(*r.base_probability, dice::Probability(1, 2));
}

// Both apply: a roll is re-rolled at most once, the widest scope counts and
// the breakdown names both, each with its citation.
TEST_F(Rerolls, WidestScopeWinsAndBreakdownCitesIt) {
  const Situation s = testing::situation(
      rs(),
      {{"unit.special", "tough_fighter,stubborn"}, {"attacks", "3"}, {"first_round", "true"}});
  Evaluator ev(rs(), s);
  auto id = rs().find("to_hit");
  ASSERT_TRUE(id);
  const auto r = ev.test(id->index);
  ASSERT_TRUE(r.has_value());
  ASSERT_TRUE(r->reroll);
  EXPECT_EQ(rs().skills[r->reroll->skill].name, "stubborn");
  EXPECT_EQ(*r->probability, dice::Probability(3, 4));
  ASSERT_EQ(r->successes.size(), 4U);
  EXPECT_EQ(r->successes[3], dice::Probability(27, 64));
  const auto& steps = ev.breakdown();
  auto used = std::find_if(steps.begin(), steps.end(), [](const Step& st) {
    return st.text == "re-roll every failed roll (special stubborn)";
  });
  ASSERT_NE(used, steps.end());
  ASSERT_FALSE(used->refs.empty());
  EXPECT_EQ(used->refs[0].section, "1-c) Règles spéciales à la période guerre de cent ans");
  EXPECT_TRUE(std::any_of(steps.begin(), steps.end(), [](const Step& st) {
    return st.text ==
           "re-roll one failed roll (special tough_fighter): not applied, a roll is re-rolled at "
           "most once";
  }));
}

// The holder not given: the re-roll is named as not considered, not guessed.
TEST_F(Rerolls, HolderMissingIsReported) {
  const Situation s = testing::situation(rs(), {});
  Evaluator ev(rs(), s);
  const auto r = ev.test(rs().find("single")->index);
  ASSERT_TRUE(r.has_value());
  EXPECT_FALSE(r->reroll.has_value());
  EXPECT_TRUE(std::any_of(ev.breakdown().begin(), ev.breakdown().end(), [](const Step& st) {
    return st.text.find("not considered, the situation gives no 'unit.special'") !=
           std::string::npos;
  }));
}

// WAB § Haine (Hatred): the first round, failed attacks re-rolled. WS 4
// against WS 4 hits on 4+: 3/4 with the re-roll, 1/2 without.
TEST(RerollCorpus, WabHatredFirstRound) {
  auto loaded = testing::load_corpus("wab");
  ASSERT_TRUE(loaded->rs) << loaded->messages();
  Givens g = {{"self.weapon_skill", "4"},        {"target.weapon_skill", "4"},
              {"self.attack_dice", "2"},         {"self.special", "hatred"},
              {"self.frenzy_lost", "false"},     {"self.type", "infantry"},
              {"target.behind", "no_obstacle"},  {"target.skirmishers", "false"},
              {"combat.first_round", "true"},    {"enemy.hated", "true"},
              {"self.failed_fear_test", "false"}};
  const TestResult first = eval_test(*loaded->rs, "close_combat_to_hit", g);
  EXPECT_EQ(first.needed, 4);
  ASSERT_TRUE(first.reroll);
  EXPECT_EQ(*first.probability, dice::Probability(3, 4));
  g["combat.first_round"] = "false";
  const TestResult later = eval_test(*loaded->rs, "close_combat_to_hit", g);
  EXPECT_FALSE(later.reroll.has_value());
  EXPECT_EQ(*later.probability, dice::Probability(1, 2));
}

// HYW § 1-c: Tough fighter "Relance un jet de touche raté au combat". A 4+
// to hit with one failed die re-rolled, one die: 3/4.
TEST(RerollCorpus, HywToughFighter) {
  auto loaded = testing::load_corpus("hail-caesar-hyw");
  ASSERT_TRUE(loaded->rs) << loaded->messages();
  const Givens g = {{"unit.charged", "false"},
                    {"unit.won_last_round", "false"},
                    {"unit.higher_ground", "false"},
                    {"unit.shaken", "false"},
                    {"unit.disordered", "false"},
                    {"unit.formation", "close_order"},
                    {"unit.charged_in_flank_or_rear", "false"},
                    {"unit.special", "tough_fighter"},
                    {"target.special", ""}};
  const TestResult r = eval_test(*loaded->rs, "melee_to_hit", g);
  EXPECT_EQ(r.needed, 4);
  ASSERT_TRUE(r.reroll);
  EXPECT_EQ(loaded->rs->skills[r.reroll->skill].name, "tough_fighter");
  EXPECT_EQ(*r.probability, dice::Probability(3, 4));
}

}  // namespace
}  // namespace umpire::rules
