#include "engine/geometry/tabletop/measure.hpp"

#include <algorithm>
#include <boost/geometry/algorithms/distance.hpp>
#include <cmath>
#include <limits>
#include <vector>

namespace umpire::tabletop {

namespace bg = boost::geometry;

const char* to_string(Measure m) {
  switch (m) {
    case Measure::closest_edges:
      return "closest edges";
    case Measure::from_leader:
      return "from the leader";
    case Measure::from_front_edge:
      return "from the front edge";
    case Measure::centre_to_centre:
      return "centre to centre";
  }
  return "?";
}

namespace {

// What of `a` the measure starts from, handed to a visitor that measures to
// any Boost.Geometry shape.
template <class Shape>
double measure_from(const Footprint& a, const Shape& to, Measure m) {
  switch (m) {
    case Measure::closest_edges: {
      const Polygon shape = a.polygon();
      return bg::distance(shape, to);
    }
    case Measure::from_leader:
      return bg::distance(a.leader(), to);
    case Measure::from_front_edge:
      return bg::distance(a.edge(Edge::front), to);
    case Measure::centre_to_centre:
      return bg::distance(a.centre(), to);
  }
  return 0.0;
}

// Two rectangles whose circumscribed circles are apart cannot meet, and
// the distance between disjoint convex shapes is reached at a corner of one
// of them: eight corner-to-rectangle distances then give it exactly, at a
// small part of the cost of Boost.Geometry's polygon-to-polygon distance,
// which first tests for an intersection. Closer pairs go to Boost.
double closest_edges(const Footprint& a, const Footprint& b) {
  const double ra = std::hypot(a.frontage(), a.depth()) / 2;
  const double rb = std::hypot(b.frontage(), b.depth()) / 2;
  if (length(a.centre() - b.centre()) <= ra + rb) {
    const Polygon pa = a.polygon();
    const Polygon pb = b.polygon();
    return bg::distance(pa, pb);
  }
  double d = std::numeric_limits<double>::infinity();
  for (const Point& c : {a.front_left(), a.front_right(), a.rear_left(), a.rear_right()})
    d = std::min(d, length(c - nearest_point(b, c)));
  for (const Point& c : {b.front_left(), b.front_right(), b.rear_left(), b.rear_right()})
    d = std::min(d, length(c - nearest_point(a, c)));
  return d;
}

}  // namespace

double distance(const Footprint& a, const Footprint& b, Measure m) {
  if (m == Measure::centre_to_centre) return bg::distance(a.centre(), b.centre());
  if (m == Measure::closest_edges) return closest_edges(a, b);
  const Polygon shape = b.polygon();
  return measure_from(a, shape, m);
}

double distance(const Footprint& a, Point p, Measure m) {
  return measure_from(a, require_finite(p, "the point"), m);
}

double distance(const Footprint& a, const Polygon& area, Measure m) {
  return measure_from(a, area, m);
}

double distance(const Footprint& a, const Linestring& line, Measure m) {
  return measure_from(a, line, m);
}

double distance(const MultiPolygon& area, const Footprint& b) {
  if (area.empty()) throw GeometryError("the distance from an empty area");
  const Polygon shape = b.polygon();
  return bg::distance(area, shape);
}

double distance(const MultiPolygon& area, Point p) {
  if (area.empty()) throw GeometryError("the distance from an empty area");
  return bg::distance(area, require_finite(p, "the point"));
}

Point nearest_point(const Segment& s, Point from) {
  const Point a = s.first;
  const Point d = s.second - a;
  const double len2 = dot(d, d);
  if (len2 == 0.0) return a;
  const double t = std::clamp(dot(from - a, d) / len2, 0.0, 1.0);
  return a + t * d;
}

Point nearest_point(const Footprint& b, Point from) {
  const Local l = b.to_local(from);
  const Local inside{std::clamp(l.lateral, -b.frontage() / 2, b.frontage() / 2),
                     std::clamp(l.forward, -b.depth(), 0.0)};
  return b.from_local(inside);
}

double largest_gap(std::span<const Footprint> group) {
  // Prim's tree: each step links the unit nearest to those already linked.
  const std::size_t n = group.size();
  if (n < 2) return 0;
  std::vector<double> link(n, std::numeric_limits<double>::infinity());
  std::vector<bool> joined(n, false);
  link[0] = 0;
  double largest = 0;
  for (std::size_t step = 0; step < n; ++step) {
    std::size_t next = n;
    for (std::size_t i = 0; i < n; ++i)
      if (!joined[i] && (next == n || link[i] < link[next])) next = i;
    joined[next] = true;
    largest = std::max(largest, link[next]);
    for (std::size_t i = 0; i < n; ++i)
      if (!joined[i])
        link[i] = std::min(link[i], distance(group[next], group[i], Measure::closest_edges));
  }
  return largest;
}

}  // namespace umpire::tabletop
