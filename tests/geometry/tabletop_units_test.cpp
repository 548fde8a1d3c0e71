// Units as rectangles: corners, edges, frames, bad input.
#include <gtest/gtest.h>

#include <boost/geometry/algorithms/area.hpp>
#include <boost/geometry/algorithms/within.hpp>
#include <cmath>
#include <limits>

#include "engine/geometry/tabletop/units.hpp"
#include "tests/geometry/tabletop_support.hpp"

namespace umpire::tabletop {
namespace {

using testing::block;
using testing::expect_point;
using testing::unit_at;

TEST(TabletopUnits, CornersFacingNorth) {
  const Footprint f = block();
  expect_point(f.front_left(), 7, 10);
  expect_point(f.front_right(), 13, 10);
  expect_point(f.rear_left(), 7, 8);
  expect_point(f.rear_right(), 13, 8);
  expect_point(f.centre(), 10, 9);
  ASSERT_EQ(f.polygon().outer().size(), 5u);
}

TEST(TabletopUnits, CornersFacingEast) {
  const Footprint f = unit_at(10, 10, 90, 6, 2);
  expect_point(f.front_left(), 10, 13);
  expect_point(f.front_right(), 10, 7);
  expect_point(f.rear_left(), 8, 13);
  expect_point(f.rear_right(), 8, 7);
  expect_point(f.centre(), 9, 10);
}

TEST(TabletopUnits, EdgesRunClockwise) {
  const Footprint f = block();
  const Segment front = f.edge(Edge::front);
  expect_point(front.first, 7, 10);
  expect_point(front.second, 13, 10);
  const Segment right = f.edge(Edge::right);
  expect_point(right.first, 13, 10);
  expect_point(right.second, 13, 8);
  const Segment rear = f.edge(Edge::rear);
  expect_point(rear.first, 13, 8);
  expect_point(rear.second, 7, 8);
  const Segment left = f.edge(Edge::left);
  expect_point(left.first, 7, 8);
  expect_point(left.second, 7, 10);
}

TEST(TabletopUnits, LocalFrameRoundTrips) {
  const Footprint f = unit_at(3.5, -2, 37.5, 4, 3);
  const Point p{11.25, 4.75};
  const Local l = f.to_local(p);
  const Point back = f.from_local(l);
  EXPECT_NEAR(back.x(), p.x(), 1e-12);
  EXPECT_NEAR(back.y(), p.y(), 1e-12);
  const Local c = f.to_local(f.centre());
  EXPECT_NEAR(c.lateral, 0.0, 1e-12);
  EXPECT_NEAR(c.forward, -1.5, 1e-12);
}

TEST(TabletopUnits, FacingIsNormalised) {
  EXPECT_EQ(unit_at(0, 0, -90, 1, 1).facing(), 270.0);
  EXPECT_EQ(unit_at(0, 0, 720, 1, 1).facing(), 0.0);
}

TEST(TabletopUnits, BadInputIsRejectedByName) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  EXPECT_THROW(unit_at(nan, 0, 0, 1, 1), GeometryError);
  EXPECT_THROW(unit_at(0, inf, 0, 1, 1), GeometryError);
  EXPECT_THROW(unit_at(0, 0, nan, 1, 1), GeometryError);
  EXPECT_THROW(unit_at(0, 0, 0, inf, 1), GeometryError);
  try {
    unit_at(0, 0, 0, 0, 1);
    FAIL() << "a zero frontage was accepted";
  } catch (const GeometryError& e) {
    EXPECT_STREQ(e.what(), "the unit's frontage 0\" is not positive");
  }
  EXPECT_THROW(unit_at(0, 0, 0, 1, -2), GeometryError);
  try {
    unit_at(nan, 0, 0, 1, 1);
  } catch (const GeometryError& e) {
    EXPECT_STREQ(e.what(), "the unit's position has a coordinate that is not a finite number");
  }
}

TEST(TabletopUnits, OverlapNeedsCommonArea) {
  const Footprint a = block();
  EXPECT_TRUE(overlap(a, a));  // two units at the same place
  EXPECT_TRUE(overlap(a, unit_at(12, 10, 0, 6, 2)));
  EXPECT_FALSE(overlap(a, unit_at(16, 10, 0, 6, 2)));    // side by side, edges touching
  EXPECT_FALSE(overlap(a, unit_at(10, 10, 180, 6, 2)));  // front to front, in contact
  EXPECT_FALSE(overlap(a, unit_at(30, 10, 0, 6, 2)));
}

// The hull of two units facing each other 10" apart is the 6"-wide band
// between their rear edges; a unit offset sideways widens it.
TEST(TabletopUnits, HullSpansBothUnits) {
  const Footprint a = unit_at(10, 10, 0, 6, 2);
  const Footprint b = unit_at(10, 20, 180, 6, 2);
  EXPECT_NEAR(boost::geometry::area(hull(a, b)), 6.0 * 14.0, 1e-9);
  // Offset 6" east: the hull's slanted sides run from corner to corner.
  const Footprint c = unit_at(16, 20, 180, 6, 2);
  const Polygon h = hull(a, c);
  EXPECT_NEAR(boost::geometry::area(h), 96.0, 1e-9);
  EXPECT_TRUE(boost::geometry::within(Point(13, 15), h));
  EXPECT_FALSE(boost::geometry::within(Point(8, 15), h));
}

TEST(TabletopUnits, HugeCoordinatesStayExactEnough) {
  const Footprint f = unit_at(1e9, -1e9, 0, 6, 2);
  EXPECT_EQ(f.front_right().x(), 1e9 + 3);
  EXPECT_EQ(f.rear_right().y(), -1e9 - 2);
}

}  // namespace
}  // namespace umpire::tabletop
