// Distances the texts' ways, hand-computed.
#include <gtest/gtest.h>

#include <cmath>

#include "engine/geometry/tabletop/measure.hpp"
#include "engine/geometry/tabletop/movement.hpp"
#include "tests/geometry/tabletop_support.hpp"

namespace umpire::tabletop {
namespace {

using testing::block;
using testing::unit_at;

TEST(TabletopMeasure, FaceToFace) {
  // Facing south at 10,20: it covers y 20..22, 10" from block()'s front.
  const Footprint a = block();
  const Footprint b = unit_at(10, 20, 180, 6, 2);
  EXPECT_DOUBLE_EQ(distance(a, b, Measure::closest_edges), 10.0);
  EXPECT_DOUBLE_EQ(distance(a, b, Measure::from_leader), 10.0);
  EXPECT_DOUBLE_EQ(distance(a, b, Measure::from_front_edge), 10.0);
  EXPECT_DOUBLE_EQ(distance(a, b, Measure::centre_to_centre), 12.0);
}

TEST(TabletopMeasure, FromTheAreaOfAMove) {
  // block() advances 10": its way covers x 7..13, y 8..20 and passes 4"
  // from a unit at x 17..23, y 14..16, which its start (4√2") and its end
  // (√20") are further from.
  const Footprint a = block();
  const Footprint b = unit_at(20, 14, 180, 6, 2);
  const Step steps[] = {Step::advance(10)};
  const MoveResult m = apply_move(a, steps);
  EXPECT_NEAR(distance(a, b, Measure::closest_edges), 4 * std::sqrt(2.0), 1e-12);
  EXPECT_NEAR(distance(m.end, b, Measure::closest_edges), std::sqrt(20.0), 1e-12);
  EXPECT_NEAR(distance(m.swept, b), 4.0, 1e-9);
  EXPECT_NEAR(distance(m.swept, Point(16, 12)), 3.0, 1e-9);
  EXPECT_DOUBLE_EQ(distance(m.swept, Point(10, 15)), 0.0);
  EXPECT_THROW((void)distance(MultiPolygon{}, b), GeometryError);
}

TEST(TabletopMeasure, OffsetCornerToCorner) {
  // x 17..23, y 14..16: nearest corners 13,10 and 17,14.
  const Footprint a = block();
  const Footprint b = unit_at(20, 14, 180, 6, 2);
  EXPECT_NEAR(distance(a, b, Measure::closest_edges), 4 * std::sqrt(2.0), 1e-12);
  EXPECT_NEAR(distance(a, b, Measure::from_front_edge), 4 * std::sqrt(2.0), 1e-12);
  EXPECT_NEAR(distance(a, b, Measure::from_leader), std::sqrt(65.0), 1e-12);
  EXPECT_NEAR(distance(a, b, Measure::centre_to_centre), std::sqrt(136.0), 1e-12);
}

TEST(TabletopMeasure, FromTheFrontEdgeIgnoresTheRear) {
  // Behind block(): 1" from its rear edge, 3" from its front edge.
  const Footprint a = block();
  const Footprint b = unit_at(10, 5, 180, 6, 2);  // y 5..7
  EXPECT_DOUBLE_EQ(distance(a, b, Measure::closest_edges), 1.0);
  EXPECT_DOUBLE_EQ(distance(a, b, Measure::from_front_edge), 3.0);
}

TEST(TabletopMeasure, ContactAndOverlapAreZero) {
  const Footprint a = block();
  EXPECT_EQ(distance(a, unit_at(10, 10, 180, 6, 2), Measure::closest_edges), 0.0);
  EXPECT_EQ(distance(a, a, Measure::closest_edges), 0.0);
  EXPECT_EQ(distance(a, a, Measure::centre_to_centre), 0.0);
}

TEST(TabletopMeasure, ToAPointAreaAndLine) {
  const Footprint a = block();
  EXPECT_DOUBLE_EQ(distance(a, Point{10, 22}, Measure::closest_edges), 12.0);  // a general
  EXPECT_DOUBLE_EQ(distance(a, Point{10, 9}, Measure::closest_edges), 0.0);
  EXPECT_DOUBLE_EQ(distance(a, Point{16, 14}, Measure::closest_edges), 5.0);  // 3-4-5 from 13,10
  Polygon wood;
  wood.outer() = {{20, 0}, {20, 20}, {30, 20}, {30, 0}, {20, 0}};
  EXPECT_DOUBLE_EQ(distance(a, wood, Measure::closest_edges), 7.0);
  EXPECT_DOUBLE_EQ(distance(a, wood, Measure::from_leader), 10.0);
  const Linestring wall{{0, 15}, {40, 15}};
  EXPECT_DOUBLE_EQ(distance(a, wall, Measure::from_front_edge), 5.0);
  EXPECT_DOUBLE_EQ(distance(a, wall, Measure::centre_to_centre), 6.0);
}

TEST(TabletopMeasure, NearestPoints) {
  const Footprint a = block();
  const Point p = nearest_point(a, Point{20, 20});
  EXPECT_DOUBLE_EQ(p.x(), 13.0);
  EXPECT_DOUBLE_EQ(p.y(), 10.0);
  const Point q = nearest_point(Segment{{0, 0}, {10, 0}}, Point{4, 7});
  EXPECT_DOUBLE_EQ(q.x(), 4.0);
  EXPECT_DOUBLE_EQ(q.y(), 0.0);
  const Point r = nearest_point(Segment{{1, 1}, {1, 1}}, Point{4, 7});  // a point segment
  EXPECT_DOUBLE_EQ(r.x(), 1.0);
}

TEST(TabletopMeasure, NonFinitePointIsRejected) {
  EXPECT_THROW(distance(block(), Point{std::nan(""), 0}, Measure::closest_edges), GeometryError);
}

}  // namespace
}  // namespace umpire::tabletop
