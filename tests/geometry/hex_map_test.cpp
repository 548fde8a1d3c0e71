// The battlefield map: bounds, terrain, hex-side features, table edges.
#include "engine/geometry/hex/hex_map.hpp"

#include <gtest/gtest.h>

#include <deque>
#include <map>

#include "engine/geometry/hex/ranges.hpp"
#include "test_support.hpp"

namespace umpire::hex {
namespace {

using testing::at;

TEST(HexMap, BoundsFollowLogCoordinates) {
  const HexMap map(12, 10);
  EXPECT_EQ(map.hex_count(), 120u);
  EXPECT_TRUE(map.contains(at("1,1")));
  EXPECT_TRUE(map.contains(at("12,10")));
  EXPECT_FALSE(map.contains(at("13,1")));
  EXPECT_FALSE(map.contains(at("1,11")));
  EXPECT_FALSE(map.contains(at("0,5")));
  EXPECT_FALSE(map.contains(at("3,0")));
  for (std::size_t i = 0; i < map.hex_count(); ++i) {
    const Hex h = map.hex_at(i);
    EXPECT_TRUE(map.contains(h));
    EXPECT_EQ(map.index_of(h), i);
  }
  EXPECT_EQ(map.hex_at(12), at("1,2"));
}

TEST(HexMap, EmptyAndClampedSizes) {
  const HexMap empty(0, 5);
  EXPECT_EQ(empty.hex_count(), 0u);
  EXPECT_FALSE(empty.contains(at("1,1")));
  const HexMap neg(-3, -3);
  EXPECT_EQ(neg.columns(), 0);
  const HexMap huge(1 << 20, 2);
  EXPECT_EQ(huge.columns(), HexMap::kMaxColumns);
}

TEST(HexMap, TerrainPerHex) {
  HexMap map(6, 6);
  EXPECT_EQ(map.terrain(at("3,3")), TerrainId{});
  EXPECT_TRUE(map.set_terrain(at("3,3"), TerrainId{7}));
  EXPECT_EQ(map.terrain(at("3,3")), TerrainId{7});
  EXPECT_EQ(map.terrain(at("3,4")), TerrainId{});
  EXPECT_FALSE(map.set_terrain(at("7,3"), TerrainId{7}));
  EXPECT_EQ(map.terrain(at("7,3")), TerrainId{});
}

TEST(HexMap, SideFeaturesAreKeyedByTheUnorderedPair) {
  HexMap map(8, 8);
  const Hex h = at("4,4");
  for (Direction d : kDirections) {
    const Hex n = neighbour(h, d);
    const SideFeatureId f{static_cast<std::uint16_t>(10 + index(d))};
    ASSERT_TRUE(map.set_side_feature(h, n, f));
    EXPECT_EQ(map.side_feature(n, h), f);
    EXPECT_EQ(map.side_feature(h, d), f);
    EXPECT_EQ(map.side_feature(n, opposite(d)), f);
  }
  // The six sides are distinct slots.
  for (Direction d : kDirections) EXPECT_EQ(map.side_feature(h, d).value, 10 + index(d));
  // Not neighbours, or off the map.
  EXPECT_FALSE(map.set_side_feature(at("4,4"), at("6,4"), SideFeatureId{1}));
  EXPECT_EQ(map.side_feature(at("4,4"), at("6,4")), SideFeatureId{});
  EXPECT_FALSE(map.set_side_feature(at("1,1"), at("0,1"), SideFeatureId{1}));
  EXPECT_FALSE(map.set_side_feature(at("1,1"), at("1,1"), SideFeatureId{1}));
}

TEST(HexMap, EveryInteriorSideHasItsOwnSlot) {
  HexMap map(5, 4);
  std::uint16_t next = 1;
  std::map<std::pair<Hex, Hex>, std::uint16_t> expected;
  for (std::size_t i = 0; i < map.hex_count(); ++i) {
    const Hex h = map.hex_at(i);
    for (Direction d : kDirections) {
      const Hex n = neighbour(h, d);
      if (!map.contains(n) || n < h) continue;
      ASSERT_TRUE(map.set_side_feature(h, n, SideFeatureId{next}));
      expected[{h, n}] = next++;
    }
  }
  for (const auto& [pair, value] : expected)
    EXPECT_EQ(map.side_feature(pair.second, pair.first).value, value);
}

TEST(HexMap, TableEdges) {
  // Row 1 is the south edge, row 10 the north edge of a 12x10 map.
  const HexMap map(12, 10);
  EXPECT_TRUE(map.edges_of(at("1,1")).contains(Edge::south));
  EXPECT_TRUE(map.edges_of(at("1,1")).contains(Edge::west));
  EXPECT_FALSE(map.edges_of(at("1,1")).contains(Edge::north));
  EXPECT_TRUE(map.edges_of(at("12,10")).contains(Edge::east));
  EXPECT_TRUE(map.edges_of(at("12,10")).contains(Edge::north));
  EXPECT_TRUE(map.edges_of(at("5,5")).empty());
  EXPECT_TRUE(map.edges_of(at("0,5")).empty());
  EXPECT_TRUE(map.leaves_table(at("1,3"), Direction::w));
  EXPECT_FALSE(map.leaves_table(at("1,3"), Direction::e));
  EXPECT_TRUE(map.leaves_table(at("1,3"), Direction::sw)) << "odd rows stick out west";
  EXPECT_FALSE(map.leaves_table(at("1,4"), Direction::sw)) << "even rows sit half a hex east";
  EXPECT_TRUE(map.leaves_table(at("4,10"), Direction::nw));
  EXPECT_TRUE(map.leaves_table(at("4,1"), Direction::se));
  EXPECT_TRUE(facings_toward(Edge::north).contains(Facing::n));
  EXPECT_EQ(facings_toward(Edge::east).size(), 2);
  EXPECT_TRUE(facings_toward(Edge::west).contains(Facing::sw));
}

TEST(HexMap, DistanceToEdgeIsTheShortestWalk) {
  // Breadth-first search over the map from every edge hex.
  const HexMap map(9, 7);
  for (Edge e : {Edge::north, Edge::east, Edge::south, Edge::west}) {
    std::map<Hex, int> dist;
    std::deque<Hex> todo;
    for (std::size_t i = 0; i < map.hex_count(); ++i)
      if (map.edges_of(map.hex_at(i)).contains(e)) {
        dist[map.hex_at(i)] = 0;
        todo.push_back(map.hex_at(i));
      }
    while (!todo.empty()) {
      const Hex h = todo.front();
      todo.pop_front();
      for (Direction d : kDirections) {
        const Hex n = neighbour(h, d);
        if (map.contains(n) && !dist.count(n)) {
          dist[n] = dist[h] + 1;
          todo.push_back(n);
        }
      }
    }
    ASSERT_EQ(dist.size(), map.hex_count());
    for (const auto& [h, d] : dist) EXPECT_EQ(map.distance_to_edge(h, e), d) << to_string(h);
  }
}

}  // namespace
}  // namespace umpire::hex
