// Golden replays of every ruleset with an engine (replays/<ruleset>/): every
// recorded game checks clean and keeps its state-hash sequence (first
// divergent event reported); replaying twice gives the same hashes; every
// `fail_` log gives exactly the diagnostics written inside it and breaks one
// named rule, every check is broken by one; docs/checks.md is the check
// tables of the registry. Sabreur-hex's own: sabreur_golden_test.cpp.
//
// UMPIRE_UPDATE_GOLDEN=1 rewrites the .hashes files after an intended change.
#include <gtest/gtest.h>

#include <cstdlib>
#include <map>
#include <set>
#include <sstream>

#include "engine/core/diagnostic_render.hpp"
#include "engine/core/write_file.hpp"
#include "engine/rulesets/registry.hpp"
#include "tests/engine/golden_replay.hpp"
#include "tests/log/expectations.hpp"
#include "tests/slowdown.hpp"
#include "tests/support/paths.hpp"

namespace umpire::test {
namespace {

TEST(EngineGolden, EveryEngineHasRecordedGamesAndFailLogs) {
  const auto engines = rulesets_with_engine();
  ASSERT_FALSE(engines.empty());
  for (const rulesets::RulesetEntry* ruleset : engines) {
    SCOPED_TRACE(ruleset->id);
    EXPECT_FALSE(recorded_games(*ruleset).empty())
        << "no recorded game with its .hashes in " << replays_dir(*ruleset);
    EXPECT_FALSE(fail_logs(*ruleset).empty())
        << "no fail_ log in " << replays_dir(*ruleset) / "fail";
    EXPECT_NE(ruleset->checks, nullptr);
  }
}

TEST(EngineGolden, EveryRecordedGameFollowsTheRules) {
  for (const rulesets::RulesetEntry* ruleset : rulesets_with_engine()) {
    for (const auto& game : recorded_games(*ruleset)) {
      SCOPED_TRACE(game.filename().string());
      auto r = replay_file(game);
      ASSERT_TRUE(r->result.replayed) << render_text(r->sources, r->diags);
      EXPECT_EQ(r->diags.count(Severity::error), 0u) << render_text(r->sources, r->diags);
      EXPECT_EQ(r->result.replay.violations, 0u);
    }
  }
}

// Each recorded game keeps its state-hash sequence; the first line that
// differs names the event an engine change altered.
TEST(EngineGolden, HashSequenceIsStable) {
  const bool update = [] {
    const char* v = std::getenv("UMPIRE_UPDATE_GOLDEN");
    return v && std::string(v) == "1";
  }();
  for (const rulesets::RulesetEntry* ruleset : rulesets_with_engine()) {
    for (const auto& game : recorded_games(*ruleset)) {
      SCOPED_TRACE(game.filename().string());
      auto r = replay_file(game);
      ASSERT_TRUE(r->result.replayed);
      const std::string actual = hash_lines(r->result);
      std::filesystem::path golden = game;
      golden.replace_extension(".hashes");
      if (update) {
        ASSERT_TRUE(write_file(golden, actual).empty());
      }
      const std::string expected = read_file(golden);
      ASSERT_FALSE(expected.empty()) << golden << " is empty; run with UMPIRE_UPDATE_GOLDEN=1";
      std::istringstream a(actual), e(expected);
      std::string la, le;
      int line = 0;
      bool diverged = false;
      while (!diverged && std::getline(e, le)) {
        ++line;
        if (!std::getline(a, la)) {
          ADD_FAILURE() << "the replay ends before golden line " << line << ": " << le;
          diverged = true;
        } else if (la != le) {
          ADD_FAILURE()
              << "first divergent event at golden line " << line << "\n  golden: " << le
              << "\n  now:    " << la
              << "\n(an engine change alters this replay; if intended, UMPIRE_UPDATE_GOLDEN=1)";
          diverged = true;
        }
      }
      if (!diverged) {
        EXPECT_FALSE(std::getline(a, la))
            << "the replay has more events than the golden file: " << la;
      }
    }
  }
}

TEST(EngineGolden, ReplayingTwiceGivesTheSameHashes) {
  for (const rulesets::RulesetEntry* ruleset : rulesets_with_engine()) {
    for (const auto& game : recorded_games(*ruleset)) {
      SCOPED_TRACE(game.filename().string());
      auto first = replay_file(game);
      auto second = replay_file(game);
      ASSERT_EQ(first->result.replay.events.size(), second->result.replay.events.size());
      for (std::size_t i = 0; i < first->result.replay.events.size(); ++i)
        EXPECT_EQ(first->result.replay.events[i].hash, second->result.replay.events[i].hash)
            << "event " << i + 1;
      EXPECT_EQ(render_text(first->sources, first->diags),
                render_text(second->sources, second->diags));
    }
  }
}

// `umpire check` hashes the final state only: the state the engine keeps
// up to date since deployment, hashed once, gives the hash the sequence
// ends on.
TEST(EngineGolden, AVerdictEndsOnTheSequencesLastHash) {
  for (const rulesets::RulesetEntry* ruleset : rulesets_with_engine()) {
    std::vector<std::filesystem::path> logs = recorded_games(*ruleset);
    const std::vector<std::filesystem::path> fails = fail_logs(*ruleset);
    const auto taken = static_cast<std::ptrdiff_t>(umpire::testing::cases(20, 3));
    logs.insert(logs.end(), fails.begin(),
                fails.begin() + std::min<std::ptrdiff_t>(std::ssize(fails), taken));
    for (const auto& game : logs) {
      SCOPED_TRACE(game.filename().string());
      auto every = replay_file(game);
      // A roster alone is mustered and not replayed (docs/engine.md § Muster).
      if (!every->result.replayed) continue;
      auto verdict = replay_file(game, replay::ReplayMode::follow_log, false);
      const auto& events = every->result.replay.events;
      ASSERT_EQ(verdict->result.replay.events.size(), events.size());
      for (const replay::EventRecord& e : verdict->result.replay.events)
        EXPECT_FALSE(e.hash.has_value());
      ASSERT_FALSE(events.empty());
      EXPECT_EQ(every->result.replay.final_hash, events.back().hash.value());
      EXPECT_EQ(verdict->result.replay.final_hash, events.back().hash.value());
      EXPECT_EQ(verdict->result.replay.violations, every->result.replay.violations);
      EXPECT_EQ(render_text(verdict->sources, verdict->diags),
                render_text(every->sources, every->diags));
    }
  }
}

TEST(EngineGolden, FailLogsGiveTheirExpectedDiagnostics) {
  for (const rulesets::RulesetEntry* ruleset : rulesets_with_engine()) {
    // One SourceManager and one load of the rules data for all of them, as
    // `umpire check fail/*.ulog` does; each log has its own diagnostics.
    SourceManager sources;
    run::RulesCache cache;
    for (const auto& p : fail_logs(*ruleset)) {
      SCOPED_TRACE(p.filename().string());
      EXPECT_EQ(p.filename().string().rfind("fail_", 0), 0u) << "files here are named fail_*.ulog";
      std::string error;
      auto file = sources.load(p, error);
      ASSERT_TRUE(file) << error;
      DiagnosticEngine diags(0);
      run::RunOptions options;
      options.rules_cache = &cache;
      run::run_log(sources, *file, diags, options);
      const auto expected = log::testing::read_expectations(read_file(p));
      ASSERT_FALSE(expected.empty()) << "a fail_ log writes the diagnostics it expects";
      EXPECT_EQ(log::testing::compare(expected, sources, diags), "") << render_text(sources, diags);
    }
  }
}

// Issue 5: each fail_ log breaks one named rule (one check id of
// docs/checks.md among its expected errors), and every check of an engine
// is exercised by some fail_ log.
TEST(EngineGolden, EveryCheckIsExercisedByAFailLog) {
  for (const rulesets::RulesetEntry* ruleset : rulesets_with_engine()) {
    SCOPED_TRACE(ruleset->id);
    ASSERT_NE(ruleset->checks, nullptr);
    std::set<std::string> exercised;
    for (const auto& p : fail_logs(*ruleset)) {
      SCOPED_TRACE(p.filename().string());
      std::set<std::string> named;
      for (const auto& e : log::testing::read_expectations(read_file(p)))
        if (e.severity == Severity::error && ruleset->checks->find(e.id)) named.insert(e.id);
      EXPECT_EQ(named.size(), 1u) << "a fail_ log breaks exactly one named rule";
      exercised.insert(named.begin(), named.end());
    }
    for (const replay::CheckInfo& c : ruleset->checks->all())
      EXPECT_TRUE(exercised.count(std::string(c.id)))
          << c.id << " is exercised by no fail_ log in " << replays_dir(*ruleset) / "fail";
  }
}

TEST(EngineGolden, ChecksDocumentIsTheCheckTables) {
  EXPECT_EQ(read_file(source_dir() / "docs/checks.md"), rulesets::checks_markdown())
      << "regenerate with: umpire check --list-checks > docs/checks.md";
}

TEST(EngineGolden, EveryCheckCitesASectionOfTheRuleText) {
  const auto texts = rule_texts();
  if (!texts) GTEST_SKIP() << no_rule_texts;
  std::map<std::string_view, std::string> text_of;
  for (const rulesets::RulesetEntry* ruleset : rulesets_with_engine()) {
    for (const replay::CheckInfo& c : ruleset->checks->all()) {
      auto [it, first] = text_of.try_emplace(c.file);
      if (first) it->second = read_file(*texts / c.file);
      const std::string& text = it->second;
      ASSERT_FALSE(text.empty()) << (*texts / c.file);
      EXPECT_NE(text.find(std::string(c.section)), std::string::npos)
          << c.id << " cites a missing section";
    }
  }
}

}  // namespace
}  // namespace umpire::test
