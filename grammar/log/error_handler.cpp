// The words of an X3 expectation failure in a battle log: what was expected,
// where, and the hint that fits the text found there.
#include "grammar/log/error_handler.hpp"

#include <algorithm>
#include <string_view>

#include "engine/core/utf8.hpp"

namespace umpire::log::parser {

void ErrorHandler::expected(const std::string& which, iterator_type where) {
  if (reported_) return;  // the innermost failure is the one to show
  reported_ = true;
  const iterator_type last = line_end_;
  const ParseState& state = state_;
  DiagnosticEngine& diags = diags_;
  const auto at = static_cast<std::uint32_t>(where - state.base);
  const Span point{state.file, at, at};
  if (which == "a die face like 4") {
    // `2d6= 3,5`: the faces after blanks.
    iterator_type face = where;
    while (face != last && (*face == ' ' || *face == '\t')) ++face;
    if (face != where && face != last && *face >= '0' && *face <= '9') {
      const Span blanks{state.file, at, at + static_cast<std::uint32_t>(face - where)};
      log::report(diags, log::Diag::syntax_roll_spaces, blanks,
                  "a roll is written without blanks round '='")
          .hint("write the dice, '=' and the faces together: '2d6=3,5'")
          .fixit(blanks, "");
      return;
    }
    log::report(diags, log::Diag::syntax_expected_face, point, "expected a die face like 4")
        .hint("write every die as rolled: '2d6=3,5'");
  } else if (which == "a closing '\"'") {
    log::report(diags, log::Diag::syntax_unterminated_text, point, "missing closing '\"'")
        .hint("a quoted text ends on the line it starts; write '\\\"' for a quote inside it");
  } else if (which == "an escape '\\\"' or '\\\\'") {
    // `where` is just past the backslash.
    const Span backslash{state.file, at - 1, at};
    if (where == last) {
      log::report(diags, log::Diag::syntax_unterminated_text, backslash,
                  "missing closing '\"' after a '\\'")
          .hint("write '\\\\' for a backslash at the end of a text");
      return;
    }
    // The escape as written: the backslash and the whole character after it.
    const std::string_view rest(where, static_cast<std::size_t>(last - where));
    const std::size_t len = std::max<std::size_t>(1, utf8_sequence_length(rest));
    const std::string escape = "\\" + std::string(where, where + static_cast<std::ptrdiff_t>(len));
    log::report(diags, log::Diag::syntax_unknown_escape,
                Span{state.file, at - 1, at + static_cast<std::uint32_t>(len)},
                "unknown escape '{}' in a quoted text", escape)
        .note("a quoted text knows two escapes: '\\\"' for a quote and '\\\\' for a backslash")
        .hint("write '\\\\' for a backslash: '{}'", "\\" + escape)
        .fixit(backslash, "\\\\");
  } else if (which == "')' to close the list") {
    // Look past a dangling ',' to tell a nested list from a missing entry.
    iterator_type next = where;
    const bool after_comma = next != last && *next == ',';
    if (after_comma) ++next;
    while (next != last && (*next == ' ' || *next == '\t')) ++next;
    if (next != last && *next == '(') {
      const auto at_paren = static_cast<std::uint32_t>(next - state.base);
      log::report(diags, log::Diag::syntax_nested_list, Span{state.file, at_paren, at_paren + 1},
                  "lists do not nest")
          .hint("write the entries of one list: (a, b, c)");
    } else if (after_comma) {
      log::report(diags, log::Diag::syntax_expected_value, Span{state.file, at, at + 1},
                  "expected a list entry after ','")
          .hint("remove the ',' or add an entry");
    } else {
      log::report(diags, log::Diag::syntax_expected_paren, point, "expected ')' to close the list")
          .hint("list entries are separated by ','");
    }
  } else if (which == "end of line") {
    const unsigned char c = static_cast<unsigned char>(*where);
    if (c < 0x20 || c == 0x7f || c >= 0x80) {
      log::report(diags, log::Diag::syntax_unexpected_byte, Span{state.file, at, at + 1},
                  "unexpected byte 0x{:02x}", static_cast<unsigned>(c))
          .hint("a log is plain text; bytes outside quotes and comments must be printable ASCII");
      return;
    }
    iterator_type end = where;
    while (end != last && *end != ' ' && *end != '\t' && end - where < 40) ++end;
    const Span token{state.file, at, at + static_cast<std::uint32_t>(end - where)};
    const auto digit = [](char ch) { return ch >= '0' && ch <= '9'; };
    // `to 5;2`: a position with the wrong separator.
    if (*where == ';' && where != state.base && digit(where[-1]) && where + 1 != last &&
        digit(where[1])) {
      log::report(diags, log::Diag::syntax_position_separator, Span{state.file, at, at + 1},
                  "a position is written with a comma between its column and row")
          .hint("write '5,7', without blanks")
          .fixit(Span{state.file, at, at + 1}, ",");
      return;
    }
    // `2d6 = 3,5` or `2d6 =3,5`: a dice notation, blanks, then '='.
    iterator_type after = end;
    while (after != last && (*after == ' ' || *after == '\t')) ++after;
    const std::string_view word(where, static_cast<std::size_t>(end - where));
    const std::size_t die = word.find_first_of("dD");
    const bool notation =
        die != std::string_view::npos && die + 1 < word.size() && digit(word[die + 1]) &&
        word.substr(0, die).find_first_not_of("0123456789") == std::string_view::npos;
    if (notation && after != last && *after == '=' && after != end) {
      iterator_type face = after + 1;
      while (face != last && (*face == ' ' || *face == '\t')) ++face;
      const Span spaced{state.file, static_cast<std::uint32_t>(end - state.base),
                        static_cast<std::uint32_t>(face - state.base)};
      log::report(diags, log::Diag::syntax_roll_spaces, spaced,
                  "a roll is written without blanks round '='")
          .hint("write the dice, '=' and the faces together: '{}=...'", word)
          .fixit(spaced, "=");
      return;
    }
    auto d = log::report(diags, log::Diag::syntax_unexpected, token, "unexpected '{}'",
                         std::string(where, end));
    const std::size_t digits = word.find_first_not_of("0123456789");
    if (*where == ',')
      d.hint("positions are written without spaces: '5,7'");
    else if (digits > 0 && digits != std::string_view::npos && !notation)
      d.hint(
          "a number ends at a blank; a name that starts with one goes in double quotes: \"{}...\"",
          word);
    else if (*where == '=')
      d.hint("dice are written '2d6=3,5' and outcomes follow '=>'");
    else
      d.hint(
          "values are words, numbers, positions like 5,7, dice like 2d6=3,5, \"texts\" or (lists)");
  } else {
    log::report(diags, log::Diag::syntax_expected, point, "expected {}", which);
  }
}

}  // namespace umpire::log::parser
