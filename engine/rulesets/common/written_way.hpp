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

template <typename Action>
tabletop::MoveResult walk(const tabletop::Footprint& start, const Action& a) {
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
  return tabletop::apply_move(start, steps);
}

}  // namespace umpire::rulesets
