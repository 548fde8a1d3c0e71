// Properties of the tabletop geometry over random units (rapidcheck).
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <array>
#include <boost/geometry/algorithms/area.hpp>
#include <boost/geometry/algorithms/distance.hpp>
#include <boost/geometry/algorithms/within.hpp>
#include <cmath>

#include "engine/geometry/tabletop/charge.hpp"
#include "engine/geometry/tabletop/measure.hpp"
#include "engine/geometry/tabletop/movement.hpp"
#include "engine/geometry/tabletop/zones.hpp"

namespace umpire::tabletop {
namespace {

// Eighths of an inch and tenths of a degree: values a log writes.
rc::Gen<double> gen_coordinate() {
  return rc::gen::map(rc::gen::inRange(-8000, 8001), [](int i) { return i / 8.0; });
}
rc::Gen<double> gen_size() {
  return rc::gen::map(rc::gen::inRange(1, 120), [](int i) { return i / 8.0; });
}
rc::Gen<double> gen_facing() {
  return rc::gen::map(rc::gen::inRange(0, 3600), [](int i) { return i / 10.0; });
}
rc::Gen<Point> gen_point() {
  return rc::gen::map(rc::gen::pair(gen_coordinate(), gen_coordinate()),
                      [](std::pair<double, double> p) {
                        return Point{p.first, p.second};
                      });
}
Footprint gen_footprint() {
  const Point p = *gen_point();
  return Footprint(p, *gen_facing(), *gen_size(), *gen_size());
}

// The whole picture turned by `deg` about the origin and shifted by t.
Point moved(Point p, double deg, Point t) {
  return rotate_clockwise(p, {0, 0}, deg) + t;
}
Footprint moved(const Footprint& f, double deg, Point t) {
  return f.placed(moved(f.leader(), deg, t), f.facing() + deg);
}

// The separating-axis test before an overlay never misses a crossing: when
// it says the way misses a unit, the overlay finds nothing crossed.
RC_GTEST_PROP(TabletopProperties, MayCrossNeverMissesACrossing, ()) {
  const Footprint mover = gen_footprint();
  const Footprint other = gen_footprint();
  const double d = *rc::gen::inRange(0, 400) / 8.0;
  const double turn = *rc::gen::inRange(-90, 91) * 1.0;
  const std::array steps{Step::wheel(turn), Step::advance(d)};
  const MoveResult m = apply_move(mover, steps);
  if (!may_cross(m.swept, other)) RC_ASSERT(fraction_crossed(m.swept, other) == 0.0);
}

constexpr std::array kMeasures{Measure::closest_edges, Measure::from_leader,
                               Measure::from_front_edge, Measure::centre_to_centre};

RC_GTEST_PROP(TabletopProperties, DistanceIsSymmetricAndNonNegative, ()) {
  const Footprint a = gen_footprint();
  const Footprint b = gen_footprint();
  for (const Measure m : {Measure::closest_edges, Measure::centre_to_centre}) {
    const double ab = distance(a, b, m);
    RC_ASSERT(ab >= 0.0);
    RC_ASSERT(std::abs(ab - distance(b, a, m)) <= 1e-9 * (1.0 + ab));
  }
  // Measured from a part of a, never shorter than between the closest edges.
  const double closest = distance(a, b, Measure::closest_edges);
  RC_ASSERT(distance(a, b, Measure::from_front_edge) >= closest - 1e-9);
  RC_ASSERT(distance(a, b, Measure::from_leader) >=
            distance(a, b, Measure::from_front_edge) - 1e-9);
}

RC_GTEST_PROP(TabletopProperties, ClosestEdgesIsBoostsPolygonDistance, ()) {
  // The corner fast path of far-apart units against the general algorithm,
  // with units near each other as often as far apart.
  const Footprint a = gen_footprint();
  const Footprint near =
      Footprint(a.leader() + 0.01 * *gen_point(), *gen_facing(), *gen_size(), *gen_size());
  const Footprint b = *rc::gen::element(0, 1) == 0 ? near : gen_footprint();
  const Polygon pa = a.polygon();
  const Polygon pb = b.polygon();
  const double d = distance(a, b, Measure::closest_edges);
  RC_ASSERT(std::abs(d - boost::geometry::distance(pa, pb)) <= 1e-9 * (1 + d));
}

RC_GTEST_PROP(TabletopProperties, RigidMotionChangesNoDistance, ()) {
  const Footprint a = gen_footprint();
  const Footprint b = gen_footprint();
  const double deg = *gen_facing();
  const Point t = *gen_point();
  for (const Measure m : kMeasures) {
    const double before = distance(a, b, m);
    const double after = distance(moved(a, deg, t), moved(b, deg, t), m);
    RC_ASSERT(std::abs(before - after) <= 1e-9 * 4000);
  }
}

RC_GTEST_PROP(TabletopProperties, QuarterTurnsAndShiftsChangeNoZone, ()) {
  // Quarter turns and shifts by eighths are exact in binary, so even a
  // point on a zone's boundary keeps its zone.
  const Footprint u = gen_footprint();
  const Point p = *gen_point();
  const Footprint other = gen_footprint();
  const double deg = 90.0 * *rc::gen::inRange(0, 4);
  const Point t = *gen_point();
  for (const ZoneRule rule : {ZoneRule::diagonals, ZoneRule::edge_lines}) {
    RC_ASSERT(zone_of(u, p, rule) == zone_of(moved(u, deg, t), moved(p, deg, t), rule));
    RC_ASSERT(zone_of(u, other, rule, ZoneReference::centre) ==
              zone_of(moved(u, deg, t), moved(other, deg, t), rule, ZoneReference::centre));
  }
}

RC_GTEST_PROP(TabletopProperties, AnyRigidMotionKeepsAClearZone, ()) {
  const Footprint u = gen_footprint();
  const Point p = u.leader() + Point{*gen_size() * 3 - 20, *gen_size() * 3 - 20};
  const double deg = *gen_facing();
  const Point t = *gen_point();
  for (const ZoneRule rule : {ZoneRule::diagonals, ZoneRule::edge_lines}) {
    const Zone z = zone_of(u, p, rule);
    // Points within rounding of a boundary may change sides: only clear ones.
    bool clear = true;
    for (const Point d : {Point{1e-6, 0}, Point{-1e-6, 0}, Point{0, 1e-6}, Point{0, -1e-6}})
      clear = clear && zone_of(u, p + d, rule) == z;
    RC_PRE(clear);
    RC_ASSERT(zone_of(moved(u, deg, t), moved(p, deg, t), rule) == z);
  }
}

RC_GTEST_PROP(TabletopProperties, ZonesPartitionThePlaneOutsideTheUnit, ()) {
  const Footprint u = gen_footprint();
  const double reach = 60.0;
  const ZoneRule rule = *rc::gen::element(ZoneRule::diagonals, ZoneRule::edge_lines);
  double total = 0.0;
  for (const Zone z : {Zone::front, Zone::right_flank, Zone::rear, Zone::left_flank})
    total += boost::geometry::area(zone_region(u, z, rule, reach));
  const double square = 4 * reach * reach;
  RC_ASSERT(std::abs(total + u.frontage() * u.depth() - square) <= 1e-6 * square);
  // A point clear of the boundaries lies in the region of its zone only.
  const Point p =
      u.centre() + Point{*rc::gen::inRange(-400, 401) / 8.0, *rc::gen::inRange(-400, 401) / 8.0};
  const Zone z = zone_of(u, p, rule);
  RC_PRE(z != Zone::inside);
  bool clear = true;
  for (const Point d : {Point{1e-6, 0}, Point{-1e-6, 0}, Point{0, 1e-6}, Point{0, -1e-6}})
    clear = clear && zone_of(u, p + d, rule) == z;
  RC_PRE(clear);
  for (const Zone other : {Zone::front, Zone::right_flank, Zone::rear, Zone::left_flank})
    RC_ASSERT(boost::geometry::within(p, zone_region(u, other, rule, reach)) == (other == z));
}

RC_GTEST_PROP(TabletopProperties, AStraightAdvanceOfDUsesD, ()) {
  const Footprint u = gen_footprint();
  const double d = *gen_coordinate() / 10;
  const StepResult r = apply_step(u, Step::advance(d));
  RC_ASSERT(r.distance == std::abs(d));
  RC_ASSERT(std::abs(length(r.end.leader() - u.leader()) - std::abs(d)) <=
            1e-9 * (1 + std::abs(d)));
  RC_ASSERT(r.end.facing() == u.facing());
}

RC_GTEST_PROP(TabletopProperties, AWheelUsesAngleTimesFrontage, ()) {
  const Footprint u = gen_footprint();
  const double deg = *rc::gen::inRange(-1800, 1801) / 10.0;
  const StepResult r = apply_step(u, Step::wheel(deg));
  RC_ASSERT(std::abs(r.distance - radians(std::abs(deg)) * u.frontage()) <=
            1e-12 * (1 + r.distance));
  // The pivot stays; the outer corner ends on the circle round it.
  const Point pivot = deg >= 0 ? u.front_right() : u.front_left();
  const Point pivot_after = deg >= 0 ? r.end.front_right() : r.end.front_left();
  const Point outer_after = deg >= 0 ? r.end.front_left() : r.end.front_right();
  RC_ASSERT(length(pivot_after - pivot) <= 1e-9 * 4000);
  RC_ASSERT(std::abs(length(outer_after - pivot) - u.frontage()) <= 1e-9 * 4000);
}

}  // namespace
}  // namespace umpire::tabletop

