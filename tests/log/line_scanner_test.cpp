// The hand-written line scanner against the X3 line rule it stands in for on the
// hot path: on every line of the example and failing logs and on lines made
// to sit on the edge of each fast case, both give the same values (kind,
// text, word id, span, numbers, faces, parts), the same arrow and comment, and stop
// or fail with the same diagnostic.
#include "grammar/log/line_scanner.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "engine/core/diagnostic.hpp"
#include "grammar/log/config.hpp"
#include "grammar/log/error_handler.hpp"
#include "grammar/log/line.hpp"
#include "tests/support/paths.hpp"

namespace umpire::log {
namespace {

namespace fs = std::filesystem;
namespace x3 = parser::x3;

std::string scanned_value_text(const ast::Log& log, const ast::Value& v) {
  std::string out =
      fmt::format("{}:{}-{} '{}' i={} x={} y={} sign={} unit={} word={}", static_cast<int>(v.kind),
                  v.span.begin, v.span.end, v.text, v.integer, v.x, v.y, v.explicit_sign,
                  static_cast<int>(v.unit), static_cast<int>(v.word));
  if (v.kind == ast::ValueKind::roll) {
    for (const ast::Face& f : log.faces_of(v)) {
      out += fmt::format(" face {}-{} {} {} {}", f.span.begin, f.span.end, f.value, f.rerolled,
                         f.second);
    }
  } else if (v.kind == ast::ValueKind::list) {
    for (const ast::ListEntry& e : log.entries_of(v)) {
      out += " [";
      for (const ast::Value& x : log.values_of(e)) out += scanned_value_text(log, x) + ";";
      out += "]";
    }
  } else {
    for (std::int64_t p : log.parts_of(v)) out += fmt::format(" part {}", p);
  }
  return out;
}

// What reading one line gave, in words: its diagnostics if it failed.
std::string read_line_with(bool use_scanner, std::string_view line) {
  ast::Log log;
  parser::ParseState state{line.data(), FileId{0}, &log};
  DiagnosticEngine diags;
  parser::ErrorHandler errors(state, diags);
  state.errors = &errors;
  detail::RawLine raw;
  const char* first = line.data();
  const char* last = line.data() + line.size();
  errors.start_line(last);
  std::string out;
  if (use_scanner) {
    const char* stop = parser::scan_line(first, last, state, raw);
    if (stop != last) errors.expected("end of line", stop);
  } else {
    const auto rule = x3::with<parser::state_tag>(state)[parser::line_parser()];
    if (!x3::parse(first, last, rule, raw) && !errors.reported()) out += "failed\n";
  }
  for (const Diagnostic& d : diags.diagnostics())
    out += fmt::format("{} {}-{} {} | {}\n", d.id, d.span.begin, d.span.end, d.message, d.hint);
  if (!out.empty()) return out;
  out += fmt::format("items {} arrow {} {}-{} comment {} {}-{}\n", raw.item_count, raw.arrow_index,
                     raw.arrow_span.begin, raw.arrow_span.end, raw.has_comment,
                     raw.comment_span.begin, raw.comment_span.end);
  for (std::uint32_t i = 0; i < raw.item_count; ++i) {
    out += scanned_value_text(log, log.values[raw.first_item + i]) + "\n";
  }
  return out;
}

const std::vector<std::string> edge_lines{
    "move r1 to 5,7 facing n",
    "  flee a5 d6+2=4 path 10,5 10,6 to off-table north => distance 6   # cavalry",
    "d6=4 d1 d6 D6=3 d3+1=5 d6-1 d6<3=4 d6r1=1r4 d",
    "2d6=3, 4",
    "2d6=3 ,4",
    "2d6=3 , 4 x",
    "2d6=3,4r2",
    "2d6=3,4R2 x",
    "6d6=1,2,3#x",
    "2d6=03,4=>hits 2",
    "2d6=",
    "2d6=3,",
    "2d6=3,a",
    "3d6kl2=6,2,3",
    "2D6=3,5",
    "2d6=3x",
    "2d=3",
    "d=3",
    "r1#c",
    "r1 # c  ",
    "5,7x",
    "5,7.5",
    "5,7,8",
    "5,-7",
    "12,",
    "12,a",
    "12ab",
    "12.5",
    "12.",
    "+2 -1 +x",
    "2026-11-21 2026-1-2",
    "72x48 120x40mm 4X4CM",
    "4+ 4+x",
    "0/3 3/2/1 3/",
    "hill+wood a+1 a+ +a",
    "r1.5",
    "=>",
    "a=>b",
    "x => => y => z",
    "=x",
    "\"t\" (a, b) (clash 7, morale 4+)",
    "\"unterminated",
    "(a, (b))",
    "_x Abc ABC-def",
    "x\t\ty\t",
    "5,7#",
    "1,2 3",
    "r1\x01",
    "caf\xc3\xa9",
    "@",
    "10,10 11,10 wood",
};

void expect_same_reading(std::string_view line) {
  EXPECT_EQ(read_line_with(true, line), read_line_with(false, line)) << "line: " << line;
}

TEST(LineScanner, ReadsEdgeCasesAsTheX3Rule) {
  for (const std::string& line : edge_lines) expect_same_reading(line);
}

TEST(LineScanner, ReadsEveryLogLineAsTheX3Rule) {
  std::size_t lines = 0;
  for (const auto& entry :
       fs::recursive_directory_iterator(umpire::test::source_dir() / "replays")) {
    if (!entry.is_regular_file() || entry.path().extension() != ".ulog") continue;
    std::ifstream in(entry.path(), std::ios::binary);
    std::string line;
    while (std::getline(in, line)) {
      while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t'))
        line.pop_back();
      expect_same_reading(line);
      ++lines;
    }
  }
  EXPECT_GT(lines, 500u);
}

// Random lines over the characters that decide between the fast cases and
// X3: the two readings must agree on every one.
RC_GTEST_PROP(LineScanner, RandomLinesReadAsTheX3Rule, ()) {
  static const std::string pieces[] = {"a",         "d",    "D",  "r",   "x",  "k",  "l", "1",  "2",
                                       "6",         "0",    ",",  "=",   ">",  "=>", "#", "+",  "-",
                                       ".",         "/",    "(",  ")",   "\"", " ",  " ", "\t", "_",
                                       "off-table", "2d6=", "d6", "5,7", "mm", "<"};
  const auto n = *rc::gen::inRange(0, 14);
  std::string line;
  for (int i = 0; i < n; ++i)
    line += *rc::gen::elementOf(std::vector<std::string>(std::begin(pieces), std::end(pieces)));
  while (!line.empty() && (line.back() == ' ' || line.back() == '\t')) line.pop_back();
  RC_ASSERT(read_line_with(true, line) == read_line_with(false, line));
}

}  // namespace
}  // namespace umpire::log
