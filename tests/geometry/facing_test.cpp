// Facings: rotation, about-face, the sides around a unit, names and bearings.
#include "engine/geometry/hex/facing.hpp"

#include <gtest/gtest.h>

#include "engine/geometry/hex/text.hpp"

namespace umpire::hex {
namespace {

TEST(Facing, SixRotationsReturnHome) {
  for (Facing f : kFacings) {
    EXPECT_EQ(rotate(f, 6), f);
    EXPECT_EQ(rotate(f, -6), f);
    EXPECT_EQ(rotate(rotate(f, 1), -1), f);
    EXPECT_EQ(opposite(opposite(f)), f);
    EXPECT_NE(opposite(f), f);
  }
  EXPECT_EQ(rotate(Facing::n, 1), Facing::ne);
  EXPECT_EQ(rotate(Facing::n, -1), Facing::nw);
  // Any number of steps, either way (wrap6).
  EXPECT_EQ(rotate(Facing::n, 13), Facing::ne);
  EXPECT_EQ(rotate(Facing::n, -13), Facing::nw);
  EXPECT_EQ(rotate(Facing::s, -600), Facing::s);
  EXPECT_EQ(opposite(Facing::ne), Facing::sw);
}

TEST(Facing, RotationStepsAreShortestAndSigned) {
  EXPECT_EQ(rotation_steps(Facing::n, Facing::n), 0);
  EXPECT_EQ(rotation_steps(Facing::n, Facing::ne), 1);
  EXPECT_EQ(rotation_steps(Facing::n, Facing::nw), -1);
  EXPECT_EQ(rotation_steps(Facing::n, Facing::se), 2);
  EXPECT_EQ(rotation_steps(Facing::n, Facing::sw), -2);
  EXPECT_EQ(rotation_steps(Facing::n, Facing::s), 3);
  for (Facing a : kFacings)
    for (Facing b : kFacings) {
      const int k = rotation_steps(a, b);
      EXPECT_GE(k, -2);
      EXPECT_LE(k, 3);
      EXPECT_EQ(rotate(a, k), b);
    }
}

TEST(Facing, SidesAroundAUnitFacingNorth) {
  // A unit facing the north vertex: nw and ne in front, w and e on its
  // flanks, sw and se behind.
  EXPECT_EQ(left_front(Facing::n), Direction::nw);
  EXPECT_EQ(right_front(Facing::n), Direction::ne);
  EXPECT_EQ(left_flank(Facing::n), Direction::w);
  EXPECT_EQ(right_flank(Facing::n), Direction::e);
  EXPECT_EQ(left_rear(Facing::n), Direction::sw);
  EXPECT_EQ(right_rear(Facing::n), Direction::se);
}

TEST(Facing, SidesAroundAUnitFacingSouthAreMirrored) {
  // Facing south, the unit's left hand points east.
  EXPECT_EQ(left_front(Facing::s), Direction::se);
  EXPECT_EQ(right_front(Facing::s), Direction::sw);
  EXPECT_EQ(left_flank(Facing::s), Direction::e);
  EXPECT_EQ(right_flank(Facing::s), Direction::w);
  EXPECT_EQ(left_rear(Facing::s), Direction::ne);
  EXPECT_EQ(right_rear(Facing::s), Direction::nw);
}

TEST(Facing, TheSixSidesAreDistinctAndTurnWithTheFacing) {
  const auto around = [](Facing f) {
    return std::array{left_front(f), right_front(f), right_flank(f),
                      right_rear(f), left_rear(f),   left_flank(f)};
  };
  const auto north = around(Facing::n);
  for (Facing f : kFacings) {
    const auto all = around(f);
    for (std::size_t i = 0; i < 6; ++i) {
      EXPECT_EQ(all[i], rotate(all[0], static_cast<int>(i))) << "clockwise from the left front";
      EXPECT_EQ(all[i], rotate(north[i], index(f))) << "turns with the facing";
    }
    EXPECT_EQ(opposite(left_front(f)), right_rear(f));
    EXPECT_EQ(opposite(left_flank(f)), right_flank(f));
  }
}

TEST(Facing, TheFacedVertexIsWhereTheTwoFrontSidesMeet) {
  // Cube form of 3 x vertex: a permutation of (2,-1,-1) up to sign, pointing
  // along the facing's bearing; vertex_vector3(n) is due north (q = s).
  EXPECT_EQ(vertex_vector3(Facing::n), (Hex{1, -2}));
  for (Facing f : kFacings) {
    const Hex v = vertex_vector3(f);
    EXPECT_EQ(length(v), 2);
    EXPECT_EQ(abs_int(v.q) + abs_int(v.r) + abs_int(v.s()), 4);
    EXPECT_EQ(vertex_vector3(opposite(f)), -v);
    EXPECT_EQ(rotate(v, 1), vertex_vector3(rotate(f, 1)));
  }
}

TEST(Facing, NamesAndBearings) {
  EXPECT_EQ(name(Facing::n), "n");
  EXPECT_EQ(name(Facing::se), "se");
  for (Facing f : kFacings) {
    EXPECT_EQ(parse_facing(name(f)), f);
    EXPECT_EQ(facing_from_bearing(bearing_degrees(f)), f);
    EXPECT_EQ(facing_from_bearing(bearing_degrees(f) + 360), f);
    EXPECT_EQ(facing_from_bearing(bearing_degrees(f) - 720), f);
  }
  EXPECT_EQ(parse_facing("NE"), Facing::ne);
  EXPECT_EQ(parse_facing("south-west"), Facing::sw);
  EXPECT_EQ(parse_facing("Northwest"), Facing::nw);
  EXPECT_EQ(parse_facing("e"), std::nullopt) << "no vertex points due east";
  EXPECT_EQ(parse_facing(""), std::nullopt);
  EXPECT_EQ(parse_facing("nne"), std::nullopt);
  EXPECT_EQ(facing_from_bearing(90), std::nullopt) << "90 degrees faces a hex side";
  EXPECT_EQ(facing_from_bearing(60), Facing::ne);
  EXPECT_EQ(facing_from_bearing(-60), Facing::nw);
  EXPECT_EQ(bearing_degrees(Facing::s), 180);
}

TEST(FacingSet, InsertRotateCount) {
  FacingSet s;
  EXPECT_TRUE(s.empty());
  s.insert(Facing::n);
  s.insert(Facing::nw);
  EXPECT_EQ(s.size(), 2);
  EXPECT_TRUE(s.contains(Facing::nw));
  EXPECT_FALSE(s.contains(Facing::ne));
  const FacingSet r = s.rotated(3);
  EXPECT_TRUE(r.contains(Facing::s));
  EXPECT_TRUE(r.contains(Facing::se));
  EXPECT_EQ(r.size(), 2);
  EXPECT_EQ(FacingSet::all().size(), 6);
  EXPECT_EQ(s.rotated(6), s);
}

}  // namespace
}  // namespace umpire::hex
