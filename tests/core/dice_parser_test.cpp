// The dice notation parser: canonical round trips, the diagnostics of
// malformed input (id and column), carets inside a larger file, and recorded
// faces.
#include "grammar/dice/dice_parser.hpp"

#include <gtest/gtest.h>

#include <string>

#include "engine/core/diagnostic_render.hpp"
#include "engine/core/source_manager.hpp"

namespace umpire::dice {
namespace {

struct RoundTrip {
  const char* text;
  const char* canonical;
};

TEST(DiceParser, CanonicalRoundTrip) {
  const RoundTrip cases[] = {
      {"d6", "d6"},
      {"1d6", "d6"},
      {"D6", "d6"},
      {"1 D6", "d6"},
      {"2 D6", "2d6"},
      {"2D6", "2d6"},
      {"1 D3 + 1", "d3+1"},
      {"1 D3 - 1", "d3-1"},
      {"2 D6 - 4", "2d6-4"},
      {"1 D6 +2", "d6+2"},
      {"3d6kl2", "3d6kl2"},
      {"3D6KH2", "3d6kh2"},
      {"3d6dh1", "3d6kl2"},
      {"3d6dl1", "3d6kh2"},
      {"3d6 kl 2", "3d6kl2"},
      {"d6r1", "d6r1"},
      {"d6r<2", "d6r1"},
      {"d6r<3", "d6r<3"},
      {"d6r>4", "d6r>4"},
      {"d6r>5", "d6r6"},
      {"D6R1", "d6r1"},
      {"-d6+7", "-d6+7"},
      {"3d6kl2r1", "3d6kl2r1"},
      {"2d6+d3-1", "2d6+d3-1"},
      {"d6-d6", "d6-d6"},
      {"4+d6", "4+d6"},
      {"d6+0", "d6+0"},
      {"\t2d6\t", "2d6"},
      {"100d6", "100d6"},
      {"500d6", "500d6"},
      {"d1000", "d1000"},
      {"20d100kh10", "20d100kh10"},
      {"d3r<4", "d3r<4"},
  };
  for (const RoundTrip& c : cases) {
    DiagnosticEngine diags;
    const auto expr = parse(c.text, {}, diags);
    ASSERT_TRUE(expr.has_value()) << c.text << ": "
                                  << (diags.diagnostics().empty() ? ""
                                                                  : diags.diagnostics()[0].message);
    EXPECT_EQ(to_string(*expr), c.canonical) << c.text;
    const auto again = parse(c.canonical, {}, diags);
    ASSERT_TRUE(again.has_value()) << c.canonical;
    EXPECT_EQ(*again, *expr) << c.canonical;
    EXPECT_EQ(to_string(*again), c.canonical);
    EXPECT_EQ(check(*expr), "") << c.text;
  }
}

TEST(DiceParser, BuildsTheExpectedTerms) {
  DiagnosticEngine diags;
  const auto expr = parse("3d6dh1r<3-2", {}, diags);
  ASSERT_TRUE(expr);
  ASSERT_EQ(expr->terms.size(), 2u);
  const DiceTerm& d = expr->terms[0].dice;
  EXPECT_EQ(d.count, 3);
  EXPECT_EQ(d.sides, 6);
  EXPECT_EQ(d.keep, Keep::lowest);
  EXPECT_EQ(d.kept, 2);
  EXPECT_EQ(d.reroll, (Reroll{1, 2}));
  EXPECT_FALSE(expr->terms[1].is_dice);
  EXPECT_TRUE(expr->terms[1].negative);
  EXPECT_EQ(expr->terms[1].constant, 2);
}

struct Malformed {
  const char* text;
  const char* id;
  std::uint32_t column;  // byte offset of the caret in `text`
};

TEST(DiceParser, MalformedInputGivesIdAndColumn) {
  const Malformed cases[] = {
      {"2d6+", "dice.syntax.expected-term", 4},
      {"2 d6 + ", "dice.syntax.expected-term", 7},
      {"", "dice.syntax.expected-term", 0},
      {"+", "dice.syntax.expected-term", 1},
      {"x", "dice.syntax.expected-term", 0},
      {"d", "dice.syntax.expected-sides", 1},
      {"2dx", "dice.syntax.expected-sides", 2},
      {"3d6kl", "dice.syntax.expected-keep-count", 5},
      {"d6r", "dice.syntax.expected-reroll-value", 3},
      {"d6r<", "dice.syntax.expected-reroll-value", 4},
      {"2d6x", "dice.syntax.unexpected-character", 3},
      {"3d6kx2", "dice.syntax.unexpected-character", 3},
      {"2d6 3", "dice.syntax.unexpected-character", 4},
      {"d6r1r2", "dice.syntax.unexpected-character", 4},
      {"2d6\xE2\x88\x92"
       "4",
       "dice.syntax.unexpected-character", 3},  // U+2212 minus sign
      {"3d6kl4", "dice.invalid.keep-count", 5},
      {"3d6kh3", "dice.invalid.keep-count", 5},
      {"3d6dl0", "dice.invalid.keep-count", 5},
      {"3d6dh3", "dice.invalid.keep-count", 5},
      {"d6kh1", "dice.invalid.keep-count", 4},
      {"30d6kh2", "dice.invalid.keep-size", 4},
      {"3d200kh2", "dice.invalid.keep-size", 5},
      {"d0", "dice.invalid.sides", 1},
      {"d1", "dice.invalid.sides", 1},
      {"d1001", "dice.invalid.sides", 1},
      {"0d6", "dice.invalid.count", 0},
      {"501d6", "dice.invalid.count", 0},
      {"99999999999999999999999d6", "dice.invalid.count", 0},
      {"300d6+300d6", "dice.invalid.count", 0},
      {"d6r7", "dice.invalid.reroll", 3},
      {"d6r<1", "dice.invalid.reroll", 4},
      {"d6r>6", "dice.invalid.reroll", 4},
      {"d6r0", "dice.invalid.reroll", 3},
      {"d6+2000000", "dice.invalid.modifier", 3},
      {"100d1000", "dice.invalid.range", 0},
      {"7", "dice.invalid.no-dice", 0},
      {"3+4", "dice.invalid.no-dice", 0},
  };
  for (const Malformed& c : cases) {
    SourceManager sources;
    const std::string text = c.text;
    const FileId file = sources.add("<test>", text);
    DiagnosticEngine diags;
    const auto expr = parse(text, {file, 0, static_cast<std::uint32_t>(text.size())}, diags);
    EXPECT_FALSE(expr.has_value()) << c.text;
    ASSERT_GE(diags.diagnostics().size(), 1u) << c.text;
    const Diagnostic& d = diags.diagnostics()[0];
    EXPECT_EQ(d.id, c.id) << c.text << ": " << d.message;
    EXPECT_EQ(d.span.begin, c.column) << c.text << ": " << d.message;
    EXPECT_EQ(d.severity, Severity::error);
    EXPECT_FALSE(d.hint.empty()) << c.text;
    EXPECT_EQ(d.message.find('\n'), std::string::npos);
  }
}

// The log and rules grammars hand over a piece of a larger file: carets must
// land in that file, at the right line and column.
TEST(DiceParser, CaretsLandInsideTheEnclosingFile) {
  SourceManager sources;
  const std::string file_text = "turn 1\n  morale Guard 3d6kl4 <= 7\n";
  const FileId file = sources.add("game.ulog", file_text);
  const auto begin = static_cast<std::uint32_t>(file_text.find("3d6kl4"));
  DiagnosticEngine diags;
  EXPECT_FALSE(parse("3d6kl4", {file, begin, begin + 6}, diags));
  ASSERT_EQ(diags.diagnostics().size(), 1u);
  const Diagnostic& d = diags.diagnostics()[0];
  EXPECT_EQ(d.span.file, file);
  EXPECT_EQ(d.span.begin, begin + 5);
  EXPECT_EQ(sources.line_column(file, d.span.begin), (LineColumn{2, 21}));
  const std::string shown = render_text(sources, d);
  EXPECT_NE(shown.find("game.ulog:2:21: error:"), std::string::npos) << shown;
  EXPECT_NE(shown.find("morale Guard 3d6kl4 <= 7\n"), std::string::npos) << shown;
  // The gutter is "   | ", then 20 columns before the caret.
  EXPECT_NE(shown.find("   |" + std::string(21, ' ') + "^\n"), std::string::npos) << shown;
}

TEST(DiceParser, MessagesSayWhatWasExpectedAndFound) {
  DiagnosticEngine diags;
  EXPECT_FALSE(parse("2dx", {}, diags));
  ASSERT_EQ(diags.diagnostics().size(), 1u);
  EXPECT_EQ(diags.diagnostics()[0].message, "expected the number of sides, found 'x'");
  diags.clear();
  EXPECT_FALSE(parse("3d6kl4", {}, diags));
  EXPECT_EQ(diags.diagnostics()[0].message, "'3d6kl4' keeps 4 dice but throws only 3");
  diags.clear();
  EXPECT_FALSE(
      parse("2d6\xE2\x88\x92"
            "4",
            {}, diags));
  EXPECT_NE(diags.diagnostics()[0].hint.find("hyphen-minus"), std::string::npos);
}

TEST(DiceParser, Faces) {
  DiagnosticEngine diags;
  const auto faces = parse_faces("3, 1r4,6", {}, diags);
  ASSERT_TRUE(faces.has_value());
  ASSERT_EQ(faces->size(), 3u);
  EXPECT_EQ((*faces)[0].first, 3u);
  EXPECT_FALSE((*faces)[0].rerolled);
  EXPECT_EQ((*faces)[1].first, 1u);
  EXPECT_TRUE((*faces)[1].rerolled);
  EXPECT_EQ((*faces)[1].second, 4u);
  EXPECT_EQ((*faces)[1].span.begin, 3u);
  EXPECT_EQ((*faces)[1].span.end, 6u);
  EXPECT_EQ((*faces)[1].second_span.begin, 5u);
  EXPECT_EQ((*faces)[2].first_span.begin, 7u);

  const Malformed bad[] = {
      {"", "dice.syntax.expected-face", 0},    {"3,", "dice.syntax.expected-face", 2},
      {"1r", "dice.syntax.expected-face", 2},  {"3;5", "dice.syntax.unexpected-character", 1},
      {"3,x", "dice.syntax.expected-face", 2},
  };
  for (const Malformed& c : bad) {
    DiagnosticEngine d;
    EXPECT_FALSE(parse_faces(c.text, {FileId{0}, 0, 0}, d)) << c.text;
    ASSERT_EQ(d.diagnostics().size(), 1u) << c.text;
    EXPECT_EQ(d.diagnostics()[0].id, c.id) << c.text;
    EXPECT_EQ(d.diagnostics()[0].span.begin, c.column) << c.text;
  }
}

}  // namespace
}  // namespace umpire::dice
