// The driver around the X3 grammar: header first, then items one at a time
// so that a syntax error costs one item, not the file.
#include "grammar/rules/rules_parser.hpp"

#include <algorithm>
#include <array>
#include <functional>
#include <string>
#include <string_view>

#include "engine/core/escape.hpp"
#include "engine/core/input_limits.hpp"
#include "engine/core/utf8.hpp"
#include "grammar/rules/config.hpp"
#include "grammar/rules/diagnostics.hpp"
#include "grammar/rules/limits.hpp"
#include "grammar/rules/rules_grammar.hpp"

namespace umpire::rules {
namespace {

namespace x3 = boost::spirit::x3;
using parser::iterator_type;

constexpr std::array<std::string_view, 23> item_keywords = {
    "domain",        "given",     "switch", "value", "table",      "record",
    "profile",       "modifiers", "test",   "skill", "special",    "permission",
    "army_list",     "invariant", "assume", "gap",   "erratum",    "ambiguity",
    "contradiction", "override",  "remove", "add",   "intentional"};

bool is_word_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// The token at `at`, for "found ..." in messages: a word, or one character.
std::string_view token_at(std::string_view text, std::size_t at) {
  if (at >= text.size()) return {};
  std::size_t end = at;
  if (is_word_char(text[at])) {
    while (end < text.size() && is_word_char(text[end])) ++end;
  } else {
    end = at + std::max<std::size_t>(1, utf8_sequence_length(text.substr(at)));
  }
  return text.substr(at, std::min(end, text.size()) - at);
}

// X3 names literals with double quotes; messages use single quotes.
std::string expected_name(std::string which) {
  // An unnamed composite parser (a list of patterns or cells) is named by
  // its mangled type: say what it holds instead.
  if (which.rfind("N5boost", 0) == 0) {
    if (which.find("pattern_class") != std::string::npos) return "a key pattern";
    if (which.find("literal_class") != std::string::npos) return "a value";
    return "valid syntax here";
  }
  std::replace(which.begin(), which.end(), '"', '\'');
  return which;
}

// Offset of the next line (after `from`) whose first word, at column 0, is
// an item keyword; text.size() if none.
std::size_t next_item_start(std::string_view text, std::size_t from) {
  std::size_t at = text.find('\n', from);
  while (at != std::string_view::npos) {
    const std::size_t line = at + 1;
    for (std::string_view k : item_keywords) {
      if (text.substr(line, k.size()) == k &&
          (line + k.size() >= text.size() || !is_word_char(text[line + k.size()]))) {
        return line;
      }
    }
    at = text.find('\n', line);
  }
  return text.size();
}

// The first control character (C0 but a tab and line breaks, DEL, C1) in a
// string or a comment, where any other character is taken: reported, and
// the file not read (a title holding an escape sequence would drive the
// terminal of whoever prints it). False after the error.
bool no_control_in_strings(std::string_view text, FileId file, DiagnosticEngine& diags) {
  bool in_string = false, in_comment = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c == '\n') {
      in_string = in_comment = false;
      continue;
    }
    const bool inside = in_string || in_comment;
    const std::size_t c1 = c1_control_length(text.substr(i));
    if (inside && ((c < 0x20 && c != '\t' && c != '\r') || c == 0x7F || c1 != 0)) {
      const auto at = static_cast<std::uint32_t>(i);
      const std::size_t len = std::max<std::size_t>(1, c1);
      diags
          .report(rules::Diag::syntax_control_character,
                  Span{file, at, at + static_cast<std::uint32_t>(len)},
                  "a control character ({}) in a {}", escape_controls(text.substr(i, len)),
                  in_string ? "string" : "comment")
          .hint(
              "rules data is plain text: remove it (a tab is the one control character it may "
              "hold)");
      return false;
    }
    if (in_comment) continue;
    if (in_string && c == '\\')
      ++i;
    else if (c == '"')
      in_string = !in_string;
    else if (!in_string && c == '#')
      in_comment = true;
  }
  return true;
}

// Bracket depth and prefix-operator runs, outside strings and comments.
bool nesting_ok(std::string_view text, FileId file, DiagnosticEngine& diags) {
  int depth = 0;
  int prefix_run = 0;
  bool in_string = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\')
        ++i;
      else if (c == '"' || c == '\n')
        in_string = false;
      continue;
    }
    if (c == '#') {
      const std::size_t eol = text.find('\n', i);
      i = eol == std::string_view::npos ? text.size() : eol;
      continue;
    }
    if (c == '"') in_string = true;
    if (c == '(' || c == '{' || c == '[') ++depth;
    if (c == ')' || c == '}' || c == ']') depth = std::max(0, depth - 1);
    if (c == '-' ||
        (c == 'n' && text.substr(i, 4) == "not " && (i == 0 || !is_word_char(text[i - 1])))) {
      ++prefix_run;
    } else if (c != ' ' && c != '\t' && c != '\n' && c != '\r' && c != 'o' && c != 't') {
      prefix_run = 0;
    }
    if (depth > max_nesting || prefix_run > max_nesting) {
      const auto at = static_cast<std::uint32_t>(i);
      diags
          .report(rules::Diag::syntax_too_deep, Span{file, at, at + 1},
                  "expressions nest deeper than {} levels", max_nesting)
          .hint("split the expression into named values");
      return false;
    }
  }
  return true;
}

