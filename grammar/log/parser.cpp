// The line loop: split, parse each line with the X3 line rule, bind it with
// the schema. A line is the unit of recovery: an error drops that line only.
#include "grammar/log/parser.hpp"

#include <cstring>

#include "engine/core/utf8.hpp"
#include "grammar/log/error_handler.hpp"
#include "grammar/log/line.hpp"
#include "grammar/log/schema.hpp"

namespace umpire::log {
namespace {

std::string_view trim_right(std::string_view s) {
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

bool is_blank_line(std::string_view s) {
  for (char c : s) {
    if (c != ' ' && c != '\t' && c != '\r') return false;
  }
  return true;
}

}  // namespace

ast::Log parse_log(const SourceManager& sources, FileId file, DiagnosticEngine& diags) {
  return parse_log_text(sources.text(file), file, diags);
}

ast::Log parse_log_text(std::string_view text, FileId file, DiagnosticEngine& diags) {
  ast::Log log;
  log.file = file;
  if (text.size() >= UINT32_MAX) {
    diags.error("log.input.too-large", Span{file, 0, 0}, "file too large: {} bytes", text.size())
        .hint("a battle log is at most 4 GiB");
    return log;
  }
  if (const std::size_t bad = first_invalid_utf8(text); bad != std::string_view::npos) {
    const auto at = static_cast<std::uint32_t>(bad);
    diags.error("log.input.invalid-utf8", Span{file, at, at + 1}, "invalid UTF-8 byte 0x{:02x}",
                static_cast<unsigned>(static_cast<unsigned char>(text[bad])))
        .hint("save the log as UTF-8 text");
  }
  // One line of the log per line of text at most: reserving once avoids
  // moving every line of a large log when the vector grows.
  std::size_t newlines = 0;
  for (const char* p = text.data(); (p = static_cast<const char*>(std::memchr(p, '\n', static_cast<std::size_t>(text.data() + text.size() - p)))) != nullptr; ++p) {
    ++newlines;
  }
  log.lines.reserve(newlines + 1);
  parser::ParseState state{text.data(), file};
  detail::RawLine raw;  // reused: its item buffer keeps its capacity
  const auto rule = parser::x3::with<parser::state_tag>(state)[parser::line_parser()];
  detail::PositionMode mode = detail::PositionMode::unknown;
  bool blank_before = false;
  std::size_t start = 0;
  while (start < text.size()) {
    const void* nl = std::memchr(text.data() + start, '\n', text.size() - start);
    const std::size_t stop = nl ? static_cast<std::size_t>(static_cast<const char*>(nl) - text.data()) : text.size();
    const std::string_view line = trim_right(text.substr(start, stop - start));
    const Span line_span{file, static_cast<std::uint32_t>(start), static_cast<std::uint32_t>(start + line.size())};
    start = stop + 1;
    if (is_blank_line(line)) {
      blank_before = !log.lines.empty();
      continue;
    }
    raw.items.clear();
    raw.arrow_index = -1;
    raw.arrow_span = {};
    raw.has_comment = false;
    raw.comment_span = {};
    const char* first = line.data();
    const char* last = line.data() + line.size();
    bool ok = false;
    try {
      ok = parser::x3::parse(first, last, rule, raw);
    } catch (const parser::x3::expectation_failure<parser::iterator_type>& e) {
      parser::report_expectation(e.which(), e.where(), last, state, diags);
      continue;
    }
    if (!ok) {
      parser::report_expectation("end of line", first, last, state, diags);
      continue;
    }
    ast::Line out;
    out.span = line_span;
    out.blank_before = blank_before;
    blank_before = false;
    if (raw.has_comment) {
      out.has_comment = true;
      out.comment_span = raw.comment_span;
      std::string_view c = text.substr(raw.comment_span.begin + 1, raw.comment_span.size() - 1);
      while (!c.empty() && (c.front() == ' ' || c.front() == '\t')) c.remove_prefix(1);
      out.comment = std::string(c);
    }
    if (!raw.items.empty() || raw.arrow_index != -1) {
      if (raw.items.empty()) {
        diags.error("log.syntax.expected-statement", raw.arrow_span, "expected a statement keyword like 'move'")
            .hint("'=>' follows an action and its values");
        continue;
      }
      const Span stmt_span{file, raw.items.front().span.begin,
                           raw.has_comment ? raw.comment_span.begin : line_span.end};
      auto st = detail::bind_statement(raw, stmt_span, mode, diags);
      if (!st) continue;
      // Trailing blanks before a comment are not part of the statement.
      std::string_view body = text.substr(st->span.begin, st->span.size());
      st->span.end = st->span.begin + static_cast<std::uint32_t>(trim_right(body).size());
      if (st->verb == ast::Verb::map) mode = detail::PositionMode::hex;
      if (st->verb == ast::Verb::table) mode = detail::PositionMode::table;
      out.has_statement = true;
      out.statement = std::move(*st);
    }
    log.lines.push_back(std::move(out));
  }
  return log;
}

}  // namespace umpire::log
