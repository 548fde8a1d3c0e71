#include "engine/geometry/tabletop/terrain.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <boost/geometry/algorithms/area.hpp>
#include <boost/geometry/algorithms/correct.hpp>
#include <boost/geometry/algorithms/intersection.hpp>
#include <boost/geometry/algorithms/intersects.hpp>
#include <boost/geometry/algorithms/is_valid.hpp>
#include <boost/geometry/algorithms/length.hpp>
#include <boost/geometry/algorithms/within.hpp>
#include <boost/geometry/geometries/multi_linestring.hpp>
#include <cmath>

namespace umpire::tabletop {

namespace bg = boost::geometry;

namespace {

// Shared area above a rounding sliver along a common edge.
template <class A, class B>
double common_area(const A& a, const B& b) {
  MultiPolygon common;
  bg::intersection(a, b, common);
  return bg::area(common);
}

}  // namespace

Area rect_area(Point centre, double width, double depth, double rotation_deg) {
  require_finite(centre, "the terrain's centre");
  if (!(require_finite(width, "the terrain's width") > 0.0) ||
      !(require_finite(depth, "the terrain's depth") > 0.0))
    throw GeometryError(fmt::format("the terrain's size {:g}x{:g} is not positive", width, depth));
  require_finite(rotation_deg, "the terrain's rotation");
  // A footprint facing the rotation, with its centre at `centre`, is the
  // same rectangle.
  const Footprint f(centre + (depth / 2) * direction(rotation_deg), rotation_deg, width, depth);
  return {f.polygon()};
}

Area polygon_area(std::span<const Point> corners) {
  if (corners.size() < 3)
    throw GeometryError(fmt::format("a terrain polygon needs 3 corners, not {}", corners.size()));
  Area a;
  for (const Point& p : corners) a.shape.outer().push_back(require_finite(p, "a terrain corner"));
  a.shape.outer().push_back(corners.front());
  bg::correct(a.shape);
  std::string why;
  if (!bg::is_valid(a.shape, why))
    throw GeometryError(fmt::format("the terrain polygon is not valid: {}", why));
  return a;
}

Obstacle obstacle(std::span<const Point> points) {
  if (points.size() < 2)
    throw GeometryError(fmt::format("an obstacle needs 2 points, not {}", points.size()));
  Obstacle o;
  for (const Point& p : points) o.line.push_back(require_finite(p, "an obstacle point"));
  return o;
}

bool enters(const Footprint& f, const Area& a) {
  const Polygon own = to_frame(f, f.polygon());
  const Polygon area = to_frame(f, a.shape);
  return common_area(own, area) > 1e-9 * f.frontage() * f.depth();
}

double fraction_inside(const Footprint& f, const Area& a) {
  const Polygon own = to_frame(f, f.polygon());
  const Polygon area = to_frame(f, a.shape);
  return std::clamp(common_area(own, area) / (f.frontage() * f.depth()), 0.0, 1.0);
}

std::optional<bool> mostly_inside(const Footprint& f, const Area& a, double tolerance) {
  const bool here = fraction_inside(f, a) > 0.5;
  if (!(tolerance > 0.0)) return here;
  for (const Point shift : {tolerance * f.ahead(), (-tolerance) * f.ahead(), tolerance * f.right(),
                            (-tolerance) * f.right()}) {
    const Footprint moved = f.placed(f.leader() + shift, f.facing());
    if ((fraction_inside(moved, a) > 0.5) != here) return std::nullopt;
  }
  return here;
}

bool lies_between(const Footprint& a, const Footprint& b, const Area& area) {
  const Segment line(a.centre(), b.centre());
  return bg::intersects(line, area.shape);
}

bool enters(const MultiPolygon& swept, const Area& a) {
  return common_area(swept, a.shape) > 1e-9 * bg::area(swept);
}

bool crosses(const MultiPolygon& swept, const Obstacle& o) {
  return bg::intersects(swept, o.line);
}
bool crosses(const Footprint& f, const Obstacle& o) {
  const Polygon shape = f.polygon();
  return bg::intersects(shape, o.line);
}

const char* to_string(TableEdge e) {
  switch (e) {
    case TableEdge::north:
      return "north";
    case TableEdge::east:
      return "east";
    case TableEdge::south:
      return "south";
    case TableEdge::west:
      return "west";
  }
  return "?";
}

Table::Table(double width, double depth)
    : width_(require_finite(width, "the table's width")),
      depth_(require_finite(depth, "the table's depth")) {
  if (!(width_ > 0.0) || !(depth_ > 0.0))
    throw GeometryError(fmt::format("the table's size {:g}x{:g} is not positive", width_, depth_));
}

Polygon Table::polygon() const {
  Polygon out;
  out.outer() = {{0.0, 0.0}, {0.0, depth_}, {width_, depth_}, {width_, 0.0}, {0.0, 0.0}};
  return out;
}

bool Table::contains(Point p) const {
  require_finite(p, "the point");
  return p.x() >= 0.0 && p.x() <= width_ && p.y() >= 0.0 && p.y() <= depth_;
}

bool Table::contains(const Footprint& f) const {
  // The table is convex: the footprint is on it iff its corners are.
  return contains(f.front_left()) && contains(f.front_right()) && contains(f.rear_left()) &&
         contains(f.rear_right());
}

double Table::overhang(const Footprint& f) const {
  double out = 0.0;
  for (const Point& c : {f.front_left(), f.front_right(), f.rear_left(), f.rear_right()}) {
    out = std::max({out, -c.x(), c.x() - width_, -c.y(), c.y() - depth_});
  }
  return out;
}

double Table::distance_to_edge(Point p, TableEdge e) const {
  require_finite(p, "the point");
  switch (e) {
    case TableEdge::north:
      return depth_ - p.y();
    case TableEdge::east:
      return width_ - p.x();
    case TableEdge::south:
      return p.y();
    case TableEdge::west:
      return p.x();
  }
  return 0.0;
}

TableEdge Table::nearest_edge(Point p) const {
  TableEdge best = TableEdge::north;
  for (const TableEdge e : {TableEdge::east, TableEdge::south, TableEdge::west})
    if (distance_to_edge(p, e) < distance_to_edge(p, best)) best = e;
  return best;
}

Point outward(TableEdge e) {
  switch (e) {
    case TableEdge::north:
      return Point(0, 1);
    case TableEdge::east:
      return Point(1, 0);
    case TableEdge::south:
      return Point(0, -1);
    case TableEdge::west:
      return Point(-1, 0);
  }
  return Point(0, 0);
}

StraightMove straight_move(Point from, Point to, Point dir) {
  const double dx = to.x() - from.x(), dy = to.y() - from.y();
  return {std::hypot(dx, dy), dx * dir.x() + dy * dir.y()};
}

bool straight_way_blocked(const Footprint& start, Point dir, double inches,
                          const std::function<bool(const Footprint&)>& in_way) {
  const int steps = static_cast<int>(std::clamp(std::ceil(inches / 0.5), 1.0, 200.0));
  const Point from = start.leader();
  for (int i = 1; i <= steps; ++i) {
    const double t = inches * i / steps;
    if (in_way(start.placed(Point(from.x() + t * dir.x(), from.y() + t * dir.y()), start.facing())))
      return true;
  }
  return false;
}

double length_inside(const Linestring& way, const Area& a) {
  if (way.size() < 2) return 0.0;
  boost::geometry::model::multi_linestring<Linestring> inside;
  boost::geometry::intersection(way, a.shape, inside);
  return static_cast<double>(boost::geometry::length(inside));
}

}  // namespace umpire::tabletop
