// Typing rules of the language: a bare name in a set-membership test takes
// the set's element domain (even a skill's name), and optional values: a
// partial-table lookup is strict where a value is needed, a value that may
// be 'none' is refused there (docs/rules-format.md § Optional values).
#include <gtest/gtest.h>

#include "tests/rules/test_support.hpp"

namespace umpire::rules {
namespace {

using testing::eval_value;
using testing::load_text;

const std::string skills =
    "ruleset demo \"Demo\"\nsource \"002_87c3dc452f850204.txt\"\n"
    "domain skill_name { lancer, cuirassier } ref \"Les compétences\"\n"
    "domain lance_kind { lancer, pike } ref \"Les compétences\"\n"
    "given enemy.skills : set of skill_name\ngiven self.skills : set of skill_name\n"
    "skill lancer ref \"Les compétences\" {\n  holder self.skills\n"
    "  allowed when cuirassier not in self.skills\n}\n"
    "skill cuirassier ref \"Les compétences\" {\n  holder self.skills\n}\n";

// `lancer` is a skill item and a value of two domains: the set decides.
TEST(Membership, SkillNameInASetTakesTheSetsDomain) {
  auto l = load_text(skills +
                     "value a : bool ref \"Les compétences\" = lancer in enemy.skills\n"
                     "value b : bool ref \"Les compétences\" = lancer not in enemy.skills and "
                     "cuirassier in self.skills\n"
                     "value c : bool ref \"Les compétences\" = cases { when lancer in self.skills "
                     "=> true else => false }\n");
  ASSERT_TRUE(l->rs.has_value()) << l->messages();
  EXPECT_EQ(l->diags.diagnostics().size(), 0u) << l->messages();
  EXPECT_EQ(eval_value(*l->rs, "a", {{"enemy.skills", "lancer"}}), "true");
  EXPECT_EQ(eval_value(*l->rs, "a", {{"enemy.skills", "cuirassier"}}), "false");
  EXPECT_EQ(eval_value(*l->rs, "b", {{"enemy.skills", ""}, {"self.skills", "cuirassier"}}), "true");
  EXPECT_EQ(eval_value(*l->rs, "c", {{"self.skills", "lancer,cuirassier"}}), "true");
}

// Both sides without a type of their own: the one domain holding every name.
TEST(Membership, LiteralSetsUseTheDomainHoldingEveryName) {
  auto l = load_text(skills +
                     "value a : bool ref \"Les compétences\" = lancer in {lancer, cuirassier}\n"
                     "value b : bool ref \"Les compétences\" = pike in {lancer, pike}\n");
  ASSERT_TRUE(l->rs.has_value()) << l->messages();
  EXPECT_EQ(eval_value(*l->rs, "a", {}), "true");
  EXPECT_EQ(eval_value(*l->rs, "b", {}), "true");
}

// Nothing decides: still a precise ambiguity, never a silent pick.
TEST(Membership, UndecidableNameIsAmbiguous) {
  auto l = load_text(skills + "value a : bool ref \"Les compétences\" = lancer in {lancer}\n");
  EXPECT_FALSE(l->rs.has_value());
  EXPECT_EQ(l->count("rules.name.ambiguous"), 1u) << l->messages();
}

// A skill where a number is expected: the hint says how to test it.
TEST(Membership, SkillUsedAsANumberIsRefused) {
  auto l = load_text(skills + "value a : int 0..5 ref \"Les compétences\" = cuirassier + 1\n");
  EXPECT_FALSE(l->rs.has_value());
  EXPECT_EQ(l->count("rules.type.mismatch"), 1u) << l->messages();
}

const std::string partial =
    "ruleset demo \"Demo\"\nsource \"000_a44b407871cbdad9.txt\"\n"
    "domain troop_class { infantry, cavalry, skirmishers } ref \"TABLEAU DE PANIQUE\"\n"
    "given unit.class : troop_class\ngiven unit.bonus : int 0..3 optional\n"
    "table moves partial ref \"TABLEAU DE PANIQUE\" {\n  key class : troop_class\n  column inches "
    ": int 0..12\n"
    "  column save : roll 2..6 optional\n"
    "  row infantry => 6, 4+\n  row cavalry => 9, none\n}\n";

// A partial-table lookup is strict in a bare value and in arithmetic alike:
// loaded, and a missing row is an evaluation error naming the table.
TEST(OptionalValues, PartialLookupIsStrictEverywhere) {
  auto l = load_text(
      partial +
      "value bare : int 0..12 ref \"TABLEAU DE PANIQUE\" = moves.inches(class = unit.class)\n"
      "value sum : int 0..24 ref \"TABLEAU DE PANIQUE\" = moves.inches(class = unit.class) + 2\n"
      "value known : bool ref \"TABLEAU DE PANIQUE\" = moves.inches(class = unit.class) != none\n");
  ASSERT_TRUE(l->rs.has_value()) << l->messages();
  EXPECT_EQ(l->diags.diagnostics().size(), 0u) << l->messages();
  EXPECT_EQ(eval_value(*l->rs, "bare", {{"unit.class", "cavalry"}}), "9");
  EXPECT_EQ(eval_value(*l->rs, "sum", {{"unit.class", "infantry"}}), "8");
  EXPECT_EQ(eval_value(*l->rs, "known", {{"unit.class", "skirmishers"}}), "false");
  for (const char* name : {"bare", "sum"}) {
    const Situation s = testing::situation(*l->rs, {{"unit.class", "skirmishers"}});
    Evaluator ev(*l->rs, s);
    EXPECT_FALSE(ev.value(l->rs->find(name)->index).has_value()) << name;
    ASSERT_TRUE(ev.error().has_value());
    EXPECT_EQ(id_of(ev.error()->id), "rules.eval.no-row") << name;
    EXPECT_NE(ev.error()->message.find("no row of partial table 'moves'"), std::string::npos)
        << ev.error()->message;
  }
}

// A value that may be 'none' is refused in a bare value and in arithmetic
// alike, with the same id and a caret at the operand.
TEST(OptionalValues, MaybeNoneRefusedInValueAndArithmetic) {
  for (const std::string body :
       {"moves.save(class = unit.class)", "moves.save(class = unit.class) + 1", "unit.bonus",
        "unit.bonus * 2", "max(unit.bonus, 1)", "-unit.bonus"}) {
    auto l = load_text(partial + "value v : int 0..12 ref \"TABLEAU DE PANIQUE\" = " + body + "\n");
    EXPECT_FALSE(l->rs.has_value()) << body;
    EXPECT_EQ(l->count("rules.type.maybe-none"), 1u) << body << "\n" << l->messages();
  }
  auto cmp = load_text(partial + "value v : bool ref \"TABLEAU DE PANIQUE\" = unit.bonus >= 2\n");
  EXPECT_EQ(cmp->count("rules.type.maybe-none"), 1u) << cmp->messages();
  // Declared optional, the value may carry the 'none'.
  auto ok = load_text(
      partial +
      "value v : roll 2..6 optional ref \"TABLEAU DE PANIQUE\" = moves.save(class = unit.class)\n");
  ASSERT_TRUE(ok->rs.has_value()) << ok->messages();
  EXPECT_EQ(eval_value(*ok->rs, "v", {{"unit.class", "cavalry"}}), "none");
}

// A `!= none` guard (and `== none or`, `implies`, a case arm) shows the
// operand has a value where the guard holds; outside it, still refused.
TEST(OptionalValues, GuardsShowAValue) {
  auto l = load_text(
      partial +
      "value a : bool ref \"TABLEAU DE PANIQUE\" = unit.bonus != none and unit.bonus >= 2\n"
      "value b : bool ref \"TABLEAU DE PANIQUE\" = unit.bonus == none or unit.bonus >= 2\n"
      "value c : bool ref \"TABLEAU DE PANIQUE\" = unit.bonus != none implies unit.bonus + 1 >= 2\n"
      "value d : int 0..4 ref \"TABLEAU DE PANIQUE\" = cases { when unit.bonus != none => "
      "unit.bonus + 1 else => 0 }\n");
  ASSERT_TRUE(l->rs.has_value()) << l->messages();
  EXPECT_EQ(eval_value(*l->rs, "a", {{"unit.bonus", "none"}}), "false");
  EXPECT_EQ(eval_value(*l->rs, "b", {{"unit.bonus", "none"}}), "true");
  EXPECT_EQ(eval_value(*l->rs, "d", {{"unit.bonus", "3"}}), "4");
  EXPECT_EQ(eval_value(*l->rs, "d", {{"unit.bonus", "none"}}), "0");
  auto outside = load_text(partial +
                           "value a : bool ref \"TABLEAU DE PANIQUE\" = "
                           "(unit.bonus != none or unit.bonus >= 2) and unit.bonus >= 1\n");
  EXPECT_EQ(outside->count("rules.type.maybe-none"), 1u) << outside->messages();
}

}  // namespace
}  // namespace umpire::rules

// A diagnostic may name the type of an expression that failed to resolve:
// a domain or record index the ruleset does not have is written without a
// name, not read out of range (found by the rules fuzzer).
TEST(TypeName, AnIndexTheRulesetLacksIsWrittenWithoutAName) {
  const umpire::rules::Ruleset empty;
  umpire::rules::Type t;
  t.ref = 3;
  t.kind = umpire::rules::TypeKind::profile;
  EXPECT_EQ(umpire::rules::type_name(empty, t), "profile");
  t.kind = umpire::rules::TypeKind::enumeration;
  EXPECT_EQ(umpire::rules::type_name(empty, t), "?");
  t.kind = umpire::rules::TypeKind::set;
  t.optional = true;
  EXPECT_EQ(umpire::rules::type_name(empty, t), "set of ? optional");
}
