// Properties over random hexes and facings (rapidcheck).
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <vector>

#include "engine/geometry/hex/footprint.hpp"
#include "engine/geometry/hex/offset.hpp"
#include "engine/geometry/hex/ranges.hpp"
#include "engine/geometry/hex/sight.hpp"
#include "engine/geometry/hex/zone.hpp"

namespace umpire::hex {
namespace {

rc::Gen<Hex> gen_hex(int radius) {
  return rc::gen::map(
      rc::gen::pair(rc::gen::inRange(-radius, radius + 1), rc::gen::inRange(-radius, radius + 1)),
      [](std::pair<int, int> p) {
        return Hex{p.first, p.second};
      });
}

rc::Gen<Facing> gen_facing() {
  return rc::gen::map(rc::gen::inRange(0, 6), [](int i) { return facing_from_index(i); });
}

std::vector<SightHex> sorted_hexes(const SightLine& line) {
  std::vector<SightHex> out = line.hexes;
  std::sort(out.begin(), out.end(),
            [](const SightHex& a, const SightHex& b) { return a.hex < b.hex; });
  return out;
}

RC_GTEST_PROP(HexProperties, DistanceIsAMetric, ()) {
  const Hex a = *gen_hex(1000);
  const Hex b = *gen_hex(1000);
  const Hex c = *gen_hex(1000);
  RC_ASSERT(distance(a, b) >= 0);
  RC_ASSERT((distance(a, b) == 0) == (a == b));
  RC_ASSERT(distance(a, b) == distance(b, a));
  RC_ASSERT(distance(a, c) <= distance(a, b) + distance(b, c));
}

RC_GTEST_PROP(HexProperties, DistanceIsInvariantUnderRotationAndTranslation, ()) {
  const Hex a = *gen_hex(1000);
  const Hex b = *gen_hex(1000);
  const Hex t = *gen_hex(1000);
  const int k = *rc::gen::inRange(-12, 13);
  RC_ASSERT(distance(rotate(a, k), rotate(b, k)) == distance(a, b));
  RC_ASSERT(distance(a + t, b + t) == distance(a, b));
}

RC_GTEST_PROP(HexProperties, SixRotationsAreTheIdentity, ()) {
  const Hex h = *gen_hex(100000);
  const Facing f = *gen_facing();
  const int k = *rc::gen::inRange(-20, 21);
  RC_ASSERT(rotate(h, 6) == h);
  RC_ASSERT(rotate(rotate(h, k), -k) == h);
  RC_ASSERT(rotate(f, 6) == f);
  RC_ASSERT(rotate(rotate(f, k), 6 * k) == rotate(f, k));
  RC_ASSERT(opposite(f) == rotate(f, 3));
}

RC_GTEST_PROP(HexProperties, OffsetRoundTrip, ()) {
  const Hex h = *gen_hex(100000);
  RC_ASSERT(from_offset(to_offset(h)) == h);
  const OffsetCoord c{*rc::gen::inRange(-100000, 100001), *rc::gen::inRange(-100000, 100001)};
  RC_ASSERT(to_offset(from_offset(c)) == c);
}

RC_GTEST_PROP(HexProperties, ZonesTurnWithTheUnit, ()) {
  const Hex u = *gen_hex(50);
  const Hex x = *gen_hex(50);
  const Facing f = *gen_facing();
  const int k = *rc::gen::inRange(0, 6);
  RC_ASSERT(zone_of(u, f, x) == zone_of(u, rotate(f, k), rotate_about(x, u, k)));
  // Front of f is the rear of the about-face; left and right swap.
  const Zone z = zone_of(u, f, x);
  const Zone back = zone_of(u, opposite(f), x);
  switch (z) {
    case Zone::own:
      RC_ASSERT(back == Zone::own);
      break;
    case Zone::front:
      RC_ASSERT(back == Zone::rear);
      break;
    case Zone::rear:
      RC_ASSERT(back == Zone::front);
      break;
    case Zone::left_flank:
      RC_ASSERT(back == Zone::right_flank);
      break;
    case Zone::right_flank:
      RC_ASSERT(back == Zone::left_flank);
      break;
  }
}

RC_GTEST_PROP(SightProperties, ReversedLineCrossesTheSameHexes, ()) {
  const Hex a = *gen_hex(40);
  const Hex b = *gen_hex(40);
  RC_ASSERT(sorted_hexes(trace_sight(a, b)) == sorted_hexes(trace_sight(b, a)));
}

RC_GTEST_PROP(SightProperties, TraceFindsEveryHexTheLineMeets, ()) {
  // Brute force with the exact per-hex predicate over a disc around the
  // segment: the candidate walk of trace_sight misses nothing.
  const Hex a = *gen_hex(30);
  const Hex b = a + *gen_hex(12);
  std::vector<SightHex> brute;
  for (Hex h : disc(a, distance(a, b) + 1)) {
    if (h == a || h == b) continue;
    if (const auto c = sight_contact(a, b, h)) brute.push_back({h, *c});
  }
  std::sort(brute.begin(), brute.end(),
            [](const SightHex& x, const SightHex& y) { return x.hex < y.hex; });
  RC_ASSERT(sorted_hexes(trace_sight(a, b)) == brute);
}

RC_GTEST_PROP(SightProperties, LinesAreTranslationAndRotationInvariant, ()) {
  const Hex a = *gen_hex(30);
  const Hex b = *gen_hex(30);
  const Hex t = *gen_hex(30);
  const int k = *rc::gen::inRange(0, 6);
  std::vector<SightHex> moved;
  for (const SightHex& h : trace_sight(a, b).hexes)
    moved.push_back({rotate(h.hex + t, k), h.contact});
  std::sort(moved.begin(), moved.end(),
            [](const SightHex& x, const SightHex& y) { return x.hex < y.hex; });
  RC_ASSERT(sorted_hexes(trace_sight(rotate(a + t, k), rotate(b + t, k))) == moved);
}

RC_GTEST_PROP(SightProperties, HexesAlongTheLineAreConnected, ()) {
  // A centre-to-centre line passes through a chain of hexes: every hex met
  // touches another hex met or an end.
  const Hex a = *gen_hex(30);
  const Hex b = *gen_hex(30);
  const SightLine line = trace_sight(a, b);
  for (const SightHex& h : line.hexes) {
    bool linked = adjacent(h.hex, a) || adjacent(h.hex, b);
    for (const SightHex& o : line.hexes) linked = linked || adjacent(h.hex, o.hex);
    RC_ASSERT(linked);
  }
  RC_ASSERT(line.hexes.size() <= static_cast<std::size_t>(2 * distance(a, b)));
}

RC_GTEST_PROP(FootprintProperties, TwoHexZonesAgreeWithHalves, ()) {
  const Hex a = *gen_hex(20);
  const Facing f = *gen_facing();
  const Side side = *rc::gen::element(Side::left, Side::right);
  const Footprint line(a, extended_line_partner(a, f, side));
  const Hex x = *gen_hex(30);
  const Zone z = zone_of(line, f, x);
  const Zone za = zone_of(line[0], f, x);
  const Zone zb = zone_of(line[1], f, x);
  if (z == Zone::front) RC_ASSERT(za == Zone::front || zb == Zone::front);
  if (z == Zone::rear) RC_ASSERT(za == Zone::rear || zb == Zone::rear);
  if (z == Zone::left_flank || z == Zone::right_flank) RC_ASSERT(za == z && zb == z);
}

}  // namespace
}  // namespace umpire::hex
