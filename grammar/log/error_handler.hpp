#pragma once
// Turns an X3 expectation failure into a diagnostic in words, as the dice
// grammar does (grammar/dice/error_handler.hpp): the top rules, `value` and
// `line`, mix in `report_on_error`, whose on_error reports the failure
// through the ErrorHandler of the parse state and fails the rule; the line
// is then dropped. Rules are named by what they expect ("a die face like
// 4"), so `which` is already the text.
#include <string>

#include "engine/core/diagnostic.hpp"
#include "grammar/log/config.hpp"

namespace umpire::log::parser {

class ErrorHandler {
 public:
  ErrorHandler(const ParseState& state, DiagnosticEngine& diags) : state_(state), diags_(diags) {}

  // A line is about to be read; it ends at `last`.
  void start_line(iterator_type last) {
    line_end_ = last;
    reported_ = false;
  }
  // `which`, a rule's name, was expected at `where`: one diagnostic, the
  // line's first.
  void expected(const std::string& which, iterator_type where);
  bool reported() const { return reported_; }

 private:
  const ParseState& state_;
  DiagnosticEngine& diags_;
  iterator_type line_end_ = nullptr;
  bool reported_ = false;
};

// Mixed into the top rules: an expectation failure anywhere below becomes
// one diagnostic and a failed parse.
struct report_on_error {
  template <typename Iterator, typename Exception, typename Context>
  x3::error_handler_result on_error(Iterator&, const Iterator&, const Exception& failure,
                                    const Context& context) {
    x3::get<state_tag>(context).errors->expected(failure.which(), failure.where());
    return x3::error_handler_result::fail;
  }
};

}  // namespace umpire::log::parser
