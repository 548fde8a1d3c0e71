// Golden tests over the files in replays/: every example parses, lowers
// without errors and is in canonical form (fmt is idempotent on it); every
// `fail_` file produces exactly the diagnostics written inside it.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "engine/events/lower.hpp"
#include "grammar/log/parser.hpp"
#include "grammar/log/printer.hpp"
#include "tests/log/expectations.hpp"
#include "tests/support/paths.hpp"

namespace umpire::log {
namespace {

namespace fs = std::filesystem;

std::vector<fs::path> logs_under(const fs::path& dir, bool failing) {
  std::vector<fs::path> out;
  for (const auto& entry : fs::recursive_directory_iterator(dir)) {
    if (!entry.is_regular_file() || entry.path().extension() != ".ulog") continue;
    const bool is_fail = entry.path().filename().string().rfind("fail_", 0) == 0;
    // A legal twin of a fail log (replays/<ruleset>/twins/) shows one rule
    // in a turn or two; it is checked clean by its engine's tests, not kept
    // as an example game.
    if (entry.path().parent_path().filename() == "twins") continue;
    if (is_fail == failing) out.push_back(entry.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

const fs::path replays = umpire::test::source_dir() / "replays";

TEST(Golden, EveryRulesetHasAnExample) {
  for (const char* ruleset : {"hail-caesar", "hail-caesar-hyw", "wab", "sabreur-hex"}) {
    EXPECT_FALSE(logs_under(replays / ruleset, false).empty()) << ruleset;
  }
}

TEST(Golden, ExamplesParseLowerAndAreCanonical) {
  const auto files = logs_under(replays, false);
  ASSERT_GE(files.size(), 4u);
  for (const fs::path& path : files) {
    SCOPED_TRACE(path.string());
    SourceManager sources;
    std::string error;
    const auto file = sources.load(path, error);
    ASSERT_TRUE(file) << error;
    DiagnosticEngine diags;
    const ast::Log ast = parse_log(sources, *file, diags);
    ASSERT_FALSE(diags.has_errors());
    const events::Battle battle = events::lower(ast, {}, diags);
    EXPECT_FALSE(diags.has_errors());
    const bool has_profiles = std::any_of(battle.units.begin(), battle.units.end(),
                                          [](const events::Unit& u) { return !u.profile.empty(); });
    EXPECT_EQ(diags.count(Severity::not_checked), has_profiles ? 1u : 0u)
        << "profiles: not checked, once";
    EXPECT_FALSE(battle.units.empty());
    EXPECT_FALSE(battle.deployment.empty());
    std::set<std::uint32_t> turns;
    for (const events::Event e : battle.events()) turns.insert(e.turn());
    // Issue 3's examples have two complete turns; the full games more.
    ASSERT_GE(turns.size(), 2u) << "at least two complete turns";
    EXPECT_EQ(*turns.begin(), 1u);
    EXPECT_EQ(*turns.rbegin(), turns.size()) << "turns 1 to N, none missing";
    const std::string printed = print_log(ast);
    EXPECT_EQ(printed, sources.text(*file)) << "not canonical: run umpire fmt --in-place";
    DiagnosticEngine again;
    const FileId second = sources.add("printed", printed);
    EXPECT_EQ(print_log(parse_log(sources, second, again)), printed) << "fmt is not idempotent";
    EXPECT_FALSE(again.has_errors());
    // The streaming path (parse a line, lower it, drop it) agrees with the
    // whole-tree path: same events, same diagnostics.
    DiagnosticEngine streamed_diags;
    const auto streamed = events::parse_and_lower(sources.text(*file), *file, {}, streamed_diags);
    ASSERT_TRUE(streamed);
    EXPECT_EQ(streamed->events().size(), battle.events().size());
    EXPECT_EQ(streamed_diags.diagnostics().size(), diags.diagnostics().size());
  }
}

TEST(Golden, FailFilesReportExactlyTheirExpectations) {
  const auto files = logs_under(replays / "fail", true);
  ASSERT_GE(files.size(), 4u);
  for (const fs::path& path : files) {
    SCOPED_TRACE(path.string());
    SourceManager sources;
    std::string error;
    const auto file = sources.load(path, error);
    ASSERT_TRUE(file) << error;
    DiagnosticEngine diags(0);
    const ast::Log ast = parse_log(sources, *file, diags);
    if (!diags.has_errors()) events::lower(ast, {}, diags);
    const auto expected = testing::read_expectations(sources.text(*file));
    EXPECT_FALSE(expected.empty());
    EXPECT_EQ(testing::compare(expected, sources, diags), "");
  }
}

}  // namespace
}  // namespace umpire::log
