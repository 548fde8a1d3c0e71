#pragma once
// Positions and errors of the rules grammar, as in the dice grammar
// (grammar/dice/error_handler.hpp). Every rule id class derives from
// `annotate`, whose on_success stores the byte range of the match in the
// node's span. The top rules, `header` and `item`, also derive from
// `report_on_error` (grammar/report_on_error.hpp), whose on_error turns an
// expectation failure anywhere below into one diagnostic and fails the
// rule: the driver (rules_parser.cpp) then reads on from the next item.
#include <boost/spirit/home/x3.hpp>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>

#include "engine/core/diagnostic.hpp"
#include "engine/core/span.hpp"
#include "grammar/report_on_error.hpp"
#include "grammar/rules/ast.hpp"

namespace umpire::rules::parser {

namespace x3 = boost::spirit::x3;

class ErrorHandler {
 public:
  ErrorHandler(std::string_view text, FileId file, DiagnosticEngine& diags)
      : text_(text), file_(file), diags_(diags) {}

  Span span(const char* first, const char* last) const {
    return {file_, static_cast<std::uint32_t>(first - text_.data()),
            static_cast<std::uint32_t>(last - text_.data())};
  }

  // An item is about to be read: nothing is reported for it yet.
  void start_item() { reported_ = false; }
  // `what` was expected at `where`, "found" what is there: one diagnostic,
  // the item's first.
  void expected_text(const char* where, const std::string& what);
  // The same for `which`, X3's name for the parser that failed.
  void expected(const std::string& which, const char* where);
  bool reported() const { return reported_; }

 private:
  std::string_view text_;
  FileId file_;
  DiagnosticEngine& diags_;
  bool reported_ = false;
};

struct error_handler_tag;

// Mixed into the top rules: an expectation failure anywhere below becomes
// one diagnostic and a failed parse.
using report_on_error = x3_support::report_on_error<error_handler_tag>;

// X3 skips white space before trying an optional trailing parser and does
// not give it back when that parser fails, so a match may end with blanks
// and comments; a span should not.
inline const char* trim_end(const char* first, const char* last) {
  while (true) {
    while (last > first &&
           (last[-1] == ' ' || last[-1] == '\t' || last[-1] == '\r' || last[-1] == '\n'))
      --last;
    const char* line = last;
    while (line > first && line[-1] != '\n') --line;
    bool quoted = false;
    const char* comment = nullptr;
    for (const char* p = line; p < last && !comment; ++p) {
      if (*p == '"')
        quoted = !quoted;
      else if (*p == '\\' && quoted)
        ++p;
      else if (*p == '#' && !quoted)
        comment = p;
    }
    if (!comment) return last;
    last = comment;
  }
}

struct annotate {
  template <typename Iterator, typename T, typename Context>
  void on_success(Iterator const& first, Iterator const& last, T& node, Context const& context) {
    if constexpr (std::is_base_of_v<ast::Node, T>) {
      const ErrorHandler& handler = x3::get<error_handler_tag>(context).get();
      node.span = handler.span(first, trim_end(first, last));
    }
  }
};

}  // namespace umpire::rules::parser
