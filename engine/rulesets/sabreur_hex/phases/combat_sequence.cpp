// The sequence of a shock and of a mêlée: 002_87c3dc452f850204.txt
// § La charge et le choc ("En cas de charge ou de poursuite, le combat
// s'appelle un choc…", steps 1–5) and § L'assaut et la mêlée ("En cas
// d'assaut, le combat qui suit s'appelle une mêlée…", steps 1–5).
//
// A shock: the charger (or pursuer, or a friend of the charge's target
// that countercharged the charger, in its combat with it) strikes first;
// the target tests if the strike took "trop de pertes" from it (the data's
// losses_call_for_test: 3 strength points or more, § Test moral); unless it
// fled it may strike back; then the charger tests if that took as many. Neither fled: the
// combat may go on in a later turn, as a mêlée, through a new assault.
// A mêlée: the assaulting unit strikes first; the other ripostes unless the
// strike eliminated it, whatever its losses; then the bilan: a unit that
// lost 3 or more tests; both did: first the one at or below its
// demoralisation threshold, else the one with more losses in the combat,
// else the lower Cd, else the assaulted unit, and the other is exempt if
// the first flees.
//
// The log writes each strike as `attack`, each test as `test … morale`
// right after what calls it. attack() moves the combat (State::combat) on
// at a strike; step_combat() at every other statement, once the strike's
// losses (and their save) are taken. A test owed is reported when another
// statement comes, or at the end of the log, as check_required_tests does.
#include "engine/rulesets/sabreur_hex/phases/combat_sequence.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "engine/rulesets/sabreur_hex/phases/facts.hpp"
#include "engine/rulesets/sabreur_hex/phases/pursuit.hpp"
#include "engine/rulesets/sabreur_hex/phases/reaction_effects.hpp"
#include "engine/rulesets/sabreur_hex/phases/turn.hpp"

