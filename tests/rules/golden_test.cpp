// Golden outputs of `umpire rules show` (describe_item) for items of the
// shipped rulesets: tests/rules/golden/RULESET.ITEM.txt. Run with
// UMPIRE_UPDATE_GOLDEN=1 to rewrite them after an intended change.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "engine/core/write_file.hpp"
#include "engine/rules/describe.hpp"
#include "tests/rules/test_support.hpp"

namespace umpire::rules {
namespace {

void check_golden(const std::string& ruleset, const std::string& item) {
  auto l = testing::load_corpus(ruleset);
  ASSERT_TRUE(l->rs.has_value()) << l->messages();
  auto ref = l->rs->find(item);
  ASSERT_TRUE(ref.has_value()) << item;
  const std::string actual = describe_item(*l->rs, *ref);
  const auto path =
      testing::source_dir() / "tests" / "rules" / "golden" / (ruleset + "." + item + ".txt");
  const char* update = std::getenv("UMPIRE_UPDATE_GOLDEN");
  if (update && *update == '1') {
    ASSERT_EQ(write_file(path, actual), "");
    return;
  }
  std::ifstream in(path, std::ios::binary);
  ASSERT_TRUE(in.good()) << "missing golden file " << path << " (run with UMPIRE_UPDATE_GOLDEN=1)";
  std::stringstream expected;
  expected << in.rdbuf();
  EXPECT_EQ(actual, expected.str()) << "rules show " << ruleset << " " << item;
}

TEST(RulesShowGolden, BreakTestChart) {
  check_golden("hail-caesar", "break_test_chart");
}
TEST(RulesShowGolden, BlunderChart) {
  check_golden("hail-caesar", "blunder_chart");
}
TEST(RulesShowGolden, ShootingModifiers) {
  check_golden("hail-caesar", "shooting_to_hit_mods");
}
TEST(RulesShowGolden, MoraleSaveModifiers) {
  check_golden("hail-caesar", "morale_save_mods");
}
TEST(RulesShowGolden, CommandTest) {
  check_golden("hail-caesar", "command_test");
}
TEST(RulesShowGolden, StackingSwitch) {
  check_golden("hail-caesar", "save_bonus_stacking");
}
// A switch that fills a gap names the gap it answers.
TEST(RulesShowGolden, GapSwitch) {
  check_golden("hail-caesar", "evade_distance");
}

}  // namespace
}  // namespace umpire::rules
