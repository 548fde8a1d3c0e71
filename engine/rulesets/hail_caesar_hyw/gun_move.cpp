#include "engine/rulesets/hail_caesar_hyw/gun_move.hpp"

#include <fmt/format.h>

#include "engine/rulesets/common/evaluation.hpp"
#include "engine/rulesets/hail_caesar_hyw/checks.hpp"
#include "engine/rulesets/hail_caesar_hyw/unit_history.hpp"

namespace umpire::hyw {

bool is_gun(const hail_caesar::Setup& setup, hail_caesar::UnitId u) {
  using hail_caesar::UnitType;
  const UnitType t = setup.units[u].type;
  return t == UnitType::light_artillery || t == UnitType::medium_artillery ||
         t == UnitType::heavy_artillery || t == UnitType::mobile_artillery;
}

void check_gun_move(const hail_caesar::Engine& game, const Binding& rules, std::size_t now,
                    replay::EventChecker& checker) {
  const hail_caesar::Action& a = game.action(now);
  if (a.kind != hail_caesar::ActionKind::move || a.actors.empty()) return;
  const hail_caesar::UnitId u = a.actors.front();
  if (!is_gun(game.setup(), u)) return;
  const std::span<const hail_caesar::Action> log(&game.action(0), game.event_count());
  const History h(log, game.state(), now);
  const hail_caesar::UnitState& st = game.state().units[u];
  const HywItems& items = rules.facts->items();
  hail_caesar::Facts f(rules.base);
  f.set(hail_caesar::Given::unit_type, rules.base.type(game.setup().units[u].type));
  f.boolean(hail_caesar::Given::unit_engaged, st.engaged_with >= 0);
  f.boolean(hail_caesar::Given::unit_supporting, false);
  f.data_given(items.given(Given::unit_special),
               special_rules(rules.base.rs(), game.setup().units[u]));
  f.data_given(items.given(Given::unit_moves_this_turn), rules::Val::integer(h.moves_this_turn(u)));
  f.data_given(items.given(Given::unit_shot_this_turn), rules::Val::boolean(h.shot_this_turn(u)));
  rulesets::common::check_permissions(
      rulesets::common::question(f), items.permissions(RuleAction::ordered_move),
      items.action_name(RuleAction::ordered_move), checker, a.span, Check::artillery_move,
      [&] { return fmt::format("'{}' moving", game.setup().units[u].id); });
}

}  // namespace umpire::hyw
