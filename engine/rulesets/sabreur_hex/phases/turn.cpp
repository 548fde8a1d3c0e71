// A statement's beginning, and what it settles of the statements before
// it: 002_87c3dc452f850204.txt § Déroulement d'un tour de jeu, § Test moral,
// § Changements de formation, § Points d'ordre.
#include "engine/rulesets/sabreur_hex/phases/turn.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "engine/core/plural.hpp"
#include "engine/geometry/hex/footprint.hpp"
#include "engine/geometry/hex/text.hpp"
#include "engine/rulesets/sabreur_hex/checks.hpp"
#include "engine/rulesets/sabreur_hex/phases/combat_sequence.hpp"
#include "engine/rulesets/sabreur_hex/phases/deployment.hpp"
#include "engine/rulesets/sabreur_hex/phases/facts.hpp"
#include "engine/rulesets/sabreur_hex/phases/impetuous.hpp"
#include "engine/rulesets/sabreur_hex/phases/pursuit.hpp"
#include "engine/rulesets/sabreur_hex/phases/roster.hpp"
#include "engine/rulesets/sabreur_hex/phases/skirmishers_aside.hpp"

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
    if (!formation_test_due(cx, u)) continue;
    const int nearest = cx.board().nearest_enemy(u, true);  // for the message
    cx.checker
        .violation(Check::formation_test, span,
                   fmt::format("{} changed formation with a non-panicked enemy {} away and took "
                               "no morale test",
                               cx.quoted(u), hexes_text(nearest)))
        .hint("write 'test {} morale …' right after its 'form' statement", cx.setup.units[u].id);
  }
}

// § Les compétences: "tenace… ne fuit jamais si elle échoue à un test de
// moral, et cela tant qu'elle n'a pas atteint le seuil de démoralisation";
// "harcèlement… l'échec de ce test entraîne toujours la fuite". The data's
// failed_test_flee and failed_test_stand say which way a failed test of a
// unit charged, assaulted or hit hard may go (a panicked unit's flight is
// sabreur.morale.result's).
void check_failure_consequence(Context& cx, const PendingFailure& f, bool flees, Span span) {
  const UnitId u = f.unit;
  const UnitState& st = cx.state.units[u];
  Facts facts(cx.rules);
  fill_self(cx, facts, u);
  fill_enemy(cx, facts, st.test_enemy);
  // Both reasons that leave a failure to settle read alike here.
  facts.word(Given::morale_reason,
             name(st.is_attack_target ? TestReason::charge_reaction : TestReason::losses_taken));
  const auto v =
      verdict(facts, flees ? RuleAction::failed_test_flee : RuleAction::failed_test_stand);
  if (!v || *v != rules::Verdict::forbidden) return;
  if (flees) {
    const auto threshold = eval_int(facts, Value::demoralisation_threshold, cx.checker);
    cx.checker
        .violation(Check::morale_failure, span,
                   fmt::format("{} flees after a failed test, but a \"tenace\" unit above its "
                               "demoralisation threshold (strength {}, threshold {}) never flees",
                               cx.quoted(u), st.strength, threshold.value_or(0)))
        .note(fmt::format("it stands and loses the difference between its dice and its modified "
                          "Cd: {}",
                          plural(f.losses, "strength point", "strength points")))
        .hint("leave out the flight; {} loses {} and stays", cx.setup.units[u].id, f.losses);
    return;
  }
  const bool harassment = cx.setup.units[u].skills.has(Skill::harassment);
  cx.checker
      .violation(Check::morale_failure, span,
                 fmt::format("{} failed a morale test and did not flee: a failed test of {} {} "
                             "is always a flight",
                             cx.quoted(u), harassment ? "a \"harcèlement\" unit" : "this unit",
                             st.is_attack_target ? "that is attacked" : "that took losses"))
      .note(fmt::format("standing, it would have lost {} instead",
                        plural(f.losses, "strength point", "strength points")))
      .hint("write 'flee {} …' right after its failed test", cx.setup.units[u].id);
}

