#include "engine/rulesets/hail_caesar_hyw/rally.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "engine/geometry/tabletop/tolerance.hpp"
#include "engine/rulesets/common/evaluation.hpp"
#include "engine/rulesets/hail_caesar/phases/dice.hpp"
#include "engine/rulesets/hail_caesar/phases/division.hpp"
#include "engine/rulesets/hail_caesar/phases/facts.hpp"
#include "engine/rulesets/hail_caesar_hyw/checks.hpp"
#include "engine/rulesets/hail_caesar_hyw/command_facts.hpp"
#include "engine/rulesets/hail_caesar_hyw/unit_history.hpp"

namespace umpire::hyw {
namespace {

using hail_caesar::Action;
using hail_caesar::ActionKind;
using hail_caesar::Context;
using hail_caesar::GeneralId;
using hail_caesar::UnitId;

constexpr std::string_view kGap =
    "(gap rally_procedure, 004_b7c666874e8df030.txt § 3-a) Re-molarisation d’unité par un "
    "général)";

// 3-a: "il s'agit du dernier ordre que le général peut tenter": a general
// attempts no order, a rally included, once he has rallied, joined a
// combat (3-b) or failed an order (5-e): the data's give_order permissions.
void check_still_giving_orders(const hail_caesar::Facts& base, const HywItems& items,
                               const History& h, GeneralId g, bool orders_ended,
                               std::string_view general, replay::EventChecker& checker, Span span,
                               std::string_view what) {
  hail_caesar::Facts f = base;
  const auto flag = [&](Given given, bool v) {
    f.data_given(items.given(given), rules::Val::boolean(v));
  };
  flag(Given::general_rallied_this_turn, h.rallied_this_turn(g));
  flag(Given::general_joined_combat, h.joined_this_turn(g));
  flag(Given::general_order_failed_this_turn, orders_ended);
  rulesets::common::check_permissions(
      rulesets::common::question(f), items.permissions(RuleAction::give_order),
      items.action_name(RuleAction::give_order), checker, span, Check::rally_last_order,
      [&] { return fmt::format("'{}' {}", general, what); });
}

}  // namespace

bool rally(Context& cx, const Action& a, const HywItems& items) {
  if (a.kind != ActionKind::rally || a.actors.empty()) return false;
  if (!a.by) {
    cx.checker.not_checked(
        "a rally that names no general (`rally <unit> by <general>`, 004_b7c666874e8df030.txt § "
        "3-a)",
        a.span);
    return false;
  }
  const UnitId u = a.actors.front();
  const GeneralId g = *a.by;
  const hail_caesar::GeneralSetup& general = cx.setup.generals[g];
  hail_caesar::UnitState& st = cx.state.units[u];
  const std::optional<std::size_t> now = current_action(cx);
  hail_caesar::Facts f(cx.rules);
  const std::optional<double> d = command_facts(cx, g, u, f);
  if (!d || !now) {
    cx.checker.not_checked("a rally by a general or of a unit off the table", a.span);
    return false;
  }
  const History h(cx, *now);
  using hail_caesar::Given;
  f.boolean(Given::unit_shaken, st.shaken);
  const auto set = [&](hyw::Given given, std::int64_t v, std::int64_t hi) {
    f.data_given(items.given(given), rules::Val::integer(std::clamp<std::int64_t>(v, 0, hi)));
  };
  set(hyw::Given::rally_target_casualties, st.casualties, 30);
  // "l'unité doit être à 12'": 12.2" is beyond, as inches begun count it
  // (the order's distance penalty reads "supérieure à 12'" the same way).
  set(hyw::Given::rally_distance, hail_caesar::whole_inches_up(*d), 96);
  f.data_given(items.given(hyw::Given::rally_same_division),
               rules::Val::boolean(cx.setup.units[u].division &&
                                   cx.setup.units[u].division == general.division));
  f.data_given(items.given(hyw::Given::rally_division_broken),
               rules::Val::boolean(hail_caesar::in_broken_division(cx, u)));

  rulesets::common::check_permissions(
      rulesets::common::question(f), items.permissions(RuleAction::rally_unit),
      items.action_name(RuleAction::rally_unit), cx.checker, a.span, Check::rally_unit, [&] {
        // The range the rule reads (rally_range), as the data has it.
        const std::optional<std::int64_t> range = rulesets::common::eval_value(
            rulesets::common::question(f), items.value(Value::rally_range),
            items.value_name(Value::rally_range), cx.checker, nullptr);
        return fmt::format("'{}' rallying {}, {} from him (rally range {}), with {} casualties",
                           general.id, cx.quoted(u), tabletop::inches(*d),
                           range ? fmt::format("{}\"", *range) : std::string("rally_range"),
                           st.casualties);
      });
  check_still_giving_orders(f, items, h, g, cx.state.generals[g].orders_ended, general.id,
                            cx.checker, a.span, "rallying a unit");
  if (st.engaged_with >= 0 || hail_caesar::in_support(cx, u) || st.disordered)
    cx.checker.not_checked(
        fmt::format("whether a unit engaged, supporting or disordered, which 'ne peut recevoir "
                    "d'ordre' (5-b), may be rallied {}",
                    kGap),
        a.span);
  if (a.roll("reroll"))
    cx.checker.not_checked(fmt::format("the army staff's re-roll of a rally test {}", kGap),
                           a.span);

  auto roll = cx.dice.take(hail_caesar::d6s(2), a.roll(""), cx.checker, Check::rally_test,
                           [&] { return fmt::format("rally test of '{}'", general.id); });
  if (!roll) return true;
  f.integer(Given::order_roll, roll->total);
  const auto needed = hail_caesar::eval_int(f, hail_caesar::Value::command_needed, cx.checker);
  const auto blunders = hail_caesar::eval_int(f, hail_caesar::Value::order_blunders, cx.checker);
  const std::optional<std::int64_t> removed = rulesets::common::eval_value(
      rulesets::common::question(f), items.value(Value::rally_casualties_removed),
      items.value_name(Value::rally_casualties_removed), cx.checker, nullptr);
  if (!needed || !blunders || !removed) return true;
  cx.checker.read_roll(hail_caesar::d6s(2), *roll, [&] {
    replay::RollReading r;
    r.higher_is_better = false;
    r.pass = *needed;
    r.side = general.side;
    r.what = fmt::format("rally test of '{}'", general.id);
    return r;
  });
  std::int64_t taken_off = *removed;
  if (*blunders) {
    cx.checker.not_checked(
        fmt::format("whether a rally test of 12 is also a blunder, with its move {}", kGap),
        a.span);
  }
  const Span at = a.stated.span.valid() ? a.stated.span : a.span;
  if (!*blunders && *removed == 0 && roll->total <= *needed && st.casualties > 0) {
    // Passed, yet no move: Militia's "Pas de mouvement" (1-c).
    cx.checker.not_checked(
        fmt::format("whether a Militia unit's 'Pas de mouvement' removes no casualty {}", kGap),
        a.span);
    if (a.stated.casualties) taken_off = *a.stated.casualties;
  } else if (!a.stated.casualties) {
    cx.checker.not_checked("a rally whose casualties removed the log does not state", a.span);
  } else {
    taken_off =
        cx.checker.outcome(Check::rally_test, at, "casualties", a.stated.casualties, *removed, [&] {
          std::vector<std::string> notes = rulesets::common::explain_value(
              cx.rules.rs(), f.situation(), items.value(Value::rally_casualties_removed));
          notes.insert(notes.begin(), fmt::format("2D6 {} against a command of {}; "
                                                  "one casualty a success (3-a)",
                                                  roll->total, *needed));
          return notes;
        });
  }
  // The casualties removed are the unit's: its stamina and shaken state
  // are read from them from now on (8-e: "ébranlée" from as many casualties
  // as its stamina).
  st.casualties = std::max<std::int32_t>(0, st.casualties - static_cast<std::int32_t>(taken_off));
  if (st.shaken && cx.setup.units[u].stats.stamina) {
    hail_caesar::Facts s(cx.rules);
    s.integer(Given::unit_casualties, st.casualties);
    s.integer(Given::unit_stamina, *cx.setup.units[u].stats.stamina);
    if (const auto v = hail_caesar::eval_int(s, hail_caesar::Value::unit_shaken, cx.checker);
        v && *v == 0)
      st.shaken = false;
  }
  return true;
}

void check_order_after_rally(const hail_caesar::Engine& game, const Binding& rules, std::size_t now,
                             replay::EventChecker& checker) {
  const Action& a = game.action(now);
  if (a.kind != ActionKind::order || !a.by) return;
  const std::span<const Action> log(&game.action(0), game.event_count());
  const History h(log, game.state(), now);
  if (!h.rallied_this_turn(*a.by)) return;
  const HywItems& items = rules.facts->items();
  const hail_caesar::Facts f(rules.base);
  // Only the rally is read here: a join is hyw.general.join's, a failed
  // order hc.order.after-failure's.
  hail_caesar::Facts g = f;
  g.data_given(items.given(Given::general_rallied_this_turn), rules::Val::boolean(true));
  g.data_given(items.given(Given::general_joined_combat), rules::Val::boolean(false));
  g.data_given(items.given(Given::general_order_failed_this_turn), rules::Val::boolean(false));
  rulesets::common::check_permissions(
      rulesets::common::question(g), items.permissions(RuleAction::give_order),
      items.action_name(RuleAction::give_order), checker, a.span, Check::rally_last_order, [&] {
        return fmt::format("'{}' giving an order after his rally", game.setup().generals[*a.by].id);
      });
}

}  // namespace umpire::hyw
