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

namespace umpire::hex {
namespace {

// § Conditions pour qu'une charge soit valide, 5) with an extended line, by
// or at it: the search that AFrontalChargeFromTheFrontConeReachesTheFront
// (zone_test) makes for one hex, over two. "Devant le front" is the front
// cone of either half of the target (Board::in_front_cone), "même
// partiellement": a hex of the charger in it. The charger turns about its
// first half, then marches frontally, the second half beside it; it
// engages the target when a hex of the target is on a front hex of one of
// its halves. Counted: the charges from in front that end engaging the
// target with no engaging half on the target's front. An extended line
// turns 0°, 60° or makes the about-face: with a 120° turn (refused by
// sabreur.move.rotation) such charges exist. None does otherwise, so the
// engine needs no check of its own for condition 5 over two hexes either.
struct Charges {
  int engaging = 0;  // from in front, ending engaging the target
  int flank = 0;     // of those, with no engaging half on its front
};
Charges flank_charges_from_the_front(bool charger_two, bool target_two) {
  const Hex p0 = at("8,6");
  Charges out;
  for (Facing tf : kFacings) {
    for (Side ts : {Side::left, Side::right}) {
      if (!target_two && ts == Side::right) continue;
      const Footprint target =
          target_two ? Footprint(p0, extended_line_partner(p0, tf, ts)) : Footprint(p0);
      for (int dq = -6; dq <= 6; ++dq) {
        for (int dr = -6; dr <= 6; ++dr) {
          const Hex start{p0.q + dq, p0.r + dr};
          if (distance(target, start) > 6 || target.contains(start)) continue;
          for (Facing f0 : kFacings) {
            for (Side cs : {Side::left, Side::right}) {
              if (!charger_two && cs == Side::right) continue;
              const Hex partner0 = charger_two ? extended_line_partner(start, f0, cs) : start;
              if (target.contains(partner0)) continue;
              if (zone_of(target, tf, start) != Zone::front &&
                  zone_of(target, tf, partner0) != Zone::front)
                continue;  // not in front of the target: a flank charge is allowed
              for (Facing f : kFacings) {
                const int steps = rotation_steps(f0, f);
                // "ne peut pas effectuer des rotations de 120° ou 180°", but the
                // about-face (§ Orientation des unités).
                if (charger_two && (steps == 2 || steps == -2)) continue;
                const Hex partner =
                    steps == 0 || steps == 3 ? partner0 : rotate_about(partner0, start, steps);
                for (int length = 1; length <= 6; ++length) {
                  for (unsigned choice = 0; choice < (1U << length); ++choice) {
                    Hex h = start;
                    for (int i = 0; i < length; ++i) h = front_hexes(h, f)[(choice >> i) & 1U];
                    const Footprint end(h, partner + (h - start));
                    bool overlaps = false, engages = false, frontal = false;
                    for (Hex c : end) {
                      overlaps = overlaps || target.contains(c);
                      bool c_engages = false;
                      for (Hex t : target) c_engages = c_engages || in_front_hexes(c, f, t);
                      engages = engages || c_engages;
                      frontal = frontal || (c_engages && zone_of(target, tf, c) == Zone::front);
                    }
                    if (overlaps || !engages) continue;
                    ++out.engaging;
                    if (!frontal) ++out.flank;
                  }
                }
              }
            }
          }
        }
      }
    }
  }
  return out;
}

TEST(Footprint, AFrontalChargeFromTheFrontReachesTheFrontOverTwoHexes) {
  for (const bool charger_two : {false, true}) {
    for (const bool target_two : {false, true}) {
      const Charges c = flank_charges_from_the_front(charger_two, target_two);
      EXPECT_EQ(c.flank, 0) << "charger on " << (charger_two ? 2 : 1) << " hexes, target on "
                            << (target_two ? 2 : 1);
      EXPECT_GT(c.engaging, 500);  // the search is not empty
    }
  }
}

}  // namespace
}  // namespace umpire::hex
