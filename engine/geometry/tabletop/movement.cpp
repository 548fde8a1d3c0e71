#include "engine/geometry/tabletop/movement.hpp"

#include <algorithm>
#include <boost/geometry/algorithms/area.hpp>
#include <boost/geometry/algorithms/intersection.hpp>
#include <boost/geometry/algorithms/union.hpp>
#include <cmath>
#include <optional>

namespace umpire::tabletop {

namespace bg = boost::geometry;

namespace {

Footprint wheeled(const Footprint& f, double deg) {
  // Clockwise swings the left corner forward round the right one.
  const Point pivot = deg >= 0.0 ? f.front_right() : f.front_left();
  return f.placed(rotate_clockwise(f.leader(), pivot, deg), f.facing() + deg);
}

Footprint turned(const Footprint& f, double deg) {
  const double a = normalize_bearing(deg);
  const Point c = f.centre();
  // A quarter turn leaves every model where it stood, so the block's old
  // side becomes its front: frontage and depth swap about the same centre.
  if (a == 90.0 || a == 270.0) {
    return Footprint(c + (f.frontage() / 2) * direction(f.facing() + a), f.facing() + a, f.depth(),
                     f.frontage());
  }
  return f.placed(rotate_clockwise(f.leader(), c, a), f.facing() + a);
}

// The union in the frame of `frame` (units.hpp says why), back in table
// coordinates.
MultiPolygon merged(const Footprint& frame, const MultiPolygon& a, const MultiPolygon& b) {
  const MultiPolygon fa = to_frame(frame, a);
  const MultiPolygon fb = to_frame(frame, b);
  MultiPolygon out;
  bg::union_(fa, fb, out);
  return from_frame(frame, out);
}

}  // namespace

StepResult apply_step(const Footprint& f, const Step& s) {
  const double len = require_finite(s.length, "the step's length");
  const double ang = require_finite(s.angle, "the step's angle");
  switch (s.kind) {
    case StepKind::advance:
      return {f.placed(f.leader() + len * f.ahead(), f.facing()), std::abs(len), false};
    case StepKind::sidestep:
      return {f.placed(f.leader() + len * f.right(), f.facing()), std::abs(len), false};
    case StepKind::oblique:
      return {f.placed(f.leader() + len * direction(f.facing() + ang), f.facing()), std::abs(len),
              false};
    case StepKind::wheel:
      // The outer corner is at the frontage from the pivot.
      return {wheeled(f, ang), radians(std::abs(ang)) * f.frontage(), false};
    case StepKind::turn:
      return {turned(f, ang), 0.0, true};
  }
  return {f, 0.0, false};
}

MultiPolygon swept_area(const Footprint& f, const Step& s) {
  MultiPolygon out;
  out.push_back(f.polygon());
  if (s.kind == StepKind::advance || s.kind == StepKind::sidestep || s.kind == StepKind::oblique) {
    // A convex shape translated sweeps the hull of its two places.
    return {hull(f, apply_step(f, s).end)};
  }
  const double total = require_finite(s.angle, "the step's angle");
  // "Toutes les figurines restent sur place" (003 § Manœuvres, Demi-tour):
  // a turn covers its two footprints and nothing between.
  if (s.kind == StepKind::turn) {
    const MultiPolygon end{apply_step(f, s).end.polygon()};
    return merged(f, out, end);
  }
  const int slices = std::max(1, static_cast<int>(std::ceil(std::abs(total) / kSweepSliceDeg)));
  Footprint prev = f;
  for (int i = 1; i <= slices; ++i) {
    const Footprint next = wheeled(f, total * i / slices);
    out = merged(f, out, MultiPolygon{hull(prev, next)});
    prev = next;
  }
  return out;
}

MoveResult apply_move(const Footprint& start, std::span<const Step> steps) {
  MoveResult r{start, 0.0, {}, 0, {}};
  r.swept.push_back(start.polygon());
  Footprint at = start;
  bool first = true;
  for (const Step& s : steps) {
    const StepResult one = apply_step(at, s);
    // Every step's area holds the footprint it starts from, so the first
    // one's is the whole way so far: no union (the costliest part of a
    // move) for a move of one step.
    r.swept = first ? swept_area(at, s) : merged(start, r.swept, swept_area(at, s));
    first = false;
    r.per_step.push_back(one.distance);
    r.distance += one.distance;
    r.turns += one.is_turn ? 1 : 0;
    at = one.end;
  }
  r.end = at;
  return r;
}

namespace {

// Whether the projections of `a` and `b` on the normal of some edge of `by`
// do not overlap.
bool separated_by_edges_of(const Polygon::ring_type& by, const Polygon::ring_type& a,
                           const Polygon::ring_type& b) {
  for (std::size_t i = 0; i + 1 < by.size(); ++i) {
    const double nx = by[i + 1].y() - by[i].y();
    const double ny = by[i].x() - by[i + 1].x();
    if (nx == 0 && ny == 0) continue;
    double a0 = 0, a1 = 0, b0 = 0, b1 = 0;
    bool first = true;
    for (const Point& p : a) {
      const double d = p.x() * nx + p.y() * ny;
      a0 = first ? d : std::min(a0, d);
      a1 = first ? d : std::max(a1, d);
      first = false;
    }
    first = true;
    for (const Point& p : b) {
      const double d = p.x() * nx + p.y() * ny;
      b0 = first ? d : std::min(b0, d);
      b1 = first ? d : std::max(b1, d);
      first = false;
    }
    if (a1 < b0 || b1 < a0) return true;
  }
  return false;
}

}  // namespace

bool may_cross(const MultiPolygon& swept, const Footprint& other) {
  const Polygon unit = other.polygon();
  for (const Polygon& part : swept) {
    // A separating axis proves two shapes apart whatever their convexity.
    if (separated_by_edges_of(part.outer(), part.outer(), unit.outer()) ||
        separated_by_edges_of(unit.outer(), part.outer(), unit.outer()))
      continue;
    return true;
  }
  return false;
}

double fraction_crossed(const MultiPolygon& swept, const Footprint& other) {
  const Polygon shape = to_frame(other, other.polygon());
  const MultiPolygon through = to_frame(other, swept);
  MultiPolygon common;
  bg::intersection(through, shape, common);
  const double whole = other.frontage() * other.depth();
  return std::clamp(bg::area(common) / whole, 0.0, 1.0);
}

namespace {

// `f` less `slack` on every side; nullopt when nothing is left of it.
std::optional<Footprint> shrunk(const Footprint& f, double slack) {
  if (f.frontage() <= 2 * slack || f.depth() <= 2 * slack) return std::nullopt;
  return Footprint(f.leader() - slack * f.ahead(), f.facing(), f.frontage() - 2 * slack,
                   f.depth() - 2 * slack);
}

}  // namespace

bool passes_through(const MultiPolygon& swept, const Footprint& other, double slack) {
  const std::optional<Footprint> inner = shrunk(other, slack);
  return inner && may_cross(swept, *inner) && fraction_crossed(swept, *inner) > 0;
}

bool stands_on(const Footprint& end, const Footprint& other, double slack) {
  return passes_through(MultiPolygon{end.polygon()}, other, slack);
}

}  // namespace umpire::tabletop