// A failed test is followed by flight or by the losses of the difference
// (§ Test moral): settled by the next statement, or at the end of the log.
void settle_failure(Context& cx, const Action* next) {
  cx.scratch.flight_forced = false;
  if (!cx.state.failure) return;
  const PendingFailure f = *cx.state.failure;
  cx.state.failure.reset();
  const bool flees =
      next && next->kind == ActionKind::flee && !next->actors.empty() && next->actors[0] == f.unit;
  if (flees) {
    cx.scratch.flight_forced = true;
    if (!cx.state.units[f.unit].panicked) check_failure_consequence(cx, f, true, next->span);
    return;
  }
  if (cx.state.units[f.unit].panicked) {
    cx.checker
        .violation(Check::morale_result, next ? next->span : Span{},
                   fmt::format("{} failed a morale test while panicked and did not flee",
                               cx.quoted(f.unit)))
        .hint("a panicked unit that fails a test must flee (§ Test moral)");
  } else {
    check_failure_consequence(cx, f, false, next ? next->span : cx.checker.event_span());
  }
  cx.state.lose(f.unit, f.losses);
}

// "Les joueurs alternent les tours de jeu" (§ Déroulement d'un tour de
// jeu): a new player turn is the other side's. The log's front end keeps
// each side to one turn of each number, in order; this catches the order of
// the sides within a number (turn 1 blue, turn 1 red, turn 2 red). A turn is
// seen by its statements: a turn written with none is not seen.
void check_sides_alternate(Context& cx, const Action& a) {
  if (cx.state.turn == 0 || a.side != cx.state.side) return;
  const std::string& side = cx.setup.sides[a.side].id;
  cx.checker
      .violation(Check::turn_alternate, a.span,
                 fmt::format("'{}' plays turn {} right after its own turn {}: the sides alternate "
                             "turns",
                             side, a.turn, cx.state.turn))
      .note(fmt::format("the last player turn was turn {} of '{}'; the next is the other side's",
                        cx.state.turn, side))
      .hint("write the other side's turn between them, in the order the sides played turn 1");
}

// § Test moral: "si elle subit la perte d'au moins 3 points de force lors…
// d'un SEUL tir", and § Réactions face à une charge: "Si l'unité qui charge
// subit trop de pertes à cause d'un tir défensif, alors elle doit passer un
// test moral". apply_losses marks the test owed (losses_call_for_test); it
// is taken by the statement that takes the losses (the one after the save),
// or after the test of the unit that fired defensively, which comes first.
// A combat's tests are its own (sabreur.shock.test, sabreur.melee.test).
// `span`: the statement that should have been the test (the end of the
// log's last event when none came).
void check_fire_tests(Context& cx, Span span, const std::optional<PendingLosses>& taken,
                      bool at_end) {
  // A combat declared and not yet fought (the reactions to a charge, with
  // their defensive fires) owes no test of its own yet: the charger's test
  // for a defensive fire's losses is this check's, unless the log ends
  // before the charge goes on (not checked then).
  const auto in_combat = [&](UnitId u) {
    const std::optional<CombatInProgress>& k = cx.state.combat;
    return k && (k->attacker == u || k->defender == u);
  };
  for (std::size_t i = 0; i < cx.state.units.size(); ++i) {
    const auto u = static_cast<UnitId>(i);
    const UnitState& st = cx.state.units[u];
    if (st.next_test != TestReason::losses_taken || !st.on_table) continue;
    if (in_combat(u) && cx.state.combat->step != CombatStep::declared) continue;
    if (in_combat(u) && at_end) {
      cx.state.units.edit(u).next_test = TestReason::special_action;
      cx.checker.not_checked(fmt::format("the morale test of {} for a fire's losses: the log ends "
                                         "before its charge goes on",
                                         cx.quoted(u)),
                             span);
      continue;
    }
    const std::optional<UnitId> shooter = st.test_enemy;
    cx.state.units.edit(u).next_test = TestReason::special_action;  // no longer owed
    Facts f(cx.rules);
    const auto calling = eval_int(f, Value::losses_calling_for_test, cx.checker).value_or(3);
    const bool counted = taken && taken->unit == u;
    // Two defensive fires on a charger: their losses together called it
    // (apply_losses keeps the sum only when the last fire's alone did not).
    const std::optional<ChargeInProgress>& attack =
        cx.state.charge ? cx.state.charge : cx.state.assault;
    const ChargeInProgress* summed =
        attack && attack->charger == u && attack->defensive_fire_losses > 0 && shooter &&
                cx.state.units[*shooter].reaction == Detail::defensive_fire
            ? &*attack
            : nullptr;
    auto d = cx.checker.violation(
        Check::fire_test, span,
        summed    ? fmt::format("{} lost {} strength points to two defensive fires and took no "
                                   "morale test: {} or more call one",
                                cx.quoted(u), summed->defensive_fire_losses, calling)
        : counted ? fmt::format("{} lost {} strength points in one fire and took no morale test: "
                                "{} or more call one",
                                cx.quoted(u), taken->count, calling)
                  : fmt::format("{} lost {} strength points or more in one fire and took no "
                                "morale test",
                                cx.quoted(u), calling));
    if (summed)
      d.note(
          "the losses of a defensive fire that called no test count with the next defensive "
          "fire's on the same charger (\"Même chose si une unité subit 2 tirs défensifs\")");
    if (shooter)
      d.note(
          fmt::format("the losses came from the fire of {}; its target's save, if any, comes "
                      "first, then the test",
                      cx.quoted(*shooter)));
    d.hint("write 'test {} morale …' right after the fire (after its save, if any)",
           cx.setup.units[u].id);
  }
}