namespace umpire::tabletop {
namespace {

// Units in contact share an edge that rounding leaves almost collinear:
// the overlay work must neither find an overlap there nor lose the area.
RC_GTEST_PROP(TabletopProperties, ContactIsNoOverlapAndKeepsItsSide, ()) {
  const Footprint target = gen_footprint();
  const Footprint charger = gen_footprint();
  const Zone side = *rc::gen::element(Zone::front, Zone::right_flank, Zone::rear, Zone::left_flank);
  const Footprint in = contact_position(charger, target, side);
  RC_ASSERT(!overlap(in, target));
  RC_ASSERT(distance(in, target, Measure::closest_edges) <= 1e-9);
  const bool lengthwise = side == Zone::front || side == Zone::rear;
  RC_PRE(in.frontage() <= (lengthwise ? target.frontage() : target.depth()));
  RC_ASSERT(zone_of(target, in, ZoneRule::edge_lines, ZoneReference::greater_part) == side);
}

RC_GTEST_PROP(TabletopProperties, AUnitInTheWayIsCrossedWhole, ()) {
  const Footprint u = gen_footprint();
  const std::array steps{Step::advance(u.depth() * 3)};
  const MoveResult m = apply_move(u, steps);
  const Footprint ahead = u.placed(u.leader() + (u.depth() * 2) * u.ahead(), u.facing());
  RC_ASSERT(std::abs(fraction_crossed(m.swept, ahead) - 1.0) <= 1e-6);
}

}  // namespace
}  // namespace umpire::tabletop
