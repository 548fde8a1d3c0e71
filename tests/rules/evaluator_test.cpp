// The evaluator's semantics: stage policies, caps after bonuses, clamping,
// rounding, permissions with lifts, missing givens, breakdown citations.
#include <gtest/gtest.h>

#include <algorithm>

#include "engine/rules/describe.hpp"
#include "engine/rules/program.hpp"
#include "tests/rules/test_support.hpp"

namespace umpire::rules {
namespace {

using testing::eval_stack;
using testing::eval_value;

const std::string sabreur_like =
    "ruleset demo \"Demo\"\nsource \"002_87c3dc452f850204.txt\"\n"
    "domain terrain { open_terrain, wood, village } ref \"Effets du terrain\"\n"
    "domain action { fire, charge } ref \"Effets du terrain\"\n"
    "given shooter.terrain : terrain\ngiven target.terrain : terrain\n"
    "given enfilade : bool\ngiven panicked : bool\ngiven near : bool\ngiven hurry : bool\n"
    "modifiers fire_mods : int 0..20 clamp ref \"Précisions sur les facteurs de combat ou de tir\" "
    "{\n"
    "  stage bonuses {\n    half_range: +1 when near\n    enfilade: +2 when enfilade\n  }\n"
    "  stage limits most_penalising {\n"
    "    target_covered: cap 3 when target.terrain in {wood, village}\n"
    "    shooter_in_wood: cap 1 when shooter.terrain == wood\n  }\n"
    "  stage once first {\n    p1: -1 when near\n    p2: -1 when enfilade\n  }\n"
    "  stage panic {\n    panicked: set 0 when panicked\n  }\n}\n"
    "value halved : int 0..10 ref \"Effets du terrain\" = div(7, 2, up) + div(7, 2, down)\n"
    "permission no_fire_in_wood : cannot fire when shooter.terrain == wood ref \"Effets du "
    "terrain\"\n"
    "permission skirmish_fire : can fire when hurry lifts {no_fire_in_wood} ref \"Effets du "
    "terrain\"\n"
    "permission must_charge : must charge when near ref \"Effets du terrain\"\n";

class Evaluation : public ::testing::Test {
 protected:
  void SetUp() override {
    loaded_ = testing::load_text(sabreur_like);
    ASSERT_TRUE(loaded_->rs.has_value()) << loaded_->messages();
  }
  const Ruleset& rs() { return *loaded_->rs; }
  std::unique_ptr<testing::Loaded> loaded_;
};

TEST_F(Evaluation, BonusesThenMostPenalisingLimit) {
  const std::map<std::string, std::string> open{{"shooter.terrain", "open_terrain"},
                                                {"target.terrain", "open_terrain"},
                                                {"enfilade", "true"},
                                                {"panicked", "false"},
                                                {"near", "false"}};
  // 4 + 2 (enfilade), no limit, then the `first` stage: only p2 applies.
  EXPECT_EQ(eval_stack(rs(), "fire_mods", 4, open), 5);
  auto covered = open;
  covered["target.terrain"] = "wood";
  covered["near"] = "true";
  // 4 + 1 + 2 = 7, capped at 3; then only the first of p1/p2: 2.
  EXPECT_EQ(eval_stack(rs(), "fire_mods", 4, covered), 2);
  auto both = covered;
  both["shooter.terrain"] = "wood";
  // Two limits: the most penalising (1) wins, then -1.
  EXPECT_EQ(eval_stack(rs(), "fire_mods", 4, both), 0);
  auto panicked = open;
  panicked["panicked"] = "true";
  EXPECT_EQ(eval_stack(rs(), "fire_mods", 6, panicked), 0);
}

TEST_F(Evaluation, ClampAndBreakdown) {
  const Situation s = testing::situation(rs(), {{"shooter.terrain", "open_terrain"},
                                                {"target.terrain", "open_terrain"},
                                                {"enfilade", "false"},
                                                {"panicked", "false"},
                                                {"near", "true"}});
  Evaluator ev(rs(), s);
  auto v = ev.apply_stack(rs().find("fire_mods")->index, 0);
  ASSERT_TRUE(v.has_value());
  EXPECT_EQ(*v, 0);  // 0 + 1 - 1
  const std::string text = render_breakdown(ev.breakdown());
  EXPECT_NE(text.find("+1 half_range -> 1"), std::string::npos) << text;
  EXPECT_NE(text.find("-1 p1"), std::string::npos) << text;
  EXPECT_NE(text.find("002_87c3dc452f850204.txt § Précisions sur les facteurs de combat ou de tir"),
            std::string::npos);
  auto clamped = ev.apply_stack(rs().find("fire_mods")->index, 30);
  ASSERT_TRUE(clamped.has_value());
  EXPECT_EQ(*clamped, 20);
}

TEST_F(Evaluation, ExplicitRounding) {
  EXPECT_EQ(eval_value(rs(), "halved", {}), "7");
}

TEST_F(Evaluation, PermissionsWithLifts) {
  EXPECT_EQ(testing::eval_action(rs(), "fire", {{"shooter.terrain", "wood"}, {"hurry", "false"}}),
            Verdict::forbidden);
  EXPECT_EQ(testing::eval_action(rs(), "fire", {{"shooter.terrain", "wood"}, {"hurry", "true"}}),
            Verdict::allowed);
  EXPECT_EQ(testing::eval_action(rs(), "charge", {{"near", "true"}}), Verdict::required);
  EXPECT_EQ(testing::eval_action(rs(), "charge", {{"near", "false"}}), Verdict::allowed);
}

TEST_F(Evaluation, MissingGivenIsAnError) {
  const Situation s(rs());
  Evaluator ev(rs(), s);
  EXPECT_FALSE(ev.apply_stack(rs().find("fire_mods")->index, 4).has_value());
  ASSERT_TRUE(ev.error().has_value());
  EXPECT_EQ(id_of(ev.error()->id), "rules.eval.missing-given");
  EXPECT_NE(ev.error()->message.find("near"), std::string::npos);
}

// The resolver rejects a value that depends on itself (rules.cycle); one
// that reaches the evaluator anyway (here, made after loading) is an error
// naming a value on the cycle, not a runaway recursion.
TEST(EvaluatorErrors, AValueThatDependsOnItselfIsAnError) {
  auto l = testing::load_text(
      "ruleset demo \"Demo\"\nsource \"000_a44b407871cbdad9.txt\"\n"
      "value a : int 0..99 ref \"Test d'ordre\" = b + 1\n"
      "value b : int 0..99 ref \"Test d'ordre\" = 1\n");
  ASSERT_TRUE(l->rs.has_value()) << l->messages();
  Ruleset& rs = *l->rs;
  const std::uint32_t a = rs.find("a")->index, b = rs.find("b")->index;
  Expr b_reads_a = rs.values[a].expr.args.at(0);  // `b`, as a reads it
  ASSERT_EQ(b_reads_a.kind, ExprKind::value);
  b_reads_a.ref = a;
  rs.values[b].expr = b_reads_a;  // b = a: a = a + 1
  const Situation s(rs);
  Evaluator ev(rs, s);
  EXPECT_FALSE(ev.value(a).has_value());
  ASSERT_TRUE(ev.error().has_value());
  EXPECT_EQ(id_of(ev.error()->id), "rules.eval.cycle");
  EXPECT_NE(ev.error()->message.find("depends on itself"), std::string::npos);
}

TEST(EvaluatorErrors, OutOfRangeWithoutClamp) {
  auto l = testing::load_text(
      "ruleset demo \"Demo\"\nsource \"000_a44b407871cbdad9.txt\"\ngiven a : int 0..9\n"
      "modifiers m : int 0..5 ref \"Test d'ordre\" {\n  stage s {\n    x: add a\n  }\n}\n");
  ASSERT_TRUE(l->rs.has_value()) << l->messages();
  const Situation s = testing::situation(*l->rs, {{"a", "9"}});
  Evaluator ev(*l->rs, s);
  EXPECT_FALSE(ev.apply_stack(0, 0).has_value());
  EXPECT_EQ(id_of(ev.error()->id), "rules.eval.out-of-range");
  EXPECT_EQ(testing::eval_stack(*l->rs, "m", 0, {{"a", "5"}}), 5);
}

TEST(EvaluatorErrors, SituationRejectsValuesOutsideTheirType) {
  auto l = testing::load_text("ruleset demo \"Demo\"\ngiven a : int 0..9\n");
  ASSERT_TRUE(l->rs.has_value()) << l->messages();
  Situation s(*l->rs);
  EXPECT_TRUE(s.set(0, Val::integer(10)).has_value());
  EXPECT_FALSE(s.set(0, Val::integer(9)).has_value());
  EXPECT_TRUE(s.set(0, Val::none()).has_value());
}

// A situation reads every switch at its default option until one is set;
// setting one leaves the others at theirs, and try_set refuses a misfit.
TEST(EvaluatorErrors, SwitchesReadTheirDefaultsUntilSet) {
  const auto loaded = testing::load_corpus("sabreur-hex");
  ASSERT_TRUE(loaded->rs) << loaded->messages();
  const Ruleset& rs = *loaded->rs;
  ASSERT_GE(rs.switches.size(), 2U);
  Situation s(rs);
  for (std::uint32_t sw = 0; sw < rs.switches.size(); ++sw)
    EXPECT_EQ(s.switch_option(sw), rs.switches[sw].default_option) << rs.switches[sw].name;
  const auto other = static_cast<std::uint32_t>((rs.switches[1].default_option + 1) %
                                                rs.switches[1].options.size());
  ASSERT_NE(other, rs.switches[1].default_option);
  s.set_switch(1, other);
  const Situation copy = s;
  for (std::uint32_t sw = 0; sw < rs.switches.size(); ++sw) {
    const std::uint32_t want = sw == 1 ? other : rs.switches[sw].default_option;
    EXPECT_EQ(s.switch_option(sw), want) << rs.switches[sw].name;
    EXPECT_EQ(copy.switch_option(sw), want) << rs.switches[sw].name;
  }
}

TEST(EvaluatorErrors, TrySetRefusesWhatSetRefuses) {
  auto l = testing::load_text("ruleset demo \"Demo\"\ngiven a : int 0..9\n");
  ASSERT_TRUE(l->rs.has_value()) << l->messages();
  Situation s(*l->rs);
  EXPECT_FALSE(s.try_set(0, Val::integer(10)));
  EXPECT_FALSE(s.has(0));
  EXPECT_TRUE(s.try_set(0, Val::integer(9)));
  EXPECT_EQ(s.given(0), Val::integer(9));
}

// A quiet evaluation remembers values in the situation for the next
// question; anything set afterwards makes them be computed again, and a
// value its source provides is asked for once.
TEST(SituationMemory, ValuesAreComputedAgainAfterAnyChange) {
  auto l = testing::load_text(
      "ruleset demo \"Demo\"\nsource \"000_a44b407871cbdad9.txt\"\n"
      "given a : int 0..9\ngiven b : int 0..9\n"
      "switch bonus ref \"Test d'ordre\" {\n  option off \"no bonus\"\n  option on \"a bonus\"\n  "
      "default off\n}\n"
      "value twice : int 0..30 ref \"Test d'ordre\" = a + a + (cases { when bonus == on => 1 else "
      "=> 0 })\n"
      "value more : int 0..40 ref \"Test d'ordre\" = twice + b\n");
  ASSERT_TRUE(l->rs.has_value()) << l->messages();
  const Ruleset& rs = *l->rs;
  const Program program(rs);
  const auto id = [&](std::string_view name) { return rs.find(name)->index; };
  const auto quiet = [&](const Situation& s, std::string_view name) {
    Evaluator ev(rs, s);
    ev.set_trace(false);
    const auto v = ev.value(id(name));
    return v ? v->number : -1;
  };
  Situation s(rs);
  s.set_program(&program);
  ASSERT_FALSE(s.set(0, Val::integer(3)));
  ASSERT_FALSE(s.set(1, Val::integer(1)));
  EXPECT_EQ(quiet(s, "more"), 7);
  ASSERT_NE(s.remembered(id("twice")), nullptr);
  EXPECT_EQ(s.remembered(id("twice"))->number, 6);
  ASSERT_FALSE(s.set(0, Val::integer(4)));
  EXPECT_EQ(s.remembered(id("twice")), nullptr);
  EXPECT_EQ(quiet(s, "more"), 9);
  s.set_switch(0, 1);
  EXPECT_EQ(quiet(s, "more"), 10);
  s.unset(1);
  EXPECT_EQ(quiet(s, "more"), -1);  // b is missing now
  // A traced evaluation writes its whole breakdown, remembered values or not.
  ASSERT_FALSE(s.set(1, Val::integer(2)));
  EXPECT_EQ(quiet(s, "more"), 11);
  Evaluator traced(rs, s);
  ASSERT_TRUE(traced.value(id("more")).has_value());
  const auto& steps = traced.breakdown();
  EXPECT_TRUE(std::any_of(steps.begin(), steps.end(),
                          [](const Step& st) { return st.text.rfind("twice = 9", 0) == 0; }));
}

class CountingSource final : public GivenSource {
 public:
  std::optional<Val> provide(std::uint32_t) const override {
    ++asked;
    return Val::integer(2);
  }
  mutable int asked = 0;
};

TEST(SituationMemory, AProvidedGivenIsAskedForOnce) {
  auto l = testing::load_text(
      "ruleset demo \"Demo\"\nsource \"000_a44b407871cbdad9.txt\"\ngiven a : int 0..9\n"
      "value twice : int 0..30 ref \"Test d'ordre\" = a + a\n");
  ASSERT_TRUE(l->rs.has_value()) << l->messages();
  CountingSource source;
  Situation s(*l->rs);
  s.set_source(&source);
  Evaluator ev(*l->rs, s);
  ev.set_trace(false);
  EXPECT_EQ(ev.value(0)->number, 4);
  EXPECT_EQ(source.asked, 1);
  EXPECT_TRUE(s.has(0));
}

}  // namespace
}  // namespace umpire::rules
