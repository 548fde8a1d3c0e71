// The legal twins of the fail logs (replays/<ruleset>/twins/): each stays
// just inside the rule its fail_ twin breaks, and checks clean. A twin is
// named after its fail log without the prefix (twins/turn_alternate.ulog
// beside fail/fail_turn_alternate.ulog), so that a check which refuses too
// much is seen as surely as one that refuses too little.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>

#include "engine/core/diagnostic_render.hpp"
#include "engine/rulesets/registry.hpp"
#include "tests/engine/golden_replay.hpp"

namespace umpire::test {
namespace {

std::vector<std::filesystem::path> twins(const std::string& ruleset) {
  const auto dir = replays_dir(*rulesets::find(ruleset)) / "twins";
  std::vector<std::filesystem::path> out;
  for (const auto& e : std::filesystem::directory_iterator(dir))
    if (e.path().extension() == ".ulog") out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

class Twins : public ::testing::TestWithParam<std::string> {};

TEST_P(Twins, EveryTwinChecksClean) {
  const auto logs = twins(GetParam());
  ASSERT_FALSE(logs.empty());
  for (const auto& p : logs) {
    SCOPED_TRACE(p.filename().string());
    auto r = replay_file(p);
    // A twin of a muster rule may hold only its rosters, which are checked
    // (mustered) with nothing to replay.
    ASSERT_TRUE(r->result.replayed || r->result.mustered) << render_text(r->sources, r->diags);
    ASSERT_FALSE(r->result.input_errors()) << render_text(r->sources, r->diags);
    EXPECT_EQ(r->diags.count(Severity::error), 0u) << render_text(r->sources, r->diags);
    EXPECT_EQ(r->result.replay.violations, 0u);
  }
}

TEST_P(Twins, EveryTwinHasItsFailLog) {
  const auto fail_dir = replays_dir(*rulesets::find(GetParam())) / "fail";
  for (const auto& p : twins(GetParam()))
    EXPECT_TRUE(std::filesystem::exists(fail_dir / ("fail_" + p.filename().string())))
        << p.filename() << " has no fail_ twin in " << fail_dir;
}

// The test name of a ruleset ("hail-caesar" -> hail_caesar).
std::string ruleset_test_name(const ::testing::TestParamInfo<std::string>& param) {
  std::string name = param.param;
  std::replace(name.begin(), name.end(), '-', '_');
  return name;
}

INSTANTIATE_TEST_SUITE_P(Rulesets, Twins,
                         ::testing::Values("sabreur-hex", "hail-caesar", "hail-caesar-hyw", "wab"),
                         ruleset_test_name);

}  // namespace
}  // namespace umpire::test
