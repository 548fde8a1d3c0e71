// `umpire check` over many logs and in SARIF: the golden SARIF of a bundled
// fail log, fingerprints that survive an edit above, the same bytes whatever
// -j, the summary table, and a bad argument that stops nothing else.
// UMPIRE_UPDATE_GOLDEN=1 rewrites tests/cli/golden/ after an intended change.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "../slowdown.hpp"
#include "run_umpire.hpp"

namespace {

using nlohmann::json;
using umpire::cli_test::Outcome;
using umpire::cli_test::umpire;
namespace fs = std::filesystem;

const char* const fail_log = "replays/sabreur-hex/fail/fail_fire_cone.ulog";

std::string read_text(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// The tool's version is the only field that changes between releases.
json without_version(json sarif) {
  sarif["runs"][0]["tool"]["driver"]["version"] = "VERSION";
  return sarif;
}

TEST(CheckSarif, GoldenOfABundledFailLog) {
  const Outcome r = umpire(std::string("check --format sarif ") + fail_log, false);
  EXPECT_EQ(r.exit_code, 1) << r.out;
  const std::string got = without_version(json::parse(r.out)).dump(2) + "\n";
  const fs::path golden = umpire::test::source_dir() / "tests/cli/golden/fail_fire_cone.sarif";
  const char* update = std::getenv("UMPIRE_UPDATE_GOLDEN");
  if (update != nullptr && std::string(update) == "1") {
    std::ofstream(golden, std::ios::binary) << got;
  }
  EXPECT_EQ(got, read_text(golden)) << "run with UMPIRE_UPDATE_GOLDEN=1 after an intended change";
}

TEST(CheckSarif, ChecksAreRulesWithTheirCitationAsHelp) {
  const Outcome r = umpire(std::string("check --format sarif ") + fail_log, false);
  const json run = json::parse(r.out)["runs"][0];
  const json& results = run["results"];
  bool found = false;
  for (const json& result : results) {
    if (result["ruleId"] != "sabreur.fire.cone") continue;
    found = true;
    const json& rule = run["tool"]["driver"]["rules"][result["ruleIndex"].get<std::size_t>()];
    EXPECT_EQ(rule["id"], "sabreur.fire.cone");
    EXPECT_EQ(rule["help"]["text"], "002_87c3dc452f850204.txt § Le tir");
    EXPECT_EQ(rule["defaultConfiguration"]["level"], "error");
    const json& location = result["locations"][0]["physicalLocation"];
    EXPECT_EQ(location["artifactLocation"]["uri"], fail_log);
    EXPECT_EQ(location["region"]["startLine"], 27);
    EXPECT_EQ(location["region"]["startColumn"], 5);
    EXPECT_EQ(location["region"]["endLine"], 27);
    EXPECT_EQ(location["region"]["endColumn"], 54);
    EXPECT_EQ(result["properties"]["notes"][0],
              "'b1' faces n from 5,2; 'r1' stands on 2,2 (left flank)");
  }
  EXPECT_TRUE(found) << r.out;
  EXPECT_EQ(run["artifacts"][0]["properties"]["verdict"], "1 rule broken");
}

TEST(CheckSarif, FingerprintsSurviveACommentInsertedAbove) {
  const fs::path dir = fs::path(::testing::TempDir()) / "umpire_sarif_fingerprints";
  fs::create_directories(dir);
  std::string text = read_text(umpire::test::source_dir() / fail_log);
  text.insert(text.find('\n') + 1, "# a remark added by the organiser\n");
  const fs::path edited = dir / "fail_fire_cone.ulog";
  std::ofstream(edited, std::ios::binary) << text;
  const json before =
      json::parse(umpire(std::string("check --format sarif ") + fail_log, false).out);
  const json after =
      json::parse(umpire("check --format sarif '" + edited.string() + "'", false).out);
  const json& a = before["runs"][0]["results"];
  const json& b = after["runs"][0]["results"];
  ASSERT_EQ(a.size(), b.size());
  ASSERT_FALSE(a.empty());
  for (std::size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i]["ruleId"], b[i]["ruleId"]);
    EXPECT_EQ(a[i]["partialFingerprints"], b[i]["partialFingerprints"]) << a[i]["ruleId"];
    const int line = a[i]["locations"][0]["physicalLocation"]["region"]["startLine"];
    if (line > 1) {
      EXPECT_EQ(b[i]["locations"][0]["physicalLocation"]["region"]["startLine"], line + 1);
    }
  }
  fs::remove_all(dir);
}

