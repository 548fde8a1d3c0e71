#pragma once
// Turns an X3 expectation failure into a diagnostic in words, as in the
// other grammars (grammar/report_on_error.hpp): the top rules, `value` and
// `line`, mix in `report_on_error`, which reports the failure through the
// ErrorHandler of the parse state and fails the rule; the line is then
// dropped. Rules are named by what they expect ("a die face like
// 4"), so `which` is already the text.
#include <string>

#include "engine/core/diagnostic.hpp"
#include "grammar/log/config.hpp"
#include "grammar/log/diagnostics.hpp"
#include "grammar/report_on_error.hpp"

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

inline ErrorHandler& handler_of(const ParseState& state) {
  return *state.errors;
}

// Mixed into the top rules: an expectation failure anywhere below becomes
// one diagnostic and a failed parse.
using report_on_error = x3_support::report_on_error<state_tag>;

}  // namespace umpire::log::parser