namespace umpire::sabreur {
namespace {

bool is_morale_test_by(const Action* a, UnitId u) {
  return a && a->kind == ActionKind::test && a->detail == Detail::morale && !a->actors.empty() &&
         a->actors.front() == u;
}

bool is_flight_of(const Action* a, UnitId u) {
  return a && a->kind == ActionKind::flee && !a->actors.empty() && a->actors.front() == u;
}

bool is_strike_by(const Action* a, UnitId u) {
  return a && a->kind == ActionKind::attack && !a->actors.empty() && a->actors.front() == u;
}

std::string_view combat_word(const CombatInProgress& c) {
  return c.shock ? "shock" : "mêlée";
}

Check order_check(const CombatInProgress& c) {
  return c.shock ? Check::shock_order : Check::melee_order;
}

// The order of strikes and tests in a shock or a
// mêlée (State::combat). order_strike() at each `attack`; step_combat()
// at every other statement (begin), once the last strike's losses are
// taken; settle_combat() reports the tests owed and not taken.
struct BilanOrder {
  UnitId first = 0;
  std::string why;
};

void continue_combat(Context& cx, const Action& a, UnitId u) {
  CombatInProgress& c = *cx.state.combat;
  if (c.step == CombatStep::abandoned) {
    cx.checker.not_checked("the order of strikes in a combat already out of order", a.span);
    return;
  }
  const Check id = order_check(c);
  if (u == c.attacker || c.defender_struck) {
    cx.checker
        .violation(id, a.span,
                   fmt::format("{} strikes a second time in this {}", cx.quoted(u), combat_word(c)))
        .note(
            "each unit strikes once in a combat; it may go on in a later turn through a new "
            "assault");
    c.step = CombatStep::abandoned;
    return;
  }
  if (c.defender_fled) {
    cx.checker.violation(id, a.span, fmt::format("{} strikes back after fleeing", cx.quoted(u)))
        .note("the target strikes back only if it did not flee after the first strike (step 3)");
    c.step = CombatStep::abandoned;
    return;
  }
  if (c.step != CombatStep::return_strike) {
    cx.checker
        .violation(id, a.span,
                   fmt::format("{} strikes back after the {}", cx.quoted(u),
                               c.shock ? "tests that end the shock" : "bilan of the mêlée"))
        .note(c.shock ? "the target strikes back before the charger's test (steps 3 and 4)"
                      : "the riposte comes before the bilan (steps 2 and 3)");
    c.step = CombatStep::abandoned;
    return;
  }
  c.defender_struck = true;
  c.step = CombatStep::attacker_losses;
}

// `with_fire`: the defender's losses add the fire's of "tir puis charge ou
// assaut" (§ Test moral), as a double fire's first adds to its second: when
// the fire's alone called no test (a test they called was owed after it).
bool combat_losses_call_for_test(const Context& cx, const CombatInProgress& c, UnitId u,
                                 bool with_fire = false) {
  if (!cx.state.units[u].on_table) return false;
  Facts f(cx.rules);
  fill_self(cx, f, u);
  fill_enemy(cx, f, u == c.attacker ? c.defender : c.attacker);
  int fire = 0;
  if (with_fire && u == c.defender && c.fire_first && c.fire_losses > 0) {
    f.word(Given::losses_cause, "fire_losses");
    f.integer(Given::losses_count, c.fire_losses);
    const auto alone = eval_int(f, Value::losses_call_for_test, cx.checker);
    if (alone && *alone == 0) fire = c.fire_losses;
  }
  f.word(Given::losses_cause, c.shock ? "shock_losses" : "melee_losses");
  f.integer(Given::losses_count, u == c.attacker ? c.attacker_losses : c.defender_losses + fire);
  const auto v = eval_int(f, Value::losses_call_for_test, cx.checker);
  return v && *v != 0;
}

// The fire's losses counted: its test is owed as a test of the combat's
// losses (settle_combat and start_bilan).
void owe_test_for_fire_and_combat(Context& cx, const CombatInProgress& c) {
  cx.state.units.edit(c.defender).next_test = TestReason::losses_taken;
  cx.state.units.edit(c.defender).test_enemy = c.attacker;
}

// "En commençant par l'unité qui est sous le seuil de démoralisation, sinon
// par l'unité qui a subi le plus de pertes durant le combat (hors test de
// moral), sinon par l'unité avec le plus faible Cd, ou sinon par l'unité
// assaillie" (step 4). "Sous le seuil" reads as the data's self_at_threshold
// (at or below it), as the -2 of § Test moral does.
BilanOrder bilan_order(const Context& cx, const CombatInProgress& c) {
  const auto at_threshold = [&](UnitId u) {
    Facts f(cx.rules);
    fill_self(cx, f, u);
    const auto v = eval_int(f, Value::self_at_threshold, cx.checker);
    return v && *v != 0;
  };
  const bool a_low = at_threshold(c.attacker), d_low = at_threshold(c.defender);
  if (a_low != d_low)
    return {a_low ? c.attacker : c.defender, "it is at or below its demoralisation threshold"};
  if (c.attacker_losses != c.defender_losses) {
    const bool a_more = c.attacker_losses > c.defender_losses;
    return {a_more ? c.attacker : c.defender,
            fmt::format("it lost more in the combat ({} against {})",
                        std::max(c.attacker_losses, c.defender_losses),
                        std::min(c.attacker_losses, c.defender_losses))};
  }
  const int a_cd = cx.setup.units[c.attacker].command, d_cd = cx.setup.units[c.defender].command;
  if (a_cd != d_cd)
    return {a_cd < d_cd ? c.attacker : c.defender,
            fmt::format("its Cd is the lower ({} against {})", std::min(a_cd, d_cd),
                        std::max(a_cd, d_cd))};
  return {c.defender, "it is the assaulted unit, and nothing else decides"};
}

void start_bilan(Context& cx, CombatInProgress& c) {
  c.first_test.reset();
  c.second_test.reset();
  // "Si l'une des 2 unités est éliminée, alors le combat prend fin."
  if (!cx.state.units[c.attacker].on_table || !cx.state.units[c.defender].on_table) {
    c.step = CombatStep::over;
    return;
  }
  const bool a_owes = combat_losses_call_for_test(cx, c, c.attacker);
  bool d_owes = combat_losses_call_for_test(cx, c, c.defender);
  // § Test moral: "les pertes du tir peuvent être comptabilisées avec les
  // pertes de la charge ou de l'assaut", read as counted, as a double
  // fire's are: when only the sum calls a test, the defender owes it.
  if (c.fire_first && !d_owes && combat_losses_call_for_test(cx, c, c.defender, true)) {
    d_owes = true;
    owe_test_for_fire_and_combat(cx, c);
  }
  if (a_owes && d_owes) {
    c.first_test = bilan_order(cx, c).first;
    c.second_test = *c.first_test == c.attacker ? c.defender : c.attacker;
  } else if (a_owes || d_owes) {
    c.first_test = a_owes ? c.attacker : c.defender;
  }
  c.step = CombatStep::bilan_first;
}

void owed_test_missing(Context& cx, Check check, UnitId u, std::int16_t losses,
                       std::string_view kind, Span span) {
  cx.checker
      .violation(check, span,
                 fmt::format("{} lost {} strength points in this {} and took no morale test",
                             cx.quoted(u), losses, kind))
      .note("3 strength points or more lost in one combat call a test (§ Test moral)")
      .hint("write 'test {} morale …' {}", cx.setup.units[u].id,
            check == Check::melee_test ? "in the bilan, after both strikes"
                                       : "right after the strike (and its save)");
  // The test was not taken: what called it no longer does.
  if (cx.state.units[u].next_test == TestReason::losses_taken)
    cx.state.units.edit(u).next_test = TestReason::special_action;
}

}  // namespace

void order_strike(Context& cx, const Action& a, UnitId u, UnitId t) {
  std::optional<CombatInProgress>& cur = cx.state.combat;
  const auto is_pair = [&](UnitId x, UnitId y) { return (x == u && y == t) || (x == t && y == u); };
  if (cur && cur->step != CombatStep::declared && cur->step != CombatStep::closed &&
      is_pair(cur->attacker, cur->defender)) {
    continue_combat(cx, a, u);
    return;
  }
  // A new combat: what brought the two units into it.
  CombatInProgress c;
  const std::optional<ChargeInProgress>& charge = cx.state.charge;
  bool friend_countercharge = false;
  if (cur && cur->step == CombatStep::declared && is_pair(cur->attacker, cur->defender)) {
    c.attacker = cur->attacker;
    c.defender = cur->defender;
    c.shock = cur->shock;
  } else if (cur && cur->step == CombatStep::closed && cur->pursuer &&
             (*cur->pursuer == u || *cur->pursuer == t)) {
    // "Cette attaque de poursuite": a shock, the pursuer strikes first (also
    // when it is the unit that countercharged a charger that fled).
    c.attacker = *cur->pursuer;
    c.defender = *cur->pursuer == u ? t : u;
    c.shock = true;
    // Step 6: "l'unité qui charge engage une unité adverse, alors cette unité
    // adverse peut être attaquée": only one it engages.
    if (pursuit_attack_off_target(cx, a, c.attacker, c.defender)) {
      c.step = CombatStep::abandoned;
      cur = c;
      return;
    }
  } else if (charge && is_pair(charge->charger, charge->target)) {
    c.attacker = charge->charger;
    c.defender = charge->target;
    c.shock = true;
  } else if (charge && (u == charge->charger || t == charge->charger) &&
             cx.state.units[u == charge->charger ? t : u].reaction == Detail::countercharge) {
    // A friend of the target that countercharged the charger: a shock, the
    // friend striking first. § Réactions face à une charge: the friend "doit
    // se déplacer de façon à engager l'unité qui vient de charger. Ce
    // déplacement se fait comme pour une charge", and "Cette contre-charge se
    // fait après que la cible de la charge ait effectué sa propre réaction".
    // The charger's own procedure gives it an attack on its target only
    // (§ La charge et le choc, step 4: the target "peut être attaquée par
    // l'unité qui la charge"); the combat with the friend is the one the
    // friend's move, made as for a charge, brings about. "En cas de charge
    // ou de poursuite, le combat s'appelle un choc" and "L'unité qui charge
    // ou poursuit frappe en premier": the friend, moving as the unit that
    // charges, strikes first, the charger is its target, tests on "trop de
    // pertes" (step 2), may strike back (step 3), then the friend tests
    // (step 4). As pursuit.cpp reads the countercharge as a charge for the
    // pursuit of a charger that fled, this reads it as one for its shock.
    // Neither unit's factor is doubled: "sauf en cas de contre-charge"
    // (§ Précisions sur les facteurs de combat ou de tir; combat.cpp).
    c.attacker = u == charge->charger ? t : u;
    c.defender = charge->charger;
    c.shock = true;
    friend_countercharge = true;
  } else if (refused_countercharge_fights(cx, a, u, t)) {
    c.attacker = u;
    c.defender = t;
    c.step = CombatStep::abandoned;
    cur = c;
    return;
  } else {
    cx.checker
        .violation(Check::melee_order, a.span,
                   fmt::format("{} attacks {}, but no charge, pursuit or assault brought them "
                               "into combat",
                               cx.quoted(u), cx.quoted(t)))
        .note(
            "a combat goes on in a later turn only if an assault is declared to continue it "
            "(§ La charge et le choc, step 5)")
        .hint("declare 'assault {} {}' first", cx.setup.units[u].id, cx.setup.units[t].id);
    c.attacker = u;
    c.defender = t;
    c.step = CombatStep::abandoned;
    cur = c;
    return;
  }
  // The defender's strength before the first strike: what the charge
  // procedure then costs it reduces its return strike (combat.cpp).
  c.defender_strength = cx.state.units[c.defender].strength;
  // "Tir puis charge ou assaut": the fire's losses count with the combat's.
  c.fire_first = cx.state.units[c.attacker].shots > 0;
  if (c.fire_first && cx.state.units[c.attacker].fired_at == c.defender)
    c.fire_losses = cx.state.units[c.attacker].fire_losses_dealt;
  // Strikes end the reactions: a reaction test no longer comes. (After a
  // fire, a test the fire's losses and the attack's call together is set as
  // a losses test by settle_combat and start_bilan.)
  for (const UnitId x : {c.attacker, c.defender}) {
    TestReason& r = cx.state.units.edit(x).next_test;
    if (r == TestReason::charge_reaction || r == TestReason::assault_reaction)
      r = TestReason::special_action;
  }
  if (u != c.attacker) {
    cx.checker
        .violation(order_check(c), a.span,
                   fmt::format("{} strikes before {}, which strikes first in this {}", cx.quoted(u),
                               cx.quoted(c.attacker), combat_word(c)))
        .note(!c.shock ? "in a mêlée the assaulting unit strikes first (step 1)"
              : friend_countercharge
                  ? "a friend of the target that countercharged the charger moved as for a "
                    "charge: it strikes first (step 1)"
                  : "in a shock the unit that charges or pursues strikes first (step 1)");
    c.step = CombatStep::abandoned;
  } else {
    c.attacker_struck = true;
    c.step = CombatStep::target_losses;
  }
  cur = c;
}

void count_combat_losses(Context& cx, UnitId u, int n, std::optional<UnitId> from) {
  if (!cx.state.combat || !from || n <= 0) return;
  CombatInProgress& c = *cx.state.combat;
  if (c.step == CombatStep::target_losses && u == c.defender && *from == c.attacker)
    c.defender_losses = static_cast<std::int16_t>(c.defender_losses + n);
  else if (c.step == CombatStep::attacker_losses && u == c.attacker && *from == c.defender)
    c.attacker_losses = static_cast<std::int16_t>(c.attacker_losses + n);
}

void settle_combat(Context& cx, const Action* next) {
  if (!cx.state.combat) return;
  CombatInProgress& c = *cx.state.combat;
  const bool taking_losses =
      c.step == CombatStep::target_losses || c.step == CombatStep::attacker_losses;
  // The strike's losses are being saved: the combat goes on after the save.
  if (taking_losses && next && next->kind == ActionKind::save && cx.state.pending) return;
  // Artillery's losses offered to a friend (morale.cpp, § Précisions sur les
  // facteurs de combat ou de tir), then the friend's test that decides the
  // transfer: the combat waits for both as for a save, so that the losses
  // the artillery keeps after a failed test count in its combat (its test).
  if (taking_losses && next && next->kind == ActionKind::special &&
      next->detail == Detail::transfer_losses && cx.state.pending)
    return;
  if (taking_losses && cx.state.transfer) return;
  const Span span = next ? next->span : cx.checker.event_span();
  // The losses a test counts, the fire's of "tir puis charge ou assaut" too
  // when only the sum calls it (read in messages only).
  const auto fire_counted = [&](UnitId u) {
    return u == c.defender && c.fire_first && !combat_losses_call_for_test(cx, c, u) &&
           combat_losses_call_for_test(cx, c, u, true);
  };
  const auto losses_of = [&](UnitId u) -> std::int16_t {
    if (u == c.attacker) return c.attacker_losses;
    if (fire_counted(u)) return static_cast<std::int16_t>(c.defender_losses + c.fire_losses);
    return c.defender_losses;
  };
  const auto melee_of = [&](UnitId u) -> std::string_view {
    return fire_counted(u) ? "fire and the mêlée that followed it" : "mêlée";
  };
  for (bool again = true; again;) {
    again = false;
    switch (c.step) {
      case CombatStep::target_losses: {
        if (!cx.state.units[c.defender].on_table) {
          c.step = CombatStep::over;
          break;
        }
        c.step = CombatStep::return_strike;  // a mêlée: the riposte comes before any test
        if (c.shock) {
          const bool owes = combat_losses_call_for_test(cx, c, c.defender);
          if (owes) {
            c.step = CombatStep::target_test;
          } else if (c.fire_first && combat_losses_call_for_test(cx, c, c.defender, true)) {
            // The fire's losses count with the shock's (§ Test moral): the
            // sum calls the target's step-2 test.
            c.step = CombatStep::target_test;
            owe_test_for_fire_and_combat(cx, c);
          }
        }
        again = true;
        break;
      }
      case CombatStep::target_test:
        if (is_morale_test_by(next, c.defender)) {
          c.step = CombatStep::target_tested;
          break;
        }
        owed_test_missing(
            cx, Check::shock_test, c.defender, losses_of(c.defender),
            fire_counted(c.defender) ? "fire and the shock that followed it" : "shock", span);
        c.step = CombatStep::return_strike;
        again = true;
        break;
      case CombatStep::target_tested:
        if (is_flight_of(next, c.defender)) {
          c.defender_fled = true;  // "il y a éventuellement poursuite"
          c.step = CombatStep::over;
          break;
        }
        c.step = CombatStep::return_strike;
        again = true;
        break;
      case CombatStep::return_strike:
        if (is_strike_by(next, c.defender)) break;  // attack() moves on
        if (c.shock) {
          c.step = CombatStep::over;  // "elle peut frapper en retour": it did not
          break;
        }
        if (cx.state.units[c.defender].on_table)
          cx.checker.not_checked(
              fmt::format("whether {} had to riposte in the mêlée (step 2)", cx.quoted(c.defender)),
              span);
        start_bilan(cx, c);
        again = true;
        break;
      case CombatStep::attacker_losses:
        if (c.shock) {
          c.step = combat_losses_call_for_test(cx, c, c.attacker) ? CombatStep::attacker_test
                                                                  : CombatStep::over;
          again = true;
          break;
        }
        start_bilan(cx, c);
        again = true;
        break;
      case CombatStep::attacker_test:
        if (!is_morale_test_by(next, c.attacker))
          owed_test_missing(cx, Check::shock_test, c.attacker, c.attacker_losses, "shock", span);
        c.step = CombatStep::over;
        break;
      case CombatStep::bilan_first: {
        c.step = CombatStep::over;
        if (!c.first_test) {
          for (const UnitId u : {c.attacker, c.defender}) {
            if (!is_morale_test_by(next, u)) continue;
            cx.checker
                .violation(
                    Check::melee_test, span,
                    fmt::format("{} takes a morale test the bilan does not call for", cx.quoted(u)))
                .note(
                    "{} lost {} strength points and {} lost {} in this mêlée: a test needs 3 "
                    "or more (step 5)",
                    cx.quoted(c.attacker), c.attacker_losses, cx.quoted(c.defender),
                    c.defender_losses);
          }
          break;
        }
        const UnitId first = *c.first_test;
        const UnitId other = first == c.attacker ? c.defender : c.attacker;
        if (is_morale_test_by(next, first)) {
          if (c.second_test) c.step = CombatStep::bilan_second;
          break;
        }
        if (is_morale_test_by(next, other)) {
          if (c.second_test) {
            const BilanOrder order = bilan_order(cx, c);
            cx.checker
                .violation(Check::melee_test, span,
                           fmt::format("{} tests before {} in the bilan", cx.quoted(other),
                                       cx.quoted(first)))
                .note("both lost 3 strength points or more; {} tests first: {} (step 4)",
                      cx.quoted(first), order.why)
                .hint("write 'test {} morale …' first", cx.setup.units[first].id);
          } else {
            cx.checker
                .violation(Check::melee_test, span,
                           fmt::format("{} takes a morale test the bilan does not call for, and "
                                       "{} none",
                                       cx.quoted(other), cx.quoted(first)))
                .note(
                    "{} lost {} strength points in this mêlée, {} lost {}: only 3 or more call "
                    "a test (step 3)",
                    cx.quoted(other), losses_of(other), cx.quoted(first), losses_of(first));
          }
          c.step = CombatStep::abandoned;
          break;
        }
        owed_test_missing(cx, Check::melee_test, first, losses_of(first), melee_of(first), span);
        if (c.second_test)
          owed_test_missing(cx, Check::melee_test, *c.second_test, losses_of(*c.second_test),
                            melee_of(*c.second_test), span);
        break;
      }
      case CombatStep::bilan_second:
        c.step = CombatStep::over;
        if (is_flight_of(next, *c.first_test)) {
          c.step = CombatStep::bilan_exempt;
          if (cx.state.units[*c.second_test].next_test == TestReason::losses_taken)
            cx.state.units.edit(*c.second_test).next_test = TestReason::special_action;
          break;
        }
        if (!is_morale_test_by(next, *c.second_test))
          owed_test_missing(cx, Check::melee_test, *c.second_test, losses_of(*c.second_test),
                            melee_of(*c.second_test), span);
        break;
      case CombatStep::bilan_exempt:
        c.step = CombatStep::over;
        if (is_morale_test_by(next, *c.second_test)) {
          cx.checker
              .violation(Check::melee_test, span,
                         fmt::format("{} takes a morale test, but {} fled after testing first",
                                     cx.quoted(*c.second_test), cx.quoted(*c.first_test)))
              .note("if the unit that tests first flees, the other is exempt (step 4)");
          c.step = CombatStep::abandoned;
        }
        break;
      case CombatStep::abandoned:
        // Once the log left the rules' order, the tests are not matched to it.
        for (const UnitId u : {c.attacker, c.defender})
          if (is_morale_test_by(next, u) && cx.state.units[u].next_test == TestReason::losses_taken)
            cx.checker.not_checked("the tests of a combat whose strikes were out of order", span);
        break;
      case CombatStep::declared:
      case CombatStep::over:
      case CombatStep::closed:
        break;
    }
  }
}

void step_combat(Context& cx, const Action* next) {
  settle_combat(cx, next);
  if (!next) return;
  // A charge or an assault declares the next combat; a pursuit closes this
  // one, and its attack, if any, is a shock (§ La charge et le choc, step 6).
  if (next->kind == ActionKind::charge || next->kind == ActionKind::assault) {
    if (next->actors.empty() || next->targets.empty()) {
      cx.state.combat.reset();
      return;
    }
    CombatInProgress d;
    d.attacker = next->actors.front();
    d.defender = next->targets.front();
    d.shock = next->kind == ActionKind::charge;
    cx.state.combat = d;
  } else if (next->kind == ActionKind::pursue && cx.state.combat && !next->actors.empty()) {
    cx.state.combat->step = CombatStep::closed;
    cx.state.combat->pursuer = next->actors.front();
  }
}

}  // namespace umpire::sabreur

