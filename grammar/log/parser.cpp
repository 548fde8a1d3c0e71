// The line loop: split, read each line's values (line_scanner.cpp: by hand,
// or with the X3 value rule), bind them with the schema. A line is the unit
// of recovery: an error drops that line only.
#include "grammar/log/parser.hpp"

#include <algorithm>
#include <cstring>

#include "engine/core/escape.hpp"
#include "engine/core/input_limits.hpp"
#include "engine/core/utf8.hpp"
#include "grammar/log/diagnostics.hpp"
#include "grammar/log/error_handler.hpp"
#include "grammar/log/line_scanner.hpp"
#include "grammar/log/schema.hpp"

namespace umpire::log {
namespace {

std::string_view trim_right(std::string_view s) {
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
    s.remove_suffix(1);
  return s;
}

bool is_blank_line(std::string_view s) {
  for (char c : s) {
    if (c != ' ' && c != '\t' && c != '\r') return false;
  }
  return true;
}

// Offset of the first control character (C0 but a tab, DEL, C1) inside a
// quoted text or a comment of `line`, or npos.
std::size_t first_control_in_text(std::string_view line) {
  bool text = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const auto c = static_cast<unsigned char>(line[i]);
    if (!text && c == '#') {
      for (std::size_t j = i + 1; j < line.size(); ++j) {
        const auto k = static_cast<unsigned char>(line[j]);
        if ((k < 0x20 && k != '\t') || k == 0x7F || c1_control_length(line.substr(j)) != 0)
          return j;
      }
      return std::string_view::npos;
    }
    if (c == '"') {
      text = !text;
    } else if (text && c == '\\') {
      ++i;  // an escape: the character after it is the text's
      if (i < line.size() && static_cast<unsigned char>(line[i]) < 0x20) return i;
    } else if (text &&
               ((c < 0x20 && c != '\t') || c == 0x7F || c1_control_length(line.substr(i)) != 0)) {
      return i;
    }
  }
  return std::string_view::npos;
}

// Whether `at` is inside the comment of `line` (after a '#' outside quotes).
bool in_comment(std::string_view line, std::size_t at) {
  bool text = false;
  for (std::size_t i = 0; i < at; ++i) {
    if (line[i] == '"')
      text = !text;
    else if (text && line[i] == '\\')
      ++i;
    else if (!text && line[i] == '#')
      return true;
  }
  return false;
}

// The sizes of a log's shared vectors, to drop what a failed line added.
struct Mark {
  std::size_t values, clauses, entries, entry_values, faces, parts;
  explicit Mark(const ast::Log& log)
      : values(log.values.size()),
        clauses(log.clauses.size()),
        entries(log.entries.size()),
        entry_values(log.entry_values.size()),
        faces(log.faces.size()),
        parts(log.parts.size()) {}
  void restore(ast::Log& log) const {
    log.values.resize(values);
    log.clauses.resize(clauses);
    log.entries.resize(entries);
    log.entry_values.resize(entry_values);
    log.faces.resize(faces);
    log.parts.resize(parts);
  }
};

}  // namespace

ast::Log parse_log(const SourceManager& sources, FileId file, DiagnosticEngine& diags) {
  return parse_log_text(sources.text(file), file, diags);
}

ast::Log parse_log_text(std::string_view text, FileId file, DiagnosticEngine& diags) {
  ast::Log log;
  log.file = file;
  LineReader reader(text, file, diags);  // refuses a text too large before reading it
  if (text.size() >= UINT32_MAX) return log;
  // One line per newline at most, and about one value per five bytes:
  // reserving once avoids moving the vectors as a large log grows.
  std::size_t newlines = 0;
  for (const char* p = text.data();
       (p = static_cast<const char*>(std::memchr(
            p, '\n', static_cast<std::size_t>(text.data() + text.size() - p)))) != nullptr;
       ++p) {
    ++newlines;
  }
  log.lines.reserve(newlines + 1);
  log.values.reserve(text.size() / 5 + 1);
  while (reader.next(log)) {
  }
  return log;
}

