#include "engine/geometry/tabletop/sight.hpp"

#include <algorithm>
#include <boost/geometry/algorithms/envelope.hpp>
#include <boost/geometry/algorithms/intersection.hpp>
#include <boost/geometry/algorithms/intersects.hpp>
#include <boost/geometry/algorithms/length.hpp>
#include <boost/geometry/algorithms/relate.hpp>
#include <boost/geometry/algorithms/within.hpp>
#include <boost/geometry/geometries/box.hpp>
#include <boost/geometry/geometries/multi_linestring.hpp>
#include <cmath>
#include <limits>
#include <vector>

namespace umpire::tabletop {

namespace bg = boost::geometry;

namespace {

using Box = bg::model::box<Point>;

// At most this many points an edge: an edge longer than 128" (wider than
// any table) is sampled more sparsely, so that an absurd base written in a
// log costs no more than a table's worth of points.
constexpr double kMaxPointsPerEdge = 256;

// Points along a segment, both ends included, at most `spacing` apart (up
// to kMaxPointsPerEdge).
void spaced_points(Point a, Point b, double spacing, std::vector<Point>& out, bool with_end) {
  const double len = length(b - a);
  const int n = static_cast<int>(std::clamp(std::ceil(len / spacing), 1.0, kMaxPointsPerEdge));
  for (int i = 0; i < n; ++i) out.push_back(a + (static_cast<double>(i) / n) * (b - a));
  if (with_end) out.push_back(b);
}

std::vector<Point> origins(const Footprint& viewer, SightFrom from) {
  std::vector<Point> out;
  if (from == SightFrom::leader) {
    out.push_back(viewer.leader());
    return out;
  }
  // The leader first: the usual clear line is found at once.
  out.push_back(viewer.leader());
  spaced_points(viewer.front_left(), viewer.front_right(), kSightSpacing, out, true);
  return out;
}

std::vector<Point> target_points(const Footprint& t) {
  std::vector<Point> out;
  const Polygon shape = t.polygon();
  const auto& ring = shape.outer();
  for (std::size_t i = 0; i + 1 < ring.size(); ++i)
    spaced_points(ring[i], ring[i + 1], kSightSpacing, out, false);
  return out;
}

bool crosses_interior(const Segment& s, const Polygon& p) {
  // "T********": the segment's interior meets the polygon's interior.
  Linestring l{s.first, s.second};
  return bg::relate(l, p, bg::de9im::mask("T********"));
}

}  // namespace

double least_sight_inside(const Footprint& viewer, const Footprint& target,
                          std::span<const Polygon> areas, Arc arc) {
  std::vector<Box> boxes(areas.size());
  for (std::size_t i = 0; i < areas.size(); ++i) bg::envelope(areas[i], boxes[i]);
  const std::vector<Point> from = origins(viewer, SightFrom::front_edge);
  double least = std::numeric_limits<double>::infinity();
  for (const Point& t : target_points(target)) {
    if (!in_arc(viewer, t, arc)) continue;
    for (const Point& o : from) {
      const Segment line(o, t);
      Box sb;
      bg::envelope(line, sb);
      double inside = 0;
      for (std::size_t i = 0; i < areas.size() && inside < least; ++i) {
        if (!bg::intersects(sb, boxes[i])) continue;
        bg::model::multi_linestring<Linestring> part;
        bg::intersection(Linestring{o, t}, areas[i], part);
        inside += static_cast<double>(bg::length(part));
      }
      least = std::min(least, inside);
      if (least == 0) return 0;
    }
  }
  return least;
}

std::optional<std::size_t> first_blocker(const Segment& line, std::span<const Polygon> blockers) {
  Box sb;
  bg::envelope(line, sb);
  for (std::size_t i = 0; i < blockers.size(); ++i) {
    Box b;
    bg::envelope(blockers[i], b);
    if (!bg::intersects(sb, b)) continue;
    if (crosses_interior(line, blockers[i])) return i;
  }
  return std::nullopt;
}

Sight line_of_sight(const Footprint& viewer, const Footprint& target,
                    std::span<const Polygon> blockers, SightQuery q) {
  Sight out;
  // Envelopes once: most blockers are far from most lines.
  std::vector<Box> boxes(blockers.size());
  for (std::size_t i = 0; i < blockers.size(); ++i) bg::envelope(blockers[i], boxes[i]);
  const std::vector<Point> from = origins(viewer, q.from);
  int tried = 0;
  int seen = 0;
  bool first_line = true;
  for (const Point& t : target_points(target)) {
    if (!in_arc(viewer, t, q.arc)) continue;
    ++tried;
    for (const Point& o : from) {
      const Segment s{o, t};
      Box sb;
      bg::envelope(s, sb);
      std::optional<std::size_t> hit;
      for (std::size_t i = 0; i < blockers.size() && !hit; ++i)
        if (bg::intersects(sb, boxes[i]) && crosses_interior(s, blockers[i])) hit = i;
      if (first_line) {
        out.blocked_by = hit;
        first_line = false;
      }
      if (!hit) {
        ++seen;
        break;
      }
    }
    if (q.visible_only && seen > 0) break;
  }
  out.visible = seen > 0;
  out.clear_fraction = tried == 0 ? 0.0 : static_cast<double>(seen) / tried;
  if (out.visible) out.blocked_by.reset();
  return out;
}

}  // namespace umpire::tabletop
