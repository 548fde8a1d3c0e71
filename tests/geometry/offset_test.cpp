// Log coordinates `column,row` <-> axial hexes, and their written form.
#include "engine/geometry/hex/offset.hpp"

#include <gtest/gtest.h>

#include "engine/geometry/hex/text.hpp"

namespace umpire::hex {
namespace {

TEST(Offset, SouthWestHexIsTheOrigin) {
  EXPECT_EQ(from_offset({1, 1}), (Hex{0, 0}));
  EXPECT_EQ(to_offset(Hex{0, 0}), (OffsetCoord{1, 1}));
}

TEST(Offset, RowsGrowNorthAndEvenRowsSitHalfAHexEast) {
  // 1,2 is north-east of 1,1 (row 2 sits half a hex east of row 1); 0,2 is
  // north-west of it; 1,3 is straight north, two rows up.
  EXPECT_EQ(from_offset({1, 2}), neighbour(Hex{0, 0}, Direction::ne));
  EXPECT_EQ(from_offset({0, 2}), neighbour(Hex{0, 0}, Direction::nw));
  EXPECT_EQ(from_offset({1, 3}), neighbour(neighbour(Hex{0, 0}, Direction::nw), Direction::ne));
  EXPECT_EQ(from_offset({2, 1}), neighbour(Hex{0, 0}, Direction::e));
  EXPECT_EQ(from_offset({5, 7}), (Hex{7, -6}));
}

TEST(Offset, RoundTripIncludingOffTableCoordinates) {
  for (int col = -9; col <= 30; ++col)
    for (int row = -9; row <= 30; ++row) {
      const OffsetCoord c{col, row};
      EXPECT_EQ(to_offset(from_offset(c)), c);
    }
  for (int q = -20; q <= 20; ++q)
    for (int r = -20; r <= 20; ++r) EXPECT_EQ(from_offset(to_offset(Hex{q, r})), (Hex{q, r}));
}

TEST(Offset, WrittenForm) {
  EXPECT_EQ(to_string(OffsetCoord{5, 7}), "5,7");
  EXPECT_EQ(to_string(Hex{7, -6}), "5,7");
  EXPECT_EQ(parse_offset("5,7"), (OffsetCoord{5, 7}));
  EXPECT_EQ(parse_offset("12,-3"), (OffsetCoord{12, -3}));
  EXPECT_EQ(parse_offset("5, 7"), std::nullopt);
  EXPECT_EQ(parse_offset(" 5,7"), std::nullopt);
  EXPECT_EQ(parse_offset("5;7"), std::nullopt);
  EXPECT_EQ(parse_offset("5,"), std::nullopt);
  EXPECT_EQ(parse_offset(",7"), std::nullopt);
  EXPECT_EQ(parse_offset("5,7,9"), std::nullopt);
  EXPECT_EQ(parse_offset("+5,7"), std::nullopt);
  EXPECT_EQ(parse_offset("5.5,7"), std::nullopt);
  EXPECT_EQ(parse_offset("99999999999,1"), std::nullopt);
  EXPECT_EQ(parse_offset("-2147483648,1"), std::nullopt);
  EXPECT_EQ(parse_offset("2000000,1"), std::nullopt) << "beyond kMaxCoordinate";
  EXPECT_EQ(parse_offset("1000000,1000000"), std::nullopt) << "q = column + row/2 too far";
  EXPECT_EQ(parse_offset("1000,1000"), (OffsetCoord{1000, 1000}));
  EXPECT_EQ(parse_offset(""), std::nullopt);
}

TEST(Offset, DirectionNames) {
  EXPECT_EQ(name(Direction::ne), "ne");
  EXPECT_EQ(name(Direction::w), "w");
}

}  // namespace
}  // namespace umpire::hex
