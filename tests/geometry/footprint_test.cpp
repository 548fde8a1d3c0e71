// The two-hex extended line: placement, pivoting, zones, distance.
#include "engine/geometry/hex/footprint.hpp"

#include <gtest/gtest.h>

#include "engine/geometry/hex/ranges.hpp"
#include "test_support.hpp"

namespace umpire::hex {
namespace {

using testing::at;

TEST(Footprint, HalvesStandSideBySide) {
  EXPECT_EQ(extended_line_partner(at("5,7"), Facing::n, Side::right), at("6,7"));
  EXPECT_EQ(extended_line_partner(at("5,7"), Facing::n, Side::left), at("4,7"));
  EXPECT_TRUE(is_extended_line(at("5,7"), at("6,7"), Facing::n));
  EXPECT_TRUE(is_extended_line(at("6,7"), at("5,7"), Facing::n));
  EXPECT_FALSE(is_extended_line(at("5,7"), at("5,8"), Facing::n)) << "one behind the other";
  EXPECT_TRUE(is_extended_line(at("5,7"), at("5,8"), Facing::se)) << "a sw-ne line faces se or nw";
  EXPECT_TRUE(is_extended_line(at("5,7"), at("5,8"), Facing::nw));
}

TEST(Footprint, PivotingSixtyDegreesKeepsTheHalvesSideBySide) {
  // § Orientation des unités: one half turns in place, the other around it.
  const Hex pivot = at("5,7");
  Hex partner = at("6,7");
  Facing f = Facing::n;
  for (int turn = 0; turn < 6; ++turn) {
    partner = rotate_extended_line(pivot, partner, 1);
    f = rotate(f, 1);
    EXPECT_TRUE(is_extended_line(pivot, partner, f));
    EXPECT_EQ(partner, extended_line_partner(pivot, f, Side::right));
  }
  EXPECT_EQ(partner, at("6,7"));
  EXPECT_EQ(rotate_extended_line(pivot, at("6,7"), 1), at("5,6"));
  // The about-face keeps both hexes; the halves swap sides.
  EXPECT_TRUE(is_extended_line(pivot, at("6,7"), opposite(Facing::n)));
  EXPECT_EQ(extended_line_partner(pivot, Facing::s, Side::left), at("6,7"));
}

TEST(Footprint, ZonesOfATwoHexUnitPartitionThePlane) {
  const Hex a = at("8,6");
  for (Facing f : kFacings) {
    const Footprint line(a, extended_line_partner(a, f, Side::right));
    ASSERT_EQ(line.size(), 2);
    for (Hex h : disc(a, 7)) {
      const Zone z = zone_of(line, f, h);
      if (line.contains(h)) {
        EXPECT_EQ(z, Zone::own);
        continue;
      }
      const Zone za = zone_of(line[0], f, h);
      const Zone zb = zone_of(line[1], f, h);
      const bool any_front = za == Zone::front || zb == Zone::front;
      const bool any_rear = za == Zone::rear || zb == Zone::rear;
      EXPECT_FALSE(any_front && any_rear) << "front and rear cones overlap at " << to_string(h);
      if (!any_front && !any_rear) {
        EXPECT_EQ(za, zb) << "halves disagree on the flank of " << to_string(h);
      }
      EXPECT_EQ(z, any_front ? Zone::front : any_rear ? Zone::rear : za);
    }
  }
}

TEST(Footprint, FrontOfALineFacingNorthIsThreeHexesWide) {
  const Footprint line(at("5,7"), at("6,7"));
  int front = 0;
  for (Hex h : ring(at("5,7"), 1))
    if (zone_of(line, Facing::n, h) == Zone::front) ++front;
  for (Hex h : ring(at("6,7"), 1))
    if (zone_of(line, Facing::n, h) == Zone::front && distance(at("5,7"), h) > 1) ++front;
  EXPECT_EQ(front, 3);  // 4,8 5,8 6,8
  EXPECT_EQ(zone_of(line, Facing::n, at("7,7")), Zone::right_flank);
  EXPECT_EQ(zone_of(line, Facing::n, at("4,7")), Zone::left_flank);
  EXPECT_EQ(zone_of(line, Facing::n, at("6,6")), Zone::rear);
}

TEST(Footprint, DistanceIsTheNearestPair) {
  const Footprint line(at("5,7"), at("6,7"));
  EXPECT_EQ(distance(line, at("9,7")), 3);
  EXPECT_EQ(distance(line, at("2,7")), 3);
  EXPECT_EQ(distance(line, Footprint(at("8,7"), at("9,7"))), 2);
  EXPECT_EQ(Footprint(at("5,7")).size(), 1);
  EXPECT_EQ(Footprint(at("5,7"), at("5,7")).size(), 1);
}

TEST(Footprint, EntirelyInAFlank) {
  const Footprint u(at("5,7"));
  EXPECT_TRUE(entirely_in(u, Facing::n, Footprint(at("7,7"), at("8,7")), Zone::right_flank));
  EXPECT_FALSE(entirely_in(u, Facing::n, Footprint(at("6,7"), at("5,8")), Zone::right_flank))
      << "5,8 is a front hex";
  EXPECT_TRUE(entirely_in(u, Facing::n, Footprint(at("6,7"), at("6,8")), Zone::right_flank));
}

}  // namespace
}  // namespace umpire::hex
