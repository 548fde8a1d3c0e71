#include "engine/geometry/tabletop/zones.hpp"

#include <algorithm>
#include <boost/geometry/algorithms/area.hpp>
#include <boost/geometry/algorithms/correct.hpp>
#include <boost/geometry/algorithms/distance.hpp>
#include <boost/geometry/algorithms/intersection.hpp>
#include <boost/geometry/algorithms/intersects.hpp>
#include <cmath>
#include <initializer_list>

namespace umpire::tabletop {

namespace bg = boost::geometry;

const char* to_string(Zone z) {
  switch (z) {
    case Zone::inside:
      return "inside";
    case Zone::front:
      return "front";
    case Zone::right_flank:
      return "right flank";
    case Zone::rear:
      return "rear";
    case Zone::left_flank:
      return "left flank";
  }
  return "?";
}

namespace {

bool inside_rectangle(const Footprint& unit, Local l) {
  return std::abs(l.lateral) <= unit.frontage() / 2 && l.forward <= 0.0 &&
         l.forward >= -unit.depth();
}

Zone flank_side(Local l) {
  return l.lateral > 0.0 ? Zone::right_flank : Zone::left_flank;
}

Zone zone_by_diagonals(const Footprint& unit, Local l) {
  // From the centre, the diagonals are |lateral|·depth = |w|·frontage;
  // the front quarter lies above both (w > 0), the rear below.
  const double w = l.forward + unit.depth() / 2;
  const double side = std::abs(l.lateral) * unit.depth();
  if (w > 0.0 && side <= w * unit.frontage()) return Zone::front;
  if (w < 0.0 && side <= -w * unit.frontage()) return Zone::rear;
  return flank_side(l);
}

bool in_front_90(const Footprint& unit, Local l) {
  return l.forward >= 0.0 && std::abs(l.lateral) - unit.frontage() / 2 <= l.forward;
}

Zone zone_by_edge_lines(const Footprint& unit, Local l) {
  if (in_front_90(unit, l)) return Zone::front;
  if (l.forward <= -unit.depth()) return Zone::rear;
  return flank_side(l);
}

Polygon local_polygon(const Footprint& unit, std::initializer_list<Local> corners) {
  Polygon out;
  for (const Local& c : corners) out.outer().push_back(unit.from_local(c));
  out.outer().push_back(out.outer().front());
  bg::correct(out);
  return out;
}

// The zone outside the unit, as a convex polygon reaching at least `far`
// beyond the unit in every direction, before clipping. Each is drawn from
// the unit's corners, so none needs a difference with the rectangle:
// Boost.Geometry's overlay can lose a whole result when two operands share
// a collinear edge in rotated floating-point coordinates.
Polygon raw_region(const Footprint& unit, Zone z, ZoneRule rule, double far) {
  const double hf = unit.frontage() / 2;
  const double d = unit.depth();
  const Local fl{-hf, 0.0}, fr{hf, 0.0}, rr{hf, -d}, rl{-hf, -d};
  if (z == Zone::inside) return local_polygon(unit, {fl, fr, rr, rl});
  if (rule == ZoneRule::diagonals) {
    // The diagonals pass through the corners: each quarter outside the
    // rectangle is the quadrilateral between an edge and the two diagonals
    // carried on from its ends by k half-diagonals.
    const double k = 2.0 * far / std::min(hf, d / 2) + 2.0;
    const auto beyond = [k](Local corner, double du, double dv) {
      return Local{corner.lateral + k * du, corner.forward + k * dv};
    };
    const Local fl_far = beyond(fl, -hf, d / 2), fr_far = beyond(fr, hf, d / 2);
    const Local rr_far = beyond(rr, hf, -d / 2), rl_far = beyond(rl, -hf, -d / 2);
    switch (z) {
      case Zone::front:
        return local_polygon(unit, {fl, fl_far, fr_far, fr});
      case Zone::right_flank:
        return local_polygon(unit, {fr, fr_far, rr_far, rr});
      case Zone::rear:
        return local_polygon(unit, {rr, rr_far, rl_far, rl});
      case Zone::left_flank:
        return local_polygon(unit, {rl, rl_far, fl_far, fl});
      case Zone::inside:
        break;
    }
    return {};
  }
  const double K = far + hf + d;
  switch (z) {
    case Zone::front:
      return local_polygon(unit, {fl, {-hf - K, K}, {hf + K, K}, fr});
    case Zone::rear:
      return local_polygon(unit, {{-K, -d}, {K, -d}, {K, -d - K}, {-K, -d - K}});
    case Zone::right_flank:
      return local_polygon(unit, {fr, {K, K - hf}, {K, -d}, rr});
    case Zone::left_flank:
      return local_polygon(unit, {fl, {-K, K - hf}, {-K, -d}, rl});
    case Zone::inside:
      break;
  }
  return {};
}

Polygon square_round(Point c, double half) {
  Polygon out;
  out.outer() = {{c.x() - half, c.y() + half},
                 {c.x() + half, c.y() + half},
                 {c.x() + half, c.y() - half},
                 {c.x() - half, c.y() - half},
                 {c.x() - half, c.y() + half}};
  return out;
}

MultiPolygon clipped_region(const Footprint& unit, Zone z, ZoneRule rule, double reach) {
  const Polygon square = square_round(unit.centre(), reach);
  const Polygon raw = raw_region(unit, z, rule, 2.0 * reach);
  MultiPolygon clipped;
  bg::intersection(raw, square, clipped);
  return clipped;
}

}  // namespace

Zone zone_of(const Footprint& unit, Point p, ZoneRule rule) {
  const Local l = unit.to_local(require_finite(p, "the point"));
  if (inside_rectangle(unit, l)) return Zone::inside;
  return rule == ZoneRule::diagonals ? zone_by_diagonals(unit, l) : zone_by_edge_lines(unit, l);
}

Zone zone_of(const Footprint& unit, const Footprint& other, ZoneRule rule, ZoneReference ref) {
  switch (ref) {
    case ZoneReference::leader:
      return zone_of(unit, other.leader(), rule);
    case ZoneReference::centre:
      return zone_of(unit, other.centre(), rule);
    case ZoneReference::greater_part:
      break;
  }
  // Reach past both units, so each zone's clipped region holds all of
  // `other` that lies in it.
  const double reach = bg::distance(unit.centre(), other.centre()) + unit.frontage() +
                       unit.depth() + other.frontage() + other.depth();
  const Polygon shape = to_frame(unit, other.polygon());
  Zone best = Zone::inside;
  double best_area = -1.0;
  // Enum order breaks ties: an exact half-and-half straddle goes to the
  // front, then the right flank, then the rear.
  for (const Zone z :
       {Zone::inside, Zone::front, Zone::right_flank, Zone::rear, Zone::left_flank}) {
    const MultiPolygon region = to_frame(unit, clipped_region(unit, z, rule, reach));
    MultiPolygon part;
    bg::intersection(region, shape, part);
    const double a = bg::area(part);
    if (a > best_area * (1.0 + 1e-12) + 1e-12) {
      best = z;
      best_area = a;
    }
  }
  return best;
}

Polygon zone_region(const Footprint& unit, Zone z, ZoneRule rule, double reach) {
  const MultiPolygon m = clipped_region(unit, z, rule, require_finite(reach, "the reach"));
  if (m.empty()) return {};
  // Each zone is connected; a multi-polygon of more than one part is only
  // rounding slivers along a boundary, so the largest part is the zone.
  return *std::max_element(m.begin(), m.end(), [](const Polygon& a, const Polygon& b) {
    return bg::area(a) < bg::area(b);
  });
}

bool in_arc(const Footprint& unit, Point p, Arc arc) {
  const Local l = unit.to_local(require_finite(p, "the point"));
  switch (arc) {
    case Arc::all_round:
      return true;
    case Arc::front_half_plane:
      return l.forward >= 0.0 && !inside_rectangle(unit, l);
    case Arc::front_90:
      return in_front_90(unit, l) && !inside_rectangle(unit, l);
  }
  return false;
}

bool in_arc(const Footprint& unit, const Footprint& other, Arc arc) {
  switch (arc) {
    case Arc::all_round:
      return true;
    case Arc::front_half_plane: {
      // A convex shape reaches the half-plane iff one of its corners does.
      const Polygon shape = other.polygon();
      for (const Point& c : shape.outer())
        if (unit.to_local(c).forward >= 0.0) return true;
      return false;
    }
    case Arc::front_90: {
      const double reach = bg::distance(unit.centre(), other.centre()) + unit.frontage() +
                           unit.depth() + other.frontage() + other.depth();
      const Polygon region = raw_region(unit, Zone::front, ZoneRule::edge_lines, reach);
      const Polygon shape = other.polygon();
      return bg::intersects(region, shape);
    }
  }
  return false;
}

}  // namespace umpire::tabletop
