#include "engine/rulesets/hail_caesar/phases/combat.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "engine/geometry/tabletop/charge.hpp"
#include "engine/geometry/tabletop/crossing.hpp"
#include "engine/geometry/tabletop/measure.hpp"
#include "engine/geometry/tabletop/tolerance.hpp"
#include "engine/rulesets/common/higher_ground.hpp"
#include "engine/rulesets/common/word_table.hpp"
#include "engine/rulesets/hail_caesar/phases/attack_shares.hpp"
#include "engine/rulesets/hail_caesar/phases/charge.hpp"
#include "engine/rulesets/hail_caesar/phases/dice.hpp"
#include "engine/rulesets/hail_caesar/phases/facts.hpp"
#include "engine/rulesets/hail_caesar/phases/following.hpp"
#include "engine/rulesets/hail_caesar/phases/movement.hpp"
#include "engine/rulesets/hail_caesar/phases/saves.hpp"
#include "engine/rulesets/hail_caesar/phases/shooting_break.hpp"
#include "engine/rulesets/hail_caesar/phases/turn.hpp"

namespace umpire::hail_caesar {
namespace {

bool holds(const UnitList& list, UnitId u) {
  return std::find(list.begin(), list.end(), u) != list.end();
}

// The side of the round `u` fights on (0: the `combat` statement's units,
// 1: their enemies), by its place in the round or else by its army.
int side_of(const Context& cx, const CombatRound& r, UnitId u) {
  for (int s = 0; s < 2; ++s)
    if (holds(r.engaged[s], u) || holds(r.supports[s], u)) return s;
  if (!r.engaged[0].empty() && cx.setup.units[r.engaged[0].front()].side == cx.setup.units[u].side)
    return 0;
  return 1;
}

bool unit_broken(const Context& cx, UnitId u) {
  const auto stamina = cx.setup.units[u].stats.stamina;
  if (!stamina) return false;
  Facts f(cx.rules);
  f.integer(Given::unit_casualties, cx.state.units[u].casualties);
  f.integer(Given::unit_stamina, *stamina);
  if (const VariantFacts* variant = cx.rules.variant())
    if (const std::optional<bool> removed = variant->removed(cx, f)) return *removed;
  const auto v = eval_int(f, Value::unit_broken, cx.checker);
  return v && *v != 0;
}

}  // namespace

void mark_debts(Context& cx, const Action& a) {
  cx.scratch.due_turn = a.turn;
  cx.scratch.due_side = a.side;
  cx.scratch.due_phase = a.phase;
}

bool shaken_as_the_round_began(const Context& cx, UnitId u) {
  if (!cx.state.units[u].shaken) return false;
  if (!cx.scratch.combat || cx.scratch.combat->resolved) return true;
  const UnitList& later = cx.scratch.combat->shaken_in_round;
  return std::find(later.begin(), later.end(), u) == later.end();
}

void read_casualties(Context& cx, const Action& a, UnitId u) {
  const auto stamina = cx.setup.units[u].stats.stamina;
  UnitState& st = cx.state.units[u];
  if (!stamina || !st.on_table) return;
  Facts f(cx.rules);
  f.integer(Given::unit_casualties, st.casualties);
  f.integer(Given::unit_stamina, *stamina);
  if (const auto v = eval_int(f, Value::unit_shaken, cx.checker); v && *v && !st.shaken) {
    st.shaken = true;
    if (cx.scratch.combat && !cx.scratch.combat->resolved)
      cx.scratch.combat->shaken_in_round.push_back(u);
  }
  if (!unit_broken(cx, u)) return;
  for (const DueOutcome& o : cx.scratch.due_outcomes)
    if (o.unit == u && o.result == "broken") return;
  DueOutcome o;
  o.unit = u;
  o.span = a.span;
  o.result = "broken";
  o.removes = true;
  cx.scratch.due_outcomes.push_back(o);
  mark_debts(cx, a);
}

namespace {

// "a wood", "a building": a barred piece's kind, for a message.
std::string_view terrain_words(Terrain t) {
  return t == Terrain::building ? "a building" : "a wood";
}

// § Résultat du test de panique au corps à corps, Repli: "Une unité engagée
// qui perd et qui est incapable de reculer à cause du terrain, de la
// présence d'ennemis ou d'amis qui ne laissent pas la place, ou encore de
// troupes engagées est automatiquement détruite". The units the way of the
// give-ground `a` of `u` passes through: an enemy, an engaged unit or a
// friend the data forbids to make way (§ Unité désorganisée: "Ne peut
// laisser la place") bars it; another friend's making way is not described
// (gap make_way_undefined).
void check_give_ground_way(Context& cx, const Action& a, UnitId u) {
  const double slack = cx.scratch.tolerance;
  const tabletop::MoveResult m = walk(cx.footprint(u), a);
  // "à cause du terrain": a wood or a building the data does not let it
  // enter (§ Modificateur de mouvement) bars its way.
  Facts mover(cx.rules);
  fill_unit(cx, mover, u);
  if (const TerrainEntry into =
          enter_terrain(cx, a, u, mover, entered_terrain(cx, m, a), std::nullopt);
      into.barred) {
    cx.checker
        .violation(Check::break_outcome, a.span,
                   fmt::format("{} cannot give ground into {}, which it may not enter: it is "
                               "destroyed",
                               cx.quoted(u), terrain_words(*into.barred)))
        .note(
            "§ Repli: \"Une unité engagée qui perd et qui est incapable de reculer à cause du "
            "terrain … est automatiquement détruite\"")
        .note("§ Modificateur de mouvement (the data's enter_wood, enter_building)")
        .hint("write 'remove {} destroyed'", cx.setup.units[u].id);
    return;
  }
  for (UnitId o = 0; o < cx.setup.units.size(); ++o) {
    const UnitState& other = cx.state.units[o];
    if (o == u || !other.on_table) continue;
    if (!tabletop::passes_through(m.swept, cx.footprint(o), slack)) continue;
    const bool enemy = cx.setup.units[o].side != cx.setup.units[u].side;
    std::string why;
    if (enemy) {
      why = "an enemy";
    } else if (other.engaged_with >= 0) {
      why = "an engaged friend";
    } else {
      Facts f(cx.rules);
      fill_unit(cx, f, o);
      f.boolean(Given::unit_shaken, other.shaken);
      if (verdict(f, RuleAction::make_way) == rules::Verdict::forbidden) {
        why = other.disordered ? "a disordered friend, which does not make way"
                               : "a friend which does not make way";
      } else {
        cx.checker.not_checked(
            fmt::format("{} making way for {}, which gives ground through it (the sheet does not "
                        "say how: gap make_way_undefined)",
                        cx.quoted(o), cx.quoted(u)),
            a.span);
        continue;
      }
    }
    cx.checker
        .violation(Check::break_outcome, a.span,
                   fmt::format("{} cannot give ground through {}, {}: it is destroyed",
                               cx.quoted(u), cx.quoted(o), why))
        .note(
            "§ Repli: \"incapable de reculer à cause … d'ennemis ou d'amis qui ne laissent pas "
            "la place, ou encore de troupes engagées est automatiquement détruite\"")
        .hint("write 'remove {} destroyed'", cx.setup.units[u].id);
    return;
  }
}

// Whether a way from `start` along `step` is surely clear: on the table,
// through no other unit (a friend might make way, an enemy or an engaged
// unit bars it) and into no terrain (which may be impassable). Only such a
// way is one the unit surely could take.
std::optional<tabletop::Footprint> clear_way(const Context& cx, UnitId u,
                                             const tabletop::Footprint& start,
                                             const tabletop::Step& step) {
  const tabletop::Footprint end = tabletop::apply_step(start, step).end;
  if (tabletop::Table(cx.setup.width, cx.setup.depth).overhang(end) > 0) return std::nullopt;
  const tabletop::MultiPolygon swept = tabletop::swept_area(start, step);
  const double slack = cx.scratch.tolerance;
  for (UnitId o = 0; o < cx.setup.units.size(); ++o)
    if (o != u && cx.state.units[o].on_table &&
        tabletop::passes_through(swept, cx.footprint(o), slack))
      return std::nullopt;
  for (const auto& piece : cx.setup.terrain)
    if (tabletop::enters(swept, piece.area)) return std::nullopt;
  return end;
}

// § Résultat du test de panique au corps à corps, Repli: only a unit
// "incapable de reculer" is destroyed. A removal in place of the owed
// give-ground `o` is wrong when the unit's way straight away from the one
// enemy it fought is surely clear (with several enemies the way is the
// data's gap give_ground_direction).
void check_removal_in_place_of_give_ground(Context& cx, const Action& a, const DueOutcome& o) {
  const UnitId u = o.unit;
  const std::int32_t engaged = cx.state.units[u].engaged_with;
  if (engaged < 0) return;
  const auto enemy = static_cast<UnitId>(engaged);
  for (UnitId other = 0; other < cx.setup.units.size(); ++other)
    if (other != enemy && cx.state.units[other].on_table &&
        cx.state.units[other].engaged_with == static_cast<std::int32_t>(u))
      return;
  const tabletop::Footprint start = cx.footprint(u);
  const double away = tabletop::bearing(cx.footprint(enemy).centre(), start.centre());
  const auto end =
      clear_way(cx, u, start,
                tabletop::Step::oblique(static_cast<double>(o.inches_back), away - start.facing()));
  if (!end) return;
  cx.checker
      .violation(
          Check::break_outcome, a.span,
          fmt::format("{} is removed, but the {}\" of its '{}' away from {} cross open "
                      "ground on the table",
                      cx.quoted(u), o.inches_back, rulesets::log_word(o.result), cx.quoted(enemy)))
      .note(
          "§ Repli: only a unit \"incapable de reculer à cause du terrain, de la présence "
          "d'ennemis ou d'amis qui ne laissent pas la place, ou encore de troupes engagées\" is "
          "destroyed")
      .hint("write 'move {} give-ground to {:.1f},{:.1f}'", cx.setup.units[u].id, end->leader().x(),
            end->leader().y());
}

// § Résultat du test de panique au tir, Retraite: "Les unités qui se
// superposent à des unités amies en un seul mouvement prolongent leur
// mouvement du minimum nécessaire pour ne plus se superposer, et deviennent
// ensuite désorganisées": the retire of `o` that went on past `friend`
// owes its disorder, unless the unit is disordered already.
void owe_disorder_past_friend(Context& cx, DueOutcome& o, UnitId friend_unit) {
  if (o.disorders || cx.state.units[o.unit].disordered) return;
  o.disorders = true;
  o.why = fmt::format(
      "retired on past its friend {} (\"prolongent leur mouvement … et deviennent ensuite "
      "désorganisées\")",
      cx.quoted(friend_unit));
}

// A unit engaged in a combat that lies on the way `swept` of a whole move
// of `u` and that its shorter way's end `end` touches: what stopped it.
std::optional<UnitId> combat_unit_stopping(const Context& cx, UnitId u,
                                           const tabletop::MultiPolygon& swept,
                                           const tabletop::Footprint& end) {
  const double slack = cx.scratch.tolerance;
  for (UnitId o = 0; o < cx.setup.units.size(); ++o) {
    if (o == u || !cx.state.units[o].on_table || cx.state.units[o].engaged_with < 0) continue;
    const tabletop::Footprint there = cx.footprint(o);
    if (tabletop::passes_through(swept, there, slack) && tabletop::in_contact(end, there, slack))
      return o;
  }
  return std::nullopt;
}

// § Résultat du test de panique au tir, Retraite: "L'unité devra reculer
// d'un mouvement": the way of the retire `a` is one move of the unit's rate
// (the tolerance given), unless it passes through friends ("prolongent leur
// mouvement du minimum nécessaire pour ne plus se superposer"); a shorter
// one may have been stopped by terrain or units in combat.
void check_retire_length(Context& cx, const Action& a, DueOutcome& o) {
  if (!written_end(a)) return;
  const UnitId u = o.unit;
  const tabletop::MoveResult m = walk(cx.footprint(u), a);
  Facts f(cx.rules);
  fill_unit(cx, f, u);
  // "Les unités dans l'incapacité de faire leur mouvement à cause d'un
  // terrain infranchissable … se déplacent d'autant qu'elles peuvent et
  // deviennent désorganisées": a wood or a building the data does not let
  // it enter (§ Modificateur de mouvement) stops it at its edge.
  if (const TerrainEntry into = enter_terrain(cx, a, u, f, entered_terrain(cx, m, a), std::nullopt);
      into.barred) {
    cx.checker
        .violation(Check::break_outcome, a.to_span.valid() ? a.to_span : a.span,
                   fmt::format("{} retires into {}, which it may not enter: it stops at its edge "
                               "and is disordered",
                               cx.quoted(u), terrain_words(*into.barred)))
        .note(
            "§ Résultat du test de panique au tir: \"Les unités dans l'incapacité de faire leur "
            "mouvement à cause d'un terrain infranchissable … se déplacent d'autant qu'elles "
            "peuvent et deviennent désorganisées\"")
        .note("§ Modificateur de mouvement (the data's enter_wood, enter_building)");
    return;
  }
  std::vector<std::string> why;
  const auto rate = move_rate(f, cx.checker, &why);
  if (!rate) return;
  const auto move = static_cast<double>(*rate);
  const double slack = cx.scratch.tolerance;
  if (m.distance < move - slack) {
    // "Les unités dans l'incapacité de faire leur mouvement à cause d'un
    // terrain infranchissable ou d'unités au combat se déplacent d'autant
    // qu'elles peuvent": a retire short of one move whose whole move on
    // the same way is clear was not stopped.
    using tabletop::operator-;
    const tabletop::Footprint start = cx.footprint(u);
    const tabletop::Point to = m.end.leader();
    const bool moved = tabletop::length(to - start.leader()) > slack;
    const double way = moved ? tabletop::bearing(start.leader(), to) : start.facing() + 180.0;
    const tabletop::Step whole = tabletop::Step::oblique(move, way - start.facing());
    if (!clear_way(cx, u, start, whole)) {
      // Stopped by a wood or a building it may not enter: "et deviennent
      // désorganisées".
      const tabletop::Step one[] = {whole};
      const tabletop::MoveResult full = tabletop::apply_move(start, one);
      if (enter_terrain(cx, a, u, f, entered_terrain(cx, full, a), std::nullopt).barred &&
          !o.disorders && !cx.state.units[u].disordered) {
        o.disorders = true;
        o.why = fmt::format(
            "retired as far as it could before terrain it may not enter (\"se déplacent "
            "d'autant qu'elles peuvent et deviennent désorganisées\")");
      }
      // "… ou d'unités au combat": a unit engaged in a combat on the whole
      // move's way, which the retire ends against, stopped it.
      if (const auto in_combat = combat_unit_stopping(cx, u, full.swept, m.end);
          in_combat && !o.disorders && !cx.state.units[u].disordered) {
        o.disorders = true;
        o.why = fmt::format(
            "retired as far as it could before {}, in combat (\"dans l'incapacité de faire leur "
            "mouvement à cause … d'unités au combat se déplacent d'autant qu'elles peuvent et "
            "deviennent désorganisées\")",
            cx.quoted(*in_combat));
      }
      cx.checker.not_checked(
          fmt::format("whether terrain or units stopped the retire of {} short of one move",
                      cx.quoted(u)),
          a.span);
      return;
    }
    auto b = cx.checker.violation(
        Check::break_outcome, a.to_span.valid() ? a.to_span : a.span,
        fmt::format("{} retires {}, its '{}' is one move ({}) and nothing stops it on its way",
                    cx.quoted(u), tabletop::inches(m.distance), rulesets::log_word(o.result),
                    tabletop::inches(move)));
    b.note("§ Résultat du test de panique au tir: \"L'unité devra reculer d'un mouvement\"");
    for (const std::string& n : why) b.note("{}", n);
    return;
  }
  if (m.distance <= move + slack) return;
  for (UnitId other = 0; other < cx.setup.units.size(); ++other)
    if (other != u && cx.state.units[other].on_table &&
        cx.setup.units[other].side == cx.setup.units[u].side &&
        tabletop::passes_through(m.swept, cx.footprint(other), slack)) {
      cx.checker.not_checked(fmt::format("how far the retire of {} goes on past its friend {}",
                                         cx.quoted(u), cx.quoted(other)),
                             a.span);
      owe_disorder_past_friend(cx, o, other);
      return;
    }
  auto b = cx.checker.violation(Check::break_outcome, a.to_span.valid() ? a.to_span : a.span,
                                fmt::format("{} retires {}, its '{}' is one move ({})",
                                            cx.quoted(u), tabletop::inches(m.distance),
                                            rulesets::log_word(o.result), tabletop::inches(move)));
  b.note("§ Résultat du test de panique au tir: \"L'unité devra reculer d'un mouvement\"");
  for (const std::string& n : why) b.note("{}", n);
}

bool owes_nothing(const DueOutcome& o) {
  return !o.removes && !o.disorders && !(o.moves_back || o.inches_back > 0);
}

// What `a` settles of what `u` owes; `removal_owed`: some result owes
// the unit's removal.
void settle_outcome(Context& cx, const Action& a, DueOutcome& o, bool removal_owed) {
  const UnitState& st = cx.state.units[o.unit];
  if (a.kind == ActionKind::remove || (a.kind == ActionKind::move && a.off_table)) {
    if (a.kind == ActionKind::remove && !removal_owed && o.inches_back > 0)
      check_removal_in_place_of_give_ground(cx, a, o);
    o.removes = o.disorders = o.moves_back = false;
    o.inches_back = 0;
    return;
  }
  if (a.kind == ActionKind::state &&
      std::find(a.states.begin(), a.states.end(), "disordered") != a.states.end())
    o.disorders = false;
  if (a.kind == ActionKind::move && (o.moves_back || o.inches_back > 0) && !o.removes) {
    const auto end = written_end(a);
    if (end && o.inches_back > 0) {
      const double moved = std::hypot(end->x() - st.at.x(), end->y() - st.at.y());
      const tabletop::Measurement m =
          tabletop::compare(static_cast<double>(o.inches_back), moved, cx.scratch.tolerance);
      if (m.agreement == tabletop::Agreement::beyond_tolerance)
        cx.checker
            .violation(
                Check::break_outcome, a.span,
                fmt::format("{} falls back {}, its '{}' is {}\"", cx.quoted(o.unit),
                            tabletop::inches(moved), rulesets::log_word(o.result), o.inches_back))
            .note(
                "the leader's move from {:.1f},{:.1f}; the result's move is the data's "
                "break_result_effects",
                st.at.x(), st.at.y());
    }
    if (o.inches_back > 0) check_give_ground_way(cx, a, o.unit);
    if (o.moves_back) check_retire_length(cx, a, o);
    o.moves_back = false;
    o.inches_back = 0;
  }
}

// Everything still owed: each a violation at the statement that owed it.
void settle_all(Context& cx) {
  for (const DueTest& d : cx.scratch.due_tests) {
    if (!cx.state.units[d.unit].on_table) continue;
    if (d.shooting) {
      cx.checker
          .violation(
              Check::break_due, d.span,
              fmt::format("{} takes no break test after the shot: {}", cx.quoted(d.unit), d.why))
          .note("§ Le test à lieu quand (the data's break_test_due)")
          .hint("write its test after the shot: 'test {} break 2d6=… => result …'",
                cx.setup.units[d.unit].id);
      continue;
    }
    if (!d.why.empty()) {
      cx.checker
          .violation(Check::break_due, d.span,
                     fmt::format("{} supported a unit that falls away and takes no break test: {}",
                                 cx.quoted(d.unit), d.why))
          .note(
              "§ Résultat du test de panique au corps à corps: \"Toute unité en soutien doit "
              "immédiatement faire un test de panique\" (the data's break_test_due)")
          .hint("write its test after that result: 'test {} break 2d6=… mod -{} => result …'",
                cx.setup.units[d.unit].id, d.difference);
      continue;
    }
    cx.checker
        .violation(Check::break_due, d.span,
                   d.difference > 0
                       ? fmt::format("{} lost the round by {} and takes no break test",
                                     cx.quoted(d.unit), d.difference)
                       : fmt::format("{} drew the round shaken and takes no break test",
                                     cx.quoted(d.unit)))
        .note("the data's break_test_due");
  }
  for (const DueOutcome& o : cx.scratch.due_outcomes) {
    if (owes_nothing(o)) continue;
    if (o.result == "broken") {
      cx.checker.violation(Check::combat_broken, o.span,
                           fmt::format("{} is broken with {} casualties (stamina {}) and is not "
                                       "removed",
                                       cx.quoted(o.unit), cx.state.units[o.unit].casualties,
                                       cx.setup.units[o.unit].stats.stamina.value_or(0)));
      continue;
    }
    std::string owed;
    if (o.removes)
      owed = "no 'remove' follows";
    else if (o.moves_back || o.inches_back > 0)
      owed = "no move back follows";
    else
      owed = "no 'state … disordered' follows";
    if (!o.why.empty())
      cx.checker.violation(Check::break_outcome, o.span,
                           fmt::format("{} {}, and {}", cx.quoted(o.unit), o.why, owed));
    else
      cx.checker.violation(Check::break_outcome, o.span,
                           fmt::format("{} tested '{}', and {}", cx.quoted(o.unit),
                                       rulesets::log_word(o.result), owed));
  }
  cx.scratch.due_tests.clear();
  cx.scratch.due_outcomes.clear();
  cx.scratch.volley_tested.clear();
  cx.scratch.volley_unresolved.clear();
}

}  // namespace

namespace {

// A combat is fought by units in contact (§ III - PHASE DE CORPS À CORPS;
// a charge stopped by its closing shots never reaches its target, § Résultat
// du test de panique au tir: only "Indomptable ... n'arrête pas la
// charge"): each unit on the table written in the combat touches one it
// fights, within the tolerance. False, reported, at the first that does not.
bool check_contact(Context& cx, const Action& a, const UnitList& side, const UnitList& enemies) {
  for (UnitId u : side) {
    if (!cx.state.units[u].on_table) continue;
    std::optional<double> nearest;
    UnitId closest = u;
    bool touches = false;
    for (UnitId e : enemies) {
      if (!cx.state.units[e].on_table) continue;
      if (touching(cx, u, e)) {
        touches = true;
        break;
      }
      const double d =
          tabletop::distance(cx.footprint(u), cx.footprint(e), tabletop::Measure::closest_edges);
      if (!nearest || d < *nearest) {
        nearest = d;
        closest = e;
      }
    }
    if (touches || !nearest) continue;
    cx.checker
        .violation(Check::combat_contact, a.span,
                   fmt::format("{} is in no contact with the units it fights: {} stands {} away",
                               cx.quoted(u), cx.quoted(closest), tabletop::inches(*nearest)))
        .note(
            "§ III - PHASE DE CORPS À CORPS: the units of a combat are engaged, in contact; a "
            "charge its closing shots stopped (§ Résultat du test de panique au tir: only "
            "\"Indomptable ... n'arrête pas la charge\") did not reach")
        .note("measured between the closest edges of the two bases, with the {} tolerance",
              tabletop::inches(cx.scratch.tolerance));
    return false;
  }
  return true;
}

}  // namespace

void open_combat(Context& cx, const Action& a) {
  if (a.actors.empty() || a.targets.empty()) {
    follow(cx, a);
    return;
  }
  if (check_contact(cx, a, a.actors, a.targets)) check_contact(cx, a, a.targets, a.actors);
  CombatRound r;
  r.span = a.span;
  r.engaged[0] = a.actors;
  r.engaged[1] = a.targets;
  // The round the engine counts: one more than the combat has fought (a
  // charge opens a combat at 0, combat.hpp). The written `round N` must be
  // it; the replay goes on with the log's.
  std::int64_t counted = 1;
  for (int s = 0; s < 2; ++s)
    for (UnitId u : r.engaged[s])
      counted = std::max<std::int64_t>(counted, cx.state.units[u].combat_rounds + 1);
  r.round = counted;
  if (a.round)
    r.round = std::max<std::int64_t>(
        1, cx.checker.outcome(Check::melee_dice, a.span, "round", a.round, counted, [&] {
          return std::vector<std::string>{
              "the rounds its units have fought since the charge that engaged them, and this one"};
        }));
  // The +1 of a won round is the unit's for its next round of combat,
  // whoever it fights then ("lors du round de combat suivant", § Modificateurs
  // du jet pour toucher au corps à corps): it is spent in the round.
  for (int s = 0; s < 2; ++s)
    for (UnitId u : r.engaged[s]) {
      UnitState& st = cx.state.units[u];
      st.engaged_with = (s == 0 ? a.targets : a.actors).front();
      st.combat_rounds = static_cast<std::uint8_t>(std::clamp<std::int64_t>(r.round, 0, 255));
      // A first round opens a combat: only a charge of this turn is of it.
      if (r.round == 1) {
        st.charged_into_combat = st.charged;
        st.flank_charged_in_combat = false;
      }
    }
  // Supports are declared afresh each round.
  for (UnitState& st : cx.state.units)
    for (int s = 0; s < 2; ++s)
      if (st.supporting >= 0 && holds(r.engaged[s], static_cast<UnitId>(st.supporting)))
        st.supporting = -1;
  cx.scratch.combat = r;
  mark_debts(cx, a);
  cx.checker.not_checked(
      "a commander's risk in a combat (the sheet never says how a commander leads a unit: gap "
      "terms_defined_nowhere)",
      a.span);
}

void support(Context& cx, const Action& a) {
  const replay::WrittenRoll* written = a.roll("hit");
  if (a.actors.empty() || a.targets.empty() || !cx.scratch.combat || cx.scratch.combat->resolved) {
    follow(cx, a);
    return;
  }
  CombatRound& r = *cx.scratch.combat;
  const UnitId u = a.actors.front();
  const UnitId t = a.targets.front();
  const int side = side_of(cx, r, t);
  if (r.engaged[1 - side].empty()) {
    follow(cx, a);
    return;
  }
  const UnitId enemy = r.engaged[1 - side].front();
  const UnitSetup& s = cx.setup.units[u];
  const UnitState& st = cx.state.units[u];
  Facts may(cx.rules);
  fill_unit(cx, may, u);
  may.boolean(Given::unit_shaken, st.shaken);
  may.set(Given::other_type, cx.rules.type(cx.setup.units[t].type));
  const auto subject = [&] { return fmt::format("{} supporting {}", cx.quoted(u), cx.quoted(t)); };
  bool allowed = check_permissions(may, RuleAction::support, cx.checker, a.span,
                                   Check::support_not_allowed, subject);
  Facts supported(cx.rules);
  fill_unit(cx, supported, t);
  supported.boolean(Given::unit_shaken, cx.state.units[t].shaken);
  supported.set(Given::other_type, cx.rules.type(s.type));
  allowed = check_permissions(supported, RuleAction::be_supported, cx.checker, a.span,
                              Check::support_not_allowed, subject) &&
            allowed;
  r.supports[side].push_back(u);
  r.supported.push_back(t);
  cx.state.units[u].supporting = static_cast<std::int32_t>(t);
  if (!allowed) {
    follow(cx, a);
    return;
  }
  Facts f(cx.rules);
  fill_unit(cx, f, u);
  f.boolean(Given::unit_shaken, shaken_as_the_round_began(cx, u));
  f.boolean(Given::unit_supporting, true);
  f.boolean(Given::unit_engaged, false);
  f.integer(Given::unit_short_range, s.stats.short_range.value_or(0));
  f.boolean(Given::unit_charged, st.charged);
  f.boolean(Given::unit_won_last_round, st.won_last_round);
  // Above the enemy (common/higher_ground.hpp), which counts when the data
  // reads a support's to-hit as the hand-to-hand one.
  const rulesets::HigherGround high = rulesets::higher_ground(cx, u, enemy);
  f.boolean(Given::unit_higher_ground, high.height == rulesets::Height::higher);
  f.boolean(Given::unit_charged_in_flank_or_rear, false);
  f.boolean(Given::unit_charged_in_earlier_round, false);
  f.boolean(Given::unit_flank_charged_in_earlier_round, false);
  f.boolean(Given::unit_moved, st.used_milli > 0);
  f.word(Given::shot, "normal_shot");
  f.word(Given::shot_weapon, "javelins");
  f.set(Given::target_type, cx.rules.type(cx.setup.units[enemy].type));
  f.set(Given::target_formation, cx.rules.formation(cx.state.units[enemy].formation));
  f.boolean(Given::target_partially_obscured, false);
  f.word(Given::target_facing_hit, "front");
  const double measured =
      tabletop::distance(cx.footprint(u), cx.footprint(enemy), tabletop::Measure::closest_edges);
  f.integer(Given::shot_distance, std::max<std::int64_t>(1, whole_inches_up(measured)));
  const auto count = eval_int(f, Value::support_attack_dice, cx.checker);
  auto needed = eval_int(f, Value::support_to_hit_needed, cx.checker);
  if (high.height == rulesets::Height::unsure && needed) {
    // The engine cannot tell: the log's modifier says which reading it took.
    Facts on_high = f;
    on_high.boolean(Given::unit_higher_ground, true);
    const auto other = eval_int(on_high, Value::support_to_hit_needed, cx.checker);
    if (other && *other != *needed) {
      cx.checker.not_checked(
          fmt::format("whether {} fights from higher ground than {}: {} (§ Modificateurs du jet "
                      "pour toucher au corps à corps: \"+1 Si l'unité est sur une position "
                      "surélevée\"): the log's modifier is taken",
                      cx.quoted(u), cx.quoted(enemy), high.why),
          a.span);
      if (a.modifier && *a.modifier == 4 - *other) {
        needed = other;
        f = on_high;
      }
    }
  }
  if (!count || !needed || *count <= 0) return;
  std::int64_t dice = *count;
  if (cx.rules.variant() && cx.rules.variant()->splits_support()) {
    const std::optional<std::int64_t> share = support_share(cx, a, u, t, *count);
    if (!share) return;
    dice = *share;
  }
  auto roll = cx.dice.take(d6s(dice), written, cx.checker, Check::support_dice,
                           [&] { return fmt::format("support dice of {}", cx.quoted(u)); });
  if (!roll) return;
  cx.checker.read_roll(d6s(dice), *roll, [&] {
    return replay::dice_at_least(static_cast<std::int32_t>(*needed), s.side,
                                 fmt::format("support of {}", cx.quoted(u)));
  });
  const auto notes = [&] { return explain(f, Value::support_to_hit_needed); };
  if (a.modifier)
    cx.checker.outcome(Check::support_hits, a.span, "to-hit modifier", a.modifier, 4 - *needed,
                       notes);
  std::int64_t hits = 0;
  for (const auto& die : roll->dice)
    if (die.faces.face() >= *needed) ++hits;
  const std::int64_t go_on =
      cx.checker.outcome(Check::support_hits, a.stated.span.valid() ? a.stated.span : a.span,
                         "hits", a.stated.hits, hits, notes);
  cx.scratch.hits = PendingHits{enemy, go_on, {}, std::nullopt};
  cx.scratch.hits_from_support = true;
}

void save_and_count(Context& cx, const Action& a) {
  const bool from_support = cx.scratch.hits_from_support;
  const bool counted = cx.scratch.hits.has_value() && !a.actors.empty() &&
                       cx.scratch.hits->target == a.actors.front();
  const std::int32_t before = a.actors.empty() ? 0 : cx.state.units[a.actors.front()].casualties;
  // The volley whose hits this save takes, for the break test it may call
  // for (shooting_break.hpp).
  std::optional<Facts> volley;
  if (counted && cx.scratch.hits->volley) volley = *cx.scratch.hits->volley;
  save(cx, a);
  if (a.actors.empty()) return;
  const UnitId u = a.actors.front();
  if (counted && cx.scratch.combat && !cx.scratch.combat->resolved && a.phase == Phase::combat) {
    CombatRound& r = *cx.scratch.combat;
    const std::int64_t taken = cx.state.units[u].casualties - before;
    const int s = side_of(cx, r, u);
    (from_support ? r.taken_from_supports : r.taken_from_engaged)[s] += taken;
  }
  read_casualties(cx, a, u);
  // § Unité brisée: a broken unit "est alors immédiatement retirée du jeu":
  // its removal is owed, no break test.
  if (unit_broken(cx, u)) {
    forgive_shooting_test(cx, u);
    return;
  }
  note_volley_casualties(cx, a, u, volley ? &*volley : nullptr,
                         cx.state.units[u].casualties - before);
}

void combat_result(Context& cx, const Action& a) {
  if (!cx.scratch.combat || cx.scratch.combat->resolved) {
    follow(cx, a);
    return;
  }
  settle_shares(cx);
  CombatRound& r = *cx.scratch.combat;
  r.resolved = true;
  Facts f(cx.rules);
  f.integer(Given::combat_taken_from_engaged, r.taken_from_engaged[0]);
  f.integer(Given::combat_taken_from_supports, r.taken_from_supports[0]);
  f.integer(Given::combat_enemy_taken_from_engaged, r.taken_from_engaged[1]);
  f.integer(Given::combat_enemy_taken_from_supports, r.taken_from_supports[1]);
  const auto score = eval_int(f, Value::combat_score, cx.checker);
  if (!score) return;
  const std::int64_t margin = *score < 0 ? -*score : *score;
  const int winner = *score > 0 ? 0 : 1;
  const Span at = a.stated.span.valid() ? a.stated.span : a.span;
  const auto describe = [&](int s) {
    return fmt::format(
        "the side of {} took {} casualties ({} from supports)", cx.quoted(r.engaged[s].front()),
        r.taken_from_engaged[s] + r.taken_from_supports[s], r.taken_from_supports[s]);
  };
  const auto computed = [&] {
    return *score == 0 ? std::string("a draw")
                       : fmt::format("the side of {} wins by {}",
                                     cx.quoted(r.engaged[winner].front()), margin);
  };
  // The result the replay goes on with: the log's, as played.
  bool draw = *score == 0;
  int won = winner;
  std::int64_t by = margin;
  if (a.stated.draw) {
    if (*score != 0)
      cx.checker.violation(Check::combat_result, at, fmt::format("log says draw, {}", computed()))
          .note("{}", describe(0))
          .note("{}", describe(1));
    draw = true;
  } else if (a.stated.winner) {
    const int stated = side_of(cx, r, *a.stated.winner);
    if (*score == 0 || stated != winner) {
      cx.checker
          .violation(Check::combat_result, at,
                     fmt::format("log says {} wins, {}", cx.quoted(*a.stated.winner), computed()))
          .note("{}", describe(0))
          .note("{}", describe(1));
    } else if (a.stated.margin) {
      cx.checker.outcome(Check::combat_result, at, "margin", a.stated.margin, margin, [&] {
        return std::vector<std::string>{describe(0), describe(1)};
      });
    }
    draw = false;
    won = stated;
    by = a.stated.margin.value_or(margin);
  } else {
    cx.checker.not_checked("a combat result whose winner the log does not state", a.span);
  }
  for (int s = 0; s < 2; ++s)
    for (UnitId u : r.engaged[s]) cx.state.units[u].won_last_round = !draw && s == won;
  // The break tests the result calls for (§ Le test à lieu quand).
  for (int s = 0; s < 2; ++s)
    for (UnitId u : r.engaged[s]) {
      const UnitState& st = cx.state.units[u];
      // A loser (or drawer) broken by its casualties is destroyed: its
      // supports test, subtracting the round's difference.
      if (st.on_table && unit_broken(cx, u) && (draw || s != won))
        owe_support_tests(cx, a, u, "hold_ground", !draw ? by : 0, true);
      // The data's triggers are a unit that lost (a difference) or drew
      // shaken (none): a winner neither lost nor drew, whatever its state.
      if (!st.on_table || unit_broken(cx, u) || (!draw && s == won)) continue;
      const std::int64_t difference = !draw && s != won ? by : 0;
      Facts due(cx.rules);
      fill_unit(cx, due, u);
      due.boolean(Given::unit_engaged, true);
      due.boolean(Given::unit_shaken, st.shaken);
      due.word(Given::break_context, "hand_to_hand");
      due.integer(Given::casualty_difference, difference);
      const auto v = eval_int(due, Value::break_test_due, cx.checker);
      if (v && *v) cx.scratch.due_tests.push_back({u, difference, at, false, {}});
    }
  mark_debts(cx, a);
}

BreakDue take_due_test(Context& cx, const Action& a, UnitId u) {
  if (!cx.scratch.combat || !cx.scratch.combat->resolved) return {};
  auto& due = cx.scratch.due_tests;
  for (auto it = due.begin(); it != due.end(); ++it)
    if (it->unit == u) {
      const std::int64_t difference = it->difference;
      due.erase(it);
      return {true, true, difference};
    }
  const CombatRound& r = *cx.scratch.combat;
  if (holds(r.supports[0], u) || holds(r.supports[1], u)) {
    // The unit it supports has tested and stays on the table: its result
    // called for no test of its supports (the data's break_test_due, with
    // supported_result), and none is owed.
    const std::int32_t t = cx.state.units[u].supporting;
    if (t >= 0 && holds(r.tested, static_cast<UnitId>(t)) &&
        cx.state.units[static_cast<UnitId>(t)].on_table &&
        !unit_broken(cx, static_cast<UnitId>(t))) {
      cx.checker
          .violation(Check::break_due, a.span,
                     fmt::format("{} takes a break test no result calls for: the unit it "
                                 "supports, {}, tested, and its result calls for no test of "
                                 "its supports",
                                 cx.quoted(u), cx.quoted(static_cast<UnitId>(t))))
          .note(
              "§ Résultat du test de panique au corps à corps: supports test when the unit they "
              "support is destroyed or flees (the data's break_test_due)");
      return {true, false, 0};
    }
    cx.checker.not_checked(
        "a support's break test (whether the unit it supports was destroyed or fled)", a.span);
    return {};
  }
  if (unit_broken(cx, u)) {
    cx.checker.violation(Check::combat_broken, a.span,
                         fmt::format("{} is broken ({} casualties): it takes no break test and is "
                                     "removed",
                                     cx.quoted(u), cx.state.units[u].casualties));
    return {true, false, 0};
  }
  cx.checker.violation(Check::break_due, a.span,
                       fmt::format("{} takes a break test no result calls for", cx.quoted(u)));
  return {true, false, 0};
}

void owe_support_tests(Context& cx, const Action& a, UnitId u, std::string_view result,
                       std::int64_t difference, bool destroyed) {
  if (!cx.scratch.combat || !cx.scratch.combat->resolved) return;
  const CombatRound& r = *cx.scratch.combat;
  for (int s = 0; s < 2; ++s)
    for (UnitId sup : r.supports[s]) {
      if (cx.state.units[sup].supporting != static_cast<std::int32_t>(u)) continue;
      if (!cx.state.units[sup].on_table || unit_broken(cx, sup)) continue;
      if (std::any_of(cx.scratch.due_tests.begin(), cx.scratch.due_tests.end(),
                      [&](const DueTest& d) { return d.unit == sup; }))
        continue;
      Facts due(cx.rules);
      fill_unit(cx, due, sup);
      due.boolean(Given::unit_supporting, true);
      due.boolean(Given::unit_shaken, cx.state.units[sup].shaken);
      due.word(Given::break_context, "hand_to_hand");
      due.integer(Given::casualty_difference, difference);
      due.word(Given::supported_result, result);
      due.boolean(Given::supported_destroyed, destroyed);
      const auto v = eval_int(due, Value::break_test_due, cx.checker);
      if (!v || !*v) continue;
      // § TEST DE PANIQUE: the round's difference applies "aux unités en
      // soutien si elles doivent tester suite à la destruction d'une unité
      // engagée".
      cx.scratch.due_tests.push_back(
          {sup, difference, a.stated.span.valid() ? a.stated.span : a.span, false,
           destroyed ? fmt::format("the unit it supports, {}, is destroyed", cx.quoted(u))
                     : fmt::format("the unit it supports, {}, tested '{}'", cx.quoted(u),
                                   rulesets::log_word(result))});
    }
  mark_debts(cx, a);
}

void owe_support_disorder(Context& cx, const Action& a, UnitId u, std::string_view result) {
  if (!cx.scratch.combat || !cx.scratch.combat->resolved) return;
  Facts f(cx.rules);
  f.word(Given::tested_result, result);
  const auto all = eval_int(f, Value::break_result_disorders_supports, cx.checker);
  if (!all || !*all) return;
  // "toutes les unités (engagées et en soutien)": every support of its side.
  const CombatRound& r = *cx.scratch.combat;
  const int side = side_of(cx, r, u);
  if (side < 0 || side > 1) return;
  for (UnitId sup : r.supports[side]) {
    const UnitState& st = cx.state.units[sup];
    if (!st.on_table || st.disordered) continue;
    DueOutcome o;
    o.unit = sup;
    o.span = a.stated.span.valid() ? a.stated.span : a.span;
    o.result = std::string(result);
    o.disorders = true;
    o.why = fmt::format(
        "supports the side of {}, which tested '{}' (\"toutes les unités "
        "(engagées et en soutien) sont automatiquement désorganisées\")",
        cx.quoted(u), rulesets::log_word(result));
    cx.scratch.due_outcomes.push_back(o);
  }
  mark_debts(cx, a);
}

void owe_outcome(Context& cx, const Action& a, UnitId u, std::string_view result) {
  Facts f(cx.rules);
  f.word(Given::tested_result, result);
  const auto moves = eval_int(f, Value::break_result_moves_back, cx.checker);
  const auto inches = eval_int(f, Value::break_result_inches_back, cx.checker);
  const auto disorders = eval_int(f, Value::break_result_disorders, cx.checker);
  const auto removes = eval_int(f, Value::break_result_removes, cx.checker);
  if (!moves || !inches || !disorders || !removes) return;
  DueOutcome o;
  o.unit = u;
  o.span = a.stated.span.valid() ? a.stated.span : a.span;
  o.result = std::string(result);
  o.moves_back = *moves > 0;
  o.inches_back = *inches;
  o.disorders = *disorders && !cx.state.units[u].disordered;
  o.removes = *removes;
  if (owes_nothing(o)) return;
  if (o.moves_back)
    cx.checker.not_checked("the way a move back takes (\"à l'opposé de l'ennemi\")", a.span);
  cx.scratch.due_outcomes.push_back(o);
  mark_debts(cx, a);
}

void settle_before(Context& cx, const Action& a) {
  cx.scratch.settled = false;
  bool shaken_counted = false;
  if (a.kind == ActionKind::state && !a.actors.empty() &&
      std::find(a.states.begin(), a.states.end(), "shaken") != a.states.end()) {
    const UnitId u = a.actors.front();
    const auto stamina = cx.setup.units[u].stats.stamina;
    shaken_counted = stamina.has_value();
    if (stamina && cx.state.units[u].casualties < *stamina)
      cx.checker.violation(Check::combat_shaken, a.span,
                           fmt::format("{} has {} casualties, under its stamina {}: it is not "
                                       "shaken",
                                       cx.quoted(u), cx.state.units[u].casualties, *stamina));
  }
  bool disorder_owed = false;
  const bool removal_owed =
      !a.actors.empty() &&
      std::any_of(cx.scratch.due_outcomes.begin(), cx.scratch.due_outcomes.end(),
                  [&](const DueOutcome& d) { return d.unit == a.actors.front() && d.removes; });
  for (DueOutcome& o : cx.scratch.due_outcomes) {
    if (!holds(a.actors, o.unit)) continue;
    const DueOutcome before = o;
    settle_outcome(cx, a, o, removal_owed && o.unit == a.actors.front());
    if (o.removes != before.removes || o.moves_back != before.moves_back ||
        o.inches_back != before.inches_back)
      cx.scratch.settled = true;
    if (o.disorders != before.disorders) disorder_owed = true;
  }
  // A `state` is checked when each of its words is: a disorder some result
  // owed, a shaken unit whose casualties the engine counted, a disordered
  // unit's recovery at the end of its own turn (§ IV - RÉORGANISATION).
  if (a.kind == ActionKind::state && !a.states.empty() && !a.actors.empty()) {
    const UnitId u = a.actors.front();
    const bool reorganises = a.phase == Phase::end && cx.state.units[u].disordered &&
                             cx.setup.units[u].side == a.side &&
                             recovers_at_end(cx, u) == std::optional<bool>(true);
    cx.scratch.settled = std::all_of(a.states.begin(), a.states.end(), [&](const std::string& w) {
      return (w == "disordered" && disorder_owed) || (w == "shaken" && shaken_counted) ||
             ((w == "reformed" || w == "steady") && reorganises);
    });
  }
  std::erase_if(cx.scratch.due_outcomes, owes_nothing);
  const bool elsewhere = a.turn != cx.scratch.due_turn || a.side != cx.scratch.due_side ||
                         a.phase != cx.scratch.due_phase;
  if (elsewhere || a.kind == ActionKind::combat) settle_all(cx);
  if (elsewhere) cx.scratch.combat.reset();
}

void settle_combat_at_end(Context& cx) {
  settle_all(cx);
}

}  // namespace umpire::hail_caesar
