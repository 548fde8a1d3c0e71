// A statement's beginning, and what it settles of the statements before
// it: 002_87c3dc452f850204.txt § Déroulement d'un tour de jeu, § Test moral,
// § Changements de formation, § Points d'ordre.
#include "engine/rulesets/sabreur_hex/phases/turn.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "engine/geometry/hex/footprint.hpp"
#include "engine/geometry/hex/text.hpp"
#include "engine/rulesets/sabreur_hex/checks.hpp"
#include "engine/rulesets/sabreur_hex/phases/combat_sequence.hpp"
#include "engine/rulesets/sabreur_hex/phases/facts.hpp"
#include "engine/rulesets/sabreur_hex/phases/impetuous.hpp"
#include "engine/rulesets/sabreur_hex/phases/pursuit.hpp"
#include "engine/rulesets/sabreur_hex/phases/roster.hpp"

namespace umpire::sabreur {
namespace {

// Tests owed "just before" a change of formation near a non-panicked enemy
// (§ Changements de formation) or "immediately" on activating a "tenace" unit
// in line (§ Points d'ordre): the log writes each as a `test ... morale`
// right after the statement that calls it, several in a row for a group.
// Checked when a statement other than one of those tests comes, or at the
// end of the log.
void check_required_tests(Context& cx, const Action* next) {
  if (!cx.state.tests_due) return;
  const auto owes_test = [&](UnitId u) {
    const TestReason r = cx.state.units[u].next_test;
    return r == TestReason::formation_change || r == TestReason::tenacious_activation;
  };
  if (next && next->kind == ActionKind::test && !next->actors.empty() &&
      owes_test(next->actors.front()))
    return;  // the tests are being taken
  cx.state.tests_due = false;
  for (std::size_t i = 0; i < cx.state.units.size(); ++i) {
    const auto u = static_cast<UnitId>(i);
    if (!owes_test(u)) continue;
    UnitState& st = cx.state.units.edit(i);
    const TestReason reason = st.next_test;
    // The test was not taken: what called it no longer does.
    st.next_test = TestReason::special_action;
    st.former_formation.reset();
    st.former_facing = Facing::n;  // canonical while no change awaits its test
    st.former_hexes.reset();       // an extended line's hexes before the change
    if (!st.on_table) continue;
    const Span span = next ? next->span : cx.checker.event_span();
    if (reason == TestReason::tenacious_activation) {
      cx.checker
          .violation(Check::activation_tenacious_test, span,
                     fmt::format("{} was activated in line with \"tenace\" and took no morale "
                                 "test",
                                 cx.quoted(u)))
          .hint("write 'test {} morale …' right after its activation", cx.setup.units[u].id);
      continue;
    }
    Facts f(cx.rules);
    fill_self(cx, f, u);
    const auto required = eval_int(f, Value::formation_change_test_required, cx.checker);
    if (!required || *required == 0) continue;
    const int nearest = cx.board().nearest_enemy(u, true);  // for the message
    cx.checker
        .violation(Check::formation_test, span,
                   fmt::format("{} changed formation with a non-panicked enemy {} away and took "
                               "no morale test",
                               cx.quoted(u), hexes_text(nearest)))
        .hint("write 'test {} morale …' right after its 'form' statement", cx.setup.units[u].id);
  }
}

// A failed test is followed by flight or by the losses of the difference
// (§ Test moral): settled by the next statement, or at the end of the log.
void settle_failure(Context& cx, const Action* next) {
  if (!cx.state.failure) return;
  const PendingFailure f = *cx.state.failure;
  cx.state.failure.reset();
  const bool flees =
      next && next->kind == ActionKind::flee && !next->actors.empty() && next->actors[0] == f.unit;
  if (flees) return;
  if (cx.state.units[f.unit].panicked) {
    cx.checker
        .violation(Check::morale_result, next ? next->span : Span{},
                   fmt::format("{} failed a morale test while panicked and did not flee",
                               cx.quoted(f.unit)))
        .hint("a panicked unit that fails a test must flee (§ Test moral)");
  }
  cx.state.lose(f.unit, f.losses);
}

void flush_pending(Context& cx) {
  if (!cx.state.pending) return;
  const PendingLosses p = *cx.state.pending;
  cx.state.pending.reset();
  apply_losses(cx, p.unit, p.count, p.from, p.cause);
}

}  // namespace

void begin(Context& cx, const Action& a) {
  if (a.kind == ActionKind::end) return;
  if (a.turn != cx.state.turn || a.side != cx.state.side) {
    // A new player turn: order points and activations start afresh.
    flush_pending(cx);
    end_activation(cx, a.span);              // impetuous.cpp
    check_impetuous_obligation(cx, a.span);  // morale.cpp, impetuous.cpp: special actions
    settle_combat(cx, &a);                   // tests the last turn's combat still owed
    // The last turn's charge is over: an "impétueux" attacker's pursuit and
    // strike owed are judged before it is dropped (pursuit.cpp, impetuous.cpp).
    check_impetuous_pursuit(cx, &a);
    check_impetuous_strike(cx, &a);
    cx.state.combat.reset();
    cx.state.turn = a.turn;
    cx.state.side = a.side;
    for (std::size_t i = 0; i < cx.state.units.size(); ++i) {
      UnitState& u = cx.state.units.edit(i);
      u.activated = false;
      u.manoeuvred = false;
      u.shots = 0;
      u.charging = false;
      u.is_attack_target = false;
      u.clear_reaction();
      u.defensive_fires = 0;
      u.tenacious_failed = false;
      u.return_fires = 0;
      u.choice = ActionChoice::none;
      u.fired_at.reset();
      u.fire_losses_dealt = 0;
      u.impetuous_test_passed = false;  // special actions (impetuous.cpp)
      u.impetuous_bound = false;
      u.second_half_fired_first = false;  // an extended line's double fire (fire.cpp)
    }
    cx.state.charge.reset();
    cx.state.assault.reset();  // assault.cpp
    for (SideState& s : cx.state.sides) s = SideState{};
    cx.state.group.clear();
  }
  cx.state.phase = a.phase;
  // A return fire answers the fire just resolved, after the target's save,
  // morale test or flight (§ Le tir): any other statement ends the chance.
  const bool answers_fire = a.kind == ActionKind::save || a.kind == ActionKind::test ||
                            a.kind == ActionKind::flee ||
                            (a.kind == ActionKind::shoot && !a.actors.empty() &&
                             cx.setup.units[a.actors.front()].side != cx.state.side);
  if (!answers_fire) cx.state.fire_to_answer.reset();
  check_required_tests(cx, &a);
  settle_failure(cx, &a);
  // Losses not saved by the next statement are taken.
  const bool saves_pending = a.kind == ActionKind::save && cx.state.pending && !a.actors.empty() &&
                             a.actors[0] == cx.state.pending->unit;
  // Artillery's losses offered to a friend (morale.cpp) wait for it too.
  const bool transfer_pending = a.kind == ActionKind::special &&
                                a.detail == Detail::transfer_losses && cx.state.pending &&
                                !a.actors.empty() && a.actors[0] == cx.state.pending->unit;
  if (!saves_pending && !transfer_pending) flush_pending(cx);
  step_combat(cx, &a);
}

void apply_losses(Context& cx, UnitId u, int n, std::optional<UnitId> from, LossCause cause) {
  count_combat_losses(cx, u, n, from);
  if (n <= 0) return;
  // "Tir puis charge ou assaut": the losses of the fire may count with the
  // attack's (§ Test moral); combat_sequence.cpp reads them.
  if (cause == LossCause::fire_losses && from && cx.setup.units[*from].side == cx.state.side &&
      cx.state.units[*from].fired_at == u)
    cx.state.units.edit(*from).fire_losses_dealt =
        static_cast<std::int16_t>(cx.state.units[*from].fire_losses_dealt + n);
  cx.state.lose(u, n);
  if (!cx.state.units[u].on_table) return;
  // Enough losses in one fire or one fight call a test (§ Test moral): the
  // data's losses_call_for_test (3 or more).
  Facts f(cx.rules);
  fill_self(cx, f, u);
  fill_enemy(cx, f, from);
  f.word(Given::losses_cause, name(cause));
  f.integer(Given::losses_count, n);
  const auto calls = eval_int(f, Value::losses_call_for_test, cx.checker);
  if (calls && *calls != 0) {
    cx.state.units.edit(u).next_test = TestReason::losses_taken;
    cx.state.units.edit(u).test_enemy = from;
  }
}

bool on_table(Context& cx, UnitId u, Span span) {
  if (cx.state.units[u].on_table) return true;
  cx.checker.violation(Check::unit_eliminated, span,
                       fmt::format("{} is no longer on the table", cx.quoted(u)));
  return false;
}

bool actors_present(Context& cx, const Action& a) {
  bool ok = true;
  // Every absent actor is reported, not only the first.
  for (UnitId u : a.actors) ok = on_table(cx, u, a.span) && ok;
  return ok;
}

void check_activated(Context& cx, const Action& a, UnitId u) {
  if (cx.scratch.probing) return;  // impetuous.cpp: an attack tried, activation aside
  if (cx.setup.units[u].side != cx.state.side || a.phase != Phase::actions) return;
  for (UnitId g : cx.state.group)
    if (g == u) return;
  if (impetuous_auto_activation(cx, a, u)) return;  // impetuous.cpp
  cx.checker
      .violation(Check::activation_not_activated, a.span,
                 fmt::format("{} acts without being in the group activated last", cx.quoted(u)))
      .hint("activate the unit's group first ('activate {} cost 1')", cx.setup.units[u].id);
}

// At the end of the log: what the next statement would have settled.
void settle_at_end(Context& cx, bool no_events) {
  if (no_events) check_rosters(cx);  // roster.cpp: a log of no events
  check_required_tests(cx, nullptr);
  settle_failure(cx, nullptr);
  flush_pending(cx);
  step_combat(cx, nullptr);
  check_impetuous_pursuit(cx, nullptr);
  check_impetuous_strike(cx, nullptr);
  end_activation(cx, cx.checker.event_span());
  check_impetuous_obligation(cx, cx.checker.event_span());  // impetuous.cpp
}

}  // namespace umpire::sabreur
