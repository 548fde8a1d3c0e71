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
#include <algorithm>

#include <fmt/format.h>

#include "engine/rulesets/sabreur_hex/engine.hpp"

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

}  // namespace

void Engine::order_strike(const Action& a, UnitId u, UnitId t, replay::EventChecker& checker) {
  std::optional<CombatInProgress>& cur = state_.combat;
  const auto is_pair = [&](UnitId x, UnitId y) {
    return (x == u && y == t) || (x == t && y == u);
  };
  if (cur && cur->step != CombatStep::declared && cur->step != CombatStep::closed &&
      is_pair(cur->attacker, cur->defender)) {
    continue_combat(a, u, checker);
    return;
  }
  // A new combat: what brought the two units into it.
  CombatInProgress c;
  const std::optional<ChargeInProgress>& charge = state_.charge;
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
    if (pursuit_attack_off_target(a, c.attacker, c.defender, checker)) {
      c.step = CombatStep::abandoned;
      cur = c;
      return;
    }
  } else if (charge && is_pair(charge->charger, charge->target)) {
    c.attacker = charge->charger;
    c.defender = charge->target;
    c.shock = true;
  } else if (charge && (u == charge->charger || t == charge->charger) &&
             state_.units[u == charge->charger ? t : u].reaction == Detail::countercharge) {
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
  } else if (refused_countercharge_fights(a, u, t, checker)) {
    c.attacker = u;
    c.defender = t;
    c.step = CombatStep::abandoned;
    cur = c;
    return;
  } else {
    checker
        .violation(Check::melee_order, a.span,
                   fmt::format("{} attacks {}, but no charge, pursuit or assault brought them "
                               "into combat",
                               quoted(u), quoted(t)))
        .note("a combat goes on in a later turn only if an assault is declared to continue it "
              "(§ La charge et le choc, step 5)")
        .hint("declare 'assault {} {}' first", setup_.units[u].id, setup_.units[t].id);
    c.attacker = u;
    c.defender = t;
    c.step = CombatStep::abandoned;
    cur = c;
    return;
  }
  // The defender's strength before the first strike: what the charge
  // procedure then costs it reduces its return strike (combat.cpp).
  c.defender_strength = state_.units[c.defender].strength;
  // "Tir puis charge ou assaut": the fire's losses count with the combat's.
  c.fire_first = state_.units[c.attacker].shots > 0;
  if (c.fire_first && state_.units[c.attacker].fired_at == c.defender)
    c.fire_losses = state_.units[c.attacker].fire_losses_dealt;
  // Strikes end the reactions: a reaction test no longer comes. (After a
  // fire, a test the fire's losses and the attack's call together is set as
  // a losses test by settle_combat and start_bilan.)
  for (const UnitId x : {c.attacker, c.defender}) {
    TestReason& r = state_.units.edit(x).next_test;
    if (r == TestReason::charge_reaction || r == TestReason::assault_reaction)
      r = TestReason::special_action;
  }
  if (u != c.attacker) {
    checker
        .violation(order_check(c), a.span,
                   fmt::format("{} strikes before {}, which strikes first in this {}", quoted(u),
                               quoted(c.attacker), combat_word(c)))
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

void Engine::continue_combat(const Action& a, UnitId u, replay::EventChecker& checker) {
  CombatInProgress& c = *state_.combat;
  if (c.step == CombatStep::abandoned) {
    checker.not_checked("the order of strikes in a combat already out of order", a.span);
    return;
  }
  const Check id = order_check(c);
  if (u == c.attacker || c.defender_struck) {
    checker
        .violation(id, a.span,
                   fmt::format("{} strikes a second time in this {}", quoted(u), combat_word(c)))
        .note("each unit strikes once in a combat; it may go on in a later turn through a new "
              "assault");
    c.step = CombatStep::abandoned;
    return;
  }
  if (c.defender_fled) {
    checker
        .violation(id, a.span, fmt::format("{} strikes back after fleeing", quoted(u)))
        .note("the target strikes back only if it did not flee after the first strike (step 3)");
    c.step = CombatStep::abandoned;
    return;
  }
  if (c.step != CombatStep::return_strike) {
    checker
        .violation(id, a.span,
                   fmt::format("{} strikes back after the {}", quoted(u),
                               c.shock ? "tests that end the shock" : "bilan of the mêlée"))
        .note(c.shock ? "the target strikes back before the charger's test (steps 3 and 4)"
                      : "the riposte comes before the bilan (steps 2 and 3)");
    c.step = CombatStep::abandoned;
    return;
  }
  c.defender_struck = true;
  c.step = CombatStep::attacker_losses;
}

void Engine::count_combat_losses(UnitId u, int n, std::optional<UnitId> from) {
  if (!state_.combat || !from || n <= 0) return;
  CombatInProgress& c = *state_.combat;
  if (c.step == CombatStep::target_losses && u == c.defender && *from == c.attacker)
    c.defender_losses = static_cast<std::int16_t>(c.defender_losses + n);
  else if (c.step == CombatStep::attacker_losses && u == c.attacker && *from == c.defender)
    c.attacker_losses = static_cast<std::int16_t>(c.attacker_losses + n);
}

bool Engine::combat_losses_call_for_test(const CombatInProgress& c, UnitId u,
                                         replay::EventChecker& checker, bool with_fire) const {
  if (!state_.units[u].on_table) return false;
  Facts f(rules_);
  fill_self(f, u);
  fill_enemy(f, u == c.attacker ? c.defender : c.attacker);
  f.word(Given::losses_cause, c.shock ? "shock_losses" : "melee_losses");
  const int fire = with_fire && u == c.defender ? c.fire_losses : 0;
  f.integer(Given::losses_count, u == c.attacker ? c.attacker_losses : c.defender_losses + fire);
  const auto v = eval_int(f, Value::losses_call_for_test, checker);
  return v && *v != 0;
}

// "En commençant par l'unité qui est sous le seuil de démoralisation, sinon
// par l'unité qui a subi le plus de pertes durant le combat (hors test de
// moral), sinon par l'unité avec le plus faible Cd, ou sinon par l'unité
// assaillie" (step 4). "Sous le seuil" reads as the data's self_at_threshold
// (at or below it), as the -2 of § Test moral does.
Engine::BilanOrder Engine::bilan_order(const CombatInProgress& c,
                                       replay::EventChecker& checker) const {
  const auto at_threshold = [&](UnitId u) {
    Facts f(rules_);
    fill_self(f, u);
    const auto v = eval_int(f, Value::self_at_threshold, checker);
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
  const int a_cd = setup_.units[c.attacker].command, d_cd = setup_.units[c.defender].command;
  if (a_cd != d_cd)
    return {a_cd < d_cd ? c.attacker : c.defender,
            fmt::format("its Cd is the lower ({} against {})", std::min(a_cd, d_cd),
                        std::max(a_cd, d_cd))};
  return {c.defender, "it is the assaulted unit, and nothing else decides"};
}

void Engine::start_bilan(CombatInProgress& c, const Action* next, replay::EventChecker& checker) {
  c.first_test.reset();
  c.second_test.reset();
  // "Si l'une des 2 unités est éliminée, alors le combat prend fin."
  if (!state_.units[c.attacker].on_table || !state_.units[c.defender].on_table) {
    c.step = CombatStep::over;
    return;
  }
  const bool a_owes = combat_losses_call_for_test(c, c.attacker, checker);
  bool d_owes = combat_losses_call_for_test(c, c.defender, checker);
  // § Test moral: "les pertes du tir peuvent être comptabilisées avec les
  // pertes de la charge ou de l'assaut": may, so when only the sum calls a
  // test, the defender's test is owed if the log takes it (the player
  // counted them), and not required otherwise.
  if (c.fire_first && !d_owes && is_morale_test_by(next, c.defender) &&
      combat_losses_call_for_test(c, c.defender, checker, true)) {
    d_owes = true;
    state_.units.edit(c.defender).next_test = TestReason::losses_taken;
    state_.units.edit(c.defender).test_enemy = c.attacker;
  }
  if (a_owes && d_owes) {
    c.first_test = bilan_order(c, checker).first;
    c.second_test = *c.first_test == c.attacker ? c.defender : c.attacker;
  } else if (a_owes || d_owes) {
    c.first_test = a_owes ? c.attacker : c.defender;
  }
  c.step = CombatStep::bilan_first;
}

void Engine::owed_test_missing(Check check, UnitId u, std::int16_t losses, std::string_view kind,
                               Span span, replay::EventChecker& checker) {
  checker
      .violation(check, span,
                 fmt::format("{} lost {} strength points in this {} and took no morale test",
                             quoted(u), losses, kind))
      .note("3 strength points or more lost in one combat call a test (§ Test moral)")
      .hint("write 'test {} morale …' {}", setup_.units[u].id,
            check == Check::melee_test ? "in the bilan, after both strikes"
                                       : "right after the strike (and its save)");
  // The test was not taken: what called it no longer does.
  if (state_.units[u].next_test == TestReason::losses_taken)
    state_.units.edit(u).next_test = TestReason::special_action;
}

void Engine::settle_combat(const Action* next, replay::EventChecker& checker) {
  if (!state_.combat) return;
  CombatInProgress& c = *state_.combat;
  const bool taking_losses =
      c.step == CombatStep::target_losses || c.step == CombatStep::attacker_losses;
  // The strike's losses are being saved: the combat goes on after the save.
  if (taking_losses && next && next->kind == ActionKind::save && state_.pending) return;
  // Artillery's losses offered to a friend (morale.cpp, § Précisions sur les
  // facteurs de combat ou de tir), then the friend's test that decides the
  // transfer: the combat waits for both as for a save, so that the losses
  // the artillery keeps after a failed test count in its combat (its test).
  if (taking_losses && next && next->kind == ActionKind::special &&
      next->detail == Detail::transfer_losses && state_.pending)
    return;
  if (taking_losses && state_.transfer) return;
  const Span span = next ? next->span : checker.event_span();
  const auto losses_of = [&](UnitId u) {
    return u == c.attacker ? c.attacker_losses : c.defender_losses;
  };
  for (bool again = true; again;) {
    again = false;
    switch (c.step) {
      case CombatStep::target_losses: {
        if (!state_.units[c.defender].on_table) {
          c.step = CombatStep::over;
          break;
        }
        c.step = CombatStep::return_strike;  // a mêlée: the riposte comes before any test
        if (c.shock) {
          const bool owes = combat_losses_call_for_test(c, c.defender, checker);
          if (owes) {
            c.step = CombatStep::target_test;
          } else if (c.fire_first && is_morale_test_by(next, c.defender) &&
                     combat_losses_call_for_test(c, c.defender, checker, true)) {
            // The fire's losses may count with the shock's (§ Test moral):
            // a test then is the target's step-2 test, not required.
            c.step = CombatStep::target_tested;
            state_.units.edit(c.defender).next_test = TestReason::losses_taken;
            state_.units.edit(c.defender).test_enemy = c.attacker;
          }
        }
        again = c.step != CombatStep::target_tested;
        break;
      }
      case CombatStep::target_test:
        if (is_morale_test_by(next, c.defender)) {
          c.step = CombatStep::target_tested;
          break;
        }
        owed_test_missing(Check::shock_test, c.defender, c.defender_losses, "shock", span, checker);
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
        if (state_.units[c.defender].on_table)
          checker.not_checked(
              fmt::format("whether {} had to riposte in the mêlée (step 2)", quoted(c.defender)),
              span);
        start_bilan(c, next, checker);
        again = true;
        break;
      case CombatStep::attacker_losses:
        if (c.shock) {
          c.step = combat_losses_call_for_test(c, c.attacker, checker) ? CombatStep::attacker_test
                                                                       : CombatStep::over;
          again = true;
          break;
        }
        start_bilan(c, next, checker);
        again = true;
        break;
      case CombatStep::attacker_test:
        if (!is_morale_test_by(next, c.attacker))
          owed_test_missing(Check::shock_test, c.attacker, c.attacker_losses, "shock", span,
                            checker);
        c.step = CombatStep::over;
        break;
      case CombatStep::bilan_first: {
        c.step = CombatStep::over;
        if (!c.first_test) {
          for (const UnitId u : {c.attacker, c.defender}) {
            if (!is_morale_test_by(next, u)) continue;
            checker
                .violation(Check::melee_test, span,
                           fmt::format("{} takes a morale test the bilan does not call for",
                                       quoted(u)))
                .note("{} lost {} strength points and {} lost {} in this mêlée: a test needs 3 "
                      "or more (step 5)",
                      quoted(c.attacker), c.attacker_losses, quoted(c.defender),
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
            const BilanOrder order = bilan_order(c, checker);
            checker
                .violation(
                    Check::melee_test, span,
                    fmt::format("{} tests before {} in the bilan", quoted(other), quoted(first)))
                .note("both lost 3 strength points or more; {} tests first: {} (step 4)",
                      quoted(first), order.why)
                .hint("write 'test {} morale …' first", setup_.units[first].id);
          } else {
            checker
                .violation(Check::melee_test, span,
                           fmt::format("{} takes a morale test the bilan does not call for, and "
                                       "{} none",
                                       quoted(other), quoted(first)))
                .note("{} lost {} strength points in this mêlée, {} lost {}: only 3 or more call "
                      "a test (step 3)",
                      quoted(other), losses_of(other), quoted(first), losses_of(first));
          }
          c.step = CombatStep::abandoned;
          break;
        }
        owed_test_missing(Check::melee_test, first, losses_of(first), "mêlée", span, checker);
        if (c.second_test)
          owed_test_missing(Check::melee_test, *c.second_test, losses_of(*c.second_test),
                            "mêlée", span, checker);
        break;
      }
      case CombatStep::bilan_second:
        c.step = CombatStep::over;
        if (is_flight_of(next, *c.first_test)) {
          c.step = CombatStep::bilan_exempt;
          if (state_.units[*c.second_test].next_test == TestReason::losses_taken)
            state_.units.edit(*c.second_test).next_test = TestReason::special_action;
          break;
        }
        if (!is_morale_test_by(next, *c.second_test))
          owed_test_missing(Check::melee_test, *c.second_test, losses_of(*c.second_test), "mêlée",
                            span, checker);
        break;
      case CombatStep::bilan_exempt:
        c.step = CombatStep::over;
        if (is_morale_test_by(next, *c.second_test)) {
          checker
              .violation(Check::melee_test, span,
                         fmt::format("{} takes a morale test, but {} fled after testing first",
                                     quoted(*c.second_test), quoted(*c.first_test)))
              .note("if the unit that tests first flees, the other is exempt (step 4)");
          c.step = CombatStep::abandoned;
        }
        break;
      case CombatStep::abandoned:
        // Once the log left the rules' order, the tests are not matched to it.
        for (const UnitId u : {c.attacker, c.defender})
          if (is_morale_test_by(next, u) && state_.units[u].next_test == TestReason::losses_taken)
            checker.not_checked("the tests of a combat whose strikes were out of order", span);
        break;
      case CombatStep::declared:
      case CombatStep::over:
      case CombatStep::closed:
        break;
    }
  }
}

void Engine::step_combat(const Action* next, replay::EventChecker& checker) {
  settle_combat(next, checker);
  if (!next) return;
  // A charge or an assault declares the next combat; a pursuit closes this
  // one, and its attack, if any, is a shock (§ La charge et le choc, step 6).
  if (next->kind == ActionKind::charge || next->kind == ActionKind::assault) {
    if (next->actors.empty() || next->targets.empty()) {
      state_.combat.reset();
      return;
    }
    CombatInProgress d;
    d.attacker = next->actors.front();
    d.defender = next->targets.front();
    d.shock = next->kind == ActionKind::charge;
    state_.combat = d;
  } else if (next->kind == ActionKind::pursue && state_.combat && !next->actors.empty()) {
    state_.combat->step = CombatStep::closed;
    state_.combat->pursuer = next->actors.front();
  }
}

}  // namespace umpire::sabreur

namespace umpire::sabreur {

// `combat u vs t` names the combat about to be fought (docs/log-format.md).
// In Sabreur-hex only a charge, an assault or a pursuit brings two units
// into combat (§ La charge et le choc, § L'assaut et la mêlée), so the pair
// must be the one they declared; a friend of the target that countercharged
// the charger may fight it too.
void Engine::name_combat(const Action& a, replay::EventChecker& checker) {
  if (a.actors.size() != 1 || a.targets.size() != 1) {
    checker.not_checked("a combat statement naming other than one unit a side", a.span);
    return;
  }
  const UnitId u = a.actors.front();
  const UnitId t = a.targets.front();
  if (!on_table(t, a.span, checker)) return;
  const auto is_pair = [&](UnitId x, UnitId y) {
    return (x == u && y == t) || (x == t && y == u);
  };
  const std::optional<CombatInProgress>& c = state_.combat;
  const std::optional<ChargeInProgress>& charge = state_.charge;
  const bool declared = c && c->step != CombatStep::closed && is_pair(c->attacker, c->defender);
  // A pursuit's combat is with an enemy the pursuer engages (step 6).
  const bool pursuit = c && c->step == CombatStep::closed && c->pursuer &&
                       (*c->pursuer == u || *c->pursuer == t) &&
                       board().engages(*c->pursuer, *c->pursuer == u ? t : u);
  const bool countercharged =
      charge && (u == charge->charger || t == charge->charger) &&
      state_.units[u == charge->charger ? t : u].reaction == Detail::countercharge;
  if (declared || pursuit || countercharged) return;
  if (refused_countercharge_fights(a, u, t, checker)) return;
  checker
      .violation(Check::combat_pair, a.span,
                 fmt::format("no charge, assault or pursuit brought {} and {} into combat",
                             quoted(u), quoted(t)))
      .hint("a combat follows the charge or the assault that declares it: 'charge {} {} …'",
            setup_.units[u].id, setup_.units[t].id);
}

}  // namespace umpire::sabreur
