#pragma once
// Turns X3 expectation failures into `dice.syntax.*` diagnostics with a caret
// under the offending character, and tags AST nodes with their offsets. The
// parsed text may be a piece of a larger file (a log line, a rules entry):
// `origin` is its span there, so carets land in that file.
#include <boost/spirit/home/x3.hpp>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <type_traits>

#include "engine/core/diagnostic.hpp"
#include "grammar/dice/ast.hpp"
#include "grammar/dice/origin.hpp"
#include "grammar/report_on_error.hpp"

namespace umpire::dice::grammar {

namespace x3 = boost::spirit::x3;

class ErrorHandler {
 public:
  ErrorHandler(Origin origin, DiagnosticEngine& diags) : origin_(origin), diags_(diags) {}

  const Origin& origin() const { return origin_; }

  // `what` is the name of the rule that was expected at `where`.
  void expected(const std::string& what, const char* where);
  // Text is left over after a complete expression or face list.
  // `hint` is used when nothing more specific applies.
  void unexpected(const char* where, std::string_view after, std::string_view hint);

  bool reported() const { return reported_; }

 private:
  Origin origin_;
  DiagnosticEngine& diags_;
  bool reported_ = false;
};

struct error_handler_tag;

// Mixed into the top rules: an expectation failure anywhere below becomes
// one diagnostic and a failed parse.
using report_on_error = x3_support::report_on_error<error_handler_tag>;

// Mixed into every rule whose attribute is a node: records its offsets.
struct annotate_on_success {
  template <typename T, typename Iterator, typename Context>
  void on_success(const Iterator& first, const Iterator& last, T& node, const Context& context) {
    if constexpr (std::is_base_of_v<ast::Node, T>) {
      const Origin& origin = x3::get<error_handler_tag>(context).get().origin();
      node.begin = origin.offset(first);
      node.end = origin.offset(last);
    }
  }
};

}  // namespace umpire::dice::grammar