template <typename Parser, typename Attribute>
bool parse_one(iterator_type& first, iterator_type last, parser::ErrorHandler& handler,
               Parser const& p, Attribute& attr) {
  return x3::phrase_parse(first, last, x3::with<parser::error_handler_tag>(std::ref(handler))[p],
                          parser::skipper, attr);
}

}  // namespace

namespace parser {

void ErrorHandler::expected_text(const char* where, const std::string& what) {
  if (reported_) return;  // the innermost failure is the one to show
  reported_ = true;
  const auto at = static_cast<std::size_t>(where - text_.data());
  const std::string_view found = token_at(text_, at);
  const auto b = static_cast<std::uint32_t>(at);
  auto d = diags_.report(rules::Diag::syntax_expected,
                         Span{file_, b, b + static_cast<std::uint32_t>(found.size())},
                         "expected {}", what);
  if (found.empty())
    d.span_label("end of file");
  else
    d.span_label(fmt::format("found '{}'", found));
  d.hint("see docs/rules-format.md for the syntax");
}

void ErrorHandler::expected(const std::string& which, const char* where) {
  expected_text(where, expected_name(which));
}

}  // namespace parser

ParsedFile parse_rules(const SourceManager& sources, FileId file, DiagnosticEngine& diags) {
  ParsedFile out;
  const std::string_view text = sources.text(file);
  if (const std::size_t bad = first_invalid_utf8(text); bad != std::string_view::npos) {
    const auto at = static_cast<std::uint32_t>(bad);
    diags
        .report(rules::Diag::syntax_invalid_utf8, Span{file, at, at + 1}, "file is not valid UTF-8")
        .hint("save the file as UTF-8");
    return out;
  }
  if (!no_control_in_strings(text, file, diags)) return out;
  if (!nesting_ok(text, file, diags)) return out;

  parser::ErrorHandler handler(text, file, diags);
  const iterator_type begin = text.data();
  const iterator_type last = text.data() + text.size();
  iterator_type first = begin;
  // Refused as in battle logs (grammar/log/parser.cpp); the file is read on
  // after it, for its other errors.
  if (text.substr(0, byte_order_mark.size()) == byte_order_mark) {
    diags
        .report(rules::Diag::syntax_byte_order_mark, Span{file, 0, 3},
                "the file starts with a byte-order mark (U+FEFF)")
        .note("a UTF-8 file needs no byte-order mark; some editors write one")
        .hint("save the file as UTF-8 without a byte-order mark ('UTF-8', not 'UTF-8 with BOM')")
        .fixit(Span{file, 0, 3}, "");
    first += byte_order_mark.size();
  }
  out.header_ok = parse_one(first, last, handler, parser::header, out.file.header);
  if (!out.header_ok)
    handler.expected_text(first, "'ruleset ID \"title\"' at the start of the file");
  if (!out.header_ok)
    first = begin + next_item_start(text, static_cast<std::size_t>(first - begin));

  while (true) {
    x3::phrase_parse(first, last, x3::eps, parser::skipper);
    if (first == last) break;
    ast::Item item;
    iterator_type start = first;
    handler.start_item();
    if (parse_one(first, last, handler, parser::item, item)) {
      // Past a limit the item is reported and dropped; past the number
      // of items, the rest of the file is not read.
      if (out.file.items.size() == limits::rules_items) {
        const auto at = static_cast<std::uint32_t>(start - begin);
        diags
            .report(rules::Diag::limit_items,
                    Span{file, at, static_cast<std::uint32_t>(first - begin)},
                    "more than {} items in one file", limits::rules_items)
            .note(
                "the limit keeps the cost of checking and verifying the data bounded "
                "(docs/rules-format.md § Limits)")
            .hint("split the data: a variant can extend a base file ('extends')");
        break;
      }
      if (within_limits(item, diags)) out.file.items.push_back(std::move(item));
      continue;
    }
    handler.expected_text(start,
                          "an item (domain, given, switch, value, table, modifiers, test, record, "
                          "profile, skill, special, permission, army_list, invariant, assume, gap, "
                          "erratum, ambiguity, contradiction or a variant operation)");
    first = begin + next_item_start(text, static_cast<std::size_t>(start - begin));
  }
  out.file.span = Span{file, 0, static_cast<std::uint32_t>(text.size())};
  return out;
}

}  // namespace umpire::rules
