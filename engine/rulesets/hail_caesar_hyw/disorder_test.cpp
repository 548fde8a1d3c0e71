#include "engine/rulesets/hail_caesar_hyw/disorder_test.hpp"

#include <fmt/format.h>

#include "engine/rulesets/common/evaluation.hpp"
#include "engine/rulesets/hail_caesar/phases/dice.hpp"
#include "engine/rulesets/hail_caesar_hyw/checks.hpp"

namespace umpire::hyw {

void check_disorder_test(const hail_caesar::Engine& game, const Binding& rules, std::size_t now,
                         replay::EventChecker& checker) {
  const hail_caesar::Action& a = game.action(now);
  if (a.kind != hail_caesar::ActionKind::test || a.detail != "disorder" || a.actors.empty()) return;
  const HywItems& items = rules.facts->items();
  const std::string_view unit = game.setup().units[a.actors.front()].id;
  const hail_caesar::Facts f(rules.base);
  const std::optional<rules::TestResult> test =
      rulesets::common::eval_test(rulesets::common::question(f), items.test(Test::disorder_test),
                                  items.test_name(Test::disorder_test), checker, nullptr);
  if (!test) return;
  const replay::WrittenRoll* written = a.roll("");
  if (!written || !written->roll) {
    checker.not_checked("a disorder test whose dice the log does not write", a.span);
    return;
  }
  const dice::Expr due = hail_caesar::d6s(test->dice_count);
  if (!(written->expr == due)) {
    checker
        .violation(Check::disorder_test, written->span,
                   fmt::format("the disorder test of '{}' throws {}, the rules call for {}", unit,
                               dice::to_string(written->expr), dice::to_string(due)))
        .note("the data's disorder_test");
    return;
  }
  const std::int64_t total = written->roll->total;
  const bool passed = test->at_least ? total >= test->needed : total <= test->needed;
  if (!a.stated.passed) {
    checker.not_checked("a disorder test whose result the log does not state", a.span);
    return;
  }
  if (*a.stated.passed == passed) return;
  checker
      .violation(Check::disorder_test, a.stated.span.valid() ? a.stated.span : a.span,
                 fmt::format("log says {}, the disorder test of '{}' {}: {} needs {} {}",
                             *a.stated.passed ? "pass" : "fail", unit, passed ? "passes" : "fails",
                             total, test->at_least ? "at least" : "at most", test->needed))
      .note("a unit that fails its disorder test is disordered");
}

}  // namespace umpire::hyw
