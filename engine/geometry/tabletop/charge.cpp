#include "engine/geometry/tabletop/charge.hpp"

#include <algorithm>
#include <boost/geometry/algorithms/distance.hpp>
#include <cmath>

#include "engine/geometry/tabletop/measure.hpp"
#include "engine/geometry/tabletop/movement.hpp"

namespace umpire::tabletop {

namespace bg = boost::geometry;

Edge edge_facing(Zone z) {
  switch (z) {
    case Zone::right_flank:
      return Edge::right;
    case Zone::rear:
      return Edge::rear;
    case Zone::left_flank:
      return Edge::left;
    case Zone::front:
    case Zone::inside:
      break;
  }
  return Edge::front;
}

Zone charged_side(const Footprint& target, const Footprint& charger, ZoneRule rule,
                  ZoneReference ref) {
  return zone_of(target, charger, rule, ref);
}

Footprint contact_position(const Footprint& charger, const Footprint& target, Zone side) {
  const Segment e = target.edge(edge_facing(side));
  const Point along = e.second - e.first;
  const double len = length(along);
  const Point unit_along = (1.0 / len) * along;
  // Each edge runs clockwise round the target, so its outward normal is
  // the edge direction turned anticlockwise by 90°.
  const Point outward{-unit_along.y(), unit_along.x()};
  // The charger's leader goes to its own projection on the edge, held far
  // enough from the ends that as much of its front as fits touches.
  const double half = std::min(charger.frontage(), len) / 2;
  const double t = std::clamp(dot(charger.leader() - e.first, unit_along), half, len - half);
  const Point leader = e.first + t * unit_along;
  return charger.placed(leader, bearing(Point{0.0, 0.0}, -1.0 * outward));
}

ChargeReach charge_reach(const Footprint& charger, const Footprint& target, Zone side) {
  ChargeReach r{contact_position(charger, target, side), 0.0, 0.0, 0.0, 0.0};
  r.wheel_deg = normalize_signed_deg(r.contact.facing() - charger.facing());
  const StepResult w = apply_step(charger, Step::wheel(r.wheel_deg));
  r.wheel_distance = w.distance;
  r.straight_distance = length(r.contact.leader() - w.end.leader());
  r.total = r.wheel_distance + r.straight_distance;
  return r;
}

bool in_contact(const Footprint& a, const Footprint& b, double tolerance) {
  return distance(a, b, Measure::closest_edges) <= require_finite(tolerance, "the tolerance");
}

bool engaged(const Footprint& a, const Footprint& b, double tolerance) {
  require_finite(tolerance, "the tolerance");
  const Segment centre_line{a.leader(), a.from_local({0.0, -a.depth()})};
  const Polygon shape = b.polygon();
  return bg::distance(centre_line, shape) <= tolerance;
}

}  // namespace umpire::tabletop