namespace {

// How much text is read between two calls of `release`.
constexpr std::size_t release_step = std::size_t{1} << 20;

// Offset of the first byte that is not well-formed UTF-8, or npos; the text is
// checked in steps that end where a character starts, `release` told after
// each.
std::size_t first_invalid_utf8_in_steps(std::string_view text, const ReleaseText& release) {
  if (!release) return first_invalid_utf8(text);
  std::size_t begin = 0;
  while (begin < text.size()) {
    std::size_t end = std::min(text.size(), begin + release_step);
    // Back to the start of a character (at most 3 continuation bytes).
    for (int back = 0; back < 3 && end < text.size() && end > begin + 1 &&
                       (static_cast<unsigned char>(text[end]) & 0xC0U) == 0x80U;
         ++back) {
      --end;
    }
    if (const std::size_t bad = first_invalid_utf8(text.substr(begin, end - begin));
        bad != std::string_view::npos)
      return begin + bad;
    release(end);
    begin = end;
  }
  return std::string_view::npos;
}

}  // namespace

LineReader::LineReader(std::string_view text, FileId file, DiagnosticEngine& diags,
                       ReleaseText release)
    : text_(text), file_(file), diags_(diags), release_(std::move(release)) {
  if (text.size() >= UINT32_MAX) {
    log::report(diags, log::Diag::input_too_large, Span{file, 0, 0}, "file too large: {} bytes",
                text.size())
        .hint("a battle log is at most 4 GiB");
    start_ = text.size();
    return;
  }
  if (const std::size_t bad = first_invalid_utf8_in_steps(text, release_);
      bad != std::string_view::npos) {
    const auto at = static_cast<std::uint32_t>(bad);
    log::report(diags, log::Diag::input_invalid_utf8, Span{file, at, at + 1},
                "invalid UTF-8 byte 0x{:02x}",
                static_cast<unsigned>(static_cast<unsigned char>(text[bad])))
        .hint("save the log as UTF-8 text");
  }  // A byte-order mark is refused, as in rules data (grammar/rules): a log
  // is UTF-8, which needs none, and `fmt` would otherwise have to drop it
  // or print it. The rest of the log is read after it.
  if (text.substr(0, byte_order_mark.size()) == byte_order_mark) {
    log::report(diags, log::Diag::input_byte_order_mark, Span{file, 0, 3},
                "the log starts with a byte-order mark (U+FEFF)")
        .note("a UTF-8 file needs no byte-order mark; some editors write one")
        .hint("save the log as UTF-8 without a byte-order mark ('UTF-8', not 'UTF-8 with BOM')")
        .fixit(Span{file, 0, 3}, "");
    start_ = byte_order_mark.size();
  }
}

