#include "engine/rulesets/wab/phases/flight.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>

#include "engine/geometry/tabletop/charge.hpp"
#include "engine/geometry/tabletop/measure.hpp"
#include "engine/geometry/tabletop/movement.hpp"
#include "engine/geometry/tabletop/terrain.hpp"
#include "engine/rulesets/common/d6_pool.hpp"
#include "engine/rulesets/common/limit_report.hpp"
#include "engine/rulesets/common/written_way.hpp"
#include "engine/rulesets/wab/phases/charge.hpp"
#include "engine/rulesets/wab/phases/facts.hpp"
#include "engine/rulesets/wab/phases/flight_direction.hpp"
#include "engine/rulesets/wab/phases/following.hpp"
#include "engine/rulesets/wab/phases/leadership_roll.hpp"
#include "engine/rulesets/wab/phases/panic.hpp"
#include "engine/rulesets/wab/phases/shooting.hpp"
#include "engine/rulesets/wab/phases/terrain_cost.hpp"
#include "engine/rulesets/wab/phases/turn.hpp"

namespace umpire::wab {
namespace {

using rulesets::d6_pool;

// The distance a statement states, in whole inches (dice make no fraction).
std::optional<std::int64_t> stated_distance(const Action& a) {
  if (!a.stated.distance || !std::isfinite(*a.stated.distance) ||
      std::abs(*a.stated.distance) > 1e6)
    return std::nullopt;
  return std::llround(*a.stated.distance);
}

// The dice of a move of unit `u` whose count is the data's value `count`
// (flee_dice, pursuit_dice): taken from `written` (or drawn), their total
// checked against the stated distance. The total the replay goes on with.
std::optional<std::int64_t> roll_distance(Context& cx, const Action& a, UnitId u, Value count,
                                          Check check, std::string_view what) {
  Facts f(cx.rules);
  fill_unit(cx, f, u);
  const auto n = eval_int(f, count, cx.checker);
  if (!n) return std::nullopt;
  const auto why = [&] { return explain(f, count); };
  const auto purpose = [&] { return fmt::format("{} of {}", what, cx.quoted(u)); };
  auto roll = cx.dice.take(d6_pool(*n), a.roll(""), cx.checker, check, purpose, why);
  if (!roll) return std::nullopt;
  cx.checker.read_roll(d6_pool(*n), *roll, [&] {
    replay::RollReading r;
    r.side = cx.setup.units[u].side;
    r.what = purpose();
    return r;
  });
  const Span stated = a.stated.span.valid() ? a.stated.span : a.span;
  return cx.checker.outcome(check, stated, "distance", stated_distance(a), roll->total, why);
}

// Whether the data's fall_back_in_good_order permissions let `u` fall
// back (§ Repli en Bon Ordre): after a failed break test twice as many as
// its enemy with Leadership 6 or more, or drilled troops, skirmishers and
// cavalry that passed theirs.
bool may_fall_back(Context& cx, UnitId u, bool failed) {
  Facts f(cx.rules);
  fill_unit(cx, f, u);
  f.boolean(Given::self_passed_break_test, !failed && cx.state.units[u].passed_break);
  f.boolean(Given::self_failed_break_test, failed);
  const std::int32_t enemy = cx.state.units[u].engaged_with;
  fill_enemy(cx, f, enemy >= 0 ? static_cast<UnitId>(enemy) : u);
  const std::optional<rules::Verdict> v = verdict(f, RuleAction::fall_back);
  return v && *v != rules::Verdict::forbidden;
}

// A unit that does not flee moves off only as a fall back in good order
// (§ Repli en Bon Ordre: drilled troops, skirmishers and cavalry that pass
// their break test, the data's fall_back_in_good_order permissions);
// anything else is reported.
bool falls_back(Context& cx, const Action& a, UnitId u) {
  if (may_fall_back(cx, u, false)) return true;
  cx.checker
      .violation(Check::flee_only, a.span,
                 fmt::format("{} does not flee: no failed test or charge response sent it off",
                             cx.quoted(u)))
      .note(
          "§ Repli en Bon Ordre: only drilled troops, skirmishers and cavalry that pass their "
          "break test fall back instead of staying in combat (the data's "
          "fall_back_in_good_order)");
  return false;
}

// The enemies of `fled`'s round this combat phase that won it and whom the
// data's `pursue` permissions make pursue it (§ Haine (Hatred): "Elles
// doivent obligatoirement poursuivre un ennemi hait en fuite"; § Frénésie
// (Frenzy): "Elles poursuivent toujours"): they owe a pursuit.
void owe_pursuits(Context& cx, const Action& a, UnitId fled) {
  if (cx.state.phase != Phase::combat) return;
  const UnitState& fs = cx.state.units[fled];
  for (std::size_t i = 0; i < cx.state.units.size(); ++i) {
    const auto p = static_cast<UnitId>(i);
    const UnitState& ps = cx.state.units[p];
    if (cx.setup.units[p].side == cx.setup.units[fled].side || !ps.on_table || ps.fleeing ||
        !ps.fought_this_turn || !fs.fought_this_turn || ps.round_key != fs.round_key ||
        !ps.won_last_combat)
      continue;
    Facts f(cx.rules);
    fill_unit(cx, f, p);
    fill_enemy(cx, f, fled);
    f.boolean(Given::enemy_fleeing, true);
    f.boolean(Given::self_engaged, true);
    f.boolean(Given::self_won_combat, true);
    f.boolean(Given::self_won_combat_last_turn, false);
    const std::optional<rules::Verdict> pursuit = verdict(f, RuleAction::pursue);
    if (!pursuit || *pursuit == rules::Verdict::forbidden) continue;
    if (*pursuit == rules::Verdict::required) {
      cx.scratch.owed_pursuits.push_back({p, fled, a.span, false});
      continue;
    }
    // § Troupes entraînées (Drilled): "Elles n'ont pas à faire de Test de
    // Leadership pour éviter de poursuivre": a winner the data's
    // restrain_pursuit permissions hold to pursuing unless it passes one
    // (troops not drilled) owes its pursuit or that test.
    f.boolean(Given::self_passed_restraint_test, false);
    if (verdict(f, RuleAction::restrain_pursuit) != rules::Verdict::forbidden) continue;
    f.boolean(Given::self_passed_restraint_test, true);
    const bool by_test = verdict(f, RuleAction::restrain_pursuit) != rules::Verdict::forbidden;
    cx.scratch.owed_pursuits.push_back({p, fled, a.span, by_test});
  }
}

// The way a flight or a pursuit writes, on the table. A log may write the
// end of a flight that turns the unit about in two ways: the unit turning
// where it stands, which costs it nothing ("Toutes les figurines restent
// sur place mais sont tournées", § Manœuvres, Demi-tour), then its legs
// from its new leader; or its leader's own way. The engine cannot tell
// which, so `least` is the shorter of the two and `most` the longer (the
// same without a turn). nullopt when it writes no point on the table.
struct DiceWay {
  double least = 0, most = 0;
  GroundCovered ground;
  tabletop::Footprint end;
};
std::optional<DiceWay> dice_way(const Context& cx, UnitId u, const Action& a) {
  if (a.off_table || !written_end(a) || !cx.state.units[u].on_table) return std::nullopt;
  const tabletop::Footprint start = cx.footprint(u);
  tabletop::Footprint from = start;
  if (a.facing) {
    const double delta = tabletop::normalize_signed_deg(*a.facing - start.facing());
    if (std::abs(delta) > 0.5) from = tabletop::apply_step(start, tabletop::Step::turn(delta)).end;
  }
  const rulesets::WayEnd legs = rulesets::walk_end(from, a);
  const double by_leader = rulesets::walk_end(start, a).distance;
  return DiceWay{std::min(legs.distance, by_leader), std::max(legs.distance, by_leader),
                 ground_covered(cx, start, from, a), legs.end};
}

bool rough_way(const GroundCovered& g) {
  return g.difficult > 0 || g.very_difficult > 0 || g.obstacles > 0;
}

// § Fuite: "Lancer 1, 2 ou 3 D6 indiquant le mouvement de fuite en pas
// ... et compter les pénalités de terrain": a flight goes as far as its
// dice, less on difficult ground, never further. Where it ends short of
// them on open ground the sheet does not say what stopped it, so only the
// most is checked (wab.flee.distance).
void check_flight_way(Context& cx, const Action& a, UnitId u, std::int64_t roll) {
  const std::optional<DiceWay> way = dice_way(cx, u, a);
  if (!way) return;
  rulesets::report_at_most(
      cx.checker,
      {Check::flee_distance, id_of(Diag::measure_within_tolerance), a.span,
       fmt::format("the flight of {}", cx.quoted(u)), ""},
      way->least, static_cast<double>(roll), cx.scratch.tolerance,
      {fmt::format("its flee dice roll {}: 'Lancer 1, 2 ou 3 D6 indiquant le mouvement de fuite "
                   "en pas' (§ Fuite)",
                   roll),
       "measured from its leader once it has turned where it stands, or as its leader goes: the "
       "shorter"});
}

// An enemy of `u` other than `fled`, or the table's edge, within the
// tolerance of where `end` puts it: something the sheet does not say a
// pursuer goes through.
bool stopped_short(const Context& cx, UnitId u, UnitId fled, const tabletop::Footprint& end) {
  const tabletop::Table table(cx.setup.width, cx.setup.depth);
  for (const tabletop::Point& p :
       {end.front_left(), end.front_right(), end.rear_left(), end.rear_right()})
    for (const tabletop::TableEdge e : {tabletop::TableEdge::north, tabletop::TableEdge::east,
                                        tabletop::TableEdge::south, tabletop::TableEdge::west})
      if (table.distance_to_edge(p, e) <= cx.scratch.tolerance) return true;
  for (std::size_t i = 0; i < cx.setup.units.size(); ++i) {
    const auto other = static_cast<UnitId>(i);
    if (other == fled || cx.setup.units[i].side == cx.setup.units[u].side ||
        !cx.state.units[i].on_table)
      continue;
    if (tabletop::distance(end, cx.footprint(other), tabletop::Measure::closest_edges) <=
        cx.scratch.tolerance)
      return true;
  }
  return false;
}

// § Fuite: "De même pour les unités en poursuite ... Le poursuivant
// effectue toujours son mouvement total": a pursuit goes its whole roll,
// less on difficult ground (then only the most is checked), unless it
// ends against another enemy or the table's edge, which the sheet does not
// say it goes through (wab.pursue.distance).
// A pursuer that catches a unit falling back in good order (`stops`) stops
// against it, which it does not destroy (§ Repli en Bon Ordre 3): its
// pursuit may end short of its roll in contact with that unit.
void check_pursuit_way(Context& cx, const Action& a, UnitId p, UnitId fled, std::int64_t roll,
                       bool stops) {
  const std::optional<DiceWay> way = dice_way(cx, p, a);
  if (!way) return;
  const std::string what = fmt::format("the pursuit of {}", cx.quoted(p));
  const std::string dice = fmt::format(
      "its pursuit dice roll {}: 'Le poursuivant effectue toujours son mouvement total' (§ "
      "Fuite)",
      roll);
  const tabletop::LimitCheck most = rulesets::report_at_most(
      cx.checker, {Check::pursue_distance, id_of(Diag::measure_within_tolerance), a.span, what, ""},
      way->least, static_cast<double>(roll), cx.scratch.tolerance,
      {dice,
       "measured from its leader once it has turned where it stands, or as its leader "
       "goes: the shorter"});
  if (most.agreement == tabletop::Agreement::beyond_tolerance) return;
  if (rough_way(way->ground)) {
    cx.checker.not_checked(
        fmt::format("whether {} pursued its whole roll: difficult ground or an obstacle on its way "
                    "(§ Fuite: 'compter les pénalités de terrain')",
                    cx.quoted(p)),
        a.span);
    return;
  }
  const double short_by = static_cast<double>(roll) - way->most;
  if (short_by <= cx.scratch.tolerance || stopped_short(cx, p, fled, way->end)) return;
  if (stops && cx.state.units[fled].on_table &&
      tabletop::in_contact(way->end, cx.footprint(fled), cx.scratch.tolerance))
    return;
  cx.checker
      .violation(Check::pursue_distance, a.span,
                 fmt::format("{}: {} for a roll of {}, {} short, beyond the {} tolerance", what,
                             tabletop::inches(way->most), roll, tabletop::inches(short_by),
                             tabletop::inches(cx.scratch.tolerance)))
      .note(dice)
      .note(
          "its way crosses open ground only, and it ends against no other enemy nor the "
          "table's edge");
}

// § Phase 2 : Mouvement step 2: "'Contre-charge' pour la cavalerie chargée
// par de la cavalerie", and step 8: the units a redirected charge falls on
// "peuvent uniquement choisir les réponses 'Tenir' ou 'Fuir'" (the data's
// countercharge permissions). A charge is redirected when its charger
// declared another charge earlier this phase. What a countercharge then
// does the sheet does not say (the data's gap countercharge_effect).
// Whether `charge`, the last one against `u`, is redirected: its charger
// declared another charge earlier this phase.
bool redirected(const Context& cx, UnitId u, const PendingCharge* charge) {
  for (const PendingCharge& c : cx.scratch.charges) {
    if (&c == charge) break;
    if (c.charger == charge->charger && c.target != u) return true;
  }
  return false;
}

// The data's permissions for `u`'s response `action` to the charge of
// `charger` (§ Phase 2 : Mouvement steps 2 and 8), as `doing` reads in a
// message.
void check_response(Context& cx, const Action& a, UnitId u, UnitId charger, bool redirected,
                    RuleAction action, std::string_view doing) {
  Facts f(cx.rules);
  fill_unit(cx, f, u);
  fill_enemy(cx, f, charger);
  f.boolean(Given::self_charged_by_redirected_charge, redirected);
  check_permissions(f, action, cx.checker, a.span, Check::charge_respond, [&] {
    return fmt::format("{} ({}) {} {} ({})", cx.quoted(u), name(cx.setup.units[u].type), doing,
                       cx.quoted(charger), name(cx.setup.units[charger].type));
  });
}

// The charge `u` answers: a redirected one declared against it this phase,
// or else the last charge against it. False when none.
bool check_answered(Context& cx, const Action& a, UnitId u, RuleAction action,
                    std::string_view doing) {
  if (const std::optional<UnitId> charger = redirected_charger(cx, u)) {
    check_response(cx, a, u, *charger, true, action, doing);
    return true;
  }
  const PendingCharge* charge = charge_against(cx, u);
  if (!charge) return false;
  check_response(cx, a, u, charge->charger, redirected(cx, u, charge), action, doing);
  return true;
}

void countercharge(Context& cx, const Action& a, UnitId u) {
  if (!check_answered(cx, a, u, RuleAction::countercharge, "countercharging")) {
    follow(cx, a);
    return;
  }
  cx.checker.not_checked(
      "what a countercharge does: the sheet gives it no move nor effect (the data's gap "
      "countercharge_effect)",
      a.span);
  place_as_written(cx, u, a);
}

// § Phase 2 : Mouvement step 2: "Déclaration de toutes les réponses à
// charge": a response answers a charge declared on the unit in this
// movement phase. Reported (true) when the engine recorded every charge of
// the phase and none falls on the unit.
bool answers_no_charge(Context& cx, const Action& a) {
  const UnitId u = a.actors.front();
  if (a.phase != Phase::movement || cx.scratch.charge_unrecorded || charge_against(cx, u))
    return false;
  cx.checker
      .violation(Check::charge_respond, a.span,
                 fmt::format("{} answers '{}' but no charge was declared on it this movement phase",
                             cx.quoted(u), a.detail))
      .note(
          "§ Phase 2 : Mouvement, 2.1 Déclaration de charges step 2: 'Déclaration de toutes les "
          "réponses à charge'")
      .hint("write the charge it answers before its response, or remove the response");
  place_as_written(cx, u, a);
  return true;
}

void roll_flight(Context& cx, const Action& a, UnitId u) {
  if (auto d = roll_distance(cx, a, u, Value::flee_dice, Check::flee_dice, "flight"))
    cx.state.units[u].flight_roll = static_cast<std::int32_t>(*d);
}

}  // namespace

void note_fled(Context& cx, UnitId u) {
  // Sized for every unit when the player turn began (phases/turn.cpp).
  cx.scratch.fled_this_turn[u] = true;
}

void settle_owed_flights(Context& cx, Span at) {
  if (cx.state.turn == 0) return;
  for (std::size_t i = 0; i < cx.setup.units.size(); ++i) {
    const auto u = static_cast<UnitId>(i);
    const UnitState& st = cx.state.units[u];
    if (cx.setup.units[u].side != cx.state.side || !st.fleeing || !st.on_table ||
        st.left_table != LeftTable::on_table || cx.models_standing(u) <= 0)
      continue;
    if (cx.scratch.fled_this_turn[i]) continue;
    const bool failed = cx.scratch.failed_rally[i].valid();
    DiagnosticBuilder d = cx.checker.violation(
        Check::flee_only, failed ? cx.scratch.failed_rally[i] : at,
        fmt::format("{} flees{} and no flight of it is written in its movement phase: fleeing "
                    "troops flee again in the compulsory moves",
                    cx.quoted(u), failed ? ", failed its rally test" : ""));
    d.note(
         "§ 2.3 Mouvements obligatoires: 'Toutes les unités en fuite sont déplacées maintenant'; "
         "§ Troupes en fuite: 'elles se déplacent vers leur propre bord de table durant la phase "
         "de mouvement obligatoire'")
        .hint("write its flight after the rally tests: 'flee {} 2d6=… to x,y'",
              cx.setup.units[u].id);
    note_skipped_turn(cx, d);
    // Reported once.
    note_fled(cx, u);
  }
}

bool refuse_fleeing(Context& cx, const Action& a, UnitId u, std::string_view does) {
  if (!cx.state.units[u].fleeing) return false;
  cx.checker
      .violation(Check::flee_only, a.span,
                 fmt::format("{} flees: it {} only once it has rallied", cx.quoted(u), does))
      .note(
          "§ 2.3 Mouvements obligatoires: 'Toutes les unités en fuite sont déplacées "
          "maintenant'; § 2.2 Ralliement des troupes en fuite")
      .hint("write its flight ('flee {} 2d6=… to x,y') or its rally first", cx.setup.units[u].id);
  return true;
}

void respond(Context& cx, const Action& a) {
  // A shooting response to a redirected charge (§ Phase 2 : Mouvement
  // step 8: "uniquement choisir les réponses 'Tenir' ou 'Fuir'").
  if (!a.actors.empty() && (a.detail == "stand-and-shoot" || a.detail == "fire-and-flee"))
    check_answered(
        cx, a, a.actors.front(),
        a.detail == "stand-and-shoot" ? RuleAction::stand_and_shoot : RuleAction::fire_and_flee,
        a.detail == "stand-and-shoot" ? "standing and shooting at" : "firing and fleeing from");
  if (!a.actors.empty() && a.detail == "stand-and-shoot" && response_shot(cx, a)) {
    place_as_written(cx, a.actors.front(), a);
    return;
  }
  if (!a.actors.empty() && a.detail == "countercharge") {
    countercharge(cx, a, a.actors.front());
    return;
  }
  if (a.actors.size() == 1 && a.detail == "hold" && answers_no_charge(cx, a)) return;
  if (a.actors.size() == 1 && a.detail == "hold" && charge_against(cx, a.actors.front())) {
    // 'Tenir' has no dice and no move: answering a charge is all it asks.
    place_as_written(cx, a.actors.front(), a);
    return;
  }
  if (a.actors.empty() || (a.detail != "flee" && a.detail != "fire-and-flee")) {
    follow(cx, a);
    return;
  }
  const UnitId u = a.actors.front();
  note_fled(cx, u);
  if (a.detail == "fire-and-flee") {
    // Its shots now; its flight's dice come with its flee.
    cx.state.units[u].fire_and_flee = true;
    if (response_shot(cx, a))
      place_as_written(cx, u, a);
    else
      follow(cx, a);
    cx.state.units[u].fleeing = true;
    return;
  }
  // 'Fuir': the dice may be written here or on the flee that moves it.
  cx.state.units[u].fire_and_flee = false;
  if (a.roll("")) roll_flight(cx, a, u);
  place_as_written(cx, u, a);
  cx.state.units[u].fleeing = true;
}

namespace {

// A unit that failed its break test chose to fall back in good order
// (`flee u fall-back`, § Repli en Bon Ordre 1, 2 and 4): no panic test
// within 12", it rallies at the end of its move, and does not charge in its
// next turn; § Frénésie (Frenzy): it keeps its frenzy as the data's
// frenzy_after_fall_back says.
void fall_back_chosen(Context& cx, UnitId u) {
  UnitState& st = cx.state.units[u];
  if (st.frenzy == Frenzy::pending) st.frenzy = Frenzy::kept;
  st.fleeing = false;
  st.fell_back = cx.state.phase == Phase::combat;
  st.fall_back_turn = 1;
  for (BrokenFriend& b : cx.scratch.lost_friends)
    if (b.unit == u) b.fell_back = true;
}

}  // namespace

void flee(Context& cx, const Action& a) {
  if (a.actors.empty() || !a.generals.empty()) {
    follow(cx, a);
    return;
  }
  const UnitId u = a.actors.front();
  UnitState& st = cx.state.units[u];
  const bool written_fall_back = a.detail == "fall-back";
  if (!a.detail.empty() && !written_fall_back)
    cx.checker.not_checked(
        fmt::format("a flight written '{}': a flight's one word is 'fall-back'", a.detail), a.span);
  if (!st.fleeing && !falls_back(cx, a, u)) {
    place_as_written(cx, u, a);
    return;
  }
  note_fled(cx, u);
  // A unit that passed its break test moves off only as a fall back in
  // good order (written `flee u` or `flee u fall-back`). One that failed it
  // this phase and has not moved yet flees, or falls back in good order
  // when the data lets it (§ Repli en Bon Ordre: "peuvent se replier en bon
  // ordre si elles sont 2 fois plus nombreuses que l'adversaire et que leur
  // leadership est d'au moins 6"), the player's choice the log writes as
  // `flee u fall-back`.
  const bool falling_back = !st.fleeing;
  const bool may = st.fleeing && st.break_tested && !st.passed_break && st.flight_roll < 0 &&
                   cx.state.phase == Phase::combat && may_fall_back(cx, u, true);
  if (written_fall_back && !falling_back && !may)
    cx.checker
        .violation(Check::flee_only, a.span,
                   fmt::format("{} flees: it may not fall back in good order", cx.quoted(u)))
        .note(
            "§ Repli en Bon Ordre: drilled troops, skirmishers and cavalry that pass their break "
            "test fall back, and a unit that fails it when it is twice as numerous as its enemy "
            "with Leadership 6 or more (the data's fall_back_in_good_order); any other unit that "
            "leaves a combat flees")
        .hint("write its flight 'flee {}' (friends within 12\" then take a panic test)",
              cx.setup.units[u].id);
  const bool open = may && written_fall_back;
  // A broken unit that may not fall back flees: its frenzy is lost.
  if (!open && st.frenzy == Frenzy::pending) st.frenzy = Frenzy::lost;
  // A flight rolls once: the dice of a 'Fuir' response move the unit.
  if (a.roll("") || st.flight_roll < 0) roll_flight(cx, a, u);
  // § Repli en Bon Ordre: "Le repli en bon ordre est effectué de la même
  // manière que les fuites": its dice, its way and its direction are a
  // flight's.
  check_flight_direction(cx, a, u);
  note_flight_way(cx, a, u);
  if (st.flight_roll >= 0) check_flight_way(cx, a, u, st.flight_roll);
  place_as_written(cx, u, a);
  // A fall back rallies at its end (§ Repli en Bon Ordre, 2); a pursuer
  // may still catch it (3); the unit does not charge in its next turn (4).
  st.fleeing = !falling_back;
  st.fell_back = falling_back;
  if (falling_back) st.fall_back_turn = 1;
  if (open) fall_back_chosen(cx, u);
  if (!falling_back && !open) owe_pursuits(cx, a, u);
}

namespace {

// § Phase 4 : Combat au corps à corps: for each combat, its result, the
// break tests, the flights, then the pursuits, by the enemies in contact
// that won it. In the combat phase a pursuer fought the fleeing unit this
// phase and won, and the flight it pursues is rolled before it (§ Fuite);
// in the movement phase (steps 5 and 7) it won the last combat phase's
// round; in the shooting phase nobody pursues. True when refused.
bool refuse_pursuit_by_phase(Context& cx, const Action& a, UnitId p, UnitId fled) {
  if (cx.state.phase == Phase::shooting) {
    cx.checker
        .violation(
            Check::turn_phase, a.span,
            fmt::format("{} pursues {} in the shooting phase", cx.quoted(p), cx.quoted(fled)))
        .note(
            "§ Phase 4 : Combat au corps à corps, § Phase 2 : Mouvement steps 5 and 7: a pursuit "
            "follows a flight from combat, in the combat or the movement phase");
    return true;
  }
  const bool combat = cx.state.phase == Phase::combat;
  if (!combat && cx.state.phase != Phase::movement) return false;
  const UnitState& ps = cx.state.units[p];
  const UnitState& fs = cx.state.units[fled];
  // Their contact ended with the flight (common/written_placement.hpp):
  // both fought a round this phase, the same one: "Les unités ennemis au
  // contact qui ont gagné le combat", the fleeing unit's combat.
  if (combat) {
    std::string why;
    if (!ps.fought_this_turn || !fs.fought_this_turn)
      why = fmt::format("{} fought no round this phase", cx.quoted(ps.fought_this_turn ? fled : p));
    else if (ps.round_key != fs.round_key)
      why = "it fought another combat this phase";
    if (!why.empty()) {
      cx.checker
          .violation(Check::pursue_caught, a.span,
                     fmt::format("{} cannot pursue {}: {}", cx.quoted(p), cx.quoted(fled), why))
          .note(
              "§ Phase 4 : Combat au corps à corps, § Phase 2 : Mouvement step 5: 'Les unités "
              "ennemis au contact qui ont gagné le combat ... peuvent poursuivre'");
      return true;
    }
  }
  // Only "les ennemis au contact qui ont gagné le combat": this phase's
  // round in the combat phase, the last combat phase's in the movement
  // phase (steps 5 and 7). The data's `pursue` permissions.
  Facts f(cx.rules);
  fill_unit(cx, f, p);
  fill_enemy(cx, f, fled);
  f.boolean(Given::self_engaged, true);
  f.boolean(Given::self_won_combat, combat && ps.won_last_combat);
  f.boolean(Given::self_won_combat_last_turn, !combat && ps.won_last_combat);
  if (!check_permissions(f, RuleAction::pursue, cx.checker, a.span, Check::pursue_caught, [&] {
        return fmt::format("{} pursuing {}, having won no combat {}", cx.quoted(p), cx.quoted(fled),
                           combat ? "this phase" : "in the last combat phase");
      }))
    return true;
  if (!combat) return false;
  if (fs.flight_roll >= 0) return false;
  cx.checker
      .violation(Check::pursue_caught, a.span,
                 fmt::format("{} pursues {} before its flight is rolled: the flight comes first",
                             cx.quoted(p), cx.quoted(fled)))
      .note(
          "§ Fuite: 'Lancer 1, 2 ou 3 D6 indiquant le mouvement de fuite ... De même pour les "
          "unités en poursuite. Si l'unité poursuivante se déplace plus loin que l'unité en "
          "fuite alors cette dernière est détruite'")
      .hint("write the flight of {} before its pursuit", cx.setup.units[fled].id);
  return true;
}

}  // namespace

void pursue(Context& cx, const Action& a) {
  if (a.actors.empty() || a.targets.empty()) {
    follow(cx, a);
    return;
  }
  const UnitId p = a.actors.front();
  const UnitId fled = a.targets.front();
  // A unit that fell back is not destroyed if caught (§ Repli en Bon Ordre 3).
  const bool falling_back = cx.state.units[fled].fell_back;
  auto& owed = cx.scratch.owed_pursuits;
  owed.erase(std::remove_if(owed.begin(), owed.end(),
                            [&](const auto& o) { return o.pursuer == p && o.fled == fled; }),
             owed.end());
  if (cx.setup.units[p].side == cx.setup.units[fled].side ||
      (!cx.state.units[fled].fleeing && !falling_back)) {
    cx.checker
        .violation(Check::pursue_caught, a.span,
                   fmt::format("{} cannot pursue {}: {}", cx.quoted(p), cx.quoted(fled),
                               cx.setup.units[p].side == cx.setup.units[fled].side
                                   ? "a unit pursues only an enemy"
                                   : "it does not flee"))
        .note(
            "§ Fuite, § Phase 2 : Mouvement: the enemies that won the combat pursue the units "
            "that flee from it");
    place_as_written(cx, p, a);
    return;
  }
  if (refuse_fleeing(cx, a, p, "pursues")) return;
  if (refuse_pursuit_by_phase(cx, a, p, fled)) {
    place_as_written(cx, p, a);
    return;
  }
  check_pursuit_direction(cx, a, p, fled);
  const auto pursuit =
      roll_distance(cx, a, p, Value::pursuit_dice, Check::pursue_caught, "pursuit");
  const std::int32_t flight = cx.state.units[fled].flight_roll;
  // § Repli en Bon Ordre 3: "Si elle est rattrapée par le poursuivant elle
  // n'est pas détruite, cela compte comme une charge pour la prochaine phase
  // de combat" (the data's caught_fall_back_counts_as_charge).
  bool counts_as_charge = false;
  if (pursuit && flight >= 0 && falling_back) {
    Facts f(cx.rules);
    f.integer(Given::flight_flee_roll, flight);
    f.integer(Given::flight_pursuit_roll, *pursuit);
    f.integer(Given::flight_flee_move, flight);
    f.integer(Given::flight_pursuit_move, *pursuit);
    f.boolean(Given::flight_falling_back_in_good_order, true);
    counts_as_charge =
        eval_int(f, Value::caught_fall_back_counts_as_charge, cx.checker).value_or(0) != 0;
  }
  if (pursuit) check_pursuit_way(cx, a, p, fled, *pursuit, counts_as_charge);
  if (pursuit && flight < 0) {
    cx.checker.not_checked(
        fmt::format("whether the pursuit catches {}: the log gives no flight of it this turn",
                    cx.quoted(fled)),
        a.span);
  } else if (pursuit) {
    Facts f(cx.rules);
    f.integer(Given::flight_flee_roll, flight);
    f.integer(Given::flight_pursuit_roll, *pursuit);
    // Terrain is not read: each moves its whole roll.
    f.integer(Given::flight_flee_move, flight);
    f.integer(Given::flight_pursuit_move, *pursuit);
    // § Repli en Bon Ordre, 3: a unit caught as it falls back is not
    // destroyed (the data's caught_unit_destroyed).
    f.boolean(Given::flight_falling_back_in_good_order, falling_back);
    const auto caught = eval_int(f, Value::caught_unit_destroyed, cx.checker);
    if (caught) {
      const auto notes = [&] {
        return std::vector<std::string>{
            fmt::format("pursuit {} against flight {}: a pursuer that moves further than the "
                        "fleeing unit destroys it (§ Fuite)",
                        *pursuit, flight)};
      };
      const Span stated = a.stated.span.valid() ? a.stated.span : a.span;
      const std::optional<bool> said =
          a.stated.span.valid() ? std::optional<bool>(a.stated.destroyed) : std::nullopt;
      if (cx.checker.outcome(Check::pursue_caught, stated, fmt::format("{}", cx.quoted(fled)), said,
                             *caught != 0, "is destroyed", "escapes", notes)) {
        note_broken_in_combat(cx, fled, a.span, "destroyed_in_combat");
        cx.state.units[fled].on_table = false;
        // Destroyed: no other winner can pursue it now.
        std::erase_if(owed, [&](const auto& o) { return o.fled == fled; });
      }
    }
  }
  place_as_written(cx, p, a);
  if (!counts_as_charge || !cx.state.units[p].on_table || !cx.state.units[fled].on_table) return;
  // The side it strikes is the zone of the caught unit its centre stands
  // in (as a charge's, phases/charge.cpp).
  UnitState& ps = cx.state.units[p];
  const tabletop::Footprint target = cx.footprint(fled);
  const tabletop::Zone z = tabletop::charged_side(
      target, cx.footprint(p), tabletop::ZoneRule::edge_lines, tabletop::ZoneReference::centre);
  ps.pursuit_charge = 1;
  ps.charged_unit = static_cast<std::int32_t>(fled);
  ps.charged_side = z == tabletop::Zone::inside ? tabletop::Zone::front : z;
  ps.charged_target_facing = target.facing();
}

bool restraint_test(Context& cx, const Action& a) {
  if (a.actors.empty() || cx.state.phase != Phase::combat) return false;
  const UnitId p = a.actors.front();
  auto& owed = cx.scratch.owed_pursuits;
  const auto it =
      std::find_if(owed.begin(), owed.end(), [&](const auto& o) { return o.pursuer == p; });
  if (it == owed.end() || !it->by_test) return false;
  Facts f(cx.rules);
  fill_unit(cx, f, p);
  const auto result = eval_test(f, Test::leadership_test, cx.checker);
  if (!result) return true;
  const auto why = [&] { return explain(f, Test::leadership_test); };
  const std::optional<bool> passed =
      roll_test(cx, a, p,
                {Check::pursue_owed, Test::leadership_test, result->needed,
                 "Leadership test to hold back from a pursuit"},
                why);
  // Passed, it holds back from every pursuit it owed; failed, it pursues.
  if (passed && *passed)
    std::erase_if(owed, [&](const auto& o) { return o.pursuer == p && o.by_test; });
  return true;
}

void settle_pursuits(Context& cx) {
  for (const auto& o : cx.scratch.owed_pursuits) {
    auto v = cx.checker.violation(Check::pursue_owed, o.flight,
                                  fmt::format("{} flees from {}, which must pursue it and does not",
                                              cx.quoted(o.fled), cx.quoted(o.pursuer)));
    if (o.by_test)
      v.note(
           "§ Troupes entraînées (Drilled): 'Elles n'ont pas à faire de Test de Leadership pour "
           "éviter de poursuivre': other troops pursue unless they pass one (the data's "
           "restrain_pursuit permissions; gap pursuit_restraint_and_disengagement)")
          .hint(
              "write its pursuit after the flight ('pursue {} {} 2d6=… => distance D'), or its "
              "Leadership test to hold back ('test {} leadership 2d6=… against L => pass')",
              cx.setup.units[o.pursuer].id, cx.setup.units[o.fled].id,
              cx.setup.units[o.pursuer].id);
    else
      v.note(
           "§ Haine (Hatred): 'Elles doivent obligatoirement poursuivre un ennemi hait en "
           "fuite'; § Frénésie (Frenzy): 'Elles poursuivent toujours' (the data's pursue "
           "permissions)")
          .hint("write its pursuit after the flight: 'pursue {} {} 2d6=… => distance D'",
                cx.setup.units[o.pursuer].id, cx.setup.units[o.fled].id);
  }
  cx.scratch.owed_pursuits.clear();
  cx.scratch.flight_ways.clear();
}

}  // namespace umpire::wab
