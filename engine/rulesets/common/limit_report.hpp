#pragma once
// A length measured on the table against the limit the rules set (a
// move's allowance, a charge's reach), reported the same way by every
// tabletop engine: beyond the log's tolerance a violation of the engine's
// check, with the notes that say where the limit comes from; within it a
// note under the engine's `*.measure.within-tolerance`
// (engine/geometry/tabletop/tolerance.hpp).
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/replay/checker.hpp"
#include "engine/core/replay/notes.hpp"
#include "engine/geometry/tabletop/tolerance.hpp"

namespace umpire::rulesets {

struct LimitReport {
  replay::CheckId check;       // the breach
  std::string_view within_id;  // the note within the tolerance
  Span span;
  std::string_view what;    // "the move of 'a1'"
  std::string_view prefix;  // before the violation's description ("'b2' is out of reach: ")
};

// Returns the check made.
inline tabletop::LimitCheck report_at_most(replay::EventChecker& checker, const LimitReport& r,
                                           double measured, double limit, double tolerance,
                                           const replay::Notes& notes) {
  const tabletop::LimitCheck c = tabletop::check_at_most(measured, limit, tolerance);
  if (c.agreement == tabletop::Agreement::beyond_tolerance) {
    auto b =
        checker.violation(r.check, r.span, std::string(r.prefix) + tabletop::describe(c, r.what));
    for (std::string& n : notes.lines()) b.note(std::move(n));
  } else if (c.agreement == tabletop::Agreement::within_tolerance) {
    checker.info(r.within_id, r.span, tabletop::describe(c, r.what));
  }
  return c;
}

}  // namespace umpire::rulesets
