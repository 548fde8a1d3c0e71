// `umpire verify` as users meet it: exit status 1 on a rules file with a
// planted defect, 0 on a clean one, the finding's id in the text output,
// and --explain on that id.
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace {

struct Outcome {
  int exit_code = -1;
  std::string out;
};

// Runs `umpire ARGS` from the source directory; stderr merged unless not wanted.
Outcome umpire(const std::string& args, bool merge_stderr = true) {
  const std::string command = std::string("cd '") + UMPIRE_SOURCE_DIR + "' && NO_COLOR=1 '" + UMPIRE_BINARY + "' " +
                              args + (merge_stderr ? " 2>&1" : " 2>/dev/null");
  Outcome run;
  FILE* pipe = ::popen(command.c_str(), "r");
  if (pipe == nullptr) return run;
  std::array<char, 4096> buffer{};
  std::size_t n = 0;
  while ((n = std::fread(buffer.data(), 1, buffer.size(), pipe)) > 0) run.out.append(buffer.data(), n);
  const int status = ::pclose(pipe);
  run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return run;
}

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
