#include "engine/core/source_manager.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>

#include "tests/support/paths.hpp"

namespace umpire {
namespace {

TEST(SourceManager, LineColumnIsOneBasedAndCountsCodePoints) {
  SourceManager sm;
  const FileId f = sm.add("a.ulog", "abc\nd\u00e9f\n\nxyz");
  EXPECT_EQ(sm.line_column(f, 0), (LineColumn{1, 1}));
  EXPECT_EQ(sm.line_column(f, 3), (LineColumn{1, 4}));  // the newline itself
  EXPECT_EQ(sm.line_column(f, 4), (LineColumn{2, 1}));
  // "dé" is three bytes; 'f' is at byte 7 but column 3.
  EXPECT_EQ(sm.line_column(f, 7), (LineColumn{2, 3}));
  EXPECT_EQ(sm.line_column(f, 9), (LineColumn{3, 1}));
  EXPECT_EQ(sm.line_column(f, 10), (LineColumn{4, 1}));
  EXPECT_EQ(sm.line_text(f, 2), "d\u00e9f");
  EXPECT_EQ(sm.line_text(f, 3), "");
  EXPECT_EQ(sm.line_text(f, 4), "xyz");
  EXPECT_EQ(sm.line_text(f, 5), "");
}

TEST(SourceManager, AcceptsEveryLineEnding) {
  SourceManager sm;
  const FileId f = sm.add("crlf", "a\r\nb\rc\nd");
  EXPECT_EQ(sm.line_column(f, 3).line, 2u);
  EXPECT_EQ(sm.line_column(f, 5).line, 3u);
  EXPECT_EQ(sm.line_column(f, 7).line, 4u);
  EXPECT_EQ(sm.line_text(f, 1), "a");
  EXPECT_EQ(sm.line_text(f, 2), "b");
}

TEST(SourceManager, OffsetsPastTheEndClampToTheLastPosition) {
  SourceManager sm;
  const FileId f = sm.add("x", "ab");
  EXPECT_EQ(sm.line_column(f, 99), (LineColumn{1, 3}));
  EXPECT_EQ(sm.text(Span{f, 1, 99}), "b");
}

TEST(SourceManager, LoadReportsMissingFilesWithoutThrowing) {
  SourceManager sm;
  std::string error;
  EXPECT_FALSE(sm.load("/nonexistent/dir/file.ulog", error).has_value());
  EXPECT_NE(error.find("no such file"), std::string::npos) << error;
  EXPECT_FALSE(sm.load("/", error).has_value());
  EXPECT_EQ(error, "is a directory");
}

TEST(SourceManager, LoadsFilesByteForByte) {
  SourceManager sm;
  std::string error;
  const auto f = sm.load(umpire::test::source_dir() / "CMakeLists.txt", error);
  ASSERT_TRUE(f.has_value()) << error;
  EXPECT_EQ(sm.text(*f).substr(0, 20), "cmake_minimum_requir");
}

// A large file is mapped rather than copied; giving back the pages read so
// far changes nothing a reader sees.
TEST(SourceManager, LargeFilesAreMappedAndReleasedPagesReadAgain) {
  const std::filesystem::path path =
      std::filesystem::temp_directory_path() / "umpire_source_manager_large.ulog";
  std::string text;
  for (int i = 0; text.size() < SourceManager::map_threshold + 4096; ++i)
    text += "line " + std::to_string(i) + " caf\u00e9\n";
  {
    std::ofstream out(path, std::ios::binary);
    out << text;
  }
  SourceManager sm;
  std::string error;
  const auto f = sm.load(path, error);
  std::filesystem::remove(path);  // the mapping keeps the file
  ASSERT_TRUE(f.has_value()) << error;
  EXPECT_EQ(sm.text(*f), text);
  sm.release(*f, text.size() / 2);
  EXPECT_EQ(sm.text(*f), text);
  sm.release(*f, text.size());
  const auto last_line = static_cast<std::uint32_t>(std::count(text.begin(), text.end(), '\n'));
  // The last line's "é" comes after ASCII only: its column is its byte offset
  // in the line, plus one.
  const std::size_t e_acute = text.size() - 3;
  const std::size_t line_start = text.rfind('\n', text.size() - 2) + 1;
  EXPECT_EQ(sm.line_column(*f, static_cast<std::uint32_t>(e_acute)),
            (LineColumn{last_line, static_cast<std::uint32_t>(e_acute - line_start + 1)}));
  EXPECT_EQ(sm.line_text(*f, 1), "line 0 caf\u00e9");
  EXPECT_EQ(sm.text(*f), text);
}

}  // namespace
}  // namespace umpire
