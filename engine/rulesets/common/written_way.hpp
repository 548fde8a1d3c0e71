#pragma once
// The way a move statement writes (`path`, then `to`), measured on the
// table: straight legs from the unit's leader, each keeping its facing
// (engine/geometry/tabletop/movement.hpp). The same in every tabletop
// engine whose Action keeps `path` and `to` as points: Hail Caesar's,
// WAB's. What a ruleset adds before the legs (a wheel, a turn) is its own
// procedure; the legs are measured from the footprint it passes here.
#include <vector>

#include "engine/geometry/tabletop/movement.hpp"
#include "engine/geometry/tabletop/point.hpp"

namespace umpire::rulesets {

// The legs of the way `a` writes, from `start`'s leader.
template <typename Action>
std::vector<tabletop::Step> written_legs(const tabletop::Footprint& start, const Action& a) {
  using tabletop::operator-;
  std::vector<tabletop::Point> points = a.path;
  if (a.to) points.push_back(*a.to);
  std::vector<tabletop::Step> steps;
  tabletop::Point at = start.leader();
  for (const tabletop::Point& p : points) {
    const double length = tabletop::length(p - at);
    if (length > 0)
      steps.push_back(tabletop::Step::oblique(
          length, tabletop::normalize_signed_deg(tabletop::bearing(at, p) - start.facing())));
    at = p;
  }
  return steps;
}

template <typename Action>
tabletop::MoveResult walk(const tabletop::Footprint& start, const Action& a) {
  return tabletop::apply_move(start, written_legs(start, a));
}

// Where the way `a` writes ends, and its length, without the area it
// sweeps (which only the ground and the units it crosses ask for).
struct WayEnd {
  tabletop::Footprint end;
  double distance = 0;
};
template <typename Action>
WayEnd walk_end(const tabletop::Footprint& start, const Action& a) {
  WayEnd w{start, 0};
  for (const tabletop::Step& s : written_legs(start, a)) {
    const tabletop::StepResult one = tabletop::apply_step(w.end, s);
    w.end = one.end;
    w.distance += one.distance;
  }
  return w;
}

}  // namespace umpire::rulesets
