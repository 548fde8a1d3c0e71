// The rules data a log names: resolved in the log's folder or the rules
// data folder and nowhere else, links included, and its pin compared.
#include "engine/rules/data_pin.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace umpire::rules {
namespace data_pin_test {  // its own names in the unity build of rules_tests
namespace {

namespace fs = std::filesystem;

struct Folders {
  fs::path root, logs, data;
  Folders() {
    // One folder per test: ctest runs them at once.
    root = fs::path(::testing::TempDir()) /
           ("umpire_data_pin_" +
            std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
    fs::remove_all(root);
    logs = root / "club" / "games";
    data = root / "install" / "rulesets";
    fs::create_directories(logs / "variants");
    fs::create_directories(data);
    std::ofstream(logs / "variants" / "house.rules") << "ruleset house \"House\"\n";
    std::ofstream(data / "sabreur-hex.rules") << "ruleset sabreur-hex \"S\"\n";
    std::ofstream(root / "secret.txt") << "not rules\n";
  }
  ~Folders() { fs::remove_all(root); }
  DataRequest request(std::string written) const {
    DataRequest q;
    q.written = std::move(written);
    q.ruleset = "sabreur-hex";
    q.log_dir = logs;
    q.rulesets_dir = data;
    return q;
  }
};

std::vector<std::string> ids(const DiagnosticEngine& diags) {
  std::vector<std::string> out;
  for (const Diagnostic& d : diags.diagnostics()) out.push_back(d.id);
  return out;
}

TEST(DataPin, APathIsResolvedInTheLogsFolderOrTheRulesDataFolder) {
  const Folders f;
  DiagnosticEngine diags(0);
  EXPECT_EQ(data_file_for_log(f.request("variants/house.rules"), diags),
            fs::weakly_canonical(f.logs / "variants" / "house.rules"));
  EXPECT_EQ(data_file_for_log(f.request("corpus/rulesets/sabreur-hex.rules"), diags),
            fs::weakly_canonical(f.data / "sabreur-hex.rules"))
      << "the bundled data, wherever it is installed";
  EXPECT_EQ(data_file_for_log(f.request((f.data / "sabreur-hex.rules").string()), diags),
            fs::weakly_canonical(f.data / "sabreur-hex.rules"))
      << "an absolute path inside an allowed folder";
  EXPECT_EQ(data_file_for_log(f.request(""), diags), f.data / "sabreur-hex.rules")
      << "no data line";
  EXPECT_TRUE(diags.diagnostics().empty());
}

TEST(DataPin, APathOutsideTheAllowedFoldersIsRefused) {
  const Folders f;
  for (const std::string& written :
       {std::string("../../../../../../../../etc/passwd"), std::string("../../secret.txt"),
        (f.root / "secret.txt").string(), std::string("/etc/passwd")}) {
    SCOPED_TRACE(written);
    DiagnosticEngine diags(0);
    EXPECT_FALSE(data_file_for_log(f.request(written), diags));
    EXPECT_EQ(ids(diags), (std::vector<std::string>{"log.data.outside"}));
  }
}

TEST(DataPin, ALinkInTheLogsFolderToAFileOutsideIsRefused) {
  const Folders f;
  fs::create_symlink(f.root / "secret.txt", f.logs / "innocent.rules");
  DiagnosticEngine diags(0);
  EXPECT_FALSE(data_file_for_log(f.request("innocent.rules"), diags));
  EXPECT_EQ(ids(diags), (std::vector<std::string>{"log.data.outside"}));
}

TEST(DataPin, AMissingFileIsNamedWithWhereItWasLookedFor) {
  const Folders f;
  DiagnosticEngine diags(0);
  EXPECT_FALSE(data_file_for_log(f.request("corpus/rulesets/nowhere.rules"), diags));
  ASSERT_EQ(ids(diags), (std::vector<std::string>{"log.data.not-found"}));
  EXPECT_EQ(diags.diagnostics()[0].notes.size(), 2u)
      << "the log's folder, then the rules data folder";
}

TEST(DataPin, TheCommandLinesDataReplacesThePathButNotThePin) {
  const Folders f;
  DataRequest q = f.request("../../secret.txt");
  q.explicit_file = f.root / "secret.txt";
  q.sha256 = std::string(64, 'a');
  DiagnosticEngine diags(0);
  EXPECT_EQ(data_file_for_log(q, diags), f.root / "secret.txt");
  EXPECT_TRUE(check_pin(q, q.explicit_file, std::string(64, 'a'), diags));
  EXPECT_FALSE(check_pin(q, q.explicit_file, std::string(64, 'b'), diags));
  EXPECT_EQ(ids(diags), (std::vector<std::string>{"log.data.digest-mismatch"}));
  EXPECT_EQ(diags.diagnostics()[0].notes.size(), 2u) << "both digests";
  DataRequest unpinned = f.request("");
  EXPECT_TRUE(check_pin(unpinned, f.data / "sabreur-hex.rules", std::string(64, 'c'), diags));
}

TEST(DataPin, HowALogNamesAFile) {
  const Folders f;
  EXPECT_EQ(data_path_for_log(f.logs / "variants" / "house.rules", f.logs, f.data),
            "variants/house.rules");
  EXPECT_EQ(data_path_for_log(f.data / "sabreur-hex.rules", f.logs, f.data),
            "corpus/rulesets/sabreur-hex.rules");
  EXPECT_EQ(data_path_for_log(f.root / "secret.txt", f.logs, f.data), std::nullopt);
}

}  // namespace
}  // namespace data_pin_test
}  // namespace umpire::rules
