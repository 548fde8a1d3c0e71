#pragma once
// The moves every tabletop simulator makes alike (Hail Caesar's, WAB's): a
// unit advancing in a straight line, keeping its facing, as far as the
// engine accepts, found by bisection, then kept short of the tolerance the
// engine measures under, so that no move leans on it, and clear of every
// other unit.
//
// `Prober` is a BasicProber (prober.hpp) of an engine whose set-up has
// `units` (frontage, depth, side), `width` and `depth`, and whose state's
// units have `at`, `facing`, `on_table` and footprint(setup); `Action` has
// `to`.
#include <algorithm>
#include <cmath>
#include <optional>

#include "engine/geometry/tabletop/measure.hpp"
#include "engine/geometry/tabletop/point.hpp"
#include "engine/geometry/tabletop/terrain.hpp"
#include "engine/geometry/tabletop/tolerance.hpp"

namespace umpire::rulesets::simulate {

// The longest way any statement is tried at: more than any move the data
// gives a unit or a commander in one turn.
inline constexpr double longest_try = 48;
// Kept short of the longest accepted, by more than the tolerance the
// engine measures under, so that no move passes only within it.
inline constexpr double move_margin = tabletop::kDefaultTolerance + 0.1;
// The gap a move leaves to every other unit: no base ends on another, and
// no unit comes into contact without a charge.
inline constexpr double move_gap = 1.0;

// A value as a log writes it, a tenth of an inch: the statement applied is
// the one its text reads back as.
inline double rounded(double v) {
  return std::round(v * 10) / 10;
}
inline tabletop::Point on_grid(tabletop::Point p) {
  return {rounded(p.x()), rounded(p.y())};
}

// The longest length in [0, longest_try], on a tenth of an inch, for which
// `accepts` holds, assuming it holds up to some length and not beyond.
template <typename Accepts>
double longest(Accepts&& accepts) {
  double lo = 0, hi = longest_try;
  while (hi - lo > 0.1) {
    const double mid = (lo + hi) / 2;
    if (accepts(mid))
      lo = mid;
    else
      hi = mid;
  }
  return lo;
}

// Whether unit `u`, its leader at `at`, stands wholly on the table and
// `move_gap` from every other unit on it.
template <typename Prober, typename UnitId>
bool stands_clear(Prober& p, UnitId u, tabletop::Point at) {
  const auto& setup = p.engine().setup();
  const auto& s = setup.units[u];
  const tabletop::Footprint f(at, p.state().units[u].facing, s.frontage, s.depth);
  if (tabletop::Table(setup.width, setup.depth).overhang(f) > 0) return false;
  for (UnitId o = 0; o < setup.units.size(); ++o) {
    const auto& st = p.state().units[o];
    if (o == u || !st.on_table) continue;
    if (tabletop::distance(f, st.footprint(setup.units[o]), tabletop::Measure::closest_edges) <
        move_gap)
      return false;
  }
  return true;
}

// `a` (a move of unit `u`, all but its end written) ending as far towards
// `goal` as the engine accepts, short of the tolerance and clear of every
// other unit; nullopt when no end an inch or more away is.
template <typename Prober, typename Action, typename UnitId>
std::optional<Action> advance(Prober& p, Action a, UnitId u, tabletop::Point goal) {
  using tabletop::operator+;
  using tabletop::operator-;
  using tabletop::operator*;
  const tabletop::Point from = p.state().units[u].at;
  const double way = tabletop::length(goal - from);
  if (way < 1) return std::nullopt;
  const tabletop::Point step = (1 / way) * (goal - from);
  const auto at = [&](double d) { return on_grid(from + std::min(d, way) * step); };
  const double best = longest([&](double d) {
    a.to = at(d);
    return p.legal(a);
  });
  // Short of what the engine accepts, then back from anything in the way.
  for (double d = best - move_margin; d >= 1; d -= 0.5) {
    a.to = at(d);
    if (stands_clear(p, u, *a.to) && p.legal(a)) return a;
  }
  return std::nullopt;
}

}  // namespace umpire::rulesets::simulate
