// Golden renderings: the exact text a user reads.
#include "engine/core/diagnostic_render.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

namespace umpire {
namespace {

struct Fixture {
  SourceManager sources;
  DiagnosticEngine diags;
  FileId file;
  explicit Fixture(std::string text) { file = sources.add("game.ulog", std::move(text)); }
  Span at(std::uint32_t b, std::uint32_t e) const { return {file, b, e}; }
};

TEST(RenderText, CaretUnderTheOffendingTextWithEverySection) {
  Fixture f("turn 1\n  A1 move to 5;7\n");
  f.diags.error("log.syntax.expected-hex", f.at(20, 23), "expected a hex like 5,7")
      .span_label("not a hex")
      .label(f.at(9, 11), "unit 'A1'")
      .note("hexes are written column,row")
      .rule("002_87c3dc452f850204.txt", "Le mouvement")
      .hint("write '5,7'");
  EXPECT_EQ(render_text(f.sources, f.diags),
            "game.ulog:2:14: error: expected a hex like 5,7 [log.syntax.expected-hex]\n"
            " 2 |   A1 move to 5;7\n"
            "   |              ^~~ not a hex\n"
            " 2 |   A1 move to 5;7\n"
            "   |   ~~ unit 'A1'\n"
            "   = note: hexes are written column,row\n"
            "   = rule: 002_87c3dc452f850204.txt \u00a7 Le mouvement\n"
            "   = hint: write '5,7'\n");
}

TEST(RenderText, TabsAndUtf8KeepTheCaretAligned) {
  Fixture f("\tcharge d\u00e9j\u00e0 X\n");
  // X is byte 15 (tab, "charge ", "déjà " is 7 bytes) but code point 14.
  f.diags.error("e", f.at(15, 16), "unknown unit 'X'");
  EXPECT_EQ(render_text(f.sources, f.diags),
            "game.ulog:1:14: error: unknown unit 'X' [e]\n"
            " 1 |     charge d\u00e9j\u00e0 X\n"
            "   |                 ^\n");
}

TEST(RenderText, InvalidBytesAreShownAsHex) {
  Fixture f(
      std::string("ab\xff"
                  "cd\x01"
                  "e\n"));
  f.diags.error("log.encoding.invalid-utf8", f.at(2, 3), "invalid UTF-8 byte");
  EXPECT_EQ(render_text(f.sources, f.diags),
            "game.ulog:1:3: error: invalid UTF-8 byte [log.encoding.invalid-utf8]\n"
            " 1 | ab<FF>cd<01>e\n"
            "   |   ^~~~\n");
}

TEST(RenderText, LongLinesAreWindowedRoundTheCaret) {
  std::string line(1'000'000, 'a');
  line[600'000] = 'X';
  Fixture f(line);
  f.diags.error("e", f.at(600'000, 600'001), "here");
  const std::string out = render_text(f.sources, f.diags, {false, 60});
  EXPECT_LT(out.size(), 400u);
  // The caret stands under the X, whatever the window.
  const auto source_line =
      out.substr(out.find(" 1 | ") + 5, out.find('\n', out.find(" 1 | ")) - out.find(" 1 | ") - 5);
  const auto caret_line_start = out.find("   | ", out.find(" 1 | ") + 1) + 5;
  const auto caret = out.find('^', caret_line_start) - caret_line_start;
  ASSERT_LT(caret, source_line.size());
  EXPECT_EQ(source_line[caret], 'X');
  EXPECT_EQ(source_line.substr(0, 3), "...");
}

TEST(RenderText, EmptySpanAtEndOfFileStillGetsACaret) {
  Fixture f("turn 1\n  A1 move");
  f.diags.error("log.syntax.unexpected-end", f.at(16, 16), "unexpected end of file");
  EXPECT_EQ(render_text(f.sources, f.diags),
            "game.ulog:2:10: error: unexpected end of file [log.syntax.unexpected-end]\n"
            " 2 |   A1 move\n"
            "   |          ^\n");
}

TEST(RenderText, SpanlessDiagnosticsAndDroppedCount) {
  Fixture f("x");
  DiagnosticEngine diags(1);
  diags.not_checked("sabreur.victory", Span{}, "victory phase is not checked");
  diags.error("a", f.at(0, 1), "first");
  diags.error("b", f.at(0, 1), "second");
  EXPECT_EQ(render_text(f.sources, diags),
            "not checked: victory phase is not checked [sabreur.victory]\n"
            "game.ulog:1:1: error: first [a]\n"
            " 1 | x\n"
            "   | ^\n"
            "note: 1 more error not shown (error limit reached)\n");
}

TEST(RenderText, ColourOnlyWhenAsked) {
  Fixture f("x");
  f.diags.error("a", f.at(0, 1), "first");
  EXPECT_EQ(render_text(f.sources, f.diags).find('\x1b'), std::string::npos);
  EXPECT_NE(render_text(f.sources, f.diags, {true, 100}).find("\x1b[1;31merror"),
            std::string::npos);
}

TEST(RenderJson, PositionsAndSummary) {
  Fixture f("ab\ncd");
  f.diags.warning("w", f.at(3, 5), "odd").rule("000_a44b407871cbdad9.txt", "Test d'ordre");
  const auto j = nlohmann::json::parse(render_json(f.sources, f.diags));
  const auto& d = j["diagnostics"][0];
  EXPECT_EQ(d["id"], "w");
  EXPECT_EQ(d["severity"], "warning");
  EXPECT_EQ(d["location"]["line"], 2);
  EXPECT_EQ(d["location"]["column"], 1);
  EXPECT_EQ(d["location"]["end_column"], 3);
  EXPECT_EQ(d["location"]["offset"], 3);
  EXPECT_EQ(d["rule"]["section"], "Test d'ordre");
  EXPECT_EQ(j["summary"]["warnings"], 1);
  EXPECT_EQ(j["summary"]["errors"], 0);
}

TEST(RenderSarif, IsVersion210WithRegions) {
  Fixture f("ab\ncd");
  f.diags.error("e", f.at(4, 5), "bad");
  const auto j = nlohmann::json::parse(render_sarif(f.sources, f.diags, "0.1.0"));
  EXPECT_EQ(j["version"], "2.1.0");
  const auto& r = j["runs"][0]["results"][0];
  EXPECT_EQ(r["ruleId"], "e");
  EXPECT_EQ(r["level"], "error");
  EXPECT_EQ(r["locations"][0]["physicalLocation"]["region"]["startColumn"], 2);
}

}  // namespace
}  // namespace umpire
