// `umpire simulate --ruleset wab` (engine/rulesets/wab/simulate/): for
// several wab_seeds the simulated game checks with no violation through the
// same pipeline as `umpire check`, one seed gives the same bytes, and the
// games hold moves, shots, saves, charges, combats, break tests, flights
// and pursuits; a die changed in a game is caught.
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "tests/engine/simulated_game_support.hpp"

namespace umpire {
namespace {

using test::check;
using test::Checked;
using test::simulate;
using test::Simulated;
using test::statements;

constexpr std::uint32_t wab_turns = 5;
constexpr std::uint64_t wab_seeds[] = {1, 2, 7, 42};

TEST(WabSimulate, CheckWithNoViolation) {
  for (const std::uint64_t seed : wab_seeds) {
    SCOPED_TRACE(::testing::Message() << "seed " << seed);
    const Simulated game = simulate("wab", seed, wab_turns);
    ASSERT_FALSE(game.text.empty()) << game.errors;
    const Checked c = check("wab", game.text);
    EXPECT_TRUE(c.result.replayed) << c.messages;
    EXPECT_EQ(c.result.replay.violations, 0u) << c.messages << game.text;
    EXPECT_EQ(c.errors, 0u) << c.messages;
    // The armies pass the ruleset's muster.
    EXPECT_TRUE(c.result.mustered);
    EXPECT_EQ(c.result.muster.breaches, 0u) << c.messages;
  }
}

TEST(WabSimulate, SameSeedSameBytes) {
  for (const std::uint64_t seed : {3u, 11u}) {
    const Simulated a = simulate("wab", seed, 2);
    const Simulated b = simulate("wab", seed, 2);
    ASSERT_FALSE(a.text.empty()) << a.errors;
    EXPECT_EQ(a.text, b.text);
  }
  EXPECT_NE(simulate("wab", 3, 2).text, simulate("wab", 4, 2).text);
}

// Over the wab_seeds, the games move units, shoot and save, charge and answer
// charges, fight rounds to their results and break tests, and broken
// units flee and are pursued.
TEST(WabSimulate, PlayTheTurns) {
  std::map<std::string, int> total;
  for (const std::uint64_t seed : wab_seeds) {
    const Simulated game = simulate("wab", seed, wab_turns);
    for (const auto& [verb, n] : statements(game.text)) total[verb] += n;
    EXPECT_NE(game.text.find("turn " + std::to_string(wab_turns) + " blue"), std::string::npos);
  }
  for (const char* verb : {"move", "shoot", "save", "charge", "respond", "combat", "attack",
                           "result", "test", "flee", "pursue"})
    EXPECT_GT(total[verb], 0) << verb;
}

// A die changed in a simulated game is caught: the check recomputes the
// outcomes the simulator wrote. A passed break test thrown again as a
// double 6 fails on any Leadership the charts give.
TEST(WabSimulate, AChangedDieIsCaught) {
  // The first passed break test of the games of the first seeds, played
  // longer (break tests passed are rare: most combats end in one round),
  // thrown 6,6 instead: a fail.
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    const Simulated game = simulate("wab", seed, 8);
    for (std::size_t at = game.text.find(" break 2d6="); at != std::string::npos;
         at = game.text.find(" break 2d6=", at + 1)) {
      const std::size_t end = game.text.find('\n', at);
      if (game.text.substr(at, end - at).find("=> pass") == std::string::npos) continue;
      std::string changed = game.text;
      changed.replace(at + 11, 3, "6,6");
      const Checked c = check("wab", changed);
      EXPECT_GT(c.result.replay.violations, 0u) << c.messages;
      return;
    }
  }
  FAIL() << "no passed break test in these games: the simulator no longer plays one";
}

}  // namespace
}  // namespace umpire
