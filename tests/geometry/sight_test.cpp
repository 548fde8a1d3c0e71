// Line of sight: hand-worked cases, including the lines that run through
// vertices ("frôle", 002_87c3dc452f850204.txt § Le tir).
#include "engine/geometry/hex/sight.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "engine/geometry/hex/ranges.hpp"
#include "test_support.hpp"

namespace umpire::hex {
namespace {

using testing::at;

std::vector<std::string> written(const SightLine& line) {
  std::vector<std::string> out;
  for (const SightHex& h : line.hexes)
    out.push_back(to_string(h.hex) + (h.contact == Contact::grazed ? " grazed" : ""));
  return out;
}

TEST(Sight, NeighboursSeeEachOtherThroughOneSide) {
  const SightLine line = trace_sight(at("5,7"), at("5,8"));
  EXPECT_TRUE(line.hexes.empty());
  ASSERT_EQ(line.sides.size(), 1u);
  EXPECT_EQ(line.sides[0], (SightSide{at("5,7"), at("5,8"), Contact::crossed}));
}

TEST(Sight, SameHexMeetsNothing) {
  const SightLine line = trace_sight(at("5,7"), at("5,7"));
  EXPECT_TRUE(line.hexes.empty());
  EXPECT_TRUE(line.sides.empty());
}

TEST(Sight, AlongARowCrossesEachHexAndSide) {
  const SightLine line = trace_sight(at("1,13"), at("5,13"));
  EXPECT_EQ(written(line), (std::vector<std::string>{"2,13", "3,13", "4,13"}));
  ASSERT_EQ(line.sides.size(), 4u);
  for (std::size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(line.sides[i].contact, Contact::crossed);
    EXPECT_EQ(line.sides[i].a, step(at("1,13"), Direction::e, static_cast<int>(i)));
  }
}

TEST(Sight, AlongAHexSideGrazesBothHexes) {
  // 5,7 to 6,8 (two hexes away at bearing 60°): the line leaves 5,7 through
  // its ne-facing vertex, runs along the side between 5,8 and 6,7 and enters
  // 6,8 through a vertex. Both 5,8 and 6,7 are grazed: the case drawn in
  // § Le tir, "La LdV frôle la case de l'unité B".
  const SightLine line = trace_sight(at("5,7"), at("6,8"));
  EXPECT_EQ(written(line), (std::vector<std::string>{"5,8 grazed", "6,7 grazed"}));
  // Every side meeting one of the two vertices, and the side run along.
  bool along = false;
  for (const SightSide& s : line.sides) {
    EXPECT_EQ(s.contact, Contact::grazed);
    if ((s.a == at("5,8") && s.b == at("6,7")) || (s.a == at("6,7") && s.b == at("5,8")))
      along = true;
  }
  EXPECT_TRUE(along);
  EXPECT_EQ(line.sides.size(), 5u);  // 5,7|5,8 5,7|6,7 5,8|6,7 5,8|6,8 6,7|6,8
}

TEST(Sight, StraightNorthRunsAlongThreeSides) {
  // Due north every line between centres of one column follows the sides
  // between the hexes of the neighbouring rows.
  const SightLine line = trace_sight(at("5,7"), at("5,11"));
  EXPECT_EQ(written(line), (std::vector<std::string>{"4,8 grazed", "5,8 grazed", "5,9",
                                                     "4,10 grazed", "5,10 grazed"}));
}

TEST(Sight, ThroughASingleVertexGrazesOnlyTheThirdHex) {
  // 5,7 to 9,6 is the cube vector (4,1,-5): it passes exactly through two
  // vertices (at 1/3 and 2/3 of the way) without running along a side. At
  // each, two of the three hexes are crossed and the third only touched.
  // Worked by hand in docs/hex-geometry.md § Line of sight.
  const SightLine line = trace_sight(at("5,7"), at("9,6"));
  std::vector<std::string> got = written(line);
  std::sort(got.begin(), got.end());
  EXPECT_EQ(got,
            (std::vector<std::string>{"6,6 grazed", "6,7", "7,6", "7,7", "8,6", "8,7 grazed"}));
  EXPECT_EQ(sight_contact(at("5,7"), at("9,6"), at("6,6")), Contact::grazed);
  EXPECT_EQ(sight_contact(at("5,7"), at("9,6"), at("5,6")), std::nullopt);
  EXPECT_EQ(sight_contact(at("5,7"), at("9,6"), at("5,7")), Contact::crossed);
}

TEST(Sight, ReversedLineMeetsTheSameHexesAndSides) {
  const Hex from = at("10,4");
  for (Hex to : disc(from, 7)) {
    const SightLine ab = trace_sight(from, to);
    const SightLine ba = trace_sight(to, from);
    std::vector<SightHex> x = ab.hexes;
    std::vector<SightHex> y = ba.hexes;
    const auto by_hex = [](const SightHex& p, const SightHex& q) { return p.hex < q.hex; };
    std::sort(x.begin(), x.end(), by_hex);
    std::sort(y.begin(), y.end(), by_hex);
    EXPECT_EQ(x, y) << to_string(from) << " <-> " << to_string(to);
    ASSERT_EQ(ab.sides.size(), ba.sides.size());
    // The order along the line reverses exactly when no two keys tie.
    std::vector<std::pair<Hex, Hex>> sa;
    std::vector<std::pair<Hex, Hex>> sb;
    for (const SightSide& s : ab.sides) sa.push_back(std::minmax(s.a, s.b));
    for (const SightSide& s : ba.sides) sb.push_back(std::minmax(s.a, s.b));
    std::sort(sa.begin(), sa.end());
    std::sort(sb.begin(), sb.end());
    EXPECT_EQ(sa, sb);
  }
}

TEST(Sight, HexesComeInOrderAlongTheLine) {
  // The crossed hexes, between the two ends, form a chain of neighbours,
  // except where the line runs along a side: there the next crossed hex is
  // two away, and the two hexes touched along the side come just before it.
  for (const Hex to : {at("12,5"), at("14,12"), at("2,0"), at("6,4")}) {
    const Hex from = at("2,12");
    const SightLine line = trace_sight(from, to);
    ASSERT_FALSE(line.hexes.empty());
    Hex last = from;
    std::size_t grazed_run = 0;
    for (const SightHex& h : line.hexes) {
      if (h.contact == Contact::grazed) {
        ++grazed_run;
        continue;
      }
      const int d = distance(last, h.hex);
      EXPECT_TRUE(d == 1 || (d == 2 && grazed_run == 2))
          << to_string(last) << " -> " << to_string(h.hex);
      last = h.hex;
      grazed_run = 0;
    }
    EXPECT_LE(distance(last, to), 2);
    for (const SightSide& s : line.sides) {
      EXPECT_TRUE(adjacent(s.a, s.b));
      EXPECT_EQ(sight_side_contact(from, to, s.a, s.b), s.contact);
    }
  }
}

TEST(Sight, SideContactRejectsNonNeighbours) {
  EXPECT_EQ(sight_side_contact(at("1,13"), at("5,13"), at("2,13"), at("4,13")), std::nullopt);
  EXPECT_EQ(sight_side_contact(at("1,13"), at("5,13"), at("2,13"), at("3,13")), Contact::crossed);
  EXPECT_EQ(sight_side_contact(at("1,13"), at("5,13"), at("2,13"), at("2,12")), std::nullopt);
}

}  // namespace
}  // namespace umpire::hex
