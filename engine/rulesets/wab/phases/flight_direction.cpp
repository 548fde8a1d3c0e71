#include "engine/rulesets/wab/phases/flight_direction.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <boost/geometry/algorithms/disjoint.hpp>
#include <cmath>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/geometry/tabletop/bounds.hpp"
#include "engine/geometry/tabletop/charge.hpp"
#include "engine/geometry/tabletop/measure.hpp"
#include "engine/geometry/tabletop/terrain.hpp"
#include "engine/geometry/tabletop/units.hpp"
#include "engine/rulesets/common/straight_way.hpp"
#include "engine/rulesets/common/written_placement.hpp"
#include "engine/rulesets/wab/phases/engagement.hpp"

namespace umpire::wab {
namespace {

using tabletop::operator+;
using tabletop::operator-;
using tabletop::operator*;

constexpr std::string_view kEdgeText =
    "§ Fuite: 'Les unités fuient vers leur bord de table si possible'; § Troupes en fuite: "
    "'elles se déplacent vers leur propre bord de table ... dans la mesure du possible'";
constexpr std::string_view kEnemyText =
    "§ Troupes en fuite: 'Les troupes fuyant un combat s'éloignent directement de l'ennemi'";

// The unit vector from the table towards `edge`, nullopt for no edge.
std::optional<Point> towards(std::string_view edge) {
  for (const tabletop::TableEdge e : {tabletop::TableEdge::north, tabletop::TableEdge::east,
                                      tabletop::TableEdge::south, tabletop::TableEdge::west})
    if (edge == tabletop::to_string(e)) return tabletop::outward(e);
  return std::nullopt;
}

// A unit or terrain other than open ground on the straight way: what "si
// possible" may turn a flight aside for, which the engine does not weigh.
bool straight_way_blocked(const Context& cx, UnitId u, const tabletop::Footprint& start, Point dir,
                          double inches, std::optional<UnitId> ignored = std::nullopt) {
  return rulesets::straight_way_blocked(cx, u, start, dir, inches, Ground::open, ignored);
}

// Where `a` puts unit `u`, which stands at `start`; nullopt off the table or
// nowhere written.
std::optional<tabletop::Footprint> written_footprint(const Action& a,
                                                     const tabletop::Footprint& start) {
  if (a.off_table) return std::nullopt;
  const std::optional<Point> end = rulesets::written_end(a);
  if (!end) return std::nullopt;
  return start.placed(*end, a.facing.value_or(start.facing()));
}

}  // namespace

void note_flight_way(Context& cx, const Action& a, UnitId u) {
  if (!cx.state.units[u].on_table) return;
  const tabletop::Footprint start = cx.footprint(u);
  const std::optional<tabletop::Footprint> end = written_footprint(a, start);
  if (!end) return;
  auto& ways = cx.scratch.flight_ways;
  std::erase_if(ways, [&](const Scratch::FlightWay& w) { return w.unit == u; });
  ways.push_back({u, start.centre(), end->centre()});
}

void check_pursuit_direction(Context& cx, const Action& a, UnitId p, UnitId fled) {
  if (!cx.state.units[p].on_table) return;
  if (a.off_table) {
    cx.checker.not_checked(
        fmt::format("which way the pursuit of {} off the table goes", cx.quoted(p)), a.span);
    return;
  }
  const tabletop::Footprint start = cx.footprint(p);
  const std::optional<tabletop::Footprint> end = written_footprint(a, start);
  if (!end) return;
  const double tol = cx.scratch.tolerance;
  const Point d = end->centre() - start.centre();
  const double moved = std::hypot(d.x(), d.y());
  if (moved <= tol) return;
  // The way the fleeing unit fled this phase, else straight at it.
  Point way(0, 0);
  std::string along;
  const auto& ways = cx.scratch.flight_ways;
  const auto w = std::find_if(ways.begin(), ways.end(),
                              [&](const Scratch::FlightWay& f) { return f.unit == fled; });
  if (w != ways.end() && tabletop::length(w->to - w->from) > tol) {
    way = w->to - w->from;
    along = fmt::format("the way {} fled", cx.quoted(fled));
  } else if (cx.state.units[fled].on_table) {
    way = cx.footprint(fled).centre() - start.centre();
    along = fmt::format("the way to {}", cx.quoted(fled));
  }
  const double way_length = tabletop::length(way);
  if (way_length <= tol) {
    cx.checker.not_checked(
        fmt::format("which way the pursuit of {} goes: the log writes no flight of {} to a "
                    "point this phase",
                    cx.quoted(p), cx.quoted(fled)),
        a.span);
    return;
  }
  const Point dir = (1.0 / way_length) * way;
  const tabletop::StraightMove along_way =
      tabletop::straight_move(start.centre(), end->centre(), dir);
  const double gain = along_way.gain;
  if (along_way.straight(tol)) return;
  if (straight_way_blocked(cx, p, start, dir, moved, fled)) {
    cx.checker.not_checked(
        fmt::format("whether {} could pursue straight along {}: a unit or terrain stands on "
                    "that way",
                    cx.quoted(p), along),
        a.span);
    return;
  }
  cx.checker
      .violation(Check::pursue_direction, a.span,
                 fmt::format("{} pursues {} {} but goes {} along {}, {} short, beyond the {} "
                             "tolerance",
                             cx.quoted(p), cx.quoted(fled), tabletop::inches(moved),
                             tabletop::inches(gain), along, tabletop::inches(moved - gain),
                             tabletop::inches(tol)))
      .note(
          "§ Fuite: 'De même pour les unités en poursuite ... Si l'unité poursuivante se déplace "
          "plus loin que l'unité en fuite alors cette dernière est détruite': the pursuer follows "
          "the fleeing unit")
      .note(
          "measured between the centres of its bases before and after the pursuit; nothing "
          "stands on its straight way");
}

void check_flight_direction(Context& cx, const Action& a, UnitId u) {
  if (!cx.state.units[u].on_table) return;
  const tabletop::Footprint start = cx.footprint(u);
  const double tol = cx.scratch.tolerance;
  const std::string& home = cx.setup.sides[cx.setup.units[u].side].home_edge;
  const std::optional<Point> edge_dir = towards(home);
  // Fleeing a combat: the enemies it fights that touch it as it goes.
  std::vector<UnitId> enemies = enemies_fought(cx, u);
  std::erase_if(enemies,
                [&](UnitId e) { return !tabletop::in_contact(start, cx.footprint(e), tol); });
  const bool from_combat = !enemies.empty();

  if (a.off_table) {
    // Off by an edge: its own, or (fleeing a combat) any the enemy's way
    // may lead to; with no edge written or no home edge named, unknown.
    if (a.off_edge.empty() || home.empty() || a.off_edge == home) {
      if (!home.empty() && a.off_edge.empty())
        cx.checker.not_checked("which edge a flight off the table leaves by: the log names none",
                               a.span);
      return;
    }
    if (from_combat) {
      cx.checker.not_checked(
          fmt::format("whether {} fleeing a combat off the {} edge goes straight away from the "
                      "enemy (the data's contradiction combat_flee_direction: away from the "
                      "enemy, or towards its own edge)",
                      cx.quoted(u), a.off_edge),
          a.span);
      return;
    }
    cx.checker
        .violation(Check::flee_direction, a.span,
                   fmt::format("{} flees off the {} edge, not its own {} edge", cx.quoted(u),
                               a.off_edge, home))
        .note(kEdgeText);
    return;
  }
  const std::optional<Point> end_point = rulesets::written_end(a);
  if (!end_point) return;
  const tabletop::Footprint end = start.placed(*end_point, a.facing.value_or(start.facing()));
  const Point c0 = start.centre(), c1 = end.centre();
  const Point d = c1 - c0;
  const double moved = std::hypot(d.x(), d.y());
  if (moved <= tol) return;

  // Each reading: the net move gains its length, less the tolerance.
  std::optional<bool> to_edge;
  double edge_gain = 0;
  if (edge_dir) {
    const tabletop::StraightMove way = tabletop::straight_move(c0, c1, *edge_dir);
    edge_gain = way.gain;
    to_edge = way.straight(tol);
  }
  bool from_enemy = from_combat;
  for (UnitId e : enemies) {
    const tabletop::Footprint ef = cx.footprint(e);
    const double gain = tabletop::distance(end, ef, tabletop::Measure::closest_edges) -
                        tabletop::distance(start, ef, tabletop::Measure::closest_edges);
    from_enemy = from_enemy && gain >= moved - tol;
  }
  if (to_edge.value_or(false) && (!from_combat || from_enemy)) return;
  if (from_combat && (from_enemy || !to_edge)) {
    cx.checker.not_checked(
        fmt::format("where {} flees from its combat: {} (the data's contradiction "
                    "combat_flee_direction: straight away from the enemy, or towards its own "
                    "edge)",
                    cx.quoted(u),
                    !to_edge ? "the log names no home edge ('edge <edge> home <side>')"
                             : "it goes away from the enemy, not towards its own edge"),
        a.span);
    return;
  }
  if (!to_edge) {
    cx.checker.not_checked(
        fmt::format("whether {} flees towards its own table edge: the log names none ('edge "
                    "<edge> home <side>')",
                    cx.quoted(u)),
        a.span);
    return;
  }
  if (straight_way_blocked(cx, u, start, *edge_dir, moved)) {
    cx.checker.not_checked(
        fmt::format("whether {} could flee straight towards its own edge: a unit or terrain "
                    "stands on that way ('si possible')",
                    cx.quoted(u)),
        a.span);
    return;
  }
  auto b = cx.checker.violation(
      Check::flee_direction, a.span,
      fmt::format("{} flees {} but gains {} on its own {} edge, {} short, beyond the {} tolerance",
                  cx.quoted(u), tabletop::inches(moved), tabletop::inches(edge_gain), home,
                  tabletop::inches(moved - edge_gain), tabletop::inches(tol)));
  b.note(kEdgeText);
  if (from_combat) b.note(kEnemyText);
  b.note(
      "measured between the centres of its bases before and after the flight; nothing stands "
      "on its straight way to that edge");
}

}  // namespace umpire::wab
