// Line of sight between units among blockers.
#include <gtest/gtest.h>

#include <chrono>
#include <vector>

#include "engine/geometry/tabletop/sight.hpp"
#include "tests/geometry/tabletop_support.hpp"
#include "tests/slowdown.hpp"

namespace umpire::tabletop {
namespace {

using testing::block;
using testing::unit_at;

Polygon box(double x0, double y0, double x1, double y1) {
  Polygon p;
  p.outer() = {{x0, y0}, {x0, y1}, {x1, y1}, {x1, y0}, {x0, y0}};
  return p;
}

// block() looks north at a unit 20" away (x 7..13, y 30..32).
Footprint target() {
  return unit_at(10, 30, 180, 6, 2);
}

TEST(TabletopSight, ClearWithoutBlockers) {
  const Sight s = line_of_sight(block(), target(), {});
  EXPECT_TRUE(s.visible);
  EXPECT_EQ(s.clear_fraction, 1.0);
  EXPECT_FALSE(s.blocked_by.has_value());
}

// A base written 4,294,967,297 mm wide (a hostile log) is a target of 169
// million inches: its edges are sampled at a bounded number of points, not
// every half inch (5 GB of points, half a minute).
TEST(TabletopSight, ATargetWiderThanAnyTableIsSampledBoundedly) {
  const auto start = std::chrono::steady_clock::now();
  const Sight s = line_of_sight(block(), unit_at(10, 30, 180, 1.7e8, 2), {});
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_TRUE(s.visible);
  EXPECT_LT(seconds, 5.0 * umpire::testing::slowdown);  // a hang, not a slow machine
}

TEST(TabletopSight, AWallAcrossBlocks) {
  const std::vector<Polygon> blockers{box(30, 0, 31, 1), box(5, 19, 15, 21)};
  const Sight s = line_of_sight(block(), target(), blockers);
  EXPECT_FALSE(s.visible);
  EXPECT_EQ(s.clear_fraction, 0.0);
  EXPECT_EQ(s.blocked_by, 1u);
}

TEST(TabletopSight, ANarrowBlockerHidesPart) {
  const std::vector<Polygon> blockers{box(9, 19, 11, 21)};
  const Sight s = line_of_sight(block(), target(), blockers);
  EXPECT_TRUE(s.visible);
  EXPECT_GT(s.clear_fraction, 0.0);
  EXPECT_LT(s.clear_fraction, 1.0);
}

TEST(TabletopSight, AskedOnlyWhetherSeenItAgreesAndStopsAtTheFirstClearLine) {
  const std::vector<Polygon> blockers{box(9, 19, 11, 21)};
  SightQuery q;
  q.visible_only = true;
  const Sight quick = line_of_sight(block(), target(), blockers, q);
  const Sight full = line_of_sight(block(), target(), blockers);
  EXPECT_EQ(quick.visible, full.visible);
  EXPECT_GT(quick.clear_fraction, full.clear_fraction);
  const std::vector<Polygon> wall{box(-50, 15, 50, 16)};
  EXPECT_FALSE(line_of_sight(block(), target(), wall, q).visible);
}

TEST(TabletopSight, FromTheWholeFrontEdgeSeesRoundABlocker) {
  // A blocker wide enough to hide the target from the leader, but not
  // from the front corners.
  const std::vector<Polygon> blockers{box(8, 11, 12, 12)};
  const Footprint small = unit_at(10, 14, 180, 2, 1);  // x 9..11, y 14..15
  EXPECT_FALSE(line_of_sight(block(), small, blockers, {SightFrom::leader}).visible);
  EXPECT_TRUE(line_of_sight(block(), small, blockers, {SightFrom::front_edge}).visible);
}

TEST(TabletopSight, GrazingAnEdgeDoesNotBlock) {
  // The line from the leader 10,10 to the target's point 10,30 runs along
  // the blocker's west edge.
  const std::vector<Polygon> blockers{box(10, 19, 12, 21), box(4, 19, 10, 21)};
  const Sight s = line_of_sight(block(), target(), blockers);
  EXPECT_TRUE(s.visible);
}

TEST(TabletopSight, OnlyInTheArc) {
  const Footprint behind = unit_at(10, -10, 0, 6, 2);
  EXPECT_FALSE(line_of_sight(block(), behind, {}).visible);
  EXPECT_TRUE(line_of_sight(block(), behind, {}, {SightFrom::leader, Arc::all_round}).visible);
  // Ahead but wide of the 90° fire arc.
  const Footprint wide = unit_at(40, 14, 180, 4, 2);
  EXPECT_TRUE(line_of_sight(block(), wide, {}).visible);
  EXPECT_FALSE(line_of_sight(block(), wide, {}, {SightFrom::leader, Arc::front_90}).visible);
}

TEST(TabletopSight, FirstBlockerOfASegment) {
  const std::vector<Polygon> blockers{box(0, 0, 1, 1), box(4, -1, 6, 1), box(8, -1, 9, 1)};
  EXPECT_EQ(first_blocker(Segment{{2, 0}, {10, 0}}, blockers), 1u);
  EXPECT_EQ(first_blocker(Segment{{2, 5}, {10, 5}}, blockers), std::nullopt);
}

}  // namespace
}  // namespace umpire::tabletop
