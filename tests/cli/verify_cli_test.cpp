// `umpire verify` as users meet it: exit status 1 on a rules file with a
// planted defect, 0 on a clean one, the finding's id in the text output,
// and --explain on that id.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "run_umpire.hpp"

namespace {

using umpire::cli_test::Outcome;
using umpire::cli_test::umpire;

TEST(CliVerify, PlantedDefectExitsOneWithItsFinding) {
  const Outcome r = umpire("verify tests/verify/defects/impossible_test.rules");
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_NE(r.out.find("[impossible-test:impossible_test:to_hit]"), std::string::npos) << r.out;
  const Outcome e = umpire(
      "verify tests/verify/defects/impossible_test.rules --explain "
      "impossible-test:impossible_test:to_hit");
  EXPECT_EQ(e.exit_code, 0) << e.out;
  EXPECT_NE(e.out.find("witness situation:"), std::string::npos) << e.out;
  EXPECT_NE(e.out.find("the evaluator on the witness:"), std::string::npos) << e.out;
}

TEST(CliVerify, CleanRulesExitZero) {
  const Outcome r = umpire("verify tests/verify/defects/clean.rules");
  EXPECT_EQ(r.exit_code, 0) << r.out;
}

TEST(CliVerify, JsonCarriesTheWitness) {
  const Outcome r = umpire("verify tests/verify/defects/gap.rules --format json", false);
  EXPECT_EQ(r.exit_code, 1);
  const auto doc = nlohmann::json::parse(r.out);
  bool gap = false;
  for (const auto& f : doc.at("findings")) {
    if (f.at("category") == "table-gap") gap = !f.at("witness").empty();
  }
  EXPECT_TRUE(gap) << r.out;
}

TEST(CliVerify, UnknownFindingIdIsAUsageError) {
  const Outcome r =
      umpire("verify tests/verify/defects/clean.rules --explain table-gap:clean:nothing");
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find("[cli.verify.unknown-finding]"), std::string::npos) << r.out;
}

TEST(CliVerify, EmitLogWithoutAnEngineSaysWhyForEveryFinding) {
  const auto dir =
      std::filesystem::temp_directory_path() / ("umpire-cli-emit-" + std::to_string(::getpid()));
  const Outcome r =
      umpire("verify tests/verify/defects/impossible_test.rules --emit-log " + dir.string());
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_NE(r.out.find("no log: no replay engine for 'impossible_test'"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("wrote 0 witness logs"), std::string::npos) << r.out;
  std::filesystem::remove_all(dir);
}

TEST(CliVerify, EmitLogIntoAFolderThatCannotBeMadeIsAUsageError) {
  const Outcome r =
      umpire("verify tests/verify/defects/clean.rules --emit-log /dev/null/witnesses");
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find("[cli.verify.emit-log]"), std::string::npos) << r.out;
}

// The shipped Sabreur-hex rules: one file per finding whose JSON `log` says
// it has one, and each such file is a log `umpire check` reads.
TEST(CliVerify, EmitLogWritesOneReplayableLogPerFindingWithOne) {
  const auto dir =
      std::filesystem::temp_directory_path() / ("umpire-cli-logs-" + std::to_string(::getpid()));
  const Outcome r = umpire("verify sabreur-hex --format json --emit-log " + dir.string(), false);
  EXPECT_EQ(r.exit_code, 1);
  const auto doc = nlohmann::json::parse(r.out);
  std::size_t with_log = 0;
  for (const auto& f : doc.at("findings")) {
    ASSERT_TRUE(f.contains("log")) << f.dump();
    const std::string log = f.at("log");
    with_log += log.rfind("log ", 0) == 0 ? 1U : 0U;
    EXPECT_TRUE(log.rfind("log ", 0) == 0 || log.rfind("no log: ", 0) == 0) << log;
  }
  std::size_t files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir))
    files += entry.is_regular_file();
  EXPECT_EQ(files, with_log);
  EXPECT_GE(files, 10U);
  // All of them in one `umpire check` of the folder, as a user would run
  // it: each is read, lowered and replayed (an unreadable log or one
  // without an engine would not be).
  const Outcome check = umpire("check --format json " + dir.string(), false);
  EXPECT_TRUE(check.exit_code == 0 || check.exit_code == 1) << check.out;
  const auto verdicts = nlohmann::json::parse(check.out);
  ASSERT_EQ(verdicts.at("files").size(), files) << check.out;
  for (const auto& v : verdicts.at("files")) EXPECT_TRUE(v.at("replayed").get<bool>()) << v.dump();
  std::filesystem::remove_all(dir);
}

}  // namespace

namespace {

// A reviewer's workflow: write the baseline of a file's findings, then only
// a new or changed finding fails; a missing baseline without
// --update-baseline is a usage error.
TEST(CliVerify, ABaselineMarksReviewedFindingsAndOnlyNewOnesFail) {
  const std::string dir = "/tmp/umpire-baseline-" + std::to_string(::getpid());
  const std::string baseline = dir + "/reviewed.json";
  std::filesystem::create_directories(dir);
  const Outcome missing =
      umpire("verify tests/verify/defects/impossible_test.rules --baseline " + baseline);
  EXPECT_EQ(missing.exit_code, 2) << missing.out;
  EXPECT_NE(missing.out.find("[cli.verify.baseline]"), std::string::npos) << missing.out;
  const Outcome written = umpire("verify tests/verify/defects/impossible_test.rules --baseline " +
                                 baseline + " --update-baseline --reviewer Tester");
  EXPECT_EQ(written.exit_code, 0) << written.out;
  ASSERT_TRUE(std::filesystem::exists(baseline));
  const Outcome reviewed =
      umpire("verify tests/verify/defects/impossible_test.rules --baseline " + baseline);
  EXPECT_EQ(reviewed.exit_code, 0) << reviewed.out;
  EXPECT_NE(reviewed.out.find("reviewed: accepted by Tester"), std::string::npos) << reviewed.out;
  EXPECT_NE(reviewed.out.find("1 reviewed, 0 new, 0 changed"), std::string::npos) << reviewed.out;
  // Another file's findings are all new against this baseline.
  const Outcome other = umpire("verify tests/verify/defects/gap.rules --baseline " + baseline);
  EXPECT_EQ(other.exit_code, 1) << other.out;
  std::filesystem::remove_all(dir);
}

}  // namespace
