// `umpire verify --emit-log`: every finding of the shipped Sabreur-hex rules
// gets a log or a reason; every log parses, lowers and replays without a
// crash; the unit the engine lowers from it is the witness's unit; and a
// planted witness makes the engine report exactly the disagreement planted.
#include "verify/witness_log.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

#include "engine/events/lower.hpp"
#include "grammar/log/parser.hpp"
#include "tests/slowdown.hpp"
#include "tests/verify/verify_support.hpp"
#include "verify/witness_replay.hpp"

namespace umpire::verify {
namespace {

namespace fs = std::filesystem;

std::string witness_test_read(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The unit `w1` as lowering reads it from the log text.
std::optional<events::Unit> witness_test_unit(const std::string& text) {
  SourceManager sources;
  DiagnosticEngine diags(0);
  const FileId file = sources.add("witness.ulog", text);
  const log::ast::Log ast = log::parse_log(sources, file, diags);
  const events::Battle battle = events::lower(ast, {}, diags);
  for (const events::Unit& u : battle.units)
    if (u.id == "w1") return u;
  return std::nullopt;
}

class ShippedWitnessLogs : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    loaded_ = testing::load(testing::corpus_dir() / "sabreur-hex.rules").release();
    report_ = new Report(testing::verify(*loaded_));
    dir_ =
        new fs::path(fs::temp_directory_path() / fmt::format("umpire-witness-logs-{}", ::getpid()));
    fs::remove_all(*dir_);
    emitted_ = emit_witness_logs(*report_, *dir_);
  }
  static void TearDownTestSuite() {
    fs::remove_all(*dir_);
    delete dir_;
    delete report_;
    delete loaded_;
  }
  static testing::Loaded* loaded_;
  static Report* report_;
  static fs::path* dir_;
  static EmitLogResult emitted_;
};
testing::Loaded* ShippedWitnessLogs::loaded_ = nullptr;
Report* ShippedWitnessLogs::report_ = nullptr;
fs::path* ShippedWitnessLogs::dir_ = nullptr;
EmitLogResult ShippedWitnessLogs::emitted_;

// One test for the four questions: verifying the data and writing its logs
// is the costly part, and each test runs in a process of its own.
TEST_F(ShippedWitnessLogs, EveryLogReplaysAndReproducesItsWitness) {
  {  // every finding has a log or says why not
    SCOPED_TRACE("EveryFindingHasALogOrSaysWhyNot");
    ASSERT_TRUE(emitted_.error.empty()) << emitted_.error;
    EXPECT_GE(emitted_.written, 10U) << testing::dump(*report_);
    EXPECT_EQ(emitted_.written + emitted_.refused, report_->findings.size());
    for (const Finding& f : report_->findings) {
      const bool log = f.log.starts_with("log ");
      EXPECT_TRUE(log || f.log.starts_with("no log: ")) << f.id << ": " << f.log;
      const fs::path path = *dir_ / witness_log(f).file_name;
      EXPECT_EQ(log, fs::exists(path)) << f.id;
    }
  }
  {  // every log parses lowers and replays without a crash
    SCOPED_TRACE("EveryLogParsesLowersAndReplaysWithoutACrash");
    std::vector<fs::path> logs;
    for (const auto& entry : fs::directory_iterator(*dir_)) logs.push_back(entry.path());
    std::sort(logs.begin(), logs.end());
    EXPECT_EQ(logs.size(), emitted_.written);
    logs.resize(umpire::testing::cases(logs.size(), 6));
    std::size_t replayed = 0;
    for (const fs::path& log : logs) {
      const std::string text = witness_test_read(log);
      const WitnessReplay r = replay_witness_log_isolated(log.string(), text);
      EXPECT_EQ(r.crash_signal, 0) << log << " crashes the engine";
      if (r.crash_signal != 0) continue;
      EXPECT_TRUE(r.parsed) << log;
      EXPECT_TRUE(r.replayed) << log << ": " << fmt::format("{}", fmt::join(r.reports, "\n"));
      replayed += r.replayed ? 1 : 0;
    }
    EXPECT_EQ(replayed, logs.size());
  }
  {  // the lowered unit is the witness unit
    SCOPED_TRACE("TheLoweredUnitIsTheWitnessUnit");
    for (const Finding& f : report_->findings) {
      if (!f.log.starts_with("log ")) continue;
      const auto w = parse_witness(f.witness);
      const auto unit = witness_test_unit(witness_test_read(*dir_ / witness_log(f).file_name));
      ASSERT_TRUE(unit) << f.id;
      if (w.contains("self.type")) {
        EXPECT_EQ(unit->profile, w.at("self.type")) << f.id;
      }
      if (w.contains("self.quality")) {
        EXPECT_EQ(unit->quality, w.at("self.quality")) << f.id;
      }
      if (w.contains("self.formation")) {
        EXPECT_EQ(unit->formation, w.at("self.formation")) << f.id;
      }
      if (w.contains("self.command_factor")) {
        EXPECT_EQ(unit->command, std::stoll(w.at("self.command_factor"))) << f.id;
      }
      if (w.contains("self.strength")) {
        EXPECT_EQ(unit->strength, std::stoll(w.at("self.strength"))) << f.id;
      }
    }
  }
  {  // morale logs show the witness command in the engines breakdown
    SCOPED_TRACE("MoraleLogsShowTheWitnessCommandInTheEnginesBreakdown");
    std::size_t morale = 0;
    for (const Finding& f : report_->findings) {
      if (!f.log.starts_with("log ") || f.log.find("a morale test") == std::string::npos) continue;
      ++morale;
      const auto w = parse_witness(f.witness);
      ASSERT_TRUE(w.contains("self.command_factor")) << f.id;
      // The engine's own account of the test names the unit's Cd, or its
      // failure to evaluate names the stack the witness breaks.
      const bool cd =
          f.log.find(fmt::format("Cd {})", w.at("self.command_factor"))) != std::string::npos;
      const bool breach =
          f.log.find("could not evaluate 'modified_command_factor'") != std::string::npos;
      EXPECT_TRUE(cd || breach) << f.id << ": " << f.log;
    }
    // How many of the shipped findings are morale tests depends on the data
    // (the morale tests of one stack are one finding); the planted witness
    // below always writes and replays one.
    (void)morale;
  }
}

// A planted finding: an ordinary line battalion (Cd 7) whose morale test the
// witness says needs 0 or less. Nothing on the board gives -7: the engine
// must recompute the modifier and report the difference on the test line.
TEST(WitnessLog, PlantedMoraleWitnessIsRecomputedByTheEngine) {
  Finding f;
  f.id = "impossible-test:sabreur-hex:morale_test_2d6";
  f.category = Category::impossible_test;
  f.ruleset = "sabreur-hex";
  f.message = "test 'morale_test_2d6' can need 0 or less on 2D6: it cannot succeed";
  f.items.push_back(FindingItem{"morale_test_2d6", "test", {}, {}});
  f.witness = {"self.type = line_infantry", "self.quality = ordinary", "self.formation = line",
               "self.command_factor = 7",   "self.strength = 18",      "self.outflanked = false"};
  const WitnessLog log = witness_log(f);
  ASSERT_TRUE(log.written) << log.why_not;
  EXPECT_NE(log.text.find("test w1 morale 2d6=1,1 mod -7"), std::string::npos) << log.text;
  EXPECT_TRUE(log.not_reproduced.empty());
  const WitnessReplay r = replay_witness_log_isolated("planted.ulog", log.text);
  ASSERT_EQ(r.crash_signal, 0);
  ASSERT_TRUE(r.replayed);
  bool modifier = false;
  for (const std::string& line : r.reports)
    modifier = modifier || line.find("[sabreur.morale.modifier] log says -7") != std::string::npos;
  EXPECT_TRUE(modifier) << fmt::format("{}", fmt::join(r.reports, "\n"));
}

TEST(WitnessLog, RefusalsSayWhy) {
  Finding other;
  other.id = "table-gap:wab:to_wound_chart:no-row";
  other.ruleset = "wab";
  other.witness = {"a = 1"};
  EXPECT_EQ(witness_log(other).why_not, "no replay engine for 'wab'");
  Finding superseded;
  superseded.id = "superseded-entry:sabreur-hex:x.y";
  superseded.category = Category::superseded_entry;
  superseded.ruleset = "sabreur-hex";
  superseded.witness = {"self.type = line_infantry"};
  EXPECT_FALSE(witness_log(superseded).written);
  EXPECT_NE(witness_log(superseded).why_not.find("never changes a result"), std::string::npos);
  EXPECT_EQ(sanitised_file_stem("skill-interaction:sabreur-hex:harassment+impetuous:attack"),
            "skill-interaction_sabreur-hex_harassment_impetuous_attack");
}

// A witness given the log cannot set up is listed, never dropped: the log
// claims no more than it shows.
TEST(WitnessLog, UnreproducedGivensAreListedInTheLog) {
  Finding f;
  f.id = "invariant-refuted:sabreur-hex:no_panicked_artillery";
  f.category = Category::invariant_refuted;
  f.ruleset = "sabreur-hex";
  f.witness = {"self.type = heavy_foot_battery", "self.panicked = true",
               "reaction_malus_scope = charged_unit_only"};
  const WitnessLog log = witness_log(f);
  ASSERT_TRUE(log.written);
  ASSERT_EQ(log.not_reproduced.size(), 2U);
  EXPECT_NE(log.text.find("# not reproduced: self.panicked = true"), std::string::npos) << log.text;
  EXPECT_NE(log.text.find("reaction_malus_scope = charged_unit_only (a switch"), std::string::npos)
      << log.text;
}

}  // namespace
}  // namespace umpire::verify
