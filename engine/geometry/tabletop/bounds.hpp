#pragma once
// The axis-aligned box around a shape: a cheap test before an overlay (a
// piece of terrain far from a move is never intersected with it). A loop
// over the outer rings rather than boost::geometry::envelope, whose
// strategy state gcc 12 reports as maybe used uninitialised at -O2.
#include <algorithm>
#include <boost/geometry/geometries/box.hpp>

#include "engine/geometry/tabletop/point.hpp"

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

}  // namespace umpire::tabletop
