#include "engine/rulesets/hail_caesar_hyw/staff_reroll.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "engine/rulesets/common/evaluation.hpp"
#include "engine/rulesets/hail_caesar/phases/command.hpp"
#include "engine/rulesets/hail_caesar_hyw/checks.hpp"
#include "engine/rulesets/hail_caesar_hyw/command_facts.hpp"
#include "engine/rulesets/hail_caesar_hyw/unit_history.hpp"

namespace umpire::hyw {

bool staff_reroll(hail_caesar::Context& cx, const hail_caesar::Action& a, const HywItems& items) {
  if (a.kind != hail_caesar::ActionKind::order || !a.by) return false;
  const replay::WrittenRoll* reroll = a.roll("reroll");
  const replay::WrittenRoll* first = a.roll("");
  if (!reroll || !first || !first->roll) return false;
  const hail_caesar::GeneralId g = *a.by;
  const std::optional<std::size_t> now = current_action(cx);
  if (!now) return false;
  const History h(cx, *now);
  // The first throw against the most penalised unit, as the order test
  // reads it (hail_caesar/phases/command.cpp).
  std::optional<std::int64_t> needed;
  std::optional<hail_caesar::Facts> facts;
  for (hail_caesar::UnitId u : a.actors) {
    hail_caesar::Facts f(cx.rules);
    if (!command_facts(cx, g, u, f)) continue;
    const auto n = hail_caesar::eval_int(f, hail_caesar::Value::command_needed, cx.checker);
    if (n && (!needed || *n < *needed)) {
      needed = n;
      facts = std::move(f);
    }
  }
  if (!needed || !facts) return false;
  hail_caesar::Facts& f = *facts;
  f.integer(hail_caesar::Given::order_roll, first->roll->total);
  const auto blunders = hail_caesar::eval_int(f, hail_caesar::Value::order_blunders, cx.checker);
  if (!blunders) return false;
  const std::string_view general = cx.setup.generals[g].id;
  if (!*blunders && first->roll->total <= *needed)
    cx.checker
        .violation(Check::staff_reroll, reroll->span,
                   fmt::format("'{}' re-rolls an order test he passed: the staff re-rolls a "
                               "failed one",
                               general))
        .note("{} against a command of {}", first->roll->total, *needed);
  const bool used = std::any_of(cx.log.begin(), cx.log.begin() + static_cast<std::ptrdiff_t>(*now),
                                [&](const hail_caesar::Action& o) {
                                  return o.kind == hail_caesar::ActionKind::order && o.by == g &&
                                         o.turn == a.turn && o.side == a.side &&
                                         o.roll("reroll") != nullptr;
                                });
  f.data_given(items.given(Given::general_staff_reroll_used), rules::Val::boolean(used));
  // The staff's position is not written: its 18" is not read.
  f.data_given(items.given(Given::general_distance_to_staff), rules::Val::integer(0));
  f.data_given(items.given(Given::command_roll),
               rules::Val::integer(std::clamp<std::int64_t>(first->roll->total, 2, 12)));
  rulesets::common::check_permissions(
      rulesets::common::question(f), items.permissions(RuleAction::reroll_command_test),
      items.action_name(RuleAction::reroll_command_test), cx.checker, reroll->span,
      Check::staff_reroll, [&] { return fmt::format("'{}' re-rolling his order test", general); });
  cx.checker.not_checked(
      "that the army staff stands within 18\" of the general re-rolling (the log writes no "
      "staff, 004_b7c666874e8df030.txt § 2-a)",
      a.span);
  // The order stands on the re-roll.
  hail_caesar::Action second = a;
  std::erase_if(second.rolls, [](const replay::WrittenRoll& r) { return r.label.empty(); });
  for (replay::WrittenRoll& r : second.rolls)
    if (r.label == "reroll") r.label.clear();
  hail_caesar::order(cx, second);
  return true;
}

}  // namespace umpire::hyw
