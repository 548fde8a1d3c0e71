// The registry of the rulesets (engine/rulesets/registry.hpp): one entry per
// ruleset of the log format and per file of corpus/rulesets, each with what
// its hooks need; the pipeline finds a log's ruleset by the id lowering
// reads, so the two lists must agree.
#include "engine/rulesets/registry.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>

#include "engine/events/lower.hpp"
#include "tests/support/paths.hpp"

namespace umpire::test {
namespace {

TEST(Registry, EveryRulesetOfTheCorpusHasOneEntry) {
  std::set<std::string> files;
  for (const auto& entry : std::filesystem::directory_iterator(source_dir() / "corpus/rulesets"))
    if (entry.path().extension() == ".rules") files.insert(entry.path().filename().string());
  std::set<std::string> ids, registered;
  for (const rulesets::RulesetEntry* e : rulesets::all()) {
    EXPECT_TRUE(ids.insert(std::string(e->id)).second) << e->id << " is registered twice";
    registered.insert(std::string(e->data_file));
    EXPECT_EQ(rulesets::find(e->id), e);
    EXPECT_FALSE(e->display_name.empty()) << e->id;
  }
  EXPECT_EQ(files, registered);
  EXPECT_EQ(rulesets::find("no-such-ruleset"), nullptr);
}

TEST(Registry, TheLogFormatReadsEveryIdItRegisters) {
  for (const rulesets::RulesetEntry* e : rulesets::all()) {
    DiagnosticEngine diags(0);
    const std::string text = "ulog 1\nruleset " + std::string(e->id) + "\n";
    const auto battle = events::parse_and_lower(text, FileId{0}, {}, diags);
    ASSERT_TRUE(battle) << e->id;
    EXPECT_EQ(events::to_string(battle->header.ruleset), e->id);
  }
}

TEST(Registry, AnEngineComesWithItsChecksAndASimulatorWithItsEngine) {
  std::size_t engines = 0;
  for (const rulesets::RulesetEntry* e : rulesets::all()) {
    SCOPED_TRACE(e->id);
    if (e->engine) {
      ++engines;
      EXPECT_NE(e->checks, nullptr);
      EXPECT_NE(e->checks_markdown, nullptr);
    }
    if (e->simulator || e->witness_writer) {
      EXPECT_NE(e->engine, nullptr);
    }
  }
  EXPECT_GE(engines, 1u);
  EXPECT_FALSE(rulesets::names_with_engine().empty());
}

}  // namespace
}  // namespace umpire::test