// The losses taken, if any.
std::optional<PendingLosses> flush_pending(Context& cx) {
  if (!cx.state.pending) return std::nullopt;
  const PendingLosses p = *cx.state.pending;
  cx.state.pending.reset();
  apply_losses(cx, p.unit, p.count, p.from, p.cause);
  return p;
}

}  // namespace

void begin(Context& cx, const Action& a) {
  if (a.kind == ActionKind::end) return;
  if (a.turn != cx.state.turn || a.side != cx.state.side) {
    check_sides_alternate(cx, a);
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
      u.march_hexes_left = 0;
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
      // The enemy that charged it or caused its losses is "responsable" of
      // what those call for in their turn only (§ Manœuvres, fuite).
      u.test_enemy.reset();
      u.impetuous_test_passed = false;  // special actions (impetuous.cpp)
      u.impetuous_bound = false;
      u.second_half_fired_first = false;  // an extended line's double fire (fire.cpp)
    }
    cx.state.charge.reset();
    cx.state.assault.reset();              // assault.cpp
    cx.state.cancelled_attackers.clear();  // cancelled_attack.cpp
    settle_displaced(cx);                  // skirmishers_aside.cpp
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
  std::optional<PendingLosses> taken;
  if (!saves_pending && !transfer_pending) taken = flush_pending(cx);
  step_combat(cx, &a);
  // Artillery whose transfer of losses wanted the friend's test takes them
  // back here: that is reported once, as sabreur.special.transfer-test, and
  // the artillery owes no test of its own for them.
  const bool after_transfer = cx.in_log(a) && &a != cx.log.data() &&
                              (&a - 1)->kind == ActionKind::special &&
                              (&a - 1)->detail == Detail::transfer_losses;
  if (after_transfer && taken && cx.state.units[taken->unit].next_test == TestReason::losses_taken)
    cx.state.units.edit(taken->unit).next_test = TestReason::special_action;
  if (a.kind != ActionKind::test && a.kind != ActionKind::save)
    check_fire_tests(cx, a.span, taken, false);
}

