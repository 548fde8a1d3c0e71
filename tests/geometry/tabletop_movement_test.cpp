// Moves: steps, their distances, their end places, what they sweep.
#include <gtest/gtest.h>

#include <array>
#include <boost/geometry/algorithms/area.hpp>
#include <boost/geometry/algorithms/within.hpp>
#include <cmath>
#include <limits>

#include "engine/geometry/tabletop/movement.hpp"
#include "tests/geometry/tabletop_support.hpp"

namespace umpire::tabletop {
namespace {

using testing::block;
using testing::expect_point;
using testing::unit_at;

TEST(TabletopMovement, AdvanceBackAndSidestep) {
  const StepResult a = apply_step(block(), Step::advance(4));
  expect_point(a.end.leader(), 10, 14);
  EXPECT_EQ(a.distance, 4.0);
  const StepResult b = apply_step(block(), Step::advance(-6));  // give ground
  expect_point(b.end.leader(), 10, 4);
  EXPECT_EQ(b.end.facing(), 0.0);
  EXPECT_EQ(b.distance, 6.0);
  const StepResult s = apply_step(block(), Step::sidestep(-2));
  expect_point(s.end.leader(), 8, 10);
  EXPECT_EQ(s.distance, 2.0);
  const StepResult o = apply_step(block(), Step::oblique(5, 90));
  expect_point(o.end.leader(), 15, 10);
  EXPECT_EQ(o.end.facing(), 0.0);
}

TEST(TabletopMovement, WheelClockwisePivotsOnTheRightCorner) {
  const StepResult w = apply_step(block(), Step::wheel(90));
  expect_point(w.end.front_right(), 13, 10);
  expect_point(w.end.front_left(), 13, 16);
  expect_point(w.end.leader(), 13, 13);
  EXPECT_EQ(w.end.facing(), 90.0);
  EXPECT_NEAR(w.distance, 3 * kPi, 1e-12);  // a quarter circle of radius 6
}

TEST(TabletopMovement, WheelAnticlockwisePivotsOnTheLeftCorner) {
  const StepResult w = apply_step(block(), Step::wheel(-45));
  expect_point(w.end.front_left(), 7, 10);
  EXPECT_EQ(w.end.facing(), 315.0);
  EXPECT_NEAR(w.distance, 6 * kPi / 4, 1e-12);
}

TEST(TabletopMovement, QuarterTurnSwapsFrontageAndDepth) {
  const StepResult t = apply_step(block(), Step::turn(90));
  EXPECT_EQ(t.distance, 0.0);
  EXPECT_TRUE(t.is_turn);
  EXPECT_EQ(t.end.frontage(), 2.0);
  EXPECT_EQ(t.end.depth(), 6.0);
  expect_point(t.end.leader(), 13, 9);
  expect_point(t.end.centre(), 10, 9);
  expect_point(t.end.front_left(), 13, 10);
  const StepResult about = apply_step(block(), Step::turn(180));
  expect_point(about.end.leader(), 10, 8);
  EXPECT_EQ(about.end.facing(), 180.0);
  EXPECT_EQ(about.end.frontage(), 6.0);
}

TEST(TabletopMovement, AMoveSumsItsSteps) {
  const std::array steps{Step::advance(2), Step::wheel(90), Step::advance(3), Step::turn(180)};
  const MoveResult m = apply_move(block(), steps);
  ASSERT_EQ(m.per_step.size(), 4u);
  EXPECT_NEAR(m.distance, 5 + 3 * kPi, 1e-12);
  EXPECT_EQ(m.turns, 1);
  EXPECT_EQ(m.end.facing(), 270.0);
  // After the wheel the leader is at 13,15 facing east; 3" on: 16,15; the
  // about-turn about the centre 15,15 puts it at 14,15.
  expect_point(m.end.leader(), 14, 15);
}

TEST(TabletopMovement, SweptAreaOfAnAdvanceIsTheHull) {
  const MultiPolygon s = swept_area(block(), Step::advance(4));
  EXPECT_NEAR(boost::geometry::area(s), 36.0, 1e-9);  // 6 wide, 2 + 4 long
}

TEST(TabletopMovement, SweptAreaOfAWheelCoversTheArc) {
  const MultiPolygon s = swept_area(block(), Step::wheel(90));
  // Halfway round, the outer corner is 6" from the pivot at 45°.
  const Point mid{13 - 5.99 * std::sqrt(0.5), 10 + 5.99 * std::sqrt(0.5)};
  EXPECT_TRUE(boost::geometry::within(mid, s));
  EXPECT_FALSE(
      boost::geometry::within(Point{13 - 6.5 * std::sqrt(0.5), 10 + 6.5 * std::sqrt(0.5)}, s));
  // The rear corner 7,8 swings at sqrt(40) from the pivot: the sweep lies
  // between the quarter disc of radius 6 and that of sqrt(40) plus the
  // start and end footprints.
  const double a = boost::geometry::area(s);
  EXPECT_GT(a, 9 * kPi);
  EXPECT_LT(a, 10 * kPi + 24);
}

TEST(TabletopMovement, FractionCrossed) {
  const std::array steps{Step::advance(10)};
  const MoveResult m = apply_move(block(), steps);  // sweeps x 7..13, y 8..20
  EXPECT_NEAR(fraction_crossed(m.swept, unit_at(14, 15, 0, 6, 2)), 1.0 / 3, 1e-9);
  EXPECT_EQ(fraction_crossed(m.swept, unit_at(16, 15, 0, 6, 2)), 0.0);  // alongside
  EXPECT_NEAR(fraction_crossed(m.swept, unit_at(10, 15, 0, 6, 2)), 1.0, 1e-9);
  // The cheap test before the overlay: apart, crossed, and touching.
  EXPECT_FALSE(may_cross(m.swept, unit_at(20, 15, 0, 6, 2)));
  EXPECT_TRUE(may_cross(m.swept, unit_at(14, 15, 0, 6, 2)));
  EXPECT_TRUE(may_cross(m.swept, unit_at(16, 15, 0, 6, 2)));
}

TEST(TabletopMovement, ZeroAndBadSteps) {
  const StepResult z = apply_step(block(), Step::advance(0));
  expect_point(z.end.leader(), 10, 10);
  EXPECT_EQ(z.distance, 0.0);
  EXPECT_EQ(apply_step(block(), Step::wheel(0)).distance, 0.0);
  EXPECT_THROW(apply_step(block(), Step::advance(std::numeric_limits<double>::infinity())),
               GeometryError);
  EXPECT_THROW(apply_step(block(), Step::wheel(std::nan(""))), GeometryError);
}

}  // namespace
}  // namespace umpire::tabletop
