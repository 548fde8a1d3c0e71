// Front, flank and rear hexes and zones for every facing; cones; step kinds.
#include "engine/geometry/hex/zone.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "engine/geometry/hex/ranges.hpp"
#include "test_support.hpp"

namespace umpire::hex {
namespace {

using testing::at;

struct Around {
  Facing facing;
  const char* front[2];  // left, right
  const char* flank[2];
  const char* rear[2];
};

// Neighbours of 5,7: ne 5,8  e 6,7  se 5,6  sw 4,6  w 4,7  nw 4,8 (hex_test).
// Written out by hand for each of the six facings.
const Around kAround[] = {
    {Facing::n, {"4,8", "5,8"}, {"4,7", "6,7"}, {"4,6", "5,6"}},
    {Facing::ne, {"5,8", "6,7"}, {"4,8", "5,6"}, {"4,7", "4,6"}},
    {Facing::se, {"6,7", "5,6"}, {"5,8", "4,6"}, {"4,8", "4,7"}},
    {Facing::s, {"5,6", "4,6"}, {"6,7", "4,7"}, {"5,8", "4,8"}},
    {Facing::sw, {"4,6", "4,7"}, {"5,6", "4,8"}, {"6,7", "5,8"}},
    {Facing::nw, {"4,7", "4,8"}, {"4,6", "5,8"}, {"5,6", "6,7"}},
};

TEST(Zone, FrontFlankAndRearHexesOfEveryFacing) {
  const Hex u = at("5,7");
  for (const Around& a : kAround) {
    SCOPED_TRACE(std::string(name(a.facing)));
    const auto fr = front_hexes(u, a.facing);
    const auto fl = flank_hexes(u, a.facing);
    const auto re = rear_hexes(u, a.facing);
    for (int i = 0; i < 2; ++i) {
      EXPECT_EQ(to_string(fr[static_cast<std::size_t>(i)]), a.front[i]);
      EXPECT_EQ(to_string(fl[static_cast<std::size_t>(i)]), a.flank[i]);
      EXPECT_EQ(to_string(re[static_cast<std::size_t>(i)]), a.rear[i]);
    }
    EXPECT_EQ(zone_of(u, a.facing, at(a.front[0])), Zone::front);
    EXPECT_EQ(zone_of(u, a.facing, at(a.front[1])), Zone::front);
    EXPECT_EQ(zone_of(u, a.facing, at(a.flank[0])), Zone::left_flank);
    EXPECT_EQ(zone_of(u, a.facing, at(a.flank[1])), Zone::right_flank);
    EXPECT_EQ(zone_of(u, a.facing, at(a.rear[0])), Zone::rear);
    EXPECT_EQ(zone_of(u, a.facing, at(a.rear[1])), Zone::rear);
    EXPECT_EQ(zone_of(u, a.facing, u), Zone::own);
    EXPECT_TRUE(in_front_hexes(u, a.facing, at(a.front[1])));
    EXPECT_FALSE(in_front_hexes(u, a.facing, at(a.flank[1])));
    EXPECT_TRUE(in_flank_hexes(u, a.facing, at(a.flank[0])));
    EXPECT_TRUE(in_rear_hexes(u, a.facing, at(a.rear[0])));
  }
}

std::vector<std::string> zone_members(Hex u, Facing f, int radius, Zone z) {
  std::vector<std::string> out;
  for (Hex h : ring(u, radius))
    if (zone_of(u, f, h) == z) out.push_back(to_string(h));
  std::sort(out.begin(), out.end());
  return out;
}

TEST(Zone, SecondRingFacingNorth) {
  // Drawn on paper: two rows north (row 9), columns 4..6 are ahead; the rest split
  // three and three between flanks and rear.
  const Hex u = at("5,7");
  using V = std::vector<std::string>;
  EXPECT_EQ(zone_members(u, Facing::n, 2, Zone::front), (V{"4,9", "5,9", "6,9"}));
  EXPECT_EQ(zone_members(u, Facing::n, 2, Zone::right_flank), (V{"6,6", "6,8", "7,7"}));
  EXPECT_EQ(zone_members(u, Facing::n, 2, Zone::rear), (V{"4,5", "5,5", "6,5"}));
  EXPECT_EQ(zone_members(u, Facing::n, 2, Zone::left_flank), (V{"3,6", "3,7", "3,8"}));
}

TEST(Zone, EachRingSplitsAsTheConesPredict) {
  // Ring k: k+1 hexes in each cone, 2k-1 on each flank.
  const Hex u = at("10,4");
  for (Facing f : kFacings)
    for (int k = 1; k <= 6; ++k) {
      int count[5] = {};
      for (Hex h : ring(u, k)) ++count[static_cast<int>(zone_of(u, f, h))];
      EXPECT_EQ(count[static_cast<int>(Zone::own)], 0);
      EXPECT_EQ(count[static_cast<int>(Zone::front)], k + 1);
      EXPECT_EQ(count[static_cast<int>(Zone::rear)], k + 1);
      EXPECT_EQ(count[static_cast<int>(Zone::left_flank)], 2 * k - 1);
      EXPECT_EQ(count[static_cast<int>(Zone::right_flank)], 2 * k - 1);
    }
}

TEST(Zone, FrontConeIsWhereFrontalStepsLead) {
  // § Manœuvres: frontal moves enter a front hex each time; the cone is the
  // set of hexes so reached, at as many steps as their distance.
  const Hex u = at("8,6");
  for (Facing f : kFacings) {
    std::set<Hex> reached{u};
    std::set<Hex> frontier{u};
    for (int stepno = 1; stepno <= 5; ++stepno) {
      std::set<Hex> next;
      for (Hex h : frontier)
        for (Hex n : front_hexes(h, f)) next.insert(n);
      for (Hex n : next) EXPECT_EQ(distance(u, n), stepno);
      reached.insert(next.begin(), next.end());
      frontier = next;
    }
    reached.erase(u);
    const std::vector<Hex> cone = front_cone(u, f, 5);
    EXPECT_EQ(cone.size(), 5u * 8u / 2u);
    EXPECT_EQ(std::set<Hex>(cone.begin(), cone.end()), reached);
    for (Hex h : cone) EXPECT_TRUE(in_front_cone(u, f, h));
  }
}

TEST(Zone, AFrontalChargeFromTheFrontConeReachesTheFront) {
  // § Conditions pour qu'une charge soit valide, 5): a charger "directement
  // devant le front de sa cible" may not charge its flank or rear. With the
  // front cone as "devant le front" (docs/hex-geometry.md) and a charge
  // being a frontal march, that can never happen: every march that starts
  // in the target's front cone and ends engaging it ends on its front. The
  // engine therefore needs no check of its own for condition 5.
  const Hex target = at("8,6");
  int charges = 0;
  for (Facing tf : kFacings) {
    for (Hex start : front_cone(target, tf, 6)) {
      for (Facing f : kFacings) {
        for (int length = 1; length <= 6; ++length) {
          for (unsigned choice = 0; choice < (1U << length); ++choice) {
            Hex h = start;
            for (int i = 0; i < length; ++i) h = front_hexes(h, f)[(choice >> i) & 1U];
            if (h == target || !in_front_hexes(h, f, target)) continue;
            ++charges;
            EXPECT_EQ(zone_of(target, tf, h), Zone::front)
                << to_string(start) << " facing " << name(f) << " ends on " << to_string(h);
          }
        }
      }
    }
  }
  EXPECT_GT(charges, 500);  // 804 marches end engaging the target
}

TEST(Zone, ConesMatchZoneTests) {
  const Hex u = at("8,6");
  for (Facing f : kFacings) {
    const std::vector<Hex> front = front_cone(u, f, 4);
    const std::vector<Hex> rear = rear_cone(u, f, 4);
    const std::set<Hex> fs(front.begin(), front.end());
    const std::set<Hex> rs(rear.begin(), rear.end());
    for (Hex h : disc(u, 4)) {
      EXPECT_EQ(fs.count(h) == 1, zone_of(u, f, h) == Zone::front);
      EXPECT_EQ(rs.count(h) == 1, zone_of(u, f, h) == Zone::rear);
    }
    EXPECT_EQ(front.front(), neighbour(u, left_front(f))) << "distance 1, left first";
    EXPECT_EQ(front[1], neighbour(u, right_front(f)));
  }
  EXPECT_TRUE(front_cone(u, Facing::n, 0).empty());
  EXPECT_EQ(front_cone(u, Facing::n, 10).size(), 65u);
}

TEST(Zone, FacingsThatSeeATarget) {
  const Hex u = at("5,7");
  const FacingSet ahead = facings_with_in_front_cone(u, at("5,9"));  // straight north
  EXPECT_EQ(ahead, FacingSet::of(Facing::n));
  const FacingSet on_row = facings_with_in_front_cone(u, at("4,9"));  // on the nw row
  EXPECT_EQ(on_row.size(), 2);
  EXPECT_TRUE(on_row.contains(Facing::n));
  EXPECT_TRUE(on_row.contains(Facing::nw));
  EXPECT_TRUE(facings_with_in_front_cone(u, u).empty());
  // A fleeing unit turns its back on the danger.
  EXPECT_EQ(facings_with_in_rear_cone(u, at("5,9")), FacingSet::of(Facing::s));
  for (Hex h : disc(u, 5)) {
    if (h == u) continue;
    const FacingSet s = facings_with_in_front_cone(u, h);
    EXPECT_GE(s.size(), 1);
    EXPECT_LE(s.size(), 2);
    for (Facing f : kFacings) EXPECT_EQ(s.contains(f), in_front_cone(u, f, h));
  }
}

TEST(Zone, PathsByStepKind) {
  const Hex u = at("5,7");
  const std::vector<Hex> frontal{at("4,8"), at("5,9"), at("5,10")};
  EXPECT_EQ(first_invalid_step(u, Facing::n, frontal, StepKind::frontal), 3u);
  const std::vector<Hex> back{at("4,8"), at("4,7")};
  EXPECT_EQ(first_invalid_step(u, Facing::n, back, StepKind::frontal), 1u);
  const std::vector<Hex> evade{at("5,6"), at("5,5")};
  EXPECT_EQ(first_invalid_step(u, Facing::n, evade, StepKind::rearward), 2u);
  EXPECT_EQ(first_invalid_step(u, Facing::n, frontal, StepKind::rearward), 0u);
  const std::vector<Hex> straight{at("6,7"), at("7,7"), at("8,7")};
  EXPECT_EQ(first_invalid_step(u, Facing::n, straight, StepKind::straight), 3u);
  const std::vector<Hex> bent{at("6,7"), at("6,8")};
  EXPECT_EQ(first_invalid_step(u, Facing::n, bent, StepKind::straight), 1u);
  const std::vector<Hex> jump{at("7,7")};
  EXPECT_EQ(first_invalid_step(u, Facing::n, jump, StepKind::straight), 0u);
  EXPECT_EQ(first_invalid_step(u, Facing::n, {}, StepKind::frontal), 0u);
}

TEST(Zone, PathsOfTheSabreurReplayAreFrontal) {
  // replays/sabreur-hex/essling-village.ulog writes these moves; under the
  // map convention of offset.hpp every step enters a front hex.
  const std::vector<Hex> march{at("5,3"), at("5,4")};
  EXPECT_EQ(first_invalid_step(at("5,2"), Facing::n, march, StepKind::frontal), march.size());
  const std::vector<Hex> charge{at("10,7"), at("10,6"), at("10,5"), at("9,4")};
  EXPECT_EQ(first_invalid_step(at("10,8"), Facing::s, charge, StepKind::frontal), charge.size());
  EXPECT_TRUE(in_front_hexes(at("9,4"), Facing::s, at("9,3"))) << "the charger engages f6 at 9,3";
  const std::vector<Hex> flight{at("10,5"), at("10,6"), at("11,7"), at("11,8"), at("12,9")};
  EXPECT_EQ(first_invalid_step(at("9,4"), Facing::n, flight, StepKind::frontal), flight.size());
  const std::vector<Hex> rout{at("5,7"), at("4,8"), at("4,9")};
  EXPECT_EQ(first_invalid_step(at("5,6"), Facing::n, rout, StepKind::frontal), rout.size());
}

TEST(Zone, Names) {
  EXPECT_EQ(name(Zone::front), "front");
  EXPECT_EQ(name(Zone::left_flank), "left flank");
}

}  // namespace
}  // namespace umpire::hex
