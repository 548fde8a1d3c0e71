// Semantic checks of the loader: each kind of bad input gets its own
// diagnostic, with a position, and never a crash.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "tests/rules/test_support.hpp"

namespace umpire::rules {
namespace {

using testing::load_text;

const std::string header = "ruleset demo \"Demo\"\nsource \"000_a44b407871cbdad9.txt\"\n";
const std::string base_header = "ruleset base \"Base\"\nsource \"000_a44b407871cbdad9.txt\"\n";

TEST(RulesLoader, CleanFileLoads) {
  auto l = load_text(header +
                     "domain troop_class { infantry, cavalry } ref \"TABLEAU DE PANIQUE\"\n"
                     "given unit.class : troop_class\n"
                     "value v : int 0..1 ref \"TABLEAU DE PANIQUE\" = cases { when unit.class == "
                     "cavalry => 1 else => 0 }\n");
  ASSERT_TRUE(l->rs.has_value()) << l->messages();
  EXPECT_EQ(l->diags.diagnostics().size(), 0u) << l->messages();
  EXPECT_EQ(l->rs->values.size(), 1u);
}

TEST(RulesLoader, UnknownDomainValue) {
  auto l = load_text(header +
                     "domain troop_class { infantry, cavalry } ref \"TABLEAU DE PANIQUE\"\n"
                     "given unit.class : troop_class\n"
                     "value v : bool ref \"TABLEAU DE PANIQUE\" = unit.class == cavalri\n");
  EXPECT_FALSE(l->rs.has_value());
  ASSERT_EQ(l->count("rules.name.unknown"), 1u) << l->messages();
  EXPECT_NE(l->messages().find("did you mean 'cavalry'"), std::string::npos) << l->messages();
}

// `fills` names a gap or erratum note: an unknown name or another kind of
// item is refused where it is written, with the notes it may have meant.
TEST(RulesLoader, ASwitchFillsAGapOrErratumNoteOnly) {
  const std::string items =
      "gap evade_move \"how far an evading unit moves\" ref \"TABLEAU DE PANIQUE\"\n"
      "erratum typo \"a misprint\" ref \"TABLEAU DE PANIQUE\"\n"
      "ambiguity two_ways \"a passage that reads two ways\" ref \"TABLEAU DE PANIQUE\"\n";
  auto sw = [](const std::string& fills) {
    return "switch s fills " + fills +
           " ref \"TABLEAU DE PANIQUE\" {\n  option a \"a\" ref \"TABLEAU DE PANIQUE\"\n"
           "  option b \"b\" ref \"TABLEAU DE PANIQUE\"\n  default a\n}\n";
  };
  auto good = load_text(header + items + sw("evade_move"));
  ASSERT_TRUE(good->rs.has_value()) << good->messages();
  ASSERT_EQ(good->rs->switches.size(), 1u);
  EXPECT_EQ(good->rs->switches[0].fills, std::optional<std::uint32_t>(0));
  auto erratum = load_text(header + items + sw("typo"));
  ASSERT_TRUE(erratum->rs.has_value()) << erratum->messages();
  EXPECT_EQ(erratum->rs->switches[0].fills, std::optional<std::uint32_t>(1));
  auto unknown = load_text(header + items + sw("evade_mov"));
  EXPECT_FALSE(unknown->rs.has_value());
  EXPECT_EQ(unknown->count("rules.name.unknown"), 1u) << unknown->messages();
  EXPECT_NE(unknown->messages().find("did you mean 'evade_move'"), std::string::npos)
      << unknown->messages();
  auto ambiguity = load_text(header + items + sw("two_ways"));
  EXPECT_FALSE(ambiguity->rs.has_value());
  EXPECT_EQ(ambiguity->count("rules.name.unknown"), 1u) << ambiguity->messages();
  EXPECT_NE(ambiguity->messages().find("a note of kind 'ambiguity', not a gap or erratum note"),
            std::string::npos)
      << ambiguity->messages();
}

// A chain of a million operands must be refused, not overflow the stack of
// every recursive pass over the model.
TEST(RulesLoader, OverlongChainsAreRefusedNotRecursedInto) {
  std::string sum = "1", disjunction = "true";
  for (int i = 0; i < 200000; ++i) {
    sum += " + 1";
    disjunction += " or true";
  }
  auto l = load_text(header + "value s : int 0..1000000 ref \"TABLEAU DE PANIQUE\" = " + sum +
                     "\n" + "value d : bool ref \"TABLEAU DE PANIQUE\" = " + disjunction + "\n");
  EXPECT_FALSE(l->rs.has_value());
  EXPECT_EQ(l->count("rules.syntax.too-long"), 2u) << l->messages();
}

TEST(RulesLoader, TypeMismatch) {
  auto l =
      load_text(header + "given a : bool\nvalue v : int 0..3 ref \"TABLEAU DE PANIQUE\" = a + 1\n");
  EXPECT_EQ(l->count("rules.type.mismatch"), 1u) << l->messages();
}

TEST(RulesLoader, DuplicateItem) {
  auto l = load_text(header + "given a : bool\ngiven a : bool\n");
  EXPECT_EQ(l->count("rules.name.duplicate"), 1u) << l->messages();
}

TEST(RulesLoader, DanglingReferenceAndCycle) {
  auto l = load_text(header +
                     "value a : int 0..9 ref \"TABLEAU DE PANIQUE\" = b + 1\n"
                     "value b : int 0..9 ref \"TABLEAU DE PANIQUE\" = a + 1\n"
                     "value c : int 0..9 ref \"TABLEAU DE PANIQUE\" = nowhere\n");
  EXPECT_EQ(l->count("rules.cycle"), 1u) << l->messages();
  EXPECT_EQ(l->count("rules.name.unknown"), 1u) << l->messages();
}

const std::string bad_citations = header +
                                  "given a : bool\n"
                                  "value v : int 0..9 ref \"No such heading\" = 1\n"
                                  "value w : int 0..9 ref \"999_missing.txt § Test\" = 1\n"
                                  "value x : int 0..9 = 1\n";

// The citation lint on a text of its own, so that it runs without the rule
// texts too.
TEST(RulesLoader, BadCitations) {
  const auto texts =
      std::filesystem::temp_directory_path() / ("umpire_texts_" + std::to_string(::getpid()));
  std::filesystem::create_directories(texts);
  std::ofstream(texts / "000_a44b407871cbdad9.txt") << "# TABLEAU DE PANIQUE\n";
  testing::Loaded l;
  LoadOptions options;
  options.check_file_name = false;
  options.texts_dir = texts;
  l.rs =
      load_ruleset(l.sources, l.sources.add("test.rules", bad_citations), texts, l.diags, options);
  std::filesystem::remove_all(texts);
  EXPECT_EQ(l.count("rules.ref.bad-section"), 1u) << l.messages();
  EXPECT_EQ(l.count("rules.ref.bad-file"), 1u) << l.messages();
  EXPECT_EQ(l.count("rules.ref.missing"), 1u) << l.messages();
}

// Without the texts (an optional input), a citation's file and section are
// not checked, and loading never fails on them; its form still is.
TEST(RulesLoader, WithoutTextsCitationsAreCheckedForFormOnly) {
  auto l = load_text(bad_citations, "test.rules", {}, /*lint=*/false);
  EXPECT_EQ(l->count("rules.ref.bad-section"), 0u) << l->messages();
  EXPECT_EQ(l->count("rules.ref.bad-file"), 0u) << l->messages();
  EXPECT_EQ(l->count("rules.ref.missing"), 1u) << l->messages();
}

// Every citation of the shipped rulesets names a text and a section of it:
// run whenever the rule texts are found, skipped (by name) without them.
class CorpusCitations : public ::testing::TestWithParam<std::string> {};

TEST_P(CorpusCitations, MatchTheRuleTexts) {
  const auto texts = umpire::test::rule_texts();
  if (!texts) GTEST_SKIP() << umpire::test::no_rule_texts;
  testing::Loaded l;
  LoadOptions options;
  options.texts_dir = *texts;
  l.rs = load_ruleset(l.sources, testing::corpus_dir() / (GetParam() + ".rules"), l.diags, options);
  EXPECT_TRUE(l.rs.has_value()) << l.messages();
  EXPECT_EQ(l.count("rules.ref.bad-file"), 0u) << l.messages();
  EXPECT_EQ(l.count("rules.ref.bad-section"), 0u) << l.messages();
}

INSTANTIATE_TEST_SUITE_P(Shipped, CorpusCitations,
                         ::testing::Values("hail-caesar", "hail-caesar-hyw", "wab", "sabreur-hex"),
                         [](const ::testing::TestParamInfo<std::string>& ruleset) {
                           std::string name = ruleset.param;
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

TEST(RulesLoader, TableGapsAndUnreachableRows) {
  auto l = load_text(
      header +
      "table t ref \"TABLEAU DE PANIQUE\" {\n  key score : int 1..6\n  column r : int 0..1\n"
      "  row 1..3 => 0\n  row 2 => 1\n  row 5 => 1\n}\n");
  EXPECT_EQ(l->count("rules.table.gap"), 1u) << l->messages();
  EXPECT_EQ(l->count("rules.table.unreachable-row"), 1u) << l->messages();
  EXPECT_NE(l->messages().find("score = 4"), std::string::npos) << l->messages();
}

TEST(RulesLoader, RowArityAndRanges) {
  auto l = load_text(header +
                     "table t partial ref \"TABLEAU DE PANIQUE\" {\n  key score : int 1..6\n  "
                     "column r : roll 2..6\n"
                     "  row 1 => 7+\n  row 2 => 3, 4\n  row 3 => 4\n}\n");
  EXPECT_EQ(l->count("rules.type.out-of-range"), 1u) << l->messages();
  EXPECT_EQ(l->count("rules.table.arity"), 1u) << l->messages();
  EXPECT_EQ(l->count("rules.type.mismatch"), 1u) << l->messages();  // 4 is not a roll
}

TEST(RulesLoader, BadDice) {
  auto l = load_text(header +
                     "test t ref \"Test d'ordre\" {\n  roll \"2x6\"\n  success at_least 4\n}\n");
  EXPECT_EQ(l->count("rules.dice.invalid"), 1u) << l->messages();
}

TEST(RulesLoader, ProfilesNeedEveryField) {
  auto l = load_text(header +
                     "record r ref \"TABLEAU DE PANIQUE\" {\n  a : int 0..5\n  b : int 0..5\n}\n"
                     "profile p : r ref \"TABLEAU DE PANIQUE\" {\n  a = 3\n}\n");
  EXPECT_EQ(l->count("rules.profile.missing-field"), 1u) << l->messages();
}

class VariantFiles : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() / ("umpire_rules_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  void write(const std::string& name, const std::string& text) {
    std::ofstream(dir_ / name) << text;
  }
  std::filesystem::path dir_;
};

TEST_F(VariantFiles, ExtendsOverrideRemoveAndIntentional) {
  write("base.rules", base_header +
                          "given a : int 0..9\n"
                          "value v : int 0..9 ref \"Test d'ordre\" = a\n"
                          "value w : int 0..9 ref \"Test d'ordre\" = v\n"
                          "modifiers m : int -3..3 ref \"Test d'ordre\" {\n  stage s {\n    x: "
                          "-1\n    y: +1\n  }\n}\n");
  auto l = load_text(
      "ruleset house \"House\"\nextends base\nsource \"000_a44b407871cbdad9.txt\"\n"
      "override value w : int 0..9 ref \"Test d'ordre\" = 3\n"
      "remove entry m.y ref \"Test d'ordre\"\n"
      "add entry m.s z: -2 ref \"Test d'ordre\"\n"
      "intentional w \"house rule\" ref \"Test d'ordre\"\n",
      "house.rules", dir_);
  ASSERT_TRUE(l->rs.has_value()) << l->messages();
  EXPECT_EQ(l->rs->differences.size(), 3u);
  EXPECT_EQ(l->count("rules.variant.undeclared-difference"), 2u)
      << l->messages();  // m changed twice
  EXPECT_EQ(testing::eval_stack(*l->rs, "m", 0, {}), -3);
  EXPECT_EQ(testing::eval_value(*l->rs, "w", {}), "3");
  EXPECT_EQ(l->rs->lineage, (std::vector<std::string>{"house", "base"}));
}

TEST_F(VariantFiles, RedefinitionRemovalDanglingAndUnusedIntentional) {
  write("base.rules", base_header +
                          "given a : int 0..9\nvalue v : int 0..9 ref \"Test d'ordre\" = a\n"
                          "value w : int 0..9 ref \"Test d'ordre\" = v\n");
  auto l = load_text(
      "ruleset house \"House\"\nextends base\nsource \"000_a44b407871cbdad9.txt\"\n"
      "value w : int 0..9 ref \"Test d'ordre\" = 1\n"
      "remove v ref \"Test d'ordre\"\n"
      "intentional v \"gone\" ref \"Test d'ordre\"\n"
      "intentional a \"not changed\"\n",
      "house.rules", dir_);
  EXPECT_FALSE(l->rs.has_value());
  EXPECT_EQ(l->count("rules.variant.redefinition"), 1u) << l->messages();
  EXPECT_EQ(l->count("rules.name.unknown"), 1u) << l->messages();  // w still uses v
  EXPECT_EQ(l->count("rules.variant.intentional-unused"), 1u) << l->messages();
}

TEST_F(VariantFiles, ExtendsCycleAndMissingBase) {
  write("one.rules", "ruleset one \"1\"\nextends two\n");
  write("two.rules", "ruleset two \"2\"\nextends one\n");
  auto l = load_text("ruleset one \"1\"\nextends two\n", "one.rules", dir_);
  EXPECT_FALSE(l->rs.has_value());
  EXPECT_EQ(l->count("rules.variant.cycle"), 1u) << l->messages();
  auto m = load_text("ruleset three \"3\"\nextends nowhere\n", "three.rules", dir_);
  EXPECT_EQ(m->count("rules.variant.unknown-base"), 1u) << m->messages();
}

TEST(RulesLoader, VariantOperationOutsideVariant) {
  auto l = load_text(header + "remove x\n");
  EXPECT_EQ(l->count("rules.variant.not-a-variant"), 1u) << l->messages();
}

}  // namespace
}  // namespace umpire::rules
