#include "engine/rulesets/wab/phases/terrain_cost.hpp"

#include <algorithm>
#include <boost/geometry/algorithms/disjoint.hpp>
#include <boost/geometry/algorithms/expand.hpp>
#include <cmath>

#include "engine/geometry/tabletop/bounds.hpp"
#include "engine/geometry/tabletop/movement.hpp"
#include "engine/geometry/tabletop/terrain.hpp"

namespace umpire::wab {
namespace {

using tabletop::operator-;
using tabletop::operator+;
using tabletop::operator*;

// The way is looked at every tenth of an inch: finer than a tape reads.
constexpr double kStepInches = 0.1;

// The samples of a way `inches` long: one each kStepInches, at most 4096
// (a way longer than 409", more than any table, is sampled more sparsely,
// so that an absurd move written in a log stays cheap).
int sample_count(double inches) {
  return static_cast<int>(std::clamp(std::ceil(inches / kStepInches), 1.0, 4096.0));
}

bool touches(const TerrainSetup& t, const tabletop::Footprint& f) {
  return !boost::geometry::disjoint(tabletop::bounds(f.polygon()), t.envelope) &&
         tabletop::enters(f, t.area);
}

// The harder of two grounds to move through (an obstacle is no ground).
Ground worse(Ground a, Ground b) {
  if (a == Ground::very_difficult || b == Ground::very_difficult) return Ground::very_difficult;
  if (a == Ground::difficult || b == Ground::difficult) return Ground::difficult;
  return Ground::open;
}

void note_piece(GroundCovered& g, const TerrainSetup& t) {
  const std::string name = t.name.empty() ? t.kind : t.name;
  for (const std::string& p : g.pieces)
    if (p == name) return;
  g.pieces.push_back(name);
}

// The ground under the unit placed as `f`, the pieces it touches marked in
// `met`, looked for among `near` (indices of cx.setup.terrain).
Ground ground_at(const Context& cx, const tabletop::Footprint& f,
                 const std::vector<std::size_t>& near, std::vector<bool>& met) {
  Ground worst = Ground::open;
  for (std::size_t k : near) {
    const TerrainSetup& piece = cx.setup.terrain[k];
    if (!touches(piece, f)) continue;
    met[k] = true;
    worst = worse(worst, *piece.terrain);
  }
  return worst;
}

void add_ground(GroundCovered& g, Ground ground, double inches) {
  if (ground == Ground::very_difficult) g.very_difficult += inches;
  if (ground == Ground::difficult) g.difficult += inches;
}

// The wheel's ground, sampled along its outer model's way: every piece of
// terrain is looked at (a wheel's sweep is no box of its two ends, and
// wheels are few).
void wheel_ground(const Context& cx, const tabletop::Footprint& start, const OpeningWheel& wheel,
                  GroundCovered& g, std::vector<bool>& met) {
  std::vector<std::size_t> pieces;
  for (std::size_t k = 0; k < cx.setup.terrain.size(); ++k)
    if (cx.setup.terrain[k].terrain && *cx.setup.terrain[k].terrain != Ground::open)
      pieces.push_back(k);
  if (pieces.empty()) return;
  const int samples = sample_count(wheel.inches);
  for (int i = 0; i < samples; ++i) {
    const double t = (i + 0.5) / samples;
    const tabletop::Footprint f =
        tabletop::apply_step(start, tabletop::Step::wheel(t * wheel.degrees)).end;
    add_ground(g, ground_at(cx, f, pieces, met), wheel.inches / samples);
  }
}

}  // namespace

GroundCovered ground_covered(const Context& cx, const tabletop::Footprint& start,
                             const tabletop::Footprint& legs_from, const Action& a,
                             const OpeningWheel& wheel) {
  GroundCovered g;
  if (cx.setup.terrain.empty()) return g;
  std::vector<bool> met(cx.setup.terrain.size(), false);
  if (wheel.inches > 0) wheel_ground(cx, start, wheel, g, met);
  std::vector<tabletop::Point> points = a.path;
  if (a.to) points.push_back(*a.to);
  tabletop::Point at = legs_from.leader();
  std::vector<std::size_t> near;
  for (const tabletop::Point& next : points) {
    const tabletop::Point leg = next - at;
    const double length = tabletop::length(leg);
    const auto placed = [&](tabletop::Point leader) {
      return tabletop::Footprint(leader, legs_from.facing(), legs_from.frontage(),
                                 legs_from.depth());
    };
    // Only the pieces near the leg are looked at along it: the box of the
    // unit at both ends holds every place it takes on a straight leg.
    tabletop::Box box = tabletop::bounds(placed(at).polygon());
    boost::geometry::expand(box, tabletop::bounds(placed(next).polygon()));
    near.clear();
    for (std::size_t k = 0; k < cx.setup.terrain.size(); ++k) {
      const TerrainSetup& piece = cx.setup.terrain[k];
      if (piece.terrain && *piece.terrain != Ground::open &&
          !boost::geometry::disjoint(box, piece.envelope))
        near.push_back(k);
    }
    const int samples = near.empty() ? 0 : sample_count(length);
    for (int i = 0; i < samples; ++i) {
      const double t = (i + 0.5) / samples;
      add_ground(g, ground_at(cx, placed(at + t * leg), near, met), length / samples);
    }
    at = next;
  }
  for (std::size_t k = 0; k < met.size(); ++k) {
    if (!met[k]) continue;
    const TerrainSetup& piece = cx.setup.terrain[k];
    // An obstacle the unit already stood on was crossed by an earlier move.
    if (*piece.terrain == Ground::obstacle && touches(piece, start)) continue;
    if (*piece.terrain == Ground::obstacle) ++g.obstacles;
    note_piece(g, piece);
  }
  return g;
}

Behind obstacle_between(const Context& cx, UnitId striker, UnitId target) {
  Behind found;
  if (cx.setup.terrain.empty()) return found;
  const tabletop::Footprint from = cx.footprint(striker);
  const tabletop::Footprint to = cx.footprint(target);
  tabletop::Box box = tabletop::bounds(from.polygon());
  boost::geometry::expand(box, tabletop::bounds(to.polygon()));
  for (const TerrainSetup& piece : cx.setup.terrain) {
    const bool wall = piece.terrain == Ground::obstacle;
    const bool other = piece.kind == "hill" || piece.kind == "ford";
    if ((!wall && !other) || boost::geometry::disjoint(box, piece.envelope) ||
        !tabletop::lies_between(from, to, piece.area))
      continue;
    const std::string name = piece.name.empty() ? piece.kind : piece.name;
    if (wall) return {"other_obstacle", false, name};
    if (!found.unsure) found = {piece.kind == "hill" ? "hill" : "ford", true, name};
  }
  return found;
}

Ground ground_under(const Context& cx, UnitId u) {
  Ground worst = Ground::open;
  if (cx.setup.terrain.empty() || !cx.state.units[u].on_table) return worst;
  const tabletop::Footprint f = cx.footprint(u);
  for (const TerrainSetup& piece : cx.setup.terrain)
    if (piece.terrain && touches(piece, f)) worst = worse(worst, *piece.terrain);
  return worst;
}

}  // namespace umpire::wab
