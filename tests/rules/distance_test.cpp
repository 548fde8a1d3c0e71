// Boolean table keys and rolled givens (random distances): loading, exact
// distributions of the values that read them, and Sabreur-hex's flight and
// pursuit lengths (002_87c3dc452f850204.txt § Manœuvres).
#include <gtest/gtest.h>

#include <stdexcept>

#include "tests/rules/test_support.hpp"

namespace umpire::rules {
namespace {

using testing::eval_value;
using testing::load_text;

const std::string header = "ruleset demo \"Demo\"\nsource \"002_87c3dc452f850204.txt\"\n";

TEST(BoolKeys, TableKeyedByACondition) {
  auto l = load_text(header +
                     "given charging : bool\n"
                     "table lance_factor ref \"Les compétences\" {\n  key charging : bool\n  "
                     "column value : int 0..5\n"
                     "  row true => 3\n  row false => 2\n}\n"
                     "value v : int 0..5 ref \"Les compétences\" = lance_factor.value()\n");
  ASSERT_TRUE(l->rs.has_value()) << l->messages();
  EXPECT_EQ(l->diags.diagnostics().size(), 0u) << l->messages();
  EXPECT_EQ(eval_value(*l->rs, "v", {{"charging", "true"}}), "3");
  EXPECT_EQ(eval_value(*l->rs, "v", {{"charging", "false"}}), "2");
}

// A missing `false` row is a gap that names the key as a boolean; a boolean
// pattern on an integer key is a type error.
TEST(BoolKeys, GapsAndMismatches) {
  auto gap =
      load_text(header +
                "table t ref \"Les compétences\" {\n  key charging : bool\n  column v : int 0..5\n"
                "  row true => 3\n}\n");
  EXPECT_EQ(gap->count("rules.table.gap"), 1u) << gap->messages();
  EXPECT_NE(gap->messages().find("charging = false"), std::string::npos) << gap->messages();
  auto bad =
      load_text(header +
                "table t ref \"Les compétences\" {\n  key n : int 0..1\n  column v : int 0..5\n"
                "  row true => 3\n  row 0 => 1\n}\n");
  EXPECT_EQ(bad->count("rules.type.mismatch"), 1u) << bad->messages();
}

// The parser names what a row expects, not a mangled parser type.
TEST(BoolKeys, RowSyntaxErrorIsReadable) {
  auto l =
      load_text(header +
                "table t ref \"Les compétences\" {\n  key n : int 0..1\n  column v : int 0..5\n"
                "  row => 3\n}\n");
  EXPECT_EQ(l->count("rules.syntax.expected"), 1u) << l->messages();
  EXPECT_EQ(l->messages().find("N5boost"), std::string::npos) << l->messages();
}

const std::string rolled = header +
                           "domain arm { infantry, cavalry } ref \"Manœuvres\"\n"
                           "given self.arm : arm\n"
                           "given flee.d6 : int 1..6 rolled \"D6\" ref \"Manœuvres\"\n"
                           "given two : int 2..12 rolled \"2D6\"\n"
                           "value flee_distance : int 1..8 ref \"Manœuvres\" =\n"
                           "  cases { when self.arm == cavalry => flee.d6 + 2 else => flee.d6 }\n"
                           "value half : int 1..3 ref \"Manœuvres\" = div(flee.d6, 2, up)\n"
                           "value both : int 3..18 ref \"Manœuvres\" = flee.d6 + two\n";

// "(1 D6 +2) cases pour la cavalerie": 3..8, each 1/6; a D3 (a D6 halved,
// rounded up): 1..3, each 1/3; D6 + 2D6 over both rolled givens.
TEST(RolledGivens, ExactDistributions) {
  auto l = load_text(rolled);
  ASSERT_TRUE(l->rs.has_value()) << l->messages();
  const Ruleset& rs = *l->rs;
  {
    const Situation s = testing::situation(rs, {{"self.arm", "cavalry"}});
    Evaluator ev(rs, s);
    auto d = ev.distribution(rs.find("flee_distance")->index);
    ASSERT_TRUE(d.has_value()) << (ev.error() ? ev.error()->message : "");
    EXPECT_EQ(d->min(), 3);
    EXPECT_EQ(d->max(), 8);
    EXPECT_EQ(d->probability(8), dice::Probability(1, 6));
    EXPECT_EQ(d->mean(), dice::Probability(11, 2));
  }
  {
    const Situation s = testing::situation(rs, {});
    Evaluator ev(rs, s);
    auto d = ev.distribution(rs.find("half")->index);
    ASSERT_TRUE(d.has_value());
    EXPECT_EQ(d->probability(2), dice::Probability(1, 3));
    auto b = ev.distribution(rs.find("both")->index);
    ASSERT_TRUE(b.has_value());
    EXPECT_EQ(b->min(), 3);
    EXPECT_EQ(b->max(), 18);
    EXPECT_EQ(b->probability(18), dice::Probability(1, 216));
  }
  // A die already thrown is read from the situation: one certain value.
  const Situation thrown = testing::situation(rs, {{"self.arm", "infantry"}, {"flee.d6", "4"}});
  Evaluator ev(rs, thrown);
  EXPECT_TRUE(ev.unset_rolled_givens(rs.find("flee_distance")->index).empty());
  auto d = ev.distribution(rs.find("flee_distance")->index);
  ASSERT_TRUE(d.has_value());
  EXPECT_EQ(d->probability(4), dice::Probability(1));
}

// Dice that can throw outside the given's type are refused when loaded.
TEST(RolledGivens, DiceMustFitTheType) {
  auto l = load_text(header + "given d : int 1..6 rolled \"D6+2\"\n");
  EXPECT_FALSE(l->rs.has_value());
  EXPECT_EQ(l->count("rules.type.out-of-range"), 1u) << l->messages();
  auto bad = load_text(header + "given d : int 1..6 rolled \"D\"\n");
  EXPECT_EQ(bad->count("rules.dice.invalid"), 1u) << bad->messages();
}

// Sabreur-hex § Manœuvres: pursuit "1 D3 cases pour l'infanterie formée en
// colonne", "(1 D6 +2) cases pour la cavalerie légère"; flight "1 D6 cases
// pour l'infanterie".
TEST(RolledGivens, SabreurPursuitAndFlight) {
  auto loaded = testing::load_corpus("sabreur-hex");
  ASSERT_TRUE(loaded->rs) << loaded->messages();
  const Ruleset& rs = *loaded->rs;
  auto dist = [&](const std::string& value, const std::map<std::string, std::string>& g) {
    const Situation s = testing::situation(rs, g);
    Evaluator ev(rs, s);
    auto d = ev.distribution(rs.find(value)->index);
    if (!d) throw std::runtime_error(ev.error() ? ev.error()->message : "no distribution");
    return *d;
  };
  const auto column =
      dist("pursuit_distance", {{"self.type", "line_infantry"}, {"self.formation", "column"}});
  EXPECT_EQ(column.min(), 1);
  EXPECT_EQ(column.max(), 3);
  EXPECT_EQ(column.probability(3), dice::Probability(1, 3));
  const auto light =
      dist("pursuit_distance", {{"self.type", "light_cavalry"}, {"self.formation", "line"}});
  EXPECT_EQ(light.min(), 3);
  EXPECT_EQ(light.max(), 8);
  const auto foot = dist("flee_distance", {{"self.type", "line_infantry"}});
  EXPECT_EQ(foot.min(), 1);
  EXPECT_EQ(foot.max(), 6);
  EXPECT_EQ(foot.mean(), dice::Probability(7, 2));
}

}  // namespace
}  // namespace umpire::rules
