// Line of sight against an independent oracle: Boost.Geometry's exact
// predicates on integer coordinates, over every hex near the line.
//
// Centres and vertices scaled by 3 are integer points in the axial frame
// (q, r); incidence is unchanged by that linear map, so Boost.Geometry can
// work in it directly. bg::intersects gives "meets the closed hex"; DE-9IM
// interior/interior ("T********") gives "crosses the interior".
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <boost/geometry.hpp>
#include <boost/geometry/geometries/linestring.hpp>
#include <boost/geometry/geometries/point_xy.hpp>
#include <boost/geometry/geometries/polygon.hpp>
#include <set>
#include <vector>

#include "engine/geometry/hex/facing.hpp"
#include "engine/geometry/hex/ranges.hpp"
#include "engine/geometry/hex/sight.hpp"
#include "engine/geometry/hex/text.hpp"

namespace umpire::hex {
namespace {

namespace bg = boost::geometry;
using Point = bg::model::d2::point_xy<long long>;
using Polygon = bg::model::polygon<Point>;
using Line = bg::model::linestring<Point>;

Point scaled(Hex h) {
  return {3LL * h.q, 3LL * h.r};
}

Polygon hexagon(Hex h) {
  Polygon p;
  for (Facing f : kFacings) {
    const Hex v = vertex_vector3(f);
    bg::append(p.outer(), Point(3LL * h.q + v.q, 3LL * h.r + v.r));
  }
  bg::append(p.outer(), p.outer().front());
  bg::correct(p);
  return p;
}

// What the oracle says about every hex within reach of the segment.
std::vector<SightHex> oracle(Hex from, Hex to) {
  Line line;
  bg::append(line, scaled(from));
  bg::append(line, scaled(to));
  std::vector<SightHex> out;
  const int n = distance(from, to);
  std::set<Hex> seen;
  for (Hex h : disc(from, n + 1)) {
    if (h == from || h == to) continue;
    if (distance(h, to) > n + 1) continue;
    const Polygon poly = hexagon(h);
    if (!bg::intersects(line, poly)) continue;
    const bool interior = bg::relate(line, poly, bg::de9im::mask("T********"));
    out.push_back({h, interior ? Contact::crossed : Contact::grazed});
  }
  std::sort(out.begin(), out.end(),
            [](const SightHex& a, const SightHex& b) { return a.hex < b.hex; });
  return out;
}

std::vector<SightHex> sorted_trace(Hex from, Hex to) {
  std::vector<SightHex> out = trace_sight(from, to).hexes;
  std::sort(out.begin(), out.end(),
            [](const SightHex& a, const SightHex& b) { return a.hex < b.hex; });
  return out;
}

TEST(SightOracle, EveryTargetWithinEightHexes) {
  const Hex from{0, 0};
  int grazing_lines = 0;
  for (Hex to : disc(from, 8)) {
    if (to == from) continue;
    const std::vector<SightHex> expected = oracle(from, to);
    EXPECT_EQ(sorted_trace(from, to), expected) << "to " << to.q << "," << to.r;
    for (const SightHex& h : expected)
      if (h.contact == Contact::grazed) {
        ++grazing_lines;
        break;
      }
  }
  // Vertex cases are common (every target on a vertex row, and more); make
  // sure the comparison exercised them.
  EXPECT_GE(grazing_lines, 24);
}

TEST(SightOracle, LongLinesAwayFromTheOrigin) {
  const Hex from{-7, 31};
  const Hex targets[] = {{20, 1}, {-30, 40}, {11, 25}, {-7, 60}, {5, 30}, {14, 13}, {-22, 70}};
  for (Hex to : targets) EXPECT_EQ(sorted_trace(from, to), oracle(from, to)) << to.q << "," << to.r;
}

RC_GTEST_PROP(SightOracle, RandomLinesMatchBoostGeometry, ()) {
  const Hex from{*rc::gen::inRange(-50, 51), *rc::gen::inRange(-50, 51)};
  const Hex to = from + Hex{*rc::gen::inRange(-20, 21), *rc::gen::inRange(-20, 21)};
  RC_PRE(!(from == to));
  RC_ASSERT(sorted_trace(from, to) == oracle(from, to));
}

TEST(SightOracle, SidesMatchSegmentIntersection) {
  const Hex from{0, 0};
  for (Hex to : disc(from, 6)) {
    if (to == from) continue;
    const SightLine line = trace_sight(from, to);
    Line seg;
    bg::append(seg, scaled(from));
    bg::append(seg, scaled(to));
    std::set<std::pair<Hex, Hex>> reported;
    for (const SightSide& s : line.sides) reported.insert(std::minmax(s.a, s.b));
    // Every side of every hex near the line, checked against the oracle.
    std::set<std::pair<Hex, Hex>> met;
    for (Hex h : disc(from, distance(from, to) + 1))
      for (Direction d : kDirections) {
        const Hex n = neighbour(h, d);
        const Hex v1 = vertex_vector3(facing_from_index(index(d)));
        const Hex v2 = vertex_vector3(facing_from_index(index(d) + 1));
        Line side;
        bg::append(side, Point(3LL * h.q + v1.q, 3LL * h.r + v1.r));
        bg::append(side, Point(3LL * h.q + v2.q, 3LL * h.r + v2.r));
        const bool meets = bg::intersects(seg, side);
        EXPECT_EQ(sight_side_contact(from, to, h, n).has_value(), meets);
        if (meets) met.insert(std::minmax(h, n));
      }
    EXPECT_EQ(reported, met) << "towards " << to_string(to);
  }
}

}  // namespace
}  // namespace umpire::hex
