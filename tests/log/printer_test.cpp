// The canonical form: case, spacing, indentation, comments, idempotence.
#include <gtest/gtest.h>

#include "grammar/log/parser.hpp"
#include "grammar/log/printer.hpp"

namespace umpire::log {
namespace {

std::string format(std::string text) {
  SourceManager sources;
  DiagnosticEngine diags(0);
  const FileId file = sources.add("test.ulog", std::move(text));
  const ast::Log log = parse_log(sources, file, diags);
  EXPECT_FALSE(diags.has_errors());
  return print_log(log);
}

TEST(Printer, CanonicalCaseSpacingAndIndentation) {
  const std::string loose =
      "ULOG 1\n"
      "Army Romans   POINTS 1000\n"
      "unit R1   \"Cohort\"\tstats ( clash 7 ,morale 4+ )\n"
      "\n\n\n"
      "   # the first turn\n"
      "TURN 1 romans\n"
      "phase movement\n"
      "Order R1 BY g1 2D6=3, 4=>moves 2   #fast\n"
      "move r1 to 28,14 Agreed \"fine\"\n";
  const std::string canonical =
      "ulog 1\n"
      "army romans points 1000\n"
      "  unit r1 \"Cohort\" stats (clash 7, morale 4+)\n"
      "\n"
      "# the first turn\n"
      "turn 1 romans\n"
      "  phase movement\n"
      "    order r1 by g1 2d6=3,4 => moves 2  # fast\n"
      "    move r1 to 28,14 agreed \"fine\"\n";
  EXPECT_EQ(format(loose), canonical);
  EXPECT_EQ(format(canonical), canonical);
}

TEST(Printer, TextsAreEscaped) {
  EXPECT_EQ(format("scenario \"a \\\"b\\\" \\\\ c\"\n"), "scenario \"a \\\"b\\\" \\\\ c\"\n");
}

TEST(Printer, NumbersKeepTheirSpelling) {
  EXPECT_EQ(format("turn 1 a\nmove r1 to 30.50,12 distance 4.0 mod +1\n"),
            "turn 1 a\n  move r1 to 30.50,12 distance 4.0 mod +1\n");
}

TEST(Printer, CommentsKeepTheirText) {
  EXPECT_EQ(format("##   title\n#\n"), "##   title\n#\n");
}

}  // namespace
}  // namespace umpire::log
