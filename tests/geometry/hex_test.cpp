// Hex values, distance, neighbours, rotation, rings and rows.
#include "engine/geometry/hex/hex.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <unordered_set>

#include "engine/geometry/hex/ranges.hpp"
#include "test_support.hpp"

namespace umpire::hex {
namespace {

using testing::at;
using testing::names;

TEST(Hex, NeighboursOfAnOddRowHexInLogCoordinates) {
  // Row 7 is odd: rows 6 and 8 sit half a hex further east.
  const Hex h = at("5,7");
  EXPECT_EQ(to_string(neighbour(h, Direction::ne)), "5,8");
  EXPECT_EQ(to_string(neighbour(h, Direction::e)), "6,7");
  EXPECT_EQ(to_string(neighbour(h, Direction::se)), "5,6");
  EXPECT_EQ(to_string(neighbour(h, Direction::sw)), "4,6");
  EXPECT_EQ(to_string(neighbour(h, Direction::w)), "4,7");
  EXPECT_EQ(to_string(neighbour(h, Direction::nw)), "4,8");
}

TEST(Hex, NeighboursOfAnEvenRowHexInLogCoordinates) {
  const Hex h = at("4,8");
  EXPECT_EQ(to_string(neighbour(h, Direction::ne)), "5,9");
  EXPECT_EQ(to_string(neighbour(h, Direction::e)), "5,8");
  EXPECT_EQ(to_string(neighbour(h, Direction::se)), "5,7");
  EXPECT_EQ(to_string(neighbour(h, Direction::sw)), "4,7");
  EXPECT_EQ(to_string(neighbour(h, Direction::w)), "3,8");
  EXPECT_EQ(to_string(neighbour(h, Direction::nw)), "4,9");
}

TEST(Hex, DistanceCountsOneEndOnly) {
  // § Comment mesurer la distance: neighbours are 1 apart, a hex is 0 from itself.
  EXPECT_EQ(distance(at("5,7"), at("5,7")), 0);
  for (Direction d : kDirections) EXPECT_EQ(distance(at("5,7"), neighbour(at("5,7"), d)), 1);
  EXPECT_EQ(distance(at("1,13"), at("5,13")), 4);   // along a row
  EXPECT_EQ(distance(at("5,7"), at("5,11")), 4);    // straight north: zig-zag of 4 rows
  EXPECT_EQ(distance(at("5,7"), at("3,11")), 4);    // along the nw row
  EXPECT_EQ(distance(at("5,7"), at("7,11")), 4);    // along the ne row
  EXPECT_EQ(distance(at("5,7"), at("8,11")), 5);    // one beyond the ne row
  EXPECT_EQ(distance(at("1,13"), at("10,4")), 14);  // 9 rows south-east gain 4 columns, 5 more east
}

TEST(Hex, OppositeDirectionsCancel) {
  for (Direction d : kDirections) {
    EXPECT_EQ(vector_of(d) + vector_of(opposite(d)), (Hex{0, 0}));
    EXPECT_EQ(rotate(d, 6), d);
    EXPECT_EQ(rotate(d, -1), rotate(d, 5));
  }
}

TEST(Hex, RotatingAVectorTurnsItsDirection) {
  for (Direction d : kDirections)
    for (int k = -7; k <= 7; ++k) EXPECT_EQ(rotate(vector_of(d), k), vector_of(rotate(d, k)));
}

TEST(Hex, DirectionBetweenEveryNeighbourAndNoOtherHex) {
  const Hex h = at("5,7");
  for (Direction d : kDirections) EXPECT_EQ(direction_between(h, neighbour(h, d)), d);
  // The differences of -1, 0 or 1 in q and r that are not a neighbour's.
  EXPECT_EQ(direction_between(h, h), std::nullopt);
  EXPECT_EQ(direction_between(h, h + Hex{1, 1}), std::nullopt);
  EXPECT_EQ(direction_between(h, h + Hex{-1, -1}), std::nullopt);
  EXPECT_EQ(direction_between(h, h + Hex{2, -1}), std::nullopt);
}

TEST(Hex, DirectionBetweenNeighboursAndAlongRows) {
  EXPECT_EQ(direction_between(at("5,7"), at("4,8")), Direction::nw);
  EXPECT_EQ(direction_between(at("5,7"), at("5,9")), std::nullopt);
  EXPECT_EQ(straight_direction(at("5,7"), at("8,7")), Direction::e);
  EXPECT_EQ(straight_direction(at("5,7"), at("3,11")), Direction::nw);
  EXPECT_EQ(straight_direction(at("5,7"), at("5,9")), std::nullopt);  // not a hex row
  EXPECT_EQ(straight_direction(at("5,7"), at("5,7")), std::nullopt);
}

TEST(Hex, RingsHaveSixTimesRadiusHexesAllAtThatDistance) {
  const Hex c = at("9,5");
  EXPECT_EQ(ring(c, 0), std::vector<Hex>{c});
  EXPECT_TRUE(ring(c, -1).empty());
  for (int radius = 1; radius <= 6; ++radius) {
    const std::vector<Hex> r = ring(c, radius);
    ASSERT_EQ(r.size(), static_cast<std::size_t>(6 * radius));
    std::set<Hex> unique(r.begin(), r.end());
    EXPECT_EQ(unique.size(), r.size());
    for (std::size_t i = 0; i < r.size(); ++i) {
      EXPECT_EQ(distance(c, r[i]), radius);
      EXPECT_EQ(distance(r[i], r[(i + 1) % r.size()]), 1) << "ring is a closed walk";
    }
    EXPECT_EQ(r.front(), step(c, Direction::w, radius));
  }
}

TEST(Hex, RingOneIsClockwiseFromTheWest) {
  EXPECT_EQ(names(ring(at("5,7"), 1)),
            (std::vector<std::string>{"4,7", "4,8", "5,8", "6,7", "5,6", "4,6"}));
}

TEST(Hex, DiscHoldsEveryHexWithinTheRadius) {
  const Hex c = at("6,8");
  const std::vector<Hex> d = disc(c, 4);
  EXPECT_EQ(d.size(), 1u + 3u * 4u * 5u);
  std::set<Hex> in(d.begin(), d.end());
  EXPECT_EQ(in.size(), d.size());
  for (int q = -8; q <= 8; ++q)
    for (int r = -8; r <= 8; ++r) {
      const Hex h = c + Hex{q, r};
      EXPECT_EQ(in.count(h) == 1, distance(c, h) <= 4);
    }
}

TEST(Hex, HashSeparatesNearbyHexes) {
  std::unordered_set<Hex, HexHash> seen;
  for (Hex h : disc(Hex{0, 0}, 10)) seen.insert(h);
  EXPECT_EQ(seen.size(), disc(Hex{0, 0}, 10).size());
  EXPECT_EQ(seen.count(Hex{3, -2}), 1u);
  EXPECT_EQ(seen.count(Hex{11, 0}), 0u);
  EXPECT_NE(HexHash{}(Hex{1, 2}), HexHash{}(Hex{2, 1}));
}

TEST(Hex, RowsGoStraight) {
  EXPECT_EQ(names(row(at("5,7"), Direction::e, 3)),
            (std::vector<std::string>{"5,7", "6,7", "7,7", "8,7"}));
  EXPECT_EQ(names(row(at("5,7"), Direction::ne, 2)),
            (std::vector<std::string>{"5,7", "5,8", "6,9"}));
  EXPECT_TRUE(row(at("5,7"), Direction::e, -1).empty());
}

}  // namespace
}  // namespace umpire::hex
