#include "engine/geometry/tabletop/units.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <boost/geometry/algorithms/append.hpp>
#include <boost/geometry/algorithms/area.hpp>
#include <boost/geometry/algorithms/convex_hull.hpp>
#include <boost/geometry/algorithms/intersection.hpp>
#include <boost/geometry/geometries/multi_point.hpp>
#include <cmath>

namespace umpire::tabletop {

const char* to_string(Edge e) {
  switch (e) {
    case Edge::front:
      return "front";
    case Edge::right:
      return "right";
    case Edge::rear:
      return "rear";
    case Edge::left:
      return "left";
  }
  return "?";
}

Footprint::Footprint(Point leader, double facing_deg, double frontage, double depth)
    : leader_(require_finite(leader, "the unit's position")),
      facing_(normalize_bearing(require_finite(facing_deg, "the unit's facing"))),
      frontage_(require_finite(frontage, "the unit's frontage")),
      depth_(require_finite(depth, "the unit's depth")),
      ahead_(direction(facing_)),
      right_(direction(facing_ + 90.0)) {
  if (!(frontage_ > 0.0))
    throw GeometryError(fmt::format("the unit's frontage {:g}\" is not positive", frontage_));
  if (!(depth_ > 0.0))
    throw GeometryError(fmt::format("the unit's depth {:g}\" is not positive", depth_));
}

Point Footprint::from_local(Local l) const {
  return leader_ + l.lateral * right_ + l.forward * ahead_;
}

Local Footprint::to_local(Point p) const {
  const Point v = p - leader_;
  return {dot(v, right_), dot(v, ahead_)};
}

Point Footprint::centre() const {
  return from_local({0.0, -depth_ / 2});
}
Point Footprint::front_left() const {
  return from_local({-frontage_ / 2, 0.0});
}
Point Footprint::front_right() const {
  return from_local({frontage_ / 2, 0.0});
}
Point Footprint::rear_left() const {
  return from_local({-frontage_ / 2, -depth_});
}
Point Footprint::rear_right() const {
  return from_local({frontage_ / 2, -depth_});
}

Segment Footprint::edge(Edge e) const {
  switch (e) {
    case Edge::front:
      return {front_left(), front_right()};
    case Edge::right:
      return {front_right(), rear_right()};
    case Edge::rear:
      return {rear_right(), rear_left()};
    case Edge::left:
      return {rear_left(), front_left()};
  }
  return {};
}

Polygon Footprint::polygon() const {
  // Front left, front right, rear right, rear left: clockwise on a table
  // whose y runs north, as Boost.Geometry's default polygon wants.
  Polygon out;
  out.outer() = {front_left(), front_right(), rear_right(), rear_left(), front_left()};
  return out;
}

Footprint Footprint::placed(Point leader, double facing_deg) const {
  return Footprint(leader, facing_deg, frontage_, depth_);
}

namespace {

double snap(double v) {
  constexpr double kGrid = 1073741824.0;  // 2^30
  return std::round(v * kGrid) / kGrid;
}

template <class Ring, class Map>
Ring mapped_ring(const Ring& r, Map map) {
  Ring out;
  out.reserve(r.size());
  for (const Point& p : r) out.push_back(map(p));
  return out;
}

template <class Map>
Polygon mapped(const Polygon& p, Map map) {
  Polygon out;
  out.outer() = mapped_ring(p.outer(), map);
  for (const auto& hole : p.inners()) out.inners().push_back(mapped_ring(hole, map));
  return out;
}

}  // namespace

Point to_frame(const Footprint& f, Point p) {
  const Local l = f.to_local(p);
  return {snap(l.lateral), snap(l.forward)};
}

// The frame's axes are the unit's right and ahead, a rotation without
// reflection, so rings keep their clockwise order.
Polygon to_frame(const Footprint& f, const Polygon& p) {
  return mapped(p, [&f](Point q) { return to_frame(f, q); });
}

MultiPolygon to_frame(const Footprint& f, const MultiPolygon& m) {
  MultiPolygon out;
  for (const Polygon& p : m) out.push_back(to_frame(f, p));
  return out;
}

MultiPolygon from_frame(const Footprint& f, const MultiPolygon& m) {
  MultiPolygon out;
  for (const Polygon& p : m)
    out.push_back(mapped(p, [&f](Point q) { return f.from_local({q.x(), q.y()}); }));
  return out;
}

bool overlap(const Footprint& a, const Footprint& b) {
  // An area, not intersects(): units in base contact share an edge and are
  // legal; a sliver of rounding along that edge is no overlap either.
  const Polygon pa = to_frame(a, a.polygon());
  const Polygon pb = to_frame(a, b.polygon());
  MultiPolygon common;
  boost::geometry::intersection(pa, pb, common);
  const double scale = std::min(a.frontage() * a.depth(), b.frontage() * b.depth());
  return boost::geometry::area(common) > 1e-9 * scale;
}

Polygon hull(const Footprint& a, const Footprint& b) {
  boost::geometry::model::multi_point<Point> pts;
  for (const Footprint* f : {&a, &b})
    for (const Point& c : {f->front_left(), f->front_right(), f->rear_right(), f->rear_left()})
      boost::geometry::append(pts, c);
  Polygon out;
  boost::geometry::convex_hull(pts, out);
  return out;
}

}  // namespace umpire::tabletop
