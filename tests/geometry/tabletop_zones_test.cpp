// Zones and arcs, hand-computed round block(): 6x2 facing north at 10,10.
#include <gtest/gtest.h>

#include "engine/geometry/tabletop/zones.hpp"
#include "tests/geometry/tabletop_support.hpp"

namespace umpire::tabletop {
namespace {

using testing::block;
using testing::unit_at;

TEST(TabletopZones, DiagonalsCutFourQuarters) {
  const Footprint u = block();
  // From the centre 10,9 the diagonals are |dx| = 3·dy.
  EXPECT_EQ(zone_of(u, Point{10, 12}, ZoneRule::diagonals), Zone::front);
  EXPECT_EQ(zone_of(u, Point{20, 13}, ZoneRule::diagonals), Zone::front);        // 10 ≤ 3·4
  EXPECT_EQ(zone_of(u, Point{20, 11}, ZoneRule::diagonals), Zone::right_flank);  // 10 > 3·2
  EXPECT_EQ(zone_of(u, Point{0, 11}, ZoneRule::diagonals), Zone::left_flank);
  EXPECT_EQ(zone_of(u, Point{15, 7}, ZoneRule::diagonals), Zone::rear);  // 5 ≤ 3·2
  EXPECT_EQ(zone_of(u, Point{15, 8.5}, ZoneRule::diagonals), Zone::right_flank);
  EXPECT_EQ(zone_of(u, Point{10, 9}, ZoneRule::diagonals), Zone::inside);
  EXPECT_EQ(zone_of(u, Point{13, 10}, ZoneRule::diagonals), Zone::inside);  // a corner
}

TEST(TabletopZones, OnADiagonalIsFront) {
  // 16,11 lies on the front right diagonal (6 = 3·2): the front wins.
  EXPECT_EQ(zone_of(block(), Point{16, 11}, ZoneRule::diagonals), Zone::front);
}

TEST(TabletopZones, EdgeLinesGiveA90DegreeFront) {
  const Footprint u = block();
  EXPECT_EQ(zone_of(u, Point{10, 12}, ZoneRule::edge_lines), Zone::front);
  EXPECT_EQ(zone_of(u, Point{20, 13}, ZoneRule::edge_lines), Zone::right_flank);  // 7 > 3
  EXPECT_EQ(zone_of(u, Point{16, 13}, ZoneRule::edge_lines), Zone::front);  // on the 45° line
  EXPECT_EQ(zone_of(u, Point{15, 7}, ZoneRule::edge_lines), Zone::rear);
  EXPECT_EQ(zone_of(u, Point{40, 7.9}, ZoneRule::edge_lines), Zone::rear);  // behind the rear line
  EXPECT_EQ(zone_of(u, Point{15, 8.5}, ZoneRule::edge_lines), Zone::right_flank);
  EXPECT_EQ(zone_of(u, Point{2, 9}, ZoneRule::edge_lines), Zone::left_flank);
}

TEST(TabletopZones, ZonesTurnWithTheUnit) {
  const Footprint east = unit_at(10, 10, 90, 6, 2);
  EXPECT_EQ(zone_of(east, Point{20, 10}, ZoneRule::diagonals), Zone::front);
  EXPECT_EQ(zone_of(east, Point{9, 0}, ZoneRule::diagonals), Zone::right_flank);
  EXPECT_EQ(zone_of(east, Point{0, 10}, ZoneRule::edge_lines), Zone::rear);
}

TEST(TabletopZones, AUnitByItsLeaderCentreOrGreaterPart) {
  // Facing west, 2 wide and 6 deep: it covers x 14..20, y 10..12. Its
  // leader 14,11 is in the front quarter (4 ≤ 3·2), its centre 17,11 in the
  // right flank (7 > 6); the front holds 25/6 square inches of its 12.
  const Footprint other = unit_at(14, 11, 270, 2, 6);
  const Footprint u = block();
  EXPECT_EQ(zone_of(u, other, ZoneRule::diagonals, ZoneReference::leader), Zone::front);
  EXPECT_EQ(zone_of(u, other, ZoneRule::diagonals, ZoneReference::centre), Zone::right_flank);
  EXPECT_EQ(zone_of(u, other, ZoneRule::diagonals, ZoneReference::greater_part), Zone::right_flank);
}

TEST(TabletopZones, CoincidentUnitsAreInside) {
  const Footprint u = block();
  EXPECT_EQ(zone_of(u, u, ZoneRule::diagonals, ZoneReference::greater_part), Zone::inside);
  EXPECT_EQ(zone_of(u, u, ZoneRule::edge_lines, ZoneReference::centre), Zone::inside);
}

TEST(TabletopZones, Arcs) {
  const Footprint u = block();
  EXPECT_TRUE(in_arc(u, Point{40, 10}, Arc::front_half_plane));  // on the front line
  EXPECT_FALSE(in_arc(u, Point{40, 10}, Arc::front_90));
  EXPECT_TRUE(in_arc(u, Point{16, 13}, Arc::front_90));
  EXPECT_FALSE(in_arc(u, Point{10, 5}, Arc::front_half_plane));
  EXPECT_TRUE(in_arc(u, Point{10, 5}, Arc::all_round));
  EXPECT_FALSE(in_arc(u, Point{10, 9}, Arc::front_half_plane));  // its own centre
  // A unit partly ahead is in the half-plane arc ("même partiellement").
  EXPECT_TRUE(in_arc(u, unit_at(30, 11, 0, 4, 4), Arc::front_half_plane));
  EXPECT_FALSE(in_arc(u, unit_at(30, 9, 0, 4, 4), Arc::front_half_plane));
  EXPECT_TRUE(in_arc(u, unit_at(18.5, 14, 180, 4, 2), Arc::front_90));  // corner 16.5,14 inside
  EXPECT_FALSE(in_arc(u, unit_at(30, 14, 180, 4, 2), Arc::front_90));
}

TEST(TabletopZones, RegionsAreClipped) {
  const Polygon front = zone_region(block(), Zone::front, ZoneRule::edge_lines, 100);
  EXPECT_FALSE(front.outer().empty());
}

}  // namespace
}  // namespace umpire::tabletop
