#include "engine/rulesets/wab/phases/movement.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "engine/geometry/tabletop/charge.hpp"
#include "engine/rulesets/common/limit_report.hpp"
#include "engine/rulesets/common/written_way.hpp"
#include "engine/rulesets/wab/phases/attack_sides.hpp"
#include "engine/rulesets/wab/phases/charge.hpp"
#include "engine/rulesets/wab/phases/engagement.hpp"
#include "engine/rulesets/wab/phases/facts.hpp"
#include "engine/rulesets/wab/phases/flight.hpp"
#include "engine/rulesets/wab/phases/following.hpp"
#include "engine/rulesets/wab/phases/turn.hpp"

namespace umpire::wab {
namespace {

using tabletop::operator-;

// A change of facing below this is none; a quarter or half turn within it
// is a turn ("tournées de 90° … ou de 180°", § Manœuvres, Demi-tour).
constexpr double kAngleSlackDeg = 0.5;

bool is_quarter_or_half_turn(double delta) {
  const double d = std::abs(delta);
  return std::abs(d - 90.0) <= kAngleSlackDeg || std::abs(d - 180.0) <= kAngleSlackDeg;
}

// A leg of the way that is not straight ahead of `from`.
bool has_oblique_leg(const tabletop::Footprint& from, const Action& a) {
  std::vector<Point> points = a.path;
  if (a.to) points.push_back(*a.to);
  Point at = from.leader();
  for (const Point& p : points) {
    if (tabletop::length(p - at) > 0.01 &&
        std::abs(tabletop::normalize_signed_deg(tabletop::bearing(at, p) - from.facing())) > 1.0)
      return true;
    at = p;
  }
  return false;
}

// The limit of the move (the data's allowance less its manoeuvres) against
// the way measured, within the tolerance.
void check_allowance(Context& cx, const Action& a, UnitId u, const Facts& f, const Way& way,
                     bool marching) {
  const auto allowance = eval_int(f, Value::movement_allowance, cx.checker);
  const auto manoeuvres = eval_int(f, Value::manoeuvre_cost, cx.checker);
  const auto obstacles = eval_int(f, Value::obstacle_cost, cx.checker);
  if (!allowance || !manoeuvres || !obstacles) return;
  const auto limit = inches_of(cx, *allowance - *manoeuvres - *obstacles);
  const auto whole = inches_of(cx, *allowance);
  const auto turn = inches_of(cx, *manoeuvres);
  if (!limit || !whole || !turn) return;
  // Difficult ground counts as the open ground its cost pays for.
  const auto open = inches_of(cx, ground_cost(cx, 1, 0, 0));
  const auto difficult = inches_of(cx, ground_cost(cx, 0, 1, 0));
  const auto very_difficult = inches_of(cx, ground_cost(cx, 0, 0, 1));
  if (!open || !difficult || !very_difficult) return;
  const GroundCovered& g = way.ground;
  const double covered = way.distance + g.difficult * (*difficult / *open - 1.0) +
                         g.very_difficult * (*very_difficult / *open - 1.0);
  // The moves of one movement phase share its allowance.
  const double before = cx.state.units[u].moved_milli / 1000.0;
  // Written only into a diagnostic: most moves are within their allowance.
  const auto why = [&] {
    std::vector<std::string> lines{
        fmt::format("{} has M {}: {} {}", cx.quoted(u), cx.setup.units[u].profile.movement,
                    tabletop::inches(*whole),
                    marching ? "marching (§ Marche)" : "in a move (§ 2.5 Autres mouvements)")};
    if (way.turns > 0)
      lines.push_back(
          fmt::format("its turn costs {} (§ Manœuvres, Demi-tour)", tabletop::inches(*turn)));
    if (way.wheels > 0)
      lines.push_back("its wheel counts the way of its outer model (§ Manœuvres, Roue)");
    if (g.difficult > 0)
      lines.push_back(
          fmt::format("{} of its way in difficult ground count {} each (§ Terrains et obstacles)",
                      tabletop::inches(g.difficult), tabletop::inches(*difficult / *open)));
    if (g.very_difficult > 0)
      lines.push_back(fmt::format(
          "{} of its way in very difficult ground count {} each (§ Terrains et obstacles)",
          tabletop::inches(g.very_difficult), tabletop::inches(*very_difficult / *open)));
    if (g.obstacles > 0)
      lines.push_back(fmt::format("crossing {} obstacle{} costs {} (§ Terrains et obstacles)",
                                  g.obstacles, g.obstacles == 1 ? "" : "s",
                                  tabletop::inches(*whole - *limit - *turn)));
    if (!g.pieces.empty())
      lines.push_back(fmt::format("the terrain it meets: {}", fmt::join(g.pieces, ", ")));
    if (before > 0)
      lines.push_back(
          fmt::format("its earlier moves this phase used {}", tabletop::inches(before)));
    return lines;
  };
  const std::string what =
      fmt::format("{} of {}", before > 0 ? "the moves this phase" : "the move", cx.quoted(u));
  rulesets::report_at_most(
      cx.checker, {Check::move_distance, id_of(Diag::measure_within_tolerance), a.span, what, ""},
      before + covered, std::max(0.0, *limit), cx.scratch.tolerance, why);
  cx.state.units[u].moved_milli += rulesets::milli(covered + std::max(0.0, *whole - *limit));
}

// What a move leaves unchecked, by the sheet's section.
void report_unchecked(Context& cx, const Action& a, UnitId u, const Way& way) {
  if (way.free_facing)
    cx.checker.not_checked(
        "the manoeuvres of skirmishers: the sheet says nothing of them, their changes of facing "
        "are not measured",
        a.span);
  if (way.oblique && cx.state.units[u].formation != Formation::skirmish)
    cx.checker.not_checked(
        "moves not straight ahead: the sheet names wheels and turns (§ Manœuvres) but not "
        "whether a unit may move obliquely",
        a.span);
  if (!a.formation.empty() && parse_formation(a.formation) != cx.state.units[u].formation)
    cx.checker.not_checked(
        "changes of formation (§ Manœuvres, Changer de formation): a log writes no ranks on a "
        "move",
        a.span);
}

// An enemy `u` fights and still touches, if any: the combat goes on
// round after round (§ Phase 4 : Combat au corps à corps) until a side
// flees or is destroyed; any of its enemies still there holds it.
std::optional<UnitId> engaged_enemy(const Context& cx, UnitId u) {
  for (const UnitId enemy : enemies_fought(cx, u)) {
    const UnitState& es = cx.state.units[enemy];
    if (!es.on_table || es.fleeing || cx.models_standing(enemy) <= 0) continue;
    if (tabletop::in_contact(cx.footprint(u), cx.footprint(enemy), cx.scratch.tolerance))
      return enemy;
  }
  return std::nullopt;
}

// A unit engaged in combat that moves disengages (§ Troupes entraînées
// (Drilled): "Elles peuvent se désengager sans Test de Leadership si leur
// mouvement est supérieur à l'ennemi"): the data's `disengage` permissions.
// False when it may not.
bool may_leave_combat(Context& cx, const Action& a, UnitId u) {
  const std::optional<UnitId> enemy = engaged_enemy(cx, u);
  if (!enemy) return true;
  Facts f(cx.rules);
  fill_unit(cx, f, u);
  fill_enemy(cx, f, *enemy);
  if (!check_permissions(f, RuleAction::disengage, cx.checker, a.span, Check::move_engaged, [&] {
        return fmt::format("{} moving out of its combat with {}", cx.quoted(u), cx.quoted(*enemy));
      }))
    return false;
  cx.checker.not_checked(
      "how a unit disengages from combat: where it may go (the sheet does not say)", a.span);
  return true;
}

}  // namespace

Way read_way(const Context& cx, UnitId u, const Action& a, bool charging) {
  Way w;
  const UnitState& st = cx.state.units[u];
  const tabletop::Footprint start = cx.footprint(u);
  tabletop::Footprint from = start;
  OpeningWheel wheel;
  const double delta = a.facing ? tabletop::normalize_signed_deg(*a.facing - st.facing) : 0.0;
  if (std::abs(delta) > kAngleSlackDeg) {
    if (st.formation == Formation::skirmish) {
      w.free_facing = true;
    } else if (charging || a.detail == "wheel" || a.detail == "march-wheel" ||
               !is_quarter_or_half_turn(delta)) {
      // A wheel first, then the legs: for a single `to` the same length
      // as the legs first and the wheel last.
      const tabletop::Step step = tabletop::Step::wheel(delta);
      const tabletop::StepResult r = tabletop::apply_step(start, step);
      w.distance += r.distance;
      w.wheels = 1;
      wheel = {delta, r.distance};
      from = r.end;
      w.swept = tabletop::swept_area(start, step);
    } else {
      const tabletop::Step step = tabletop::Step::turn(delta);
      from = tabletop::apply_step(start, step).end;
      w.turns = 1;
      w.swept = tabletop::swept_area(start, step);
    }
  }
  if (w.swept.empty()) w.swept.push_back(start.polygon());
  if (written_end(a)) {
    tabletop::MoveResult legs = rulesets::walk(from, a);
    w.distance += legs.distance;
    for (tabletop::Polygon& p : legs.swept) w.swept.push_back(std::move(p));
    w.ground = ground_covered(cx, start, from, a, wheel);
  }
  w.oblique = has_oblique_leg(from, a);
  return w;
}

void fill_mover(const Context& cx, Facts& f, UnitId u, const Way& way, bool marching) {
  const UnitSetup& s = cx.setup.units[u];
  const UnitState& st = cx.state.units[u];
  f.set(Given::self_type, cx.rules.type(s.type));
  f.set(Given::self_special, cx.rules.special(s.special));
  f.integer(Given::self_movement, std::max<std::int32_t>(1, s.profile.movement));
  f.boolean(Given::self_marching, marching);
  f.boolean(Given::self_charging, st.charging);
  f.boolean(Given::self_reformed, st.reformed);
  f.boolean(Given::self_single_model, cx.models_standing(u) == 1);
  // One model to a rank: a column by one (§ Colonne par un).
  f.boolean(Given::self_single_file_column, s.models > 1 && s.ranks == s.models);
  f.boolean(Given::move_forced_march, false);
  f.integer(Given::move_turns, way.turns);
  f.integer(Given::move_wheels, 0);
  // The way is read as its manoeuvre first, then the legs: a turn is made
  // at the start of the move (§ Troupes entraînées (Drilled)) when no
  // earlier move of the phase went before it.
  f.boolean(Given::move_at_start_of_move, st.moved_milli == 0);
  f.integer(Given::move_ranks_changed, 0);
  f.integer(Given::move_obstacles_crossed, std::min(way.ground.obstacles, 4));
  f.integer(Given::move_open_inches, 0);
  f.integer(Given::move_difficult_inches, 0);
  f.integer(Given::move_very_difficult_inches, 0);
}

std::int64_t ground_cost(Context& cx, std::int64_t open, std::int64_t difficult,
                         std::int64_t very_difficult) {
  Facts g(cx.rules);
  g.integer(Given::move_open_inches, open);
  g.integer(Given::move_difficult_inches, difficult);
  g.integer(Given::move_very_difficult_inches, very_difficult);
  return eval_int(g, Value::ground_cost, cx.checker).value_or(0);
}

std::optional<double> inches_of(Context& cx, std::int64_t cost) {
  const std::int64_t per_inch = ground_cost(cx, 1, 0, 0);
  if (per_inch <= 0) return std::nullopt;
  return static_cast<double>(cost) / static_cast<double>(per_inch);
}

std::int64_t enemy_inches(const Context& cx, std::optional<double> d) {
  // No enemy on the table: as far as the data's inches run.
  constexpr std::int64_t kFurthest = 240;
  if (!d) return kFurthest;
  return std::min(kFurthest, whole_inches_up(*d + cx.scratch.tolerance));
}

void place_moved(Context& cx, UnitId u, const Action& a, bool marching) {
  place_as_written(cx, u, a);
  if (marching) cx.state.units[u].marched = true;
}

// § Manœuvres, Se reformer: "Elle ne peut ni bouger ni tirer": a unit
// that moved this turn does not reform in the movement phase (the data's
// `reform` permissions); a reform in the combat phase (§ Redresser les
// rangs) or after a fall back is no manoeuvre of the movement phase.
void check_reform(Context& cx, const Action& a) {
  if (a.phase != Phase::movement || a.actors.size() != 1 || !a.generals.empty()) return;
  const UnitId u = a.actors.front();
  const UnitState& st = cx.state.units[u];
  if (!st.on_table || st.fleeing) return;
  Facts f(cx.rules);
  fill_unit(cx, f, u);
  f.boolean(Given::self_moved, st.moved_milli > 0 || st.moved);
  f.boolean(Given::self_marching, st.marched);
  check_permissions(f, RuleAction::reform, cx.checker, a.span, Check::move_distance,
                    [&] { return fmt::format("{} reforming after it moved", cx.quoted(u)); });
}

// § Redresser les rangs: "Une unité qui est engagée par le flanc ou
// l'arrière et qui réussit ses tests de moral peut se reformer pour faire
// face à l'ennemi à moins qu'elle ne soit engagé sur plus d'un côté": a
// reform in the combat phase of a unit that touches an enemy it fights
// redresses its ranks: the data's redress_ranks permissions on the sides
// its enemies strike (phases/attack_sides.hpp) and its break test of the
// phase. Where it then faces is taken as written.
void check_redress(Context& cx, const Action& a) {
  if (a.phase != Phase::combat || a.actors.size() != 1 || !a.generals.empty()) return;
  const UnitId u = a.actors.front();
  const UnitState& st = cx.state.units[u];
  const std::vector<tabletop::Zone> sides = sides_engaged(cx, u);
  if (sides.empty()) return;
  const bool flank_or_rear = std::any_of(
      sides.begin(), sides.end(), [](tabletop::Zone z) { return z != tabletop::Zone::front; });
  Facts f(cx.rules);
  fill_unit(cx, f, u);
  f.boolean(Given::self_engaged, true);
  f.boolean(Given::self_engaged_in_flank_or_rear, flank_or_rear);
  f.integer(Given::self_engaged_sides, static_cast<std::int64_t>(sides.size()));
  f.boolean(Given::self_passed_break_test, st.passed_break);
  f.boolean(Given::self_failed_break_test, st.break_tested && !st.passed_break);
  check_permissions(f, RuleAction::redress_ranks, cx.checker, a.span, Check::combat_redress, [&] {
    std::vector<std::string> names;
    for (const tabletop::Zone z : sides)
      names.emplace_back(z == tabletop::Zone::front        ? "front"
                         : z == tabletop::Zone::rear       ? "rear"
                         : z == tabletop::Zone::left_flank ? "left flank"
                                                           : "right flank");
    return fmt::format("{} redressing its ranks, engaged on its {}{}", cx.quoted(u),
                       fmt::join(names, " and "),
                       st.passed_break   ? ", its break test passed"
                       : st.break_tested ? ", its break test failed"
                                         : ", with no break test this phase");
  });
}

void move(Context& cx, const Action& a) {
  if (a.detail == "reform") {
    check_reform(cx, a);
    check_redress(cx, a);
  }
  const bool measured_kind = a.detail.empty() || a.detail == "march" ||
                             a.detail == "forced-march" || a.detail == "wheel" ||
                             a.detail == "march-wheel";
  if (a.phase != Phase::movement || a.actors.size() != 1 || !a.generals.empty() || a.off_table ||
      !written_end(a) || !measured_kind || !cx.state.units[a.actors.front()].on_table) {
    follow(cx, a);
    return;
  }
  const UnitId u = a.actors.front();
  if (refuse_fleeing(cx, a, u, "moves")) return;
  if (refuse_held_by_fear(cx, a, u)) return;
  if (cx.state.units[u].charging && charge_move(cx, a, u)) return;
  if (!may_leave_combat(cx, a, u)) {
    place_moved(cx, u, a, false);
    return;
  }
  const bool forced = a.detail == "forced-march";
  // § Marche: "Une unité en marche ne peut que faire une roue".
  const bool marching = a.detail == "march" || a.detail == "march-wheel" || forced;
  const Way way = read_way(cx, u, a, false);
  report_unchecked(cx, a, u, way);
  Facts f(cx.rules);
  fill_mover(cx, f, u, way, marching);
  const bool first_move = cx.state.units[u].moved_milli == 0;
  if (forced) {
    // § Marche: "Une unité en colonne de 3 figurines maximum et incluant un
    // musicien peut effectuer une marche forcée de 3 fois son mouvement".
    const UnitSetup& s = cx.setup.units[u];
    const std::int64_t width = (s.models + s.ranks - 1) / std::max<std::int64_t>(1, s.ranks);
    f.boolean(Given::move_forced_march, true);
    f.integer(Given::self_column_width, width);
    f.boolean(Given::self_has_musician, carries(s, "musician"));
    check_permissions(f, RuleAction::forced_march, cx.checker, a.span, Check::move_march, [&] {
      return fmt::format("{} making a forced march, {} models wide{}", cx.quoted(u), width,
                         carries(s, "musician") ? "" : " with no musician");
    });
  }
  if (cx.state.units[u].reformed)
    check_permissions(f, RuleAction::move, cx.checker, a.span, Check::move_distance,
                      [&] { return fmt::format("{} moving after it reformed", cx.quoted(u)); });
  check_allowance(cx, a, u, f, way, marching);
  if (cx.scratch.moved_ground.size() <= u) cx.scratch.moved_ground.resize(cx.setup.units.size());
  cx.scratch.moved_ground[u] += way.distance;
  if (way.turns > 0)
    check_permissions(f, RuleAction::turn, cx.checker, a.span, Check::move_march,
                      [&] { return fmt::format("{} turning", cx.quoted(u)); });
  // One movement phase is one move (its moves share the allowance): a turn
  // on one line and a march on another are a turn in a march (§ Marche).
  UnitState& st = cx.state.units[u];
  if ((marching && st.turned != 0 && way.turns == 0) ||
      (!marching && st.marched && way.turns > 0)) {
    Facts g = f;
    g.boolean(Given::self_marching, true);
    g.integer(Given::move_turns, 1);
    g.boolean(Given::move_at_start_of_move, marching && st.turned == 1);
    check_permissions(g, RuleAction::turn, cx.checker, a.span, Check::move_march, [&] {
      return fmt::format("{} {} this movement phase", cx.quoted(u),
                         marching ? "marching after it turned" : "turning after it marched");
    });
  }
  if (way.turns > 0 && st.turned == 0) st.turned = first_move ? 1 : 2;
  place_moved(cx, u, a, marching);
  if (!marching) return;
  // § Marche: "Si elle arrive à cette distance elle doit s'arrêter
  // immédiatement": the nearest it comes on its way, not only at its end.
  const std::optional<double> at_start = nearest_enemy_at_turn_start(cx, u);
  const std::optional<double> at_end = nearest_enemy_now(cx, u);
  const std::optional<double> on_way = nearest_enemy_on_way(cx, u, way.swept, at_end);
  const std::optional<double> nearest = on_way ? on_way : at_end;
  f.integer(Given::self_enemy_within_at_turn_start, enemy_inches(cx, at_start));
  f.integer(Given::self_distance_to_enemy, enemy_inches(cx, nearest));
  check_permissions(f, RuleAction::march, cx.checker, a.span, Check::move_march, [&] {
    const auto away = [](std::optional<double> d) {
      return d ? tabletop::inches(*d) + " away" : std::string("none on the table");
    };
    const bool passing = nearest && at_end && *nearest < *at_end - cx.scratch.tolerance;
    return fmt::format("{} marching, its nearest enemy {} at the start of the turn, {} {}",
                       cx.quoted(u), away(at_start), away(nearest),
                       passing ? "on its way" : "at the end");
  });
}

}  // namespace umpire::wab
