#include "engine/rulesets/hail_caesar_hyw/group_order.hpp"

#include <fmt/format.h>

#include <vector>

#include "engine/geometry/tabletop/measure.hpp"
#include "engine/geometry/tabletop/tolerance.hpp"
#include "engine/rulesets/common/evaluation.hpp"
#include "engine/rulesets/hail_caesar/phases/facts.hpp"
#include "engine/rulesets/hail_caesar_hyw/checks.hpp"

namespace umpire::hyw {

void check_group_order(const hail_caesar::Engine& game, const Binding& rules, std::size_t now,
                       replay::EventChecker& checker) {
  const hail_caesar::Action& a = game.action(now);
  if (a.kind != hail_caesar::ActionKind::order || a.actors.size() < 2) return;
  std::vector<tabletop::Footprint> group;
  for (hail_caesar::UnitId u : a.actors) {
    const hail_caesar::UnitState& st = game.state().units[u];
    if (!st.on_table) return;  // a unit off the table takes no order: reported by the base
    group.push_back(st.footprint(game.setup().units[u]));
  }
  const double gap = tabletop::largest_gap(group);
  // "séparées de 6 maximum": 6.2" is beyond 6, as inches begun count it.
  const HywItems& items = rules.facts->items();
  hail_caesar::Facts f(rules.base);
  f.data_given(items.given(Given::division_largest_gap),
               rules::Val::integer(hail_caesar::whole_inches_up(gap)));
  rulesets::common::check_permissions(
      rulesets::common::question(f), items.permissions(RuleAction::division_order),
      items.action_name(RuleAction::division_order), checker, a.span, Check::order_group, [&] {
        return fmt::format("one order to {} units with a gap of {} in their group", a.actors.size(),
                           tabletop::inches(gap));
      });
}

}  // namespace umpire::hyw
