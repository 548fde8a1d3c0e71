#include "engine/rulesets/hail_caesar_hyw/victor_move.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "engine/geometry/tabletop/charge.hpp"
#include "engine/geometry/tabletop/crossing.hpp"
#include "engine/geometry/tabletop/movement.hpp"
#include "engine/geometry/tabletop/zones.hpp"
#include "engine/rulesets/common/evaluation.hpp"
#include "engine/rulesets/common/written_placement.hpp"
#include "engine/rulesets/hail_caesar/phases/charge.hpp"
#include "engine/rulesets/hail_caesar_hyw/checks.hpp"
#include "engine/rulesets/hail_caesar_hyw/unit_history.hpp"

namespace umpire::hyw {

using hail_caesar::Action;
using hail_caesar::ActionKind;
using hail_caesar::UnitId;

namespace {

// The enemies of the last round unit `u` fought in the phase of statement
// `now` (its last `combat` statement of that phase, before `now`); nullptr
// when it fought none.
const hail_caesar::UnitList* round_enemies(std::span<const Action> log, std::size_t now, UnitId u) {
  if (now >= log.size()) return nullptr;
  const Action& at = log[now];
  const auto names = [&](const hail_caesar::UnitList& l) {
    return std::find(l.begin(), l.end(), u) != l.end();
  };
  for (std::size_t i = now; i-- > 0;) {
    const Action& c = log[i];
    if (c.turn != at.turn || c.side != at.side || c.phase != at.phase) break;
    if (c.kind != ActionKind::combat) continue;
    if (names(c.actors)) return &c.targets;
    if (names(c.targets)) return &c.actors;
  }
  return nullptr;
}

}  // namespace

void recontact_after_move(hail_caesar::Context& cx, const Action& a, UnitId u) {
  const std::optional<std::size_t> now = current_action(cx);
  if (!now || a.off_table || !cx.state.units[u].on_table) return;
  hail_caesar::UnitState& st = cx.state.units[u];
  const hail_caesar::UnitList* enemies = round_enemies(cx.log, *now, u);
  if (!enemies) return;
  for (const UnitId e : *enemies) {
    hail_caesar::UnitState& enemy = cx.state.units[e];
    if (!enemy.on_table || !hail_caesar::touching(cx, u, e)) continue;
    if (st.engaged_with < 0) st.engaged_with = static_cast<std::int32_t>(e);
    if (enemy.engaged_with < 0) enemy.engaged_with = static_cast<std::int32_t>(u);
  }
}

CombatStanding combat_standing(std::span<const Action> log, const hail_caesar::Setup& setup,
                               const hail_caesar::State& state, std::size_t now, UnitId u,
                               double tolerance) {
  const hail_caesar::UnitList* enemies = round_enemies(log, now, u);
  if (!enemies) return {};
  const tabletop::Footprint self = state.units[u].footprint(setup.units[u]);
  const auto gone = [&](UnitId e) { return !state.units[e].on_table; };
  const bool contact = std::any_of(enemies->begin(), enemies->end(), [&](UnitId e) {
    return !gone(e) &&
           tabletop::in_contact(self, state.units[e].footprint(setup.units[e]), tolerance);
  });
  return {state.units[u].won_last_round && !contact,
          !enemies->empty() && std::all_of(enemies->begin(), enemies->end(), gone)};
}

std::optional<UnitId> makes_way_for(std::span<const Action> log, const hail_caesar::Setup& setup,
                                    const hail_caesar::State& state,
                                    const hail_caesar::Scratch& scratch, std::size_t now,
                                    UnitId u) {
  if (now >= log.size()) return std::nullopt;
  const Action& at = log[now];
  for (const hail_caesar::DueOutcome& o : scratch.due_outcomes) {
    if (o.unit == u || o.removes || (o.inches_back <= 0 && !o.moves_back)) continue;
    if (setup.units[o.unit].side != setup.units[u].side || !state.units[o.unit].on_table) continue;
    for (std::size_t i = now + 1; i < log.size(); ++i) {
      const Action& b = log[i];
      if (b.turn != at.turn || b.side != at.side || b.phase != at.phase) break;
      if (b.kind != ActionKind::move || b.actors.empty() || b.actors.front() != o.unit ||
          b.detail.empty())
        continue;
      const std::optional<tabletop::Point> end = rulesets::written_end(b);
      if (!end || b.off_table) break;
      using tabletop::operator-;
      const tabletop::Footprint start = state.units[o.unit].footprint(setup.units[o.unit]);
      const double inches = tabletop::length(*end - start.leader());
      if (inches <= 0) break;
      const tabletop::Step way =
          tabletop::Step::oblique(inches, tabletop::bearing(start.leader(), *end) - start.facing());
      if (tabletop::passes_through(tabletop::swept_area(start, way),
                                   state.units[u].footprint(setup.units[u]), scratch.tolerance))
        return o.unit;
      break;
    }
  }
  return std::nullopt;
}

bool ends_in_front_arc(const tabletop::Footprint& start, const Action& a) {
  const std::optional<tabletop::Point> end = rulesets::written_end(a);
  return end &&
         tabletop::zone_of(start, *end, tabletop::ZoneRule::diagonals) == tabletop::Zone::front;
}

void check_victor_move(const hail_caesar::Engine& game, const Binding& rules, std::size_t now,
                       replay::EventChecker& checker) {
  const Action& a = game.action(now);
  if (a.kind != ActionKind::move || a.phase != hail_caesar::Phase::combat || a.actors.empty() ||
      !a.detail.empty() || a.off_table || !rulesets::written_end(a))
    return;
  const UnitId u = a.actors.front();
  if (!game.state().units[u].on_table) return;
  const std::span<const Action> log(&game.action(0), game.event_count());
  const HywItems& items = rules.facts->items();
  // 8-c: a friend stepping aside for a unit that falls back through it
  // makes no victor's move; the data says who may (make_way).
  if (const std::optional<UnitId> g =
          makes_way_for(log, game.setup(), game.state(), game.scratch(), now, u)) {
    const hail_caesar::UnitState& st = game.state().units[u];
    hail_caesar::Facts may(rules.base);
    may.boolean(hail_caesar::Given::unit_disordered, st.disordered);
    may.boolean(hail_caesar::Given::unit_engaged, st.engaged_with >= 0);
    may.boolean(hail_caesar::Given::unit_shaken, st.shaken);
    rulesets::common::check_permissions(
        rulesets::common::question(may), rules.base.permissions(hail_caesar::RuleAction::make_way),
        rules.base.action_name(hail_caesar::RuleAction::make_way), checker, a.span, Check::make_way,
        [&] {
          return fmt::format("'{}' making way for '{}' (falling back through it)",
                             game.setup().units[u].id, game.setup().units[*g].id);
        });
    checker.not_checked(
        fmt::format("that '{}', falling back through the friend that made way, is disordered, "
                    "and that '{}' takes a disorder test (004 § 8-c)",
                    game.setup().units[*g].id, game.setup().units[u].id),
        a.span);
    return;
  }
  const CombatStanding s =
      combat_standing(log, game.setup(), game.state(), now, u, game.scratch().tolerance);
  hail_caesar::Facts f(rules.base);
  f.data_given(items.given(Given::unit_won_combat), rules::Val::boolean(s.won));
  rulesets::common::check_permissions(
      rulesets::common::question(f), items.permissions(RuleAction::victor_move),
      items.action_name(RuleAction::victor_move), checker, a.span, Check::victor_move, [&] {
        return fmt::format(
            "'{}' moving after a combat it did not win, or with an enemy of it "
            "still in contact",
            game.setup().units[u].id);
      });
}

}  // namespace umpire::hyw