TEST(CheckJobs, OneOrFourThreadsWriteTheSameBytes) {
  // Every bundled log; under the sanitizers, one ruleset's (a few dozen,
  // still more logs than threads).
  const std::string folder = umpire::testing::sanitized ? " replays/hail-caesar-hyw/" : " replays/";
  for (const char* format : {"text", "json", "sarif"}) {
    const std::string args = std::string(" --format ") + format + folder;
    const Outcome one = umpire("check -j 1" + args);
    const Outcome four = umpire("check -j 4" + args);
    EXPECT_EQ(one.exit_code, four.exit_code) << format;
    EXPECT_EQ(one.out, four.out) << format;
    EXPECT_GT(one.out.size(), 10000u) << format;
  }
}

TEST(CheckJobs, AFolderIsItsLogsInSortedOrderThenASummaryTable) {
  const Outcome r = umpire("check -j 2 replays/sabreur-hex/fail", false);
  EXPECT_EQ(r.exit_code, 1);
  const std::size_t first = r.out.find("fail_activation_chain.ulog: ");
  const std::size_t later = r.out.find("fail_fire_cone.ulog: ");
  ASSERT_NE(first, std::string::npos) << r.out;
  EXPECT_LT(first, later);
  const std::size_t table = r.out.find("\nfile ");
  ASSERT_NE(table, std::string::npos) << r.out;
  EXPECT_NE(r.out.find("verdict", table), std::string::npos);
  EXPECT_NE(r.out.find("violations  not checked\n", table), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("replays/sabreur-hex/fail/fail_fire_cone.ulog", table), std::string::npos);
  EXPECT_NE(r.out.find(" logs: 0 follow the rules checked, ", table), std::string::npos) << r.out;
}

TEST(CheckJobs, SummaryInEachFormat) {
  const std::string logs = std::string(" replays/sabreur-hex/essling-village.ulog ") + fail_log;
  const Outcome text = umpire("check" + logs, false);
  EXPECT_EQ(text.exit_code, 1);
  EXPECT_NE(text.out.find("2 logs: 1 follow the rules checked, 1 break a rule, 0 not checked or "
                          "not read\n"),
            std::string::npos)
      << text.out;
  const json j = json::parse(umpire("check --format json" + logs, false).out);
  ASSERT_EQ(j["files"].size(), 2u);
  EXPECT_EQ(j["files"][0]["verdict"], "follows the rules checked");
  EXPECT_EQ(j["files"][1]["violations"], 1);
  const json s = json::parse(umpire("check --format sarif" + logs, false).out);
  const json& artifacts = s["runs"][0]["artifacts"];
  ASSERT_GE(artifacts.size(), 2u);
  EXPECT_EQ(artifacts[0]["location"]["uri"], "replays/sabreur-hex/essling-village.ulog");
  EXPECT_EQ(artifacts[0]["properties"]["violations"], 0);
  EXPECT_EQ(artifacts[1]["properties"]["verdict"], "1 rule broken");
}

TEST(CheckJobs, AMissingFileIsNamedAndTheOthersAreStillChecked) {
  const Outcome r =
      umpire("check -j 2 /nonexistent/game.ulog replays/sabreur-hex/essling-village.ulog");
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find("cannot read '/nonexistent/game.ulog'"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("essling-village.ulog: follows the rules checked"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("/nonexistent/game.ulog"), r.out.rfind("/nonexistent/game.ulog"))
      << "named in the table too: " << r.out;
  const json s = json::parse(
      umpire("check --format sarif /nonexistent/game.ulog replays/sabreur-hex/essling-village.ulog",
             false)
          .out);
  const json& invocation = s["runs"][0]["invocations"][0];
  EXPECT_EQ(invocation["executionSuccessful"], false);
  EXPECT_EQ(invocation["toolExecutionNotifications"][0]["descriptor"]["id"], "cli.file.unreadable");
}

TEST(CheckJobs, AFolderWithoutLogsIsAnError) {
  const fs::path dir = fs::path(::testing::TempDir()) / "umpire_no_logs";
  fs::create_directories(dir);
  const Outcome r = umpire("check '" + dir.string() + "' replays/sabreur-hex/essling-village.ulog");
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find("no battle log (*.ulog) in the folder"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("essling-village.ulog: follows the rules checked"), std::string::npos);
  fs::remove_all(dir);
}

}  // namespace
