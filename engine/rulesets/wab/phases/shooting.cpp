#include "engine/rulesets/wab/phases/shooting.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <boost/geometry/algorithms/disjoint.hpp>
#include <boost/geometry/algorithms/expand.hpp>
#include <string>
#include <vector>

#include "engine/core/suggest.hpp"
#include "engine/geometry/tabletop/bounds.hpp"
#include "engine/geometry/tabletop/measure.hpp"
#include "engine/geometry/tabletop/sight.hpp"
#include "engine/geometry/tabletop/terrain.hpp"
#include "engine/geometry/tabletop/tolerance.hpp"
#include "engine/rulesets/common/d6_pool.hpp"
#include "engine/rulesets/common/word_table.hpp"
#include "engine/rulesets/wab/phases/charge.hpp"
#include "engine/rulesets/wab/phases/facts.hpp"
#include "engine/rulesets/wab/phases/flight.hpp"
#include "engine/rulesets/wab/phases/following.hpp"
#include "engine/rulesets/wab/phases/wounds.hpp"

namespace umpire::wab {
namespace {

using rulesets::d6_pool;
using tabletop::operator+;

// The range written against the one measured between the closest edges.
void check_written_range(Context& cx, const Action& a, UnitId u, UnitId t, double measured) {
  if (!a.range) return;
  const std::string what = fmt::format("the range from {} to {}", cx.quoted(u), cx.quoted(t));
  const tabletop::Measurement m = tabletop::compare(*a.range, measured, cx.scratch.tolerance);
  if (m.agreement == tabletop::Agreement::beyond_tolerance)
    cx.checker.violation(Check::shoot_range, a.span, tabletop::describe(m, what))
        .note("measured between the closest edges of the two units");
}

// The shooting dice: at most one per model standing (two in the sling's
// close band); the sheet does not say which models can shoot.
std::optional<std::int64_t> shooting_dice(Context& cx, const Action& a, Facts& f, UnitId u) {
  const std::int64_t standing = cx.models_standing(u);
  f.integer(Given::self_shooting_models, standing);
  const auto most = eval_int(f, Value::shots, cx.checker);
  if (!most) return std::nullopt;
  const replay::WrittenRoll* written = a.roll("hit");
  std::int64_t count = *most;
  if (written && written->expr.terms.size() == 1 && cx.dice.mode() == replay::DiceMode::recorded) {
    const std::int64_t wrote = dice::dice_count(written->expr);
    count = wrote;
    if (wrote > *most)
      cx.checker
          .violation(
              Check::shoot_dice, written->span,
              fmt::format("{} throws {} shooting dice: at most {}", cx.quoted(u), wrote, *most))
          .note("{} models standing, {} (§ Table des armes de tirs)", standing,
                *most > standing ? "two dice each in the sling's close band" : "one die each");
  }
  if (count < *most)
    cx.checker.not_checked("which models of a unit can shoot (the sheet does not say)", a.span);
  // The models that shoot: half the dice in the close band.
  f.integer(Given::self_shooting_models, *most > standing ? (count + 1) / 2 : count);
  return count;
}

// A model with BS 0 does not shoot: the muster's convention for a profile
// the charts of § Résultat pour toucher have no row for (they run from BS 1
// to 10, their header '0' being 10). True when `u` may not shoot.
bool refuse_non_shooter(Context& cx, const Action& a, UnitId u) {
  if (cx.setup.units[u].profile.ballistic_skill != 0) return false;
  cx.checker
      .violation(Check::shoot_not_allowed, a.span,
                 fmt::format("{} has BS 0: its models do not shoot", cx.quoted(u)))
      .note(
          "the muster admits BS 0 for a model that does not shoot; the chart of § Résultat pour "
          "toucher runs from BS 1 to 10");
  return true;
}

// § Raté d'allumage: a war machine whose misfire forbids it to shoot does
// not shoot. True when `u` may not.
bool refuse_after_misfire(Context& cx, const Action& a, UnitId u) {
  const UnitState& st = cx.state.units[u];
  if (st.misfire_turns == 0) return false;
  cx.checker
      .violation(Check::machine_misfire, a.span,
                 st.misfire_turns == kMisfireDestroyed
                     ? fmt::format("{} was destroyed with its crew by its misfire", cx.quoted(u))
                 : st.misfire_turns == kMisfireUntilTurn || st.misfire_turns == kMisfireLastTurn
                     ? fmt::format("{} misfired (3-4): it shoots again after its side's turn {}",
                                   cx.quoted(u), st.misfire_free_turn)
                     : fmt::format("{} misfired (5-6): it shoots no more this turn", cx.quoted(u)))
      .note(
          "§ Raté d'allumage: '1-2 La machine de guerre et les servants sont détruits. 3-4 Elle ne "
          "peut plus tirer ce tour et le prochain tour. 5-6 La machine de guerre ne peut plus "
          "tirer ce tour.'");
  return true;
}

// The misfire a shot of `u` writes (`misfire d6=N`): its result on the
// data's misfire table (§ Raté d'allumage). When a machine misfires the
// sheet never says (the data's gap war_machine_shooting): as written.
void read_misfire(Context& cx, const Action& a, UnitId u) {
  const replay::WrittenRoll* written = a.roll("misfire");
  if (!written) return;
  if (cx.setup.units[u].type != TroopType::war_machine) {
    cx.checker
        .violation(Check::machine_misfire, written->span,
                   fmt::format("{} misfires, but it is no war machine", cx.quoted(u)))
        .note(
            "§ Raté d'allumage: the misfire table is the war machines' ('La machine de "
            "guerre et les servants sont détruits')");
    return;
  }
  cx.checker.not_checked(
      "when a war machine misfires: the sheet has no roll that leads to the misfire table (the "
      "data's gap war_machine_shooting); its result is applied",
      written->span);
  const auto purpose = [&] { return fmt::format("misfire of {}", cx.quoted(u)); };
  auto roll =
      cx.dice.take(rulesets::d6_pool(1), written, cx.checker, Check::shoot_not_allowed, purpose);
  if (!roll) return;
  cx.checker.read_roll(rulesets::d6_pool(1), *roll, [&] {
    replay::RollReading r;
    r.side = cx.setup.units[u].side;
    r.what = purpose();
    return r;
  });
  const Facts f(cx.rules);
  rules::Evaluator ev(cx.rules.rs(), f.situation());
  const auto row = ev.lookup(cx.rules.table(Table::misfire), {rules::Val::integer(roll->total)});
  if (!row || cx.rules.column(Table::misfire) >= row->size()) return;
  const rules::Domain& d = cx.rules.rs().domains[cx.rules.domain(Domain::misfire_result)];
  const auto index = static_cast<std::size_t>((*row)[cx.rules.column(Table::misfire)].number);
  const std::string result = index < d.values.size() ? d.values[index] : std::string();
  UnitState& st = cx.state.units[u];
  if (result == "machine_and_crew_destroyed") {
    // The machine and its crew leave the game (§ Raté d'allumage 1-2).
    st.misfire_turns = kMisfireDestroyed;
    st.on_table = false;
  } else if (result == "no_fire_this_turn_and_next" && st.misfire_turns != kMisfireDestroyed) {
    // "ce tour et le prochain tour": no shot this turn, nor in its side's
    // next turn (a machine shoots in its own turn, so the enemy's turn would
    // make 3-4 no different from 5-6; and § Phase 1 : Début du tour
    // recovers machines at the start of a side's turn). The ban runs through
    // its side's turn misfire_free_turn (turn.cpp). A misfire in the enemy's
    // turn N bars its side's turn that follows: its turn N when the enemy
    // plays first, else its turn N + 1.
    const std::uint8_t side = cx.setup.units[u].side;
    const bool before_its_own =
        side != cx.state.side && cx.scratch.first_side && *cx.scratch.first_side != side;
    st.misfire_turns = kMisfireUntilTurn;
    st.misfire_free_turn = std::max(st.misfire_free_turn, before_its_own ? a.turn : a.turn + 1);
  } else if (result == "no_fire_this_turn" && st.misfire_turns == 0) {
    st.misfire_turns = kMisfireThisTurn;
  }
}

}  // namespace

// § Raté d'allumage 1-2: a war machine its misfire destroyed with its crew
// is out of the game; a statement that moves it, or makes it a target, is a
// violation (its own shots are refused by refuse_after_misfire).
bool refuse_destroyed_machine(Context& cx, const Action& a) {
  if (a.kind == ActionKind::remove) return false;
  std::vector<UnitId> named(a.targets.begin(), a.targets.end());
  if (a.kind != ActionKind::shoot) named.insert(named.end(), a.actors.begin(), a.actors.end());
  for (UnitId u : named) {
    if (cx.state.units[u].misfire_turns != kMisfireDestroyed) continue;
    cx.checker
        .violation(
            Check::machine_misfire, a.span,
            fmt::format("{} was destroyed with its crew by its misfire: it is out of the game",
                        cx.quoted(u)))
        .note("§ Raté d'allumage: '1-2 La machine de guerre et les servants sont détruits.'");
    return true;
  }
  return false;
}

namespace {

// A shot is at the enemy (§ Phase 3 : Tir: "Annonce des unités qui tirent
// et de leur cible"; a unit of one's own side is no target). True when `t`
// is a friend of `u`.
bool refuse_friend_target(Context& cx, const Action& a, UnitId u, UnitId t) {
  if (cx.setup.units[u].side != cx.setup.units[t].side) return false;
  cx.checker
      .violation(Check::shoot_not_allowed, a.span,
                 fmt::format("{} shoots at {}, a unit of its own side", cx.quoted(u), cx.quoted(t)))
      .note("§ Phase 3 : Tir: units shoot at the enemy");
  return true;
}

// The weapon a shot names is one the unit carries (§ Table des armes de
// tirs: its range, Strength and modifiers are that weapon's). True when
// `u` carries no such weapon.
bool refuse_weapon_not_carried(Context& cx, const Action& a, UnitId u, const std::string& weapon) {
  const std::vector<std::string>& carried = cx.setup.units[u].weapons;
  if (std::find(carried.begin(), carried.end(), weapon) != carried.end()) return false;
  const auto missile = std::find_if(carried.begin(), carried.end(), [&](const std::string& w) {
    return cx.rules.missile_weapon(w).has_value();
  });
  auto v = cx.checker.violation(
      Check::shoot_not_allowed, a.span,
      fmt::format("{} carries no {}: it shoots only with its own missile weapon", cx.quoted(u),
                  a.weapon));
  if (missile != carried.end())
    v.note("its missile weapon is its '{}'", *missile);
  else
    v.note("its muster gives it no missile weapon");
  return true;
}

// § Phase 3 : Tir: "Annonce des unités qui tirent et de leur cible (angle
// de tir : 90°)": some part of the target lies in the 90° arc opening from
// the shooter's front edge, 45° out from each front corner
// (tabletop::Arc::front_90, docs/tabletop-geometry.md), the target placed
// anywhere within the log's tolerance. The data's shot.in_fire_arc.
bool in_fire_arc(const Context& cx, UnitId u, const tabletop::Footprint& theirs) {
  const tabletop::Footprint mine = cx.footprint(u);
  const double tol = cx.scratch.tolerance;
  for (const tabletop::Point shift :
       {tabletop::Point{0, 0}, tabletop::Point{tol, 0}, tabletop::Point{-tol, 0},
        tabletop::Point{0, tol}, tabletop::Point{0, -tol}})
    if (tabletop::in_arc(mine, theirs.placed(theirs.leader() + shift, theirs.facing()),
                         tabletop::Arc::front_90))
      return true;
  return false;
}

// The box holding shooter and target: terrain outside it lies neither
// around the target nor between the two.
tabletop::Box box_of_both(const tabletop::Footprint& mine, const tabletop::Footprint& theirs) {
  tabletop::Box box = tabletop::bounds(mine.polygon());
  boost::geometry::expand(box, tabletop::bounds(theirs.polygon()));
  return box;
}

// § Terrains et obstacles: "La visibilité est de 2 pas dans un bois": the
// least wood a line from the shooter's front edge to the target runs
// through (tabletop::least_sight_inside), less the log's tolerance, in
// whole inches, a part counting as a whole one: the data's
// shot.wood_inches_crossed, which wood_visibility bounds.
std::int64_t wood_crossed(const Context& cx, UnitId u, const tabletop::Footprint& theirs) {
  if (cx.setup.terrain.empty()) return 0;
  const tabletop::Footprint mine = cx.footprint(u);
  const tabletop::Box box = box_of_both(mine, theirs);
  std::vector<tabletop::Polygon> woods;
  for (const TerrainSetup& piece : cx.setup.terrain)
    if (piece.kind == "wood" && !boost::geometry::disjoint(box, piece.envelope))
      woods.push_back(piece.area.shape);
  if (woods.empty()) return 0;
  const double least = tabletop::least_sight_inside(mine, theirs, woods);
  return std::min<std::int64_t>(240, whole_inches_up(std::max(0.0, least - cx.scratch.tolerance)));
}

// A piece of terrain as a message names it: its name, else its kind.
const std::string& piece_name(const TerrainSetup& piece) {
  return piece.name.empty() ? piece.kind : piece.name;
}

// § Résultat pour toucher: "-1/-2 Cible dans un abri léger/dur". The sheet
// names no terrain light or hard cover (the data's gap
// light_and_hard_cover), so the players write the cover they agreed; the
// engine finds what could give it: a piece of terrain other than open
// ground the target stands in, or one lying between the two units that the
// shooter does not stand in (a wood around the shooter covers no target).
const TerrainSetup* covering_piece(const Context& cx, UnitId u, const tabletop::Footprint& theirs) {
  if (cx.setup.terrain.empty()) return nullptr;
  const tabletop::Footprint mine = cx.footprint(u);
  const tabletop::Box box = box_of_both(mine, theirs);
  for (const TerrainSetup& piece : cx.setup.terrain) {
    if (piece.terrain == Ground::open || boost::geometry::disjoint(box, piece.envelope)) continue;
    if (tabletop::enters(theirs, piece.area)) return &piece;
    if (tabletop::lies_between(mine, theirs, piece.area) && !tabletop::enters(mine, piece.area))
      return &piece;
  }
  return nullptr;
}

// The cover a shot counts (the data's target.cover): the written one, once
// a piece of terrain is found that could give it. A piece that could, with
// none written, is reported not checked and counted as none.
void read_cover(Context& cx, Facts& f, Strike& strike, const Action& a, UnitId u, UnitId t,
                const TerrainSetup* piece) {
  if (a.cover.empty()) {
    if (piece)
      cx.checker.not_checked(
          fmt::format("whether the {} '{}' gives {} cover (§ Résultat pour toucher: the sheet "
                      "names no terrain light or hard cover): taken as none; write the cover the "
                      "players agreed as 'cover soft' or 'cover hard'",
                      piece->kind, piece_name(*piece), cx.quoted(t)),
          a.span);
    return;
  }
  if (a.cover != "soft" && a.cover != "hard") {
    cx.checker
        .violation(Check::shoot_cover, a.span,
                   fmt::format("'cover {}' is no cover of the sheet", a.cover))
        .note("§ Résultat pour toucher: '-1/-2 Cible dans un abri léger/dur'")
        .hint("write 'cover soft' (-1) or 'cover hard' (-2)");
    return;
  }
  if (!piece)
    cx.checker
        .violation(Check::shoot_cover, a.span,
                   fmt::format("{} is in no cover: it stands in no terrain but open ground, and "
                               "none lies between it and {}",
                               cx.quoted(t), cx.quoted(u)))
        .note("§ Résultat pour toucher: '-1/-2 Cible dans un abri léger/dur'")
        .note("the shot is judged with the cover written");
  strike.cover = a.cover == "soft" ? "soft_cover" : "hard_cover";
  f.word(Given::target_cover, strike.cover);
}

// A shot of `u` at `t` with `weapon` (the data's word) over `measured`
// inches between closest edges: its permissions, dice and hits, then the
// strike its wounds and save take.
// `target_at`: where the target stands as it is shot at; `arc`: whether the
// fire arc holds (a shot of the shooting phase).
void fire(Context& cx, const Action& a, UnitId u, UnitId t, const std::string& weapon,
          double measured, const tabletop::Footprint& target_at, bool arc) {
  if (refuse_non_shooter(cx, a, u) || refuse_friend_target(cx, a, u, t)) return;
  Strike strike{a.span, u, t, true, weapon, whole_inches_up(measured), 0, std::nullopt};
  Facts f(cx.rules);
  fill_strike(cx, f, u, t);
  if (!fill_shot(cx, f, strike, cx.models_standing(u))) {
    // A near miss of a weapon of the table ('dart' for its 'darts').
    const std::optional<std::string> near = closest_match(weapon, cx.rules.missile_weapons());
    cx.checker.not_checked(
        fmt::format("shooting with '{}': the weapons table has no such weapon{}", weapon,
                    near ? fmt::format(" (did you mean '{}'?)", rulesets::log_word(*near)) : ""),
        a.span);
    follow(cx, a);
    return;
  }
  // A skirmish unit turns freely (phases/movement.cpp: its facing costs
  // nothing), so its arc may face any target: not judged.
  bool faces = !arc || in_fire_arc(cx, u, target_at);
  if (!faces && cx.state.units[u].formation == Formation::skirmish) {
    cx.checker.not_checked(
        fmt::format("the fire arc of {}, skirmishers who may face their target at no cost (§ "
                    "Phase 3 : Tir: 'angle de tir : 90°')",
                    cx.quoted(u)),
        a.span);
    faces = true;
  }
  f.boolean(Given::shot_in_fire_arc, faces);
  f.integer(Given::shot_wood_inches_crossed, wood_crossed(cx, u, target_at));
  const TerrainSetup* cover = covering_piece(cx, u, target_at);
  read_cover(cx, f, strike, a, u, t, cover);
  cx.checker.not_checked(
      "line of sight through units and terrain other than woods, and the target's size (taken "
      "as none)",
      a.span);
  const TroopType target_type = cx.setup.units[t].type;
  if (target_type == TroopType::elephants || target_type == TroopType::war_machine)
    cx.checker.not_checked(
        "which hits strike the crew of an elephant or a war machine (§ Tirer sur un éléphant ou "
        "une machine): the log keeps no crew apart",
        a.span);
  if (!check_permissions(f, RuleAction::shoot, cx.checker, a.span, Check::shoot_not_allowed, [&] {
        return fmt::format("{} shooting at {}", cx.quoted(u), cx.quoted(t));
      }))
    return;
  const auto count = shooting_dice(cx, a, f, u);
  const auto test = eval_test(f, Test::shooting_to_hit, cx.checker);
  if (!count || !test) return;
  auto roll = cx.dice.take(d6_pool(*count), a.roll("hit"), cx.checker, Check::shoot_hits,
                           [&] { return fmt::format("shooting dice of {}", cx.quoted(u)); });
  if (!roll) return;
  cx.checker.read_roll(d6_pool(*count), *roll, [&] {
    return replay::dice_at_least(test->needed, cx.setup.units[u].side,
                                 fmt::format("shooting of {}", cx.quoted(u)));
  });
  const auto notes = [&] {
    std::vector<std::string> lines = explain(f, Test::shooting_to_hit);
    lines.insert(lines.begin(), fmt::format("{} to {} between closest edges",
                                            tabletop::inches(measured), cx.quoted(t)));
    if (cover && a.cover.empty())
      lines.push_back(
          fmt::format("{} stands in or behind the {} '{}': a cover the players agreed "
                      "is written 'cover soft' or 'cover hard'",
                      cx.quoted(t), cover->kind, piece_name(*cover)));
    return lines;
  };
  // The written `mod` is the sum of the sheet's modifiers (§ Résultat pour
  // toucher): what the die can do (a 6 at 7+, a 1 that misses) changes the
  // score the dice need and the Strength, not that sum.
  if (a.modifier) {
    if (const auto score = eval_int(f, Value::shooting_score_needed, cx.checker))
      cx.checker.outcome(Check::shoot_hits, a.span, "to-hit modifier", a.modifier,
                         test->target - *score, notes);
  }
  const Span stated = a.stated.span.valid() ? a.stated.span : a.span;
  strike.hits = cx.checker.outcome(Check::shoot_hits, stated, "hits", a.stated.hits,
                                   successes(*roll, *test), notes);
  cx.scratch.strike = strike;
  if (a.roll("wound")) roll_to_wound(cx, a);
}

}  // namespace

void shoot(Context& cx, const Action& a) {
  if (!a.roll("hit") && a.roll("wound")) {
    roll_to_wound(cx, a);
    return;
  }
  if (a.actors.empty() || a.targets.empty() || a.weapon.empty() || !a.roll("hit")) {
    follow(cx, a);
    return;
  }
  const UnitId u = a.actors.front();
  const UnitId t = a.targets.front();
  if (refuse_fleeing(cx, a, u, "shoots") || refuse_after_misfire(cx, a, u)) return;
  read_misfire(cx, a, u);
  if (cx.state.units[u].shot)
    cx.checker
        .violation(Check::shoot_dice, a.span,
                   fmt::format("{} already shot this phase: a unit shoots once", cx.quoted(u)))
        .note("§ Phase 3 : Tir: 'Annonce des unités qui tirent et de leur cible'");
  cx.state.units[u].shot = true;
  const double measured =
      tabletop::distance(cx.footprint(u), cx.footprint(t), tabletop::Measure::closest_edges);
  check_written_range(cx, a, u, t, measured);
  const std::string weapon = rulesets::data_word(a.weapon, rulesets::WordCase::exact);
  if (refuse_weapon_not_carried(cx, a, u, weapon)) return;
  fire(cx, a, u, t, weapon, measured, cx.footprint(t), true);
}

bool response_shot(Context& cx, const Action& a) {
  if (a.actors.empty() || !a.roll("hit")) return false;
  const UnitId u = a.actors.front();
  const PendingCharge* c = charge_against(cx, u);
  if (!c) return false;
  // A fleeing unit answers no charge with shots, as it shoots in no
  // shooting phase (§ 2.3 Mouvements obligatoires).
  if (refuse_fleeing(cx, a, u, "shoots") || refuse_after_misfire(cx, a, u)) return true;
  // A misfire written on the response is read as on a shot (§ Raté
  // d'allumage names no phase).
  read_misfire(cx, a, u);
  // The unit's missile weapon. A unit may carry several (§ Table des armes
  // de tirs sets no limit) and a response names none: which one it shoots
  // is then not checked (the response is followed as written).
  const std::vector<std::string>& carried = cx.setup.units[u].weapons;
  const auto is_missile = [&](const std::string& w) {
    return cx.rules.missile_weapon(w).has_value();
  };
  const auto weapon = std::find_if(carried.begin(), carried.end(), is_missile);
  if (std::count_if(carried.begin(), carried.end(), is_missile) > 1) return false;
  if (weapon == carried.end()) {
    cx.checker.violation(
        Check::shoot_not_allowed, a.span,
        fmt::format("{} has no missile weapon to answer a charge with shots", cx.quoted(u)));
    return true;
  }
  double measured = tabletop::distance(cx.footprint(u), c->start, tabletop::Measure::closest_edges);
  check_written_range(cx, a, u, c->charger, measured);
  cx.checker.not_checked(
      "the range of shots at chargers, measured from where the charger declared, and whether a "
      "charger beyond the weapon's range may be shot at: a shot at it is taken at the weapon's "
      "longest range (the data's gap stand_and_shoot_range)",
      a.span);
  if (const auto range = cx.rules.weapon_range(*weapon);
      range && whole_inches_up(measured) > *range)
    measured = static_cast<double>(*range);
  fire(cx, a, u, c->charger, *weapon, measured, c->start, false);
  return true;
}

}  // namespace umpire::wab
