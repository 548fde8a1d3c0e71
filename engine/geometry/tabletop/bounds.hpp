#pragma once
// The axis-aligned box around a shape: a cheap test before an overlay (a
// piece of terrain far from a move is never intersected with it). A loop
// over the outer rings rather than boost::geometry::envelope, whose
// strategy state gcc 12 reports as maybe used uninitialised at -O2.
#include <algorithm>
#include <array>
#include <boost/geometry/geometries/box.hpp>
#include <cmath>

#include "engine/geometry/tabletop/point.hpp"
#include "engine/geometry/tabletop/units.hpp"

namespace umpire::tabletop {

using Box = boost::geometry::model::box<Point>;

// The box of every point of the outer rings (holes lie inside them); the
// point box at the origin for a shape with no point.
inline Box bounds(const MultiPolygon& shape) {
  bool first = true;
  double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  for (const Polygon& p : shape)
    for (const Point& q : p.outer()) {
      x0 = first ? q.x() : std::min(x0, q.x());
      y0 = first ? q.y() : std::min(y0, q.y());
      x1 = first ? q.x() : std::max(x1, q.x());
      y1 = first ? q.y() : std::max(y1, q.y());
      first = false;
    }
  return {Point(x0, y0), Point(x1, y1)};
}

inline Box bounds(const Polygon& shape) {
  return bounds(MultiPolygon{shape});
}

// The box of a unit's four corners, without building its polygon.
inline Box bounds(const Footprint& f) {
  const std::array<Point, 4> c{f.front_left(), f.front_right(), f.rear_right(), f.rear_left()};
  Box b{c[0], c[0]};
  for (const Point& q : c) {
    b.min_corner() =
        Point(std::min(b.min_corner().x(), q.x()), std::min(b.min_corner().y(), q.y()));
    b.max_corner() =
        Point(std::max(b.max_corner().x(), q.x()), std::max(b.max_corner().y(), q.y()));
  }
  return b;
}

// The gap between two boxes: no point of one shape is nearer to a point of
// the other, so a search for the nearest shape skips every box this far.
inline double gap(const Box& a, const Box& b) {
  const double dx = std::max(
      {0.0, a.min_corner().x() - b.max_corner().x(), b.min_corner().x() - a.max_corner().x()});
  const double dy = std::max(
      {0.0, a.min_corner().y() - b.max_corner().y(), b.min_corner().y() - a.max_corner().y()});
  return std::hypot(dx, dy);
}

}  // namespace umpire::tabletop
