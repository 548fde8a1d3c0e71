// The canonical form: case, spacing, indentation, comments, idempotence.
#include "grammar/log/printer.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>

#include "grammar/log/parser.hpp"
#include "tests/support/paths.hpp"

namespace umpire::log {
namespace {

std::string format(std::string text) {
  SourceManager sources;
  DiagnosticEngine diags(0);
  const FileId file = sources.add("test.ulog", std::move(text));
  const ast::Log log = parse_log(sources, file, diags);
  EXPECT_FALSE(diags.has_errors());
  const std::string printed = print_log(log);
  DiagnosticEngine streaming(0);
  EXPECT_EQ(format_log(sources.text(file), file, streaming), printed)
      << "line by line, as `umpire fmt` prints";
  return printed;
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

TEST(Printer, OffTableDestinationsRoundTrip) {
  const std::string loose =
      "turn 1 a\n"
      "FLEE a5 d6+2=4 path 10,5 10,6 TO Off-Table NORTH => distance 6\n"
      "pursue e1 h2 to off-table\n"
      "respond f6 flee to off-table west\n"
      "move r1 march => to OFF-TABLE east\n";
  const std::string canonical =
      "turn 1 a\n"
      "  flee a5 d6+2=4 path 10,5 10,6 to off-table north => distance 6\n"
      "  pursue e1 h2 to off-table\n"
      "  respond f6 flee to off-table west\n"
      "  move r1 march => to off-table east\n";
  EXPECT_EQ(format(loose), canonical);
  EXPECT_EQ(format(canonical), canonical);
}

// `umpire fmt` prints line by line (format_log); the text must be that of
// the whole tree, for every log of replays/, and a log that does not parse
// gives no text.
TEST(Printer, LineByLineIsTheWholeTreesText) {
  namespace fs = std::filesystem;
  std::size_t compared = 0;
  for (const auto& entry :
       fs::recursive_directory_iterator(umpire::test::source_dir() / "replays")) {
    if (!entry.is_regular_file() || entry.path().extension() != ".ulog") continue;
    std::ifstream in(entry.path(), std::ios::binary);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    SourceManager sources;
    DiagnosticEngine whole(0), streaming(0);
    const FileId file = sources.add(entry.path().string(), std::move(text));
    const ast::Log log = parse_log(sources, file, whole);
    const std::optional<std::string> printed = format_log(sources.text(file), file, streaming);
    EXPECT_EQ(streaming.diagnostics().size(), whole.diagnostics().size()) << entry.path();
    if (whole.has_errors()) {
      EXPECT_FALSE(printed.has_value()) << entry.path();
      continue;
    }
    ASSERT_TRUE(printed.has_value()) << entry.path();
    EXPECT_EQ(*printed, print_log(log)) << entry.path();
    ++compared;
  }
  EXPECT_GT(compared, 4u);
}

TEST(Printer, CommentsKeepTheirText) {
  EXPECT_EQ(format("##   title\n#\n"), "##   title\n#\n");
}

}  // namespace
}  // namespace umpire::log
