// `umpire verify` as users meet it: exit status 1 on a rules file with a
// planted defect, 0 on a clean one, the finding's id in the text output,
// and --explain on that id.
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "run_umpire.hpp"

namespace {

using umpire::cli_test::Outcome;
using umpire::cli_test::umpire;

TEST(CliVerify, PlantedDefectExitsOneWithItsFinding) {
  const Outcome r = umpire("verify tests/verify/defects/impossible_test.rules");
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_NE(r.out.find("[impossible-test:impossible_test:to_hit]"), std::string::npos) << r.out;
  const Outcome e = umpire("verify tests/verify/defects/impossible_test.rules --explain "
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
  const Outcome r = umpire("verify tests/verify/defects/clean.rules --explain table-gap:clean:nothing");
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find("[cli.verify.unknown-finding]"), std::string::npos) << r.out;
}

}  // namespace
