// `umpire report`'s data and page: the frames follow the replay (or the log,
// for a ruleset without an engine), every diagnostic is pinned to the event
// it belongs to, and the page is one file that nothing in a log can break.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>
#include <string>

#include "engine/run/run.hpp"
#include "report/game_recorder.hpp"
#include "report/html_page.hpp"
#include "tests/support/paths.hpp"

namespace umpire::reports {
namespace {

struct Reported {
  SourceManager sources;
  DiagnosticEngine diags{0};
  run::RunResult result;
  nlohmann::json game;
};

std::unique_ptr<Reported> report_of(FileId (*load)(SourceManager&)) {
  auto out = std::make_unique<Reported>();
  const FileId file = load(out->sources);
  GameRecorder recorder(out->sources, file);
  run::RunOptions options;
  options.observer = &recorder;
  options.rolls = recorder.rolls();
  out->result = run::run_log(out->sources, file, out->diags, options);
  out->game = recorder.finish(out->result, out->diags, "a ruleset");
  return out;
}

std::unique_ptr<Reported> report_file(const std::string& relative) {
  static std::string path;
  path = (test::source_dir() / relative).string();
  return report_of([](SourceManager& s) {
    std::string error;
    const auto f = s.load(path, error);
    if (!f) throw std::runtime_error(error);
    return *f;
  });
}

std::unique_ptr<Reported> report_text(const std::string& text) {
  static std::string body;
  body = text;
  return report_of([](SourceManager& s) { return s.add("<memory>.ulog", body); });
}

// The board after frame k, from the frames' changes.
std::map<std::uint32_t, nlohmann::json> board_after(const nlohmann::json& game, std::size_t k) {
  std::map<std::uint32_t, nlohmann::json> board;
  for (std::size_t i = 0; i <= k; ++i)
    for (const auto& v : game["frames"][i]["units"]) board[v["unit"].get<std::uint32_t>()] = v;
  return board;
}

TEST(Report, FramesFollowTheReplayOfASabreurGame) {
  const auto r = report_file("replays/sabreur-hex/essling-village.ulog");
  ASSERT_TRUE(r->result.replayed);
  const auto& frames = r->game["frames"];
  ASSERT_EQ(frames.size(), r->result.replay.events.size() + 1);  // deployment, then each event
  EXPECT_EQ(r->game["battlefield"]["kind"], "hex");
  // Deployment draws every unit where the log deploys it (line 63: f1 at 5,2 facing n).
  const auto deployed = board_after(r->game, 0);
  EXPECT_EQ(deployed.size(), r->game["units"].size());
  EXPECT_EQ(r->game["units"][0]["id"], "f1");
  EXPECT_EQ(deployed.at(0)["hex"], nlohmann::json::array({5, 2}));
  EXPECT_EQ(deployed.at(0)["facing"], 0.0);
  EXPECT_EQ(deployed.at(0)["strength"][1], deployed.at(0)["strength"][0]);
  // Each frame is its event, at its line of the log, in order.
  for (std::size_t k = 1; k < frames.size(); ++k) {
    const replay::EventRecord& e = r->result.replay.events[k - 1];
    EXPECT_EQ(frames[k]["line"], r->sources.line_column(e.span.file, e.span.begin).line);
    EXPECT_EQ(frames[k]["text"], r->result.events[k - 1]);
  }
  // Losses show: some unit ends the game below its initial strength.
  bool lost = false;
  for (const auto& [u, v] : board_after(r->game, frames.size() - 1))
    lost = lost || (v.contains("strength") && v["strength"][0] < v["strength"][1]);
  EXPECT_TRUE(lost);
}

TEST(Report, TheLuckOfEachSideIsReadFromTheRollsTheEngineRead) {
  const auto r = report_file("replays/sabreur-hex/essling-village.ulog");
  const auto& luck = r->game["luck"];
  ASSERT_EQ(luck["sides"].size(), 2u);
  for (const auto& side : luck["sides"]) EXPECT_GT(side["rolls"].get<int>(), 5) << side.dump();
  bool morale = false;
  for (const auto& roll : luck["rolls"]) {
    EXPECT_GT(roll["frame"].get<std::size_t>(), 0u);
    EXPECT_GE(roll["percentile"].get<double>(), 0.0);
    EXPECT_LE(roll["percentile"].get<double>(), 1.0);
    if (roll["what"].get<std::string>().starts_with("morale test")) {
      morale = true;
      ASSERT_TRUE(roll.contains("pass_chance")) << roll.dump();
      // Passed exactly when the dice are at most the modified Cd.
      EXPECT_EQ(roll["passed"], roll["score"].get<int>() <= roll["pass"].get<int>());
    }
  }
  EXPECT_TRUE(morale);
  // At most five decisive rolls, the largest swing first.
  const auto& decisive = luck["decisive"];
  ASSERT_LE(decisive.size(), 5u);
  for (std::size_t i = 1; i < decisive.size(); ++i)
    EXPECT_GE(luck["rolls"][decisive[i - 1].get<std::size_t>()]["swing"].get<double>(),
              luck["rolls"][decisive[i].get<std::size_t>()]["swing"].get<double>());
}

TEST(Report, EveryDiagnosticIsPinnedToTheEventItFollows) {
  const auto r = report_file("replays/sabreur-hex/fail/fail_action_combination.ulog");
  const auto& frames = r->game["frames"];
  const auto& diags = r->game["diagnostics"];
  ASSERT_EQ(diags.size(), r->diags.diagnostics().size());
  std::size_t errors = 0;
  for (const auto& d : diags) {
    if (!d.contains("line")) continue;
    const std::size_t k = d["frame"];
    const std::uint32_t line = d["line"];
    if (k > 0) {
      EXPECT_LE(frames[k]["line"].get<std::uint32_t>(), line) << d.dump();
    }
    if (k + 1 < frames.size()) {
      EXPECT_GT(frames[k + 1]["line"].get<std::uint32_t>(), line);
    }
    if (d["severity"] == "error") {
      ++errors;
      EXPECT_GT(k, 0u) << "a violation of the game is pinned to an event: " << d.dump();
      EXPECT_TRUE(d.contains("rule")) << d.dump();
    }
  }
  EXPECT_GT(errors, 0u);
  EXPECT_EQ(r->game["verdict"]["violations"], r->result.replay.violations);
}

TEST(Report, NothingALogWritesCanBreakOutOfThePage) {
  std::ifstream in(test::source_dir() / "replays/sabreur-hex/essling-village.ulog");
  std::stringstream text;
  text << in.rdbuf();
  std::string log = text.str();
  const std::string hostile = R"(</script><script>alert(1)</script><!--)";
  log = std::regex_replace(log, std::regex("scenario \"[^\"]*\""), "scenario \"" + hostile + "\"",
                           std::regex_constants::format_first_only);
  ASSERT_NE(log.find(hostile), std::string::npos);
  const auto r = report_text(log);
  EXPECT_EQ(r->game["scenario"], hostile);
  const std::string page = html_page(r->game);
  EXPECT_EQ(page.find("<script>alert"), std::string::npos);
  EXPECT_EQ(page.find("<!--"), std::string::npos);
  // One file: nothing is fetched (no src, href or url(...) outside the page).
  for (const char* fetch : {" src=", " href=", "url(http", "@import", "fetch("})
    EXPECT_EQ(page.find(fetch), std::string::npos) << fetch;
  // The data reads back as it was.
  const std::size_t open = page.find("id=\"game-data\">");
  const std::size_t close = page.find("</script>", open);
  ASSERT_NE(open, std::string::npos);
  EXPECT_EQ(nlohmann::json::parse(page.substr(open + 15, close - open - 15)), r->game);
}

TEST(Report, SameLogSamePage) {
  const auto a = report_file("replays/sabreur-hex/quatre-bras.ulog");
  const auto b = report_file("replays/sabreur-hex/quatre-bras.ulog");
  EXPECT_EQ(html_page(a->game), html_page(b->game));
}

}  // namespace
}  // namespace umpire::reports
