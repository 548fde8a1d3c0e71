// The umpire executable as users meet it: exit codes, carets under mistaken
// arguments, hints, JSON on standard output.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "run_umpire.hpp"

namespace {

using umpire::cli_test::Outcome;
using umpire::cli_test::shell;
using umpire::cli_test::umpire;

TEST(Cli, VersionAndHelp) {
  const Outcome version = umpire("--version");
  EXPECT_EQ(version.exit_code, 0);
  EXPECT_EQ(version.out.rfind("umpire ", 0), 0u) << version.out;
  const Outcome help = umpire("--help");
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_NE(help.out.find("Examples:"), std::string::npos);
  EXPECT_NE(help.out.find("Exit codes"), std::string::npos);
}

TEST(Cli, UnknownOptionGetsACaretAndASuggestion) {
  const Outcome r = umpire("dice --taget 7+ 2d6");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.out.find("[cli.usage]"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("^~~~~~~"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("did you mean '--target'?"), std::string::npos) << r.out;
}

TEST(Cli, UnknownCommandIsNamedWithASuggestion) {
  const Outcome r = umpire("dcie 2d6");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.out.find("unknown command 'dcie' [cli.unknown-command]"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("did you mean 'dice'?"), std::string::npos) << r.out;
}

TEST(Cli, MalformedDiceExpressionPointsIntoTheArgument) {
  const Outcome r = umpire("dice 3d6kl4");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.out.find("[dice.invalid.keep-count]"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("<command line>:1:"), std::string::npos) << r.out;
}

TEST(Cli, ExactOddsOfAnEliteMoraleTest) {
  const Outcome r = umpire("dice 3d6kl2 --target 7-");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_NE(r.out.find("29/36"), std::string::npos) << r.out;
}

TEST(Cli, JsonGoesToStandardOutput) {
  const Outcome r = umpire("dice 2d6 --target 7+ --format json", false);
  ASSERT_EQ(r.exit_code, 0);
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_TRUE(j.is_object());
}

TEST(Cli, UnreadableFileIsAnInputError) {
  const Outcome r = umpire("parse /nonexistent/game.ulog");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.out.find("[cli.file.unreadable]"), std::string::npos) << r.out;
}

TEST(Cli, ShippedRulesetsCheckClean) {
  const Outcome r = umpire(
      "rules check corpus/rulesets/hail-caesar.rules corpus/rulesets/wab.rules "
      "corpus/rulesets/sabreur-hex.rules");
  EXPECT_EQ(r.exit_code, 0) << r.out;
}

TEST(Cli, ShippedLogsAreCanonical) {
  const Outcome r = umpire(
      "fmt --check replays/hail-caesar/ford-of-the-arar.ulog "
      "replays/hail-caesar-hyw/azincourt-lane.ulog replays/wab/bagradas-plain.ulog "
      "replays/sabreur-hex/essling-village.ulog");
  EXPECT_EQ(r.exit_code, 0) << r.out;
}

TEST(Cli, NonCanonicalLogIsReportedAtItsFirstDifferentLine) {
  // A log that parses but is not in canonical form: `fmt --check` names the
  // first line that differs and exits 1; the file is left as it was.
  const std::string dir = ::testing::TempDir();
  const std::string path = dir + "/umpire_fmt_check_loose.ulog";
  const std::string loose = "ulog 1\nruleset   WAB\n";
  {
    FILE* f = std::fopen(path.c_str(), "wb");
    ASSERT_NE(f, nullptr);
    std::fwrite(loose.data(), 1, loose.size(), f);
    std::fclose(f);
  }
  const Outcome r = umpire("fmt --check '" + path + "'");
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_NE(r.out.find("[log.fmt.not-canonical]"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("umpire_fmt_check_loose.ulog:2:1"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("umpire fmt --in-place"), std::string::npos) << r.out;
  const Outcome json = umpire("fmt --check --format json '" + path + "'", false);
  EXPECT_EQ(json.exit_code, 1);
  EXPECT_NE(json.out.find("log.fmt.not-canonical"), std::string::npos) << json.out;
  std::remove(path.c_str());
}

TEST(Cli, DataFolderWithoutDataIsAnInputError) {
  const Outcome r = umpire("--data /nonexistent check replays/sabreur-hex/essling-village.ulog");
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find("'/nonexistent' (--data) holds no Umpire data: no corpus/rulesets/ there "
                       "[cli.data.not-found]"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("^~~~"), std::string::npos) << r.out;
  const Outcome bad_variable = shell(std::string("cd / && UMPIRE_DATA_DIR=/nonexistent '") +
                                     UMPIRE_BINARY + "' verify sabreur-hex 2>&1");
  EXPECT_EQ(bad_variable.exit_code, 2) << bad_variable.out;
  EXPECT_NE(bad_variable.out.find("(UMPIRE_DATA_DIR) holds no Umpire data"), std::string::npos)
      << bad_variable.out;
}

TEST(Cli, DataFolderGivenIsTheOneRead) {
  // From another folder, with the source tree named as the data.
  const Outcome r = shell(std::string("cd / && '") + UMPIRE_BINARY + "' --data '" +
                          umpire::test::source_dir().string() + "' rules list 2>&1");
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("sabreur-hex"), std::string::npos) << r.out;
}

TEST(Cli, RuleTextsFolderThatIsNotOneIsAnInputError) {
  const Outcome r = umpire("rules check --texts /nonexistent corpus/rulesets/wab.rules");
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(
      r.out.find("'/nonexistent' (--texts) is not a folder of rule texts [cli.rules.no-texts]"),
      std::string::npos)
      << r.out;
}

// The subcommands `umpire --help` lists.
std::vector<std::string> help_commands() {
  const std::string help = umpire("--help").out;
  std::vector<std::string> names;
  const std::size_t at = help.find("Subcommands:\n");
  if (at == std::string::npos) return names;
  std::istringstream lines(help.substr(at + 13));
  std::string line;
  while (std::getline(lines, line) && line.rfind("  ", 0) == 0) {
    const std::size_t begin = line.find_first_not_of(' ');
    names.push_back(line.substr(begin, line.find(' ', begin) - begin));
  }
  return names;
}

TEST(Cli, ManualPageHasEveryCommand) {
  const Outcome r = umpire("--generate man", false);
  ASSERT_EQ(r.exit_code, 0);
  EXPECT_NE(r.out.find(".TH UMPIRE 1"), std::string::npos) << r.out;
  const std::vector<std::string> commands = help_commands();
  ASSERT_GE(commands.size(), 8u);
  for (const std::string& c : commands) {
    EXPECT_NE(r.out.find(".SS \"umpire " + c), std::string::npos) << c;
  }
  EXPECT_NE(r.out.find(".SS \"umpire rules eval"), std::string::npos);
  EXPECT_NE(r.out.find("UMPIRE_DATA_DIR"), std::string::npos);
}

// What the generated completion offers after the words given.
std::string complete(const std::string& words) {
  return shell(std::string("bash -c 'source <(\"") + UMPIRE_BINARY +
               "\" --generate bash-completion); COMP_WORDS=(" + words +
               "); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _umpire; echo \"${COMPREPLY[*]}\"'")
      .out;
}

TEST(Cli, BashCompletionOffersTheRealCommandsAndValues) {
  const std::vector<std::string> commands = help_commands();
  std::string all;
  for (const std::string& c : commands) all += (all.empty() ? "" : " ") + c;
  EXPECT_EQ(complete("umpire \"\""), all + "\n");
  EXPECT_EQ(complete("umpire ru"), "rules\n");
  EXPECT_EQ(complete("umpire rules \"\""), "list show check eval\n");
  EXPECT_EQ(complete("umpire --color never check --mode \"\""), "follow-log stop follow-rules\n");
  EXPECT_EQ(complete("umpire verify --format s"), "sarif\n");
  EXPECT_EQ(complete("umpire simulate --se"), "--seed\n");
  EXPECT_EQ(complete("umpire --color al"), "always\n");
  EXPECT_EQ(complete("umpire rules show --texts /de"), "/dev\n");
}

}  // namespace

namespace {

TEST(Cli, ReportOfSeveralGamesWritesAPageEachAndAnIndex) {
  namespace fs = std::filesystem;
  const fs::path dir =
      fs::path(::testing::TempDir()) / ("umpire_reports_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  // Two logs of the same name get two pages; the fail log makes the exit 1.
  const Outcome r = umpire(
      "report replays/sabreur-hex/essling-village.ulog "
      "replays/hail-caesar-hyw/azincourt-lane.ulog "
      "replays/sabreur-hex/fail/fail_action_combination.ulog "
      "replays/sabreur-hex/essling-village.ulog -o '" +
      dir.string() + "'");
  EXPECT_EQ(r.exit_code, 1) << r.out;
  for (const char* page : {"essling-village.html", "essling-village-2.html", "azincourt-lane.html",
                           "fail_action_combination.html"}) {
    EXPECT_TRUE(fs::exists(dir / page)) << page << "\n" << r.out;
  }
  std::ifstream in(dir / "index.html");
  std::stringstream index;
  index << in.rdbuf();
  EXPECT_NE(index.str().find("<h1>4 games</h1>"), std::string::npos) << index.str();
  EXPECT_NE(index.str().find("href=\"essling-village-2.html\""), std::string::npos);
  EXPECT_NE(index.str().find("1 broken"), std::string::npos);
  // Every ruleset has an engine: the HYW game is replayed, not listed as unchecked.
  EXPECT_NE(index.str().find("href=\"azincourt-lane.html\""), std::string::npos);
  EXPECT_EQ(index.str().find("no engine"), std::string::npos);
  EXPECT_NE(r.out.find("index of 4 reports written to"), std::string::npos) << r.out;
  fs::remove_all(dir);
}

}  // namespace
