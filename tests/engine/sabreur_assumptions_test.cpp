// The data's `assume` items claim what no game reaches, and the verifier
// leaves out every situation that breaks one. The engine checks them on
// every situation it evaluates (engine/rules/assumption_watch.hpp): every
// recorded and simulated Sabreur-hex game must meet every assumption of the
// shipped data, and a false assumption planted in a copy of the data must
// be caught on the first game that breaks it.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "engine/rules/assumption_watch.hpp"
#include "engine/run/run.hpp"
#include "tests/engine/sabreur_simulated_game.hpp"
#include "tests/slowdown.hpp"
#include "tests/support/paths.hpp"

namespace umpire::sabreur {
namespace {

std::string read_all(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string breaches_text(const rules::AssumptionWatch& w) {
  std::string out;
  for (const rules::AssumptionBreach& b : w.breaches())
    out += fmt::format("  {}: {}\n", b.assumption, b.situation);
  return out;
}

// Replays a log file with the rules data at `rules_file` (empty: the shipped
// data) under the current watch.
void replay_file(const std::filesystem::path& log, const std::filesystem::path& rules_file = {}) {
  SourceManager sources;
  DiagnosticEngine diags(0);
  std::string error;
  auto file = sources.load(log, error);
  ASSERT_TRUE(file) << error;
  run::RunOptions options;
  options.rules_file = rules_file;
  const run::RunResult r = run::run_log(sources, *file, diags, options);
  ASSERT_TRUE(r.replayed) << log;
}

std::vector<std::filesystem::path> recorded_games() {
  std::vector<std::filesystem::path> out;
  for (const auto& e :
       std::filesystem::directory_iterator(test::source_dir() / "replays/sabreur-hex")) {
    if (e.path().extension() == ".ulog") out.push_back(e.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

TEST(AssumptionWatch, ReplayedGamesMeetTheDataAssumptions) {
  rules::AssumptionWatch watch;
  for (const auto& game : recorded_games()) replay_file(game);
  for (std::uint64_t seed = 1; seed <= umpire::testing::cases(12, 3); ++seed) {
    const testing::CheckedLog r = testing::check_log(testing::simulated_log(seed, 6));
    EXPECT_TRUE(r.replayed) << "seed " << seed << ": " << r.messages;
  }
  EXPECT_TRUE(watch.breaches().empty()) << "the games break assumptions of the data:\n"
                                        << breaches_text(watch);
  // The shipped data has assumptions, and the games answer them.
  EXPECT_GT(watch.checked(), 0U);
  RecordProperty("assumptions_checked", std::to_string(watch.checked()));
}

TEST(AssumptionWatch, AFalseAssumptionIsCaughtOnTheGamesThatBreakIt) {
  // A copy of the shipped data claiming that no unit is ever panicked: the
  // recorded games panic units, so the watch must see the claim broken.
  const std::filesystem::path data = test::corpus_dir() / "sabreur-hex.rules";
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / fmt::format("umpire-assume-{}", ::getpid());
  std::filesystem::create_directories(dir);
  const std::filesystem::path planted = dir / "sabreur-hex.rules";
  {
    std::ofstream out(planted, std::ios::binary);
    out << read_all(data)
        << "\nassume never_panicked ref \"002_87c3dc452f850204.txt § Test moral\" : not "
           "self.panicked\n";
  }
  rules::AssumptionWatch watch;
  for (const auto& game : recorded_games()) replay_file(game, planted);
  std::filesystem::remove_all(dir);
  EXPECT_GT(watch.checked(), 0U);
  bool caught = false;
  for (const rules::AssumptionBreach& b : watch.breaches()) {
    caught = caught || (b.assumption == "never_panicked" &&
                        b.situation.find("self.panicked = true") != std::string::npos);
  }
  EXPECT_TRUE(caught) << "no breach of 'never_panicked' in:\n" << breaches_text(watch);
}

}  // namespace
}  // namespace umpire::sabreur