bool LineReader::next(ast::Log& log) {
  log.file = file_;
  const std::string_view text = text_;
  parser::ParseState state{text.data(), file_, &log};
  parser::ErrorHandler errors(state, diags_);
  state.errors = &errors;
  detail::RawLine raw;
  while (start_ < text.size()) {
    if (release_ && start_ - released_ >= release_step) {
      release_(start_);
      released_ = start_;
    }
    const void* nl = std::memchr(text.data() + start_, '\n', text.size() - start_);
    const std::size_t stop =
        nl ? static_cast<std::size_t>(static_cast<const char*>(nl) - text.data()) : text.size();
    const std::string_view line = trim_right(text.substr(start_, stop - start_));
    const Span line_span{file_, static_cast<std::uint32_t>(start_),
                         static_cast<std::uint32_t>(start_ + line.size())};
    start_ = stop + 1;
    if (line.size() > limits::log_line_bytes) {
      // Refused before it is read: its values would cost about fifty times
      // its size.
      log::report(diags_, log::Diag::limit_line_length,
                  Span{file_, line_span.begin, line_span.begin + 1},
                  "a line of {} bytes, more than the limit of {}", line.size(),
                  size_text(limits::log_line_bytes))
          .note("the limit keeps the cost of reading a log bounded (docs/log-format.md § Limits)")
          .hint(
              "a statement is one line of a few values; split a long 'hex' list over several "
              "lines");
      continue;
    }
    if (is_blank_line(line)) {
      blank_before_ = any_line_;
      continue;
    }
    if (const std::size_t bad = first_control_in_text(line); bad != std::string_view::npos) {
      // Inside a text or a comment, where any other character is taken: a
      // name holding an escape sequence would drive the terminal of whoever
      // prints it. Outside, the value scanner reports the byte.
      const auto at = static_cast<std::uint32_t>(line_span.begin + bad);
      const std::size_t len = std::max<std::size_t>(1, c1_control_length(line.substr(bad)));
      log::report(diags_, log::Diag::input_control_character,
                  Span{file_, at, at + static_cast<std::uint32_t>(len)},
                  "a control character ({}) in a {}", escape_controls(line.substr(bad, len)),
                  in_comment(line, bad) ? "comment" : "quoted text")
          .hint(
              "a log is plain text: remove it (a tab is the one control character a log may hold)");
      continue;
    }
    const Mark mark(log);
    raw = detail::RawLine{};
    raw.first_item = static_cast<std::uint32_t>(log.values.size());
    const char* first = line.data();
    const char* last = line.data() + line.size();
    errors.start_line(last);
    const parser::iterator_type scanned = parser::scan_line(first, last, state, raw);
    // Where the X3 line rule's `> end_of_line` fails, unless a value
    // reported the line's error first.
    if (scanned != last) errors.expected("end of line", scanned);
    if (errors.reported()) {
      mark.restore(log);
      continue;
    }
    // Built in place: a Line is large, and most lines are kept.
    ast::Line& out = log.lines.emplace_back();
    out.span = line_span;
    out.blank_before = blank_before_;
    blank_before_ = false;
    if (raw.has_comment) {
      out.has_comment = true;
      out.comment_span = raw.comment_span;
      std::string_view c = text.substr(raw.comment_span.begin + 1, raw.comment_span.size() - 1);
      while (!c.empty() && (c.front() == ' ' || c.front() == '\t')) c.remove_prefix(1);
      out.comment = c;
    }
    if (raw.item_count > 0 || raw.arrow_index != -1) {
      if (raw.item_count == 0) {
        log::report(diags_, log::Diag::syntax_expected_statement, raw.arrow_span,
                    "expected a statement keyword like 'move'")
            .hint("'=>' follows an action and its values");
        log.lines.pop_back();
        mark.restore(log);
        continue;
      }
      const Span stmt_span{file_, log.values[raw.first_item].span.begin,
                           raw.has_comment ? raw.comment_span.begin : line_span.end};
      auto mode = static_cast<detail::PositionMode>(mode_);
      ast::Statement& st = out.statement;
      if (!detail::bind_statement(log, raw, stmt_span, mode, diags_, st, text)) {
        log.lines.pop_back();
        mark.restore(log);
        continue;
      }
      // The binder kept the values only, at the start of the line's items.
      log.values.resize(raw.first_item + raw.item_count);
      // Trailing blanks before a comment are not part of the statement.
      std::string_view body = text.substr(st.span.begin, st.span.size());
      st.span.end = st.span.begin + static_cast<std::uint32_t>(trim_right(body).size());
      if (st.verb == ast::Verb::map) mode_ = static_cast<std::uint8_t>(detail::PositionMode::hex);
      if (st.verb == ast::Verb::table)
        mode_ = static_cast<std::uint8_t>(detail::PositionMode::table);
      out.has_statement = true;
    }
    any_line_ = true;
    return true;
  }
  return false;
}

}  // namespace umpire::log