void apply_losses(Context& cx, UnitId u, int n, std::optional<UnitId> from, LossCause cause) {
  count_combat_losses(cx, u, n, from);
  if (n <= 0) return;
  // "Tir puis charge ou assaut": the losses of the fire may count with the
  // attack's (§ Test moral); combat_sequence.cpp reads them. So may a double
  // fire's first on the same unit with its second's, when the first called
  // no test: `earlier`.
  int earlier = 0;
  if (cause == LossCause::fire_losses && from && cx.setup.units[*from].side == cx.state.side &&
      cx.state.units[*from].fired_at == u) {
    if (cx.state.units[*from].choice == ActionChoice::double_fire)
      earlier = cx.state.units[*from].fire_losses_dealt;
    cx.state.units.edit(*from).fire_losses_dealt =
        static_cast<std::int16_t>(cx.state.units[*from].fire_losses_dealt + n);
  }
  // "Même chose si une unité subit 2 tirs défensifs": the charger's losses
  // to an earlier defensive fire of the same charge or assault count too.
  ChargeInProgress* attack = defensive_fire_on_charger(cx, u, from, cause);
  if (attack) earlier = attack->defensive_fire_losses;
  cx.state.lose(u, n);
  if (!cx.state.units[u].on_table) return;
  // Enough losses in one fire or one fight call a test (§ Test moral): the
  // data's losses_call_for_test (3 or more).
  Facts f(cx.rules);
  fill_self(cx, f, u);
  fill_enemy(cx, f, from);
  f.word(Given::losses_cause, name(cause));
  f.integer(Given::losses_count, n);
  auto calls = eval_int(f, Value::losses_call_for_test, cx.checker);
  if (calls && *calls == 0 && earlier > 0) {
    // § Test moral: "si les pertes du 1er tir ont été insuffisantes pour
    // déclencher un test de moral, alors ces pertes peuvent être
    // comptabilisées avec les pertes du 2nd tir" (read as counted, as the
    // fire's with the attack's). The first fire's alone called none:
    // otherwise its test was owed then.
    f.integer(Given::losses_count, earlier);
    const auto first_called = eval_int(f, Value::losses_call_for_test, cx.checker);
    if (first_called && *first_called == 0) {
      f.integer(Given::losses_count, earlier + n);
      calls = eval_int(f, Value::losses_call_for_test, cx.checker);
    }
  }
  if (attack) {
    // Losses that called a test on their own are tested by it, not counted
    // with the next fire's; the others add up (the sum that calls a test is
    // kept too, for the message of sabreur.fire.test).
    f.integer(Given::losses_count, n);
    const auto alone = eval_int(f, Value::losses_call_for_test, cx.checker);
    attack->defensive_fire_losses =
        static_cast<std::int16_t>(alone && *alone != 0 ? 0 : earlier + n);
  }
  if (calls && *calls != 0) {
    cx.state.units.edit(u).next_test = TestReason::losses_taken;
    cx.state.units.edit(u).test_enemy = from;
  }
}

ChargeInProgress* defensive_fire_on_charger(Context& cx, UnitId u, std::optional<UnitId> from,
                                            LossCause cause) {
  std::optional<ChargeInProgress>& attack = cx.state.charge ? cx.state.charge : cx.state.assault;
  if (!attack || attack->charger != u || cause != LossCause::fire_losses || !from ||
      cx.state.units[*from].reaction != Detail::defensive_fire)
    return nullptr;
  return &*attack;
}

bool formation_test_due(Context& cx, UnitId u) {
  Facts f(cx.rules);
  fill_self(cx, f, u);
  const auto required = eval_int(f, Value::formation_change_test_required, cx.checker);
  return required && *required != 0;
}

bool on_table(Context& cx, UnitId u, Span span) {
  if (cx.state.units[u].on_table) return true;
  cx.checker.violation(Check::unit_eliminated, span,
                       fmt::format("{} is no longer on the table", cx.quoted(u)));
  return false;
}

bool actors_present(Context& cx, const Action& a) {
  bool ok = true;
  // Every absent actor is reported, not only the first; the use of a unit
  // a flight onto an occupied hex eliminated is reported at that flight.
  for (UnitId u : a.actors) {
    if (&a == cx.scratch.use_after_flight && !cx.state.units[u].on_table) {
      ok = false;
      continue;
    }
    ok = on_table(cx, u, a.span) && ok;
  }
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
  if (no_events) {                  // a log of no events
    check_rosters(cx);              // roster.cpp
    check_deployed_formations(cx);  // deployment.cpp
  }
  check_required_tests(cx, nullptr);
  settle_failure(cx, nullptr);
  const std::optional<PendingLosses> taken = flush_pending(cx);
  step_combat(cx, nullptr);
  check_fire_tests(cx, cx.checker.event_span(), taken, true);
  check_impetuous_pursuit(cx, nullptr);
  check_impetuous_strike(cx, nullptr);
  end_activation(cx, cx.checker.event_span());
  check_impetuous_obligation(cx, cx.checker.event_span());  // impetuous.cpp
  settle_displaced(cx);                                     // skirmishers_aside.cpp
}

}  // namespace umpire::sabreur
