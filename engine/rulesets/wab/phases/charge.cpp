#include "engine/rulesets/wab/phases/charge.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <string>
#include <vector>

#include "engine/geometry/tabletop/charge.hpp"
#include "engine/rulesets/common/limit_report.hpp"
#include "engine/rulesets/wab/phases/facts.hpp"
#include "engine/rulesets/wab/phases/fear.hpp"
#include "engine/rulesets/wab/phases/flight.hpp"
#include "engine/rulesets/wab/phases/following.hpp"
#include "engine/rulesets/wab/phases/movement.hpp"
#include "engine/rulesets/wab/phases/panic.hpp"
#include "engine/rulesets/wab/phases/turn.hpp"

namespace umpire::wab {
namespace {

PendingCharge* charge_of(Context& cx, UnitId u) {
  for (PendingCharge& c : cx.scratch.charges)
    if (c.charger == u) return &c;
  return nullptr;
}

// A failed charge: everything the charger moved this phase against its
// normal move (the data's failed_charge_allowance).
// The side the charger strikes is where it stands as it declares: the
// zone of the target its centre is in (tabletop::ZoneRule::edge_lines,
// § 2.1 Déclaration de charges 5 "chargés par le flanc ou par l'arrière").
// A side written with `on` is checked against it.
void remember_side(Context& cx, const Action& a, UnitId u, UnitId t,
                   const tabletop::Footprint& start) {
  UnitState& st = cx.state.units[u];
  const tabletop::Footprint target = cx.footprint(t);
  const tabletop::Zone z = tabletop::charged_side(target, start, tabletop::ZoneRule::edge_lines,
                                                  tabletop::ZoneReference::centre);
  st.charged_unit = static_cast<std::int32_t>(t);
  st.charged_side = z == tabletop::Zone::inside ? tabletop::Zone::front : z;
  st.charged_target_facing = target.facing();
  if (a.on.empty()) return;
  const std::string_view computed = st.charged_side == tabletop::Zone::rear ? "rear"
                                    : tabletop::is_flank(st.charged_side)   ? "flank"
                                                                            : "front";
  if (a.on == computed) return;
  cx.checker
      .violation(Check::charge_side, a.span,
                 fmt::format("{} charges the {} of {}, not its {}", cx.quoted(u), computed,
                             cx.quoted(t), a.on))
      .note(
          "its centre stands in the {} zone of {} as it declares (the front is the 90° arc "
          "before the front edge, the rear behind the rear edge)",
          tabletop::to_string(st.charged_side), cx.quoted(t));
}

// Unit `u` charging `t`: the givens of the data's charge permissions. With
// `earlier`, what it did before in the phase: the ground its moves covered
// beyond the tolerance, and whether it turned, at the start of its move
// (§ Phase 2 : Mouvement: the charges are declared before the other moves;
// § Troupes entraînées (Drilled)); without, a charge declared first.
void fill_charger(const Context& cx, Facts& f, UnitId u, UnitId t, bool earlier) {
  const UnitState& st = cx.state.units[u];
  fill_unit(cx, f, u);
  fill_enemy(cx, f, t);
  f.word(Given::psych_context, "charging_the_cause");
  const double ground =
      earlier && u < cx.scratch.moved_ground.size() ? cx.scratch.moved_ground[u] : 0.0;
  f.boolean(Given::self_moved_this_phase, ground > cx.scratch.tolerance);
  f.integer(Given::move_turns, earlier && st.turned != 0 ? 1 : 0);
  f.boolean(Given::move_at_start_of_move, earlier && st.turned == 1);
}

// § Phase 2 : Mouvement: "Déclaration de toutes les charges" (2.1) comes
// before "Les unités restantes peuvent être déplacées" (2.5): a unit that
// moved or turned this phase declares no charge after it, but drilled troops
// that turned at the start of their move ("Après ces manœuvres elles
// peuvent faire une marche ou charger"): the data's charge permissions
// (charges_declared_before_moves). The charge is then taken as written.
void check_sequence(Context& cx, const Action& a, UnitId u, UnitId t) {
  const UnitState& st = cx.state.units[u];
  const double ground = u < cx.scratch.moved_ground.size() ? cx.scratch.moved_ground[u] : 0.0;
  if (st.turned == 0 && ground <= cx.scratch.tolerance) return;
  Facts f(cx.rules);
  fill_charger(cx, f, u, t, true);
  check_permissions(f, RuleAction::charge, cx.checker, a.span, Check::charge_sequence, [&] {
    std::vector<std::string> did;
    if (st.turned != 0)
      did.push_back(st.turned == 1 ? "turned at the start of its move" : "turned");
    if (ground > cx.scratch.tolerance)
      did.push_back(fmt::format("moved {}", tabletop::inches(ground)));
    return fmt::format(
        "{} charging after it {} this movement phase (the charges are declared "
        "first, § Phase 2 : Mouvement 2.1, the other moves after, 2.5)",
        cx.quoted(u), fmt::join(did, " and "));
  });
}

// § Phase 2 : Mouvement step 8: "Les unités en charge peuvent réorienter
// la charge sur une autre unité si l'ennemi initial fuit": charger `u`,
// whose charge fell first on `first`, declares another; the unit it charged
// last (its last redirected charge's target, else `first`) flees (the data's
// redirect_charge permissions, with redirect_limit).
void check_redirect(Context& cx, const Action& a, UnitId u, UnitId first) {
  UnitId charged = first;
  bool already = false;
  for (const auto& [charger, target] : cx.scratch.redirected_charges)
    if (charger == u) {
      charged = target;
      already = true;
    }
  Facts f(cx.rules);
  fill_unit(cx, f, u);
  fill_enemy(cx, f, charged);
  f.boolean(Given::self_charge_already_redirected, already);
  check_permissions(
      f, RuleAction::redirect_charge, cx.checker, a.span, Check::charge_redirect, [&] {
        return fmt::format("{} redirecting its charge on {} to {}, {} {}", cx.quoted(u),
                           cx.quoted(charged), cx.quoted(a.targets.front()), cx.quoted(charged),
                           cx.state.units[charged].fleeing ? "fleeing" : "not fleeing");
      });
}

void check_failed_charge(Context& cx, const PendingCharge& c) {
  Facts f(cx.rules);
  fill_mover(cx, f, c.charger, Way{}, false);
  const auto allowance = eval_int(f, Value::failed_charge_allowance, cx.checker);
  if (!allowance) return;
  const auto limit = inches_of(cx, *allowance);
  if (!limit) return;
  const std::string what = fmt::format("the failed charge of {}", cx.quoted(c.charger));
  rulesets::report_at_most(
      cx.checker, {Check::charge_move, id_of(Diag::measure_within_tolerance), c.span, what, ""},
      c.moved, *limit, cx.scratch.tolerance,
      {fmt::format("{} does not end the movement phase in contact with {}: a charge that does "
                   "not reach its target moves the unit's normal move, M {} (§ 2.4 Mouvements "
                   "des unités en charge)",
                   cx.quoted(c.charger), cx.quoted(c.target),
                   cx.setup.units[c.charger].profile.movement),
       "measured over the charge and the moves written after it"});
}

}  // namespace

void charge(Context& cx, const Action& a) {
  // A charge that returns before it is recorded leaves its target unknown.
  struct Recorded {
    Context& cx;
    std::size_t before;
    ~Recorded() {
      if (cx.scratch.charges.size() == before) cx.scratch.charge_unrecorded = true;
    }
  } recorded{cx, cx.scratch.charges.size()};
  if (a.phase != Phase::movement || a.actors.size() != 1 || a.targets.size() != 1 ||
      !a.generals.empty() || a.off_table || !cx.state.units[a.actors.front()].on_table ||
      !cx.state.units[a.targets.front()].on_table || charge_of(cx, a.actors.front())) {
    // A second charge of a charger, at another target: its charge
    // redirected (§ Phase 2 : Mouvement step 8); its move is followed.
    if (a.phase == Phase::movement && a.actors.size() == 1 && a.targets.size() == 1)
      if (const PendingCharge* first = charge_of(cx, a.actors.front());
          first && first->target != a.targets.front()) {
        check_redirect(cx, a, a.actors.front(), first->target);
        cx.scratch.redirected_charges.emplace_back(a.actors.front(), a.targets.front());
      }
    follow(cx, a);
    return;
  }
  const UnitId u = a.actors.front();
  if (refuse_fleeing(cx, a, u, "charges")) {
    place_moved(cx, u, a, false);
    return;
  }
  if (refuse_held_by_fear(cx, a, u)) return;
  if (cx.state.units[u].rallied) {
    // § 2.1 comes before § 2.2: a unit rallied this turn declared no charge.
    cx.checker
        .violation(Check::charge_move, a.span,
                   fmt::format("{} rallied this turn: charges are declared before fleeing troops "
                               "rally, and a rallied unit may only reform",
                               cx.quoted(u)))
        .note(
            "§ Phase 2 : Mouvement, 2.1 Déclaration de charges before 2.2 Ralliement des "
            "troupes en fuite: 'Une unité ralliée peut se reformer'");
    return;
  }
  if (cx.state.units[u].fall_back_turn == 2) {
    // § Repli en Bon Ordre 4: "les unités qui se sont repliées en bon ordre
    // ne peuvent pas charger à leur prochain tour" (the data's charge
    // permissions, with frenzy's switch frenzy_after_fall_back).
    Facts f(cx.rules);
    fill_charger(cx, f, u, a.targets.front(), false);
    if (!check_permissions(f, RuleAction::charge, cx.checker, a.span, Check::charge_move, [&] {
          return fmt::format("{} charging in its turn after it fell back in good order",
                             cx.quoted(u));
        }))
      return;
  }
  check_sequence(cx, a, u, a.targets.front());
  const Way way = read_way(cx, u, a, true);
  cx.checker.not_checked(
      "how far a charge reaches: the sheet never says (the data's gap charge_range), nor what "
      "stops a declaration (fear, terror, a fall back)",
      a.span);
  if (!a.formation.empty() && parse_formation(a.formation) != cx.state.units[u].formation)
    cx.checker.not_checked(
        "changes of formation (§ Manœuvres, Changer de formation): a log writes no ranks on a "
        "charge",
        a.span);
  const tabletop::Footprint start = cx.footprint(u);
  remember_side(cx, a, u, a.targets.front(), start);
  note_flank_charge(cx, u, a.targets.front(), a.span);
  place_moved(cx, u, a, false);
  cx.state.units[u].charging = true;
  cx.scratch.charges.push_back({a.span, u, a.targets.front(), start, way.distance, way.wheels});
}

void hold_after_failed_fear(Context& cx, UnitId u) {
  PendingCharge* c = charge_of(cx, u);
  if (!c) return;
  Facts f(cx.rules);
  fill_charger(cx, f, u, c->target, false);
  if (verdict(f, RuleAction::charge) != rules::Verdict::forbidden) return;
  UnitState& st = cx.state.units[u];
  st.at = c->start.leader();
  st.facing = c->start.facing();
  st.charging = false;
  st.held_by_fear = true;
  // Its target was still charged, and may answer: no longer recorded.
  cx.scratch.charge_unrecorded = true;
  cx.scratch.charges.erase(cx.scratch.charges.begin() + (c - cx.scratch.charges.data()));
}

bool refuse_held_by_fear(Context& cx, const Action& a, UnitId u) {
  if (!cx.state.units[u].held_by_fear || cx.state.phase != Phase::movement) return false;
  cx.checker
      .violation(Check::charge_move, a.span,
                 fmt::format("{} failed its fear test as it charged: it stays where it stands "
                             "this movement phase",
                             cx.quoted(u)))
      .note(
          "§ 2.1 Déclaration de charges, step 3: 'Si le test échoue, les attaquants doivent … "
          "rester sur place en cas de peur'");
  return true;
}

const PendingCharge* charge_against(const Context& cx, UnitId target) {
  const PendingCharge* found = nullptr;
  for (const PendingCharge& c : cx.scratch.charges)
    if (c.target == target) found = &c;
  return found;
}

bool charge_move(Context& cx, const Action& a, UnitId u) {
  PendingCharge* c = charge_of(cx, u);
  if (!c) return false;
  const Way way = read_way(cx, u, a, false);
  Facts f(cx.rules);
  fill_mover(cx, f, u, way, false);
  if (way.turns > 0)
    check_permissions(f, RuleAction::turn, cx.checker, a.span, Check::charge_move,
                      [&] { return fmt::format("{} turning in its charge", cx.quoted(u)); });
  if (way.wheels > 0) {
    f.integer(Given::move_wheels, c->wheels);
    check_permissions(f, RuleAction::wheel, cx.checker, a.span, Check::charge_move,
                      [&] { return fmt::format("{} wheeling again in its charge", cx.quoted(u)); });
  }
  c->moved += way.distance;
  c->wheels += way.wheels;
  place_moved(cx, u, a, false);
  return true;
}

void settle_charges(Context& cx) {
  settle_charge_fear(cx);
  for (const PendingCharge& c : cx.scratch.charges) {
    const UnitState& charger = cx.state.units[c.charger];
    const UnitState& target = cx.state.units[c.target];
    // A charger that fled (a failed panic or terror test, § Phase 2 :
    // Mouvement steps 3 and 6) made no charge: its flight is its move.
    if (!charger.on_table || charger.fleeing) continue;
    if (target.on_table && tabletop::in_contact(cx.footprint(c.charger), cx.footprint(c.target),
                                                cx.scratch.tolerance)) {
      // It reached its target: the two fight in this turn's combat phase
      // (phases/combat_round.hpp, settle_turn_combats).
      cx.scratch.turn_charges.push_back(c);
      continue;
    }
    // A fleeing target removed in the phase: the charge touched it and
    // destroyed it (§ 2.4: "Si l'unité en charge touche n'importe quel
    // modèle d'une unité en fuite, l'unité toute entière est détruite").
    if (!target.on_table && target.fleeing) {
      cx.checker.not_checked(
          "a charger touching a fleeing unit: that it touched it, and its full move through it "
          "(§ 2.4 Mouvements des unités en charge)",
          c.span);
      continue;
    }
    check_failed_charge(cx, c);
  }
  cx.scratch.charges.clear();
  cx.scratch.redirected_charges.clear();
  cx.scratch.charge_unrecorded = false;
}

std::optional<UnitId> redirected_charger(const Context& cx, UnitId target) {
  std::optional<UnitId> found;
  for (const auto& [charger, charged] : cx.scratch.redirected_charges)
    if (charged == target) found = charger;
  return found;
}

}  // namespace umpire::wab
