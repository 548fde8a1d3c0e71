#include "engine/rulesets/hail_caesar_hyw/levy.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "engine/rulesets/common/evaluation.hpp"
#include "engine/rulesets/hail_caesar/phases/facts.hpp"
#include "engine/rulesets/hail_caesar_hyw/checks.hpp"
#include "engine/rulesets/hail_caesar_hyw/unit_history.hpp"
#include "engine/rulesets/hail_caesar_hyw/written_test.hpp"

namespace umpire::hyw {

bool levy_test(hail_caesar::Context& cx, const hail_caesar::Action& a, const HywItems& items) {
  if (!is_levy_test(a)) return false;
  // The test is the Levy rule's (levy_test_needs_the_rule): a unit without
  // it throws none.
  hail_caesar::Facts f(cx.rules);
  hail_caesar::fill_unit(cx, f, a.actors.front());
  if (!judge_due(
          f, items, RuleAction::roll_levy_test, Check::levy, a.span,
          [&] { return fmt::format("{} throwing a Levy test", cx.quoted(a.actors.front())); },
          cx.checker))
    return true;
  const replay::WrittenRoll* written = a.roll("");
  const std::optional<WrittenTest> t = judge_written_test(
      cx.rules, items, Test::levy_disorder_removal, written, Check::levy,
      fmt::format("the Levy test of {}", cx.quoted(a.actors.front())), cx.checker);
  if (!t) {
    if (!written || !written->roll)
      cx.checker.not_checked("a Levy test whose dice the log does not write", a.span);
    return true;
  }
  compare_stated(a, t->passed, "pass", "fail", Check::levy,
                 fmt::format("the Levy test of {}", cx.quoted(a.actors.front())), cx.checker);
  return true;
}

void check_levy_recovery(const hail_caesar::Engine& game, const Binding& rules, std::size_t now,
                         replay::EventChecker& checker) {
  const hail_caesar::Action& a = game.action(now);
  if (a.kind != hail_caesar::ActionKind::state || a.actors.empty()) return;
  const bool clears = std::any_of(a.states.begin(), a.states.end(), [](const std::string& w) {
    return w == "steady" || w == "reformed";
  });
  const hail_caesar::UnitId u = a.actors.front();
  const hail_caesar::UnitState& st = game.state().units[u];
  if (!clears || !st.disordered) return;
  const std::span<const hail_caesar::Action> log(&game.action(0), game.event_count());
  const History h(log, game.state(), now);
  // The data's reading of the end of the turn: disorder_removed_at_end
  // for a unit out of combat, its Levy test as the log wrote it.
  const HywItems& items = rules.facts->items();
  hail_caesar::Facts f(rules.base);
  f.data_given(items.given(Given::unit_special),
               special_rules(rules.base.rs(), game.setup().units[u]));
  f.data_given(items.given(Given::unit_levy_test_passed),
               rules::Val::boolean(h.levy_test_passed(u, a.turn, a.side)));
  f.boolean(hail_caesar::Given::unit_disordered, true);
  f.boolean(hail_caesar::Given::unit_engaged, false);
  f.boolean(hail_caesar::Given::unit_supporting, false);
  const std::optional<std::int64_t> recovers =
      hail_caesar::eval_int(f, hail_caesar::Value::disorder_removed_at_end, checker);
  if (!recovers || *recovers != 0) return;
  checker
      .violation(Check::levy, a.span,
                 fmt::format("'{}' is Levy: it loses its disorder only on a passed Levy test "
                             "(`test {} levy d6=N => pass`)",
                             game.setup().units[u].id, game.setup().units[u].id))
      .note("no passed Levy test of the unit is written this turn");
}

}  // namespace umpire::hyw
