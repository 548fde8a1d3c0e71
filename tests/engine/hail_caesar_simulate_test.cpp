// `umpire simulate` for Hail Caesar and its Hundred Years War variant
// (engine/rulesets/hail_caesar/simulate/, hail_caesar_hyw/simulate/): for
// several seeds the simulated game checks with no violation through the
// same pipeline as `umpire check`, the HYW armies pass their muster, one
// seed gives the same bytes, and the games hold orders, moves, shots,
// saves, charges and combats.
#include <gtest/gtest.h>

#include <map>
#include <sstream>

#include "engine/core/diagnostic_render.hpp"
#include "engine/rules/loader.hpp"
#include "engine/rulesets/registry.hpp"
#include "engine/run/run.hpp"
#include "tests/support/paths.hpp"

namespace umpire {
namespace {

constexpr std::uint32_t test_turns = 4;
constexpr std::uint64_t seeds[] = {1, 2, 7, 42, 1234567};

struct Simulated {
  std::string text;
  std::string errors;  // diagnostics of a refused simulation
};

Simulated simulate(std::string_view ruleset, std::uint64_t seed, std::uint32_t turns) {
  const rulesets::RulesetEntry* entry = rulesets::find(ruleset);
  EXPECT_TRUE(entry && entry->engine && entry->simulator);
  if (!entry || !entry->engine || !entry->simulator) return {};
  SourceManager sources;
  DiagnosticEngine diags(0);
  rules::LoadOptions load;
  load.check_file_name = false;
  auto data = rules::load_ruleset(sources, test::corpus_dir() / entry->data_file, diags, load);
  EXPECT_TRUE(data) << render_text(sources, diags);
  if (!data) return {};
  auto bound = entry->engine->bind(*data, diags, {});
  EXPECT_TRUE(bound) << render_text(sources, diags);
  if (!bound) return {};
  rulesets::SimulateOptions options;
  options.seed = seed;
  options.turns = turns;
  const std::optional<std::string> text = entry->simulator->simulate(*bound, options, diags);
  return {text.value_or(""), render_text(sources, diags)};
}

struct Checked {
  run::RunResult result;
  std::size_t errors = 0;
  std::string messages;
};

Checked check(std::string_view ruleset, const std::string& text) {
  const rulesets::RulesetEntry* entry = rulesets::find(ruleset);
  SourceManager sources;
  DiagnosticEngine diags(0);
  const FileId file = sources.add("simulated.ulog", text);
  run::RunOptions options;
  options.rules_file = test::corpus_dir() / entry->data_file;
  Checked out;
  out.result = run::run_log(sources, file, diags, options);
  out.errors = diags.count(Severity::error);
  out.messages = render_text(sources, diags);
  return out;
}

// The statements of the game's turns, by keyword.
std::map<std::string, int> statements(const std::string& text) {
  std::map<std::string, int> out;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("    ", 0) != 0) continue;
    std::istringstream words(line);
    std::string verb;
    words >> verb;
    ++out[verb];
  }
  return out;
}

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