namespace umpire::sabreur {

// `combat u vs t` names the combat about to be fought (docs/log-format.md).
// In Sabreur-hex only a charge, an assault or a pursuit brings two units
// into combat (§ La charge et le choc, § L'assaut et la mêlée), so the pair
// must be the one they declared; a friend of the target that countercharged
// the charger may fight it too.
void name_combat(Context& cx, const Action& a) {
  if (a.actors.size() != 1 || a.targets.size() != 1) {
    cx.checker.not_checked("a combat statement naming other than one unit a side", a.span);
    return;
  }
  const UnitId u = a.actors.front();
  const UnitId t = a.targets.front();
  if (!on_table(cx, t, a.span)) return;
  const auto is_pair = [&](UnitId x, UnitId y) { return (x == u && y == t) || (x == t && y == u); };
  const std::optional<CombatInProgress>& c = cx.state.combat;
  const std::optional<ChargeInProgress>& charge = cx.state.charge;
  const bool declared = c && c->step != CombatStep::closed && is_pair(c->attacker, c->defender);
  // A pursuit's combat is with an enemy the pursuer engages (step 6).
  const bool pursuit = c && c->step == CombatStep::closed && c->pursuer &&
                       (*c->pursuer == u || *c->pursuer == t) &&
                       cx.board().engages(*c->pursuer, *c->pursuer == u ? t : u);
  const bool countercharged =
      charge && (u == charge->charger || t == charge->charger) &&
      cx.state.units[u == charge->charger ? t : u].reaction == Detail::countercharge;
  if (declared || pursuit || countercharged) return;
  if (refused_countercharge_fights(cx, a, u, t)) return;
  cx.checker
      .violation(Check::combat_pair, a.span,
                 fmt::format("no charge, assault or pursuit brought {} and {} into combat",
                             cx.quoted(u), cx.quoted(t)))
      .hint("a combat follows the charge or the assault that declares it: 'charge {} {} …'",
            cx.setup.units[u].id, cx.setup.units[t].id);
}

}  // namespace umpire::sabreur
