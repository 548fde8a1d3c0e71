#include "engine/rulesets/hail_caesar_hyw/general_join.hpp"

#include <fmt/format.h>

#include "engine/rulesets/common/evaluation.hpp"
#include "engine/rulesets/hail_caesar_hyw/checks.hpp"
#include "engine/rulesets/hail_caesar_hyw/unit_history.hpp"

namespace umpire::hyw {

void check_general_join(const hail_caesar::Engine& game, const Binding& rules, std::size_t now,
                        replay::EventChecker& checker) {
  const hail_caesar::Action& a = game.action(now);
  const bool join = joins_combat(a);
  if (!join && !(a.kind == hail_caesar::ActionKind::order && a.by)) return;
  const HywItems& items = rules.facts->items();
  const hail_caesar::Setup& setup = game.setup();
  const hail_caesar::GeneralId g = join ? a.generals.front() : *a.by;
  // The statements of the log, first to last.
  const std::span<const hail_caesar::Action> log(&game.action(0), game.event_count());
  const History h(log, game.state(), now);
  hail_caesar::Facts f(rules.base);
  const auto flag = [&](Given given, bool v) {
    f.data_given(items.given(given), rules::Val::boolean(v));
  };
  if (join) {
    const hail_caesar::UnitId u = a.targets.front();
    flag(Given::join_unit_in_own_division,
         setup.units[u].division && setup.units[u].division == setup.generals[g].division);
    flag(Given::join_unit_ordered_to_charge, h.ordered_to_charge(g, u));
    const std::optional<hail_caesar::UnitId> joined = h.joined_unit(g);
    flag(Given::join_general_joined_elsewhere, joined && *joined != u);
    rulesets::common::check_permissions(
        rulesets::common::question(f), items.permissions(RuleAction::join_combat),
        items.action_name(RuleAction::join_combat), checker, a.span, Check::general_join,
        [&] { return fmt::format("'{}' joining '{}'", setup.generals[g].id, setup.units[u].id); });
    return;
  }
  // Only the join is read here: a failed order's end is hc.order.after-failure,
  // a rally is not read (gap rally_procedure).
  flag(Given::general_joined_combat, h.joined_this_turn(g));
  flag(Given::general_rallied_this_turn, false);
  flag(Given::general_order_failed_this_turn, false);
  rulesets::common::check_permissions(
      rulesets::common::question(f), items.permissions(RuleAction::give_order),
      items.action_name(RuleAction::give_order), checker, a.span, Check::general_join,
      [&] { return fmt::format("'{}' giving an order", setup.generals[g].id); });
}

}  // namespace umpire::hyw
