#include "engine/rulesets/hail_caesar_hyw/break_reroll.hpp"

#include <fmt/format.h>

#include "engine/rulesets/common/evaluation.hpp"
#include "engine/rulesets/hail_caesar_hyw/checks.hpp"

namespace umpire::hyw {

void check_break_reroll(const hail_caesar::Engine& game, const Binding& rules, std::size_t now,
                        replay::EventChecker& checker) {
  const hail_caesar::Action& a = game.action(now);
  if (a.kind != hail_caesar::ActionKind::test || a.detail != "break" || a.actors.empty()) return;
  const replay::WrittenRoll* reroll = a.roll("reroll");
  if (!reroll) return;
  const hail_caesar::UnitId u = a.actors.front();
  const HywItems& items = rules.facts->items();
  hail_caesar::Facts f(rules.base);
  f.data_given(items.given(Given::unit_special),
               special_rules(rules.base.rs(), game.setup().units[u]));
  const bool allowed = rulesets::common::check_permissions(
      rulesets::common::question(f), items.permissions(RuleAction::reroll_break_test),
      items.action_name(RuleAction::reroll_break_test), checker, reroll->span, Check::break_reroll,
      [&] { return fmt::format("'{}' re-rolling its break test", game.setup().units[u].id); });
  if (allowed)
    checker.not_checked(
        "a re-rolled break test (Stubborn, 004_b7c666874e8df030.txt § 1-c): that the first "
        "throw failed, and the result of the second, which the engine does not read",
        a.span);
}

}  // namespace umpire::hyw
