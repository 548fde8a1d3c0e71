// The axial cells of a map (axial_box.hpp): every hex of the map and every
// neighbour of one has a cell of its own; hexes farther off have none.
#include "engine/geometry/hex/axial_box.hpp"

#include <gtest/gtest.h>

#include <set>

#include "engine/geometry/hex/hex_map.hpp"

namespace umpire::hex {
namespace {

void expect_cells_cover(const HexMap& map) {
  const AxialBox box(map);
  std::set<std::size_t> cells;
  std::set<std::pair<int, int>> hexes;
  for (std::size_t i = 0; i < map.hex_count(); ++i) {
    const Hex h = map.hex_at(i);
    for (int d = -1; d < 6; ++d) {
      const Hex n = d < 0 ? h : neighbour(h, kDirections[static_cast<std::size_t>(d)]);
      const auto c = box.cell(n);
      ASSERT_TRUE(c.has_value()) << to_offset(n).column << "," << to_offset(n).row;
      ASSERT_LT(*c, box.size());
      // One cell per hex: two different hexes never share one.
      if (hexes.insert({n.q, n.r}).second) {
        EXPECT_TRUE(cells.insert(*c).second);
      }
    }
  }
  EXPECT_EQ(cells.size(), hexes.size());
  // Two hexes beyond the map's corners and edges are outside the box.
  EXPECT_FALSE(box.cell(from_offset({-2, 1})).has_value());
  EXPECT_FALSE(box.cell(from_offset({map.columns() + 3, map.rows()})).has_value());
  EXPECT_FALSE(box.cell(from_offset({1, -2})).has_value());
  EXPECT_FALSE(box.cell(from_offset({1, map.rows() + 3})).has_value());
  EXPECT_FALSE(box.cell(Hex{-1'000'000'000, 1'000'000'000}).has_value());
}

TEST(AxialBox, EveryHexOfTheMapAndItsNeighboursHaveCellsOfTheirOwn) {
  expect_cells_cover(HexMap(12, 10));
  expect_cells_cover(HexMap(1, 1));
  expect_cells_cover(HexMap(1, 9));
  expect_cells_cover(HexMap(9, 1));
  expect_cells_cover(HexMap(30, 21));
}

TEST(AxialBox, AnEmptyMapHasNoCells) {
  const AxialBox box(HexMap(0, 4));
  EXPECT_EQ(box.size(), 0u);
  EXPECT_FALSE(box.cell(from_offset({1, 1})).has_value());
}

}  // namespace
}  // namespace umpire::hex
