// `umpire simulate` for Hail Caesar and its Hundred Years War variant
// (engine/rulesets/hail_caesar/simulate/, hail_caesar_hyw/simulate/): for
// several seeds the simulated game checks with no violation through the
// same pipeline as `umpire check`, the HYW armies pass their muster, one
// seed gives the same bytes, and the games hold orders, moves, shots,
// saves, charges and combats.
#include <gtest/gtest.h>

#include <map>

#include "tests/engine/simulated_game_support.hpp"

namespace umpire {
namespace {

constexpr std::uint32_t test_turns = 4;
constexpr std::uint64_t seeds[] = {1, 2, 7, 42, 1234567};

using test::check;
using test::Checked;
using test::simulate;
using test::Simulated;
using test::statements;

class SimulatedGames : public ::testing::TestWithParam<std::string_view> {};

TEST_P(SimulatedGames, CheckWithNoViolation) {
  for (const std::uint64_t seed : seeds) {
    SCOPED_TRACE(::testing::Message() << GetParam() << " seed " << seed);
    const Simulated game = simulate(GetParam(), seed, test_turns);
    ASSERT_FALSE(game.text.empty()) << game.errors;
    const Checked c = check(GetParam(), game.text);
    EXPECT_TRUE(c.result.replayed) << c.messages;
    EXPECT_EQ(c.result.replay.violations, 0u) << c.messages << game.text;
    EXPECT_EQ(c.errors, 0u) << c.messages;
    if (GetParam() == "hail-caesar-hyw") {
      EXPECT_TRUE(c.result.mustered);
      EXPECT_EQ(c.result.muster.breaches, 0u) << c.messages;
    }
  }
}

TEST_P(SimulatedGames, SameSeedSameBytes) {
  for (const std::uint64_t seed : {3u, 11u}) {
    const Simulated a = simulate(GetParam(), seed, 2);
    const Simulated b = simulate(GetParam(), seed, 2);
    ASSERT_FALSE(a.text.empty()) << a.errors;
    EXPECT_EQ(a.text, b.text);
  }
  EXPECT_NE(simulate(GetParam(), 3, 2).text, simulate(GetParam(), 4, 2).text);
}

// Over the seeds, the games order units, move them and their commanders,
// shoot and save, charge, answer charges with closing shots and fight
// rounds to their break tests, and end with an `end` line.
TEST_P(SimulatedGames, PlayTheTurns) {
  std::map<std::string, int> total;
  int closing_shots = 0;
  for (const std::uint64_t seed : seeds) {
    const Simulated game = simulate(GetParam(), seed, test_turns);
    for (const auto& [verb, n] : statements(game.text)) total[verb] += n;
    if (game.text.find(" closing-shots hit ") != std::string::npos) ++closing_shots;
    EXPECT_NE(game.text.find("\nend "), std::string::npos);
    EXPECT_NE(game.text.find("turn " + std::to_string(test_turns) + " east"), std::string::npos);
  }
  EXPECT_GT(total["order"], 0);
  EXPECT_GT(total["move"], 0);
  EXPECT_GT(total["shoot"], 0);
  EXPECT_GT(total["save"], 0);
  EXPECT_GT(total["charge"], 0);
  EXPECT_GT(total["respond"], 0);
  EXPECT_GT(closing_shots, 0);
  EXPECT_GT(total["combat"], 0);
  EXPECT_GT(total["attack"], 0);
  EXPECT_GT(total["result"], 0);
  EXPECT_GT(total["test"], 0);
}

// A die changed in a simulated game is caught: the check recomputes the
// outcomes the simulator wrote.
TEST_P(SimulatedGames, AChangedDieIsCaught) {
  const Simulated game = simulate(GetParam(), 5, 3);
  const std::size_t order = game.text.find("2d6=");
  ASSERT_NE(order, std::string::npos);
  std::string changed = game.text;
  // Both dice of the first order test to 6: a blunder the log does not write.
  const std::size_t faces = order + 4;
  changed.replace(faces, 3, "6,6");
  if (changed == game.text) GTEST_SKIP() << "the first order already threw a double 6";
  const Checked c = check(GetParam(), changed);
  EXPECT_GT(c.result.replay.violations, 0u) << c.messages;
}

// Seeds whose games once broke the check: a unit of a broken division that
// fails its order owes a free move towards the nearest table edge (000
// § Unité d'une division démoralisée), and a "Fuyez !" blunder's wound that
// breaks a unit owes its removal (§ D6 Fiasco de commandement). The games
// check clean and write both.
TEST(SimulatedHailCaesar, FreeMovesAndBlunderWoundsAreWritten) {
  bool free_move = false, removed_after_blunder = false;
  for (const std::uint64_t seed : {401u, 920u, 1002u}) {
    SCOPED_TRACE(::testing::Message() << "seed " << seed);
    const Simulated game = simulate("hail-caesar", seed, 6);
    ASSERT_FALSE(game.text.empty()) << game.errors;
    const Checked c = check("hail-caesar", game.text);
    EXPECT_EQ(c.result.replay.violations, 0u) << c.messages << game.text;
    free_move = free_move || game.text.find("=> moves 0\n    move u") != std::string::npos;
    removed_after_blunder =
        removed_after_blunder ||
        game.text.find("=> result blunder-flee\n    remove u") != std::string::npos;
  }
  EXPECT_TRUE(free_move);
  EXPECT_TRUE(removed_after_blunder);
}

INSTANTIATE_TEST_SUITE_P(HailCaesar, SimulatedGames,
                         ::testing::Values(std::string_view("hail-caesar"),
                                           std::string_view("hail-caesar-hyw")),
                         [](const auto& param_info) {
                           return param_info.param == "hail-caesar"
                                      ? std::string("HailCaesar")
                                      : std::string("HundredYearsWar");
                         });

}  // namespace
}  // namespace umpire
