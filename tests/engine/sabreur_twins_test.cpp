// The legal twins of the Sabreur-hex fail logs (replays/sabreur-hex/twins/):
// each stays just inside the rule its fail_ twin breaks, and checks clean.
// A twin is named after its fail log without the prefix
// (twins/turn_alternate.ulog beside fail/fail_turn_alternate.ulog), so that
// a check which refuses too much is seen as surely as one that refuses too
// little.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "engine/core/diagnostic_render.hpp"
#include "engine/rulesets/registry.hpp"
#include "tests/engine/golden_replay.hpp"

namespace umpire::test {
namespace {

std::vector<std::filesystem::path> twins() {
  const auto dir = replays_dir(*rulesets::find("sabreur-hex")) / "twins";
  std::vector<std::filesystem::path> out;
  for (const auto& e : std::filesystem::directory_iterator(dir))
    if (e.path().extension() == ".ulog") out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

TEST(SabreurTwins, EveryTwinChecksClean) {
  const auto logs = twins();
  ASSERT_FALSE(logs.empty());
  for (const auto& p : logs) {
    SCOPED_TRACE(p.filename().string());
    auto r = replay_file(p);
    ASSERT_TRUE(r->result.replayed) << render_text(r->sources, r->diags);
    EXPECT_EQ(r->diags.count(Severity::error), 0u) << render_text(r->sources, r->diags);
    EXPECT_EQ(r->result.replay.violations, 0u);
  }
}

TEST(SabreurTwins, EveryTwinHasItsFailLog) {
  const auto fail_dir = replays_dir(*rulesets::find("sabreur-hex")) / "fail";
  for (const auto& p : twins())
    EXPECT_TRUE(std::filesystem::exists(fail_dir / ("fail_" + p.filename().string())))
        << p.filename() << " has no fail_ twin in " << fail_dir;
}

}  // namespace
}  // namespace umpire::test
