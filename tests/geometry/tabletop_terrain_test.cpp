// Terrain areas, obstacles and the table.
#include <gtest/gtest.h>

#include <array>
#include <boost/geometry/algorithms/area.hpp>
#include <limits>
#include <optional>

#include "engine/geometry/tabletop/movement.hpp"
#include "engine/geometry/tabletop/terrain.hpp"
#include "tests/geometry/tabletop_support.hpp"

namespace umpire::tabletop {
namespace {

using testing::block;
using testing::unit_at;

TEST(TabletopTerrain, RectAreaAsTheLogWritesIt) {
  const Area a = rect_area({10, 10}, 4, 2);
  EXPECT_NEAR(boost::geometry::area(a.shape), 8.0, 1e-12);
  const Area r = rect_area({10, 10}, 4, 2, 90);      // now 2 wide, 4 deep
  EXPECT_FALSE(enters(unit_at(12, 9, 0, 1, 1), r));  // x 11.5..12.5: east of x 9..11
  EXPECT_TRUE(enters(unit_at(10.5, 12, 0, 1, 1), r));
  EXPECT_THROW(rect_area({0, 0}, 0, 2), GeometryError);
}

TEST(TabletopTerrain, PolygonAreasAreCheckedAndCorrected) {
  const std::array anticlockwise{Point{0, 0}, Point{4, 0}, Point{4, 3}, Point{0, 3}};
  EXPECT_NEAR(boost::geometry::area(polygon_area(anticlockwise).shape), 12.0, 1e-12);
  const std::array two{Point{0, 0}, Point{4, 0}};
  EXPECT_THROW(polygon_area(two), GeometryError);
  const std::array bow_tie{Point{0, 0}, Point{2, 2}, Point{2, 0}, Point{0, 2}};
  EXPECT_THROW(polygon_area(bow_tie), GeometryError);
  const std::array collinear{Point{0, 0}, Point{1, 1}, Point{2, 2}};
  EXPECT_THROW(polygon_area(collinear), GeometryError);
}

TEST(TabletopTerrain, EnteringNeedsCommonArea) {
  const Footprint a = block();                        // x 7..13, y 8..10
  EXPECT_FALSE(enters(a, rect_area({14, 9}, 2, 2)));  // touching at x 13
  const Area wood = rect_area({13, 9}, 2, 2);
  EXPECT_TRUE(enters(a, wood));
  EXPECT_NEAR(fraction_inside(a, wood), 2.0 / 12, 1e-12);
}

TEST(TabletopTerrain, MostlyInsideWithinTheTolerance) {
  const Footprint a = block();  // x 7..13, y 8..10
  EXPECT_EQ(mostly_inside(a, rect_area({10, 9}, 20, 2), 0.5), std::optional<bool>(true));
  EXPECT_EQ(mostly_inside(a, rect_area({10, 20}, 20, 20), 0.5), std::optional<bool>(false));
  // Half of it inside (y 9..10): not more than half, but the tolerance
  // moves it either way.
  const Area half = rect_area({10, 14}, 20, 10);
  EXPECT_EQ(mostly_inside(a, half, 0.0), std::optional<bool>(false));
  EXPECT_FALSE(mostly_inside(a, half, 0.5).has_value());
}

TEST(TabletopTerrain, AnAreaBetweenTwoUnits) {
  const Footprint a = block();  // x 7..13, y 8..10, centre 10,9
  // Facing south across a wall 0.4" thick: y 10.4..12.4.
  const Footprint b = unit_at(10, 10.4, 180, 6, 2);
  const Area wall = rect_area({10, 10.2}, 12, 0.4);
  EXPECT_TRUE(lies_between(a, b, wall));
  EXPECT_TRUE(lies_between(b, a, wall));
  EXPECT_FALSE(lies_between(a, b, rect_area({30, 11}, 4, 0.4)));
}

TEST(TabletopTerrain, ObstaclesCrossedOnTheWay) {
  const std::array wall_points{Point{0, 12}, Point{20, 12}};
  const Obstacle wall = obstacle(wall_points);
  EXPECT_FALSE(crosses(block(), wall));
  EXPECT_TRUE(crosses(swept_area(block(), Step::advance(4)), wall));
  EXPECT_FALSE(crosses(swept_area(block(), Step::advance(1)), wall));
  const std::array one{Point{0, 12}};
  EXPECT_THROW(obstacle(one), GeometryError);
}

TEST(TabletopTerrain, SweptAreaEntersAnArea) {
  const Area river = rect_area({10, 15}, 40, 2);
  EXPECT_TRUE(enters(swept_area(block(), Step::advance(6)), river));
  EXPECT_FALSE(enters(swept_area(block(), Step::advance(3)), river));
}

TEST(TabletopTerrain, TableEdges) {
  const Table t(72, 48);
  EXPECT_TRUE(t.contains(block()));
  EXPECT_EQ(t.overhang(block()), 0.0);
  const Footprint off = unit_at(2, 10, 0, 6, 2);  // x -1..5
  EXPECT_FALSE(t.contains(off));
  EXPECT_DOUBLE_EQ(t.overhang(off), 1.0);
  EXPECT_TRUE(t.contains(unit_at(3, 2, 0, 6, 2)));  // touching two edges
  EXPECT_EQ(t.nearest_edge({10, 40}), TableEdge::north);
  EXPECT_EQ(t.nearest_edge({5, 24}), TableEdge::west);
  EXPECT_EQ(t.nearest_edge({70, 24}), TableEdge::east);
  EXPECT_EQ(t.nearest_edge({10, 10}), TableEdge::south);  // 10 south, 10 west: south first
  EXPECT_DOUBLE_EQ(t.distance_to_edge({10, 40}, TableEdge::north), 8.0);
  EXPECT_THROW(Table(0, 48), GeometryError);
  EXPECT_THROW(Table(72, std::numeric_limits<double>::quiet_NaN()), GeometryError);
}

}  // namespace
}  // namespace umpire::tabletop
