// Charges: side, contact place, reach; contact and engagement.
#include <gtest/gtest.h>

#include <cmath>

#include "engine/geometry/tabletop/charge.hpp"
#include "tests/geometry/tabletop_support.hpp"

namespace umpire::tabletop {
namespace {

using testing::block;
using testing::expect_point;
using testing::unit_at;

TEST(TabletopCharge, StraightAtTheFront) {
  const Footprint charger = unit_at(10, 20, 180, 4, 2);
  EXPECT_EQ(charged_side(block(), charger, ZoneRule::diagonals, ZoneReference::leader),
            Zone::front);
  const ChargeReach r = charge_reach(charger, block(), Zone::front);
  expect_point(r.contact.leader(), 10, 10);
  EXPECT_EQ(r.contact.facing(), 180.0);
  EXPECT_EQ(r.wheel_deg, 0.0);
  EXPECT_EQ(r.wheel_distance, 0.0);
  EXPECT_NEAR(r.total, 10.0, 1e-12);
}

TEST(TabletopCharge, OneWheelThenStraight) {
  // Facing west at 20,14, 4 wide: its centre 21,14 is in the front quarter
  // (11 ≤ 3·5). It wheels 90° anticlockwise about its left corner 20,12
  // (a 2π" arc), its leader going to 18,12, then runs to 11,10: the front
  // edge x 7..13 held 2" from its end so all 4" of frontage touch.
  const Footprint charger = unit_at(20, 14, 270, 4, 2);
  EXPECT_EQ(charged_side(block(), charger, ZoneRule::diagonals, ZoneReference::centre),
            Zone::front);
  const ChargeReach r = charge_reach(charger, block(), Zone::front);
  expect_point(r.contact.leader(), 11, 10);
  EXPECT_EQ(r.wheel_deg, -90.0);
  EXPECT_NEAR(r.wheel_distance, 2 * kPi, 1e-12);
  EXPECT_NEAR(r.straight_distance, std::sqrt(53.0), 1e-12);
  EXPECT_NEAR(r.total, 2 * kPi + std::sqrt(53.0), 1e-12);
}

TEST(TabletopCharge, FlankAndRearContact) {
  const Footprint charger = unit_at(25, 9, 270, 4, 2);
  EXPECT_EQ(charged_side(block(), charger, ZoneRule::edge_lines, ZoneReference::leader),
            Zone::right_flank);
  // The right edge is 2" long: the 4" front is centred on it.
  const Footprint flank = contact_position(charger, block(), Zone::right_flank);
  expect_point(flank.leader(), 13, 9);
  EXPECT_EQ(flank.facing(), 270.0);
  const Footprint rear = contact_position(charger, block(), Zone::rear);
  expect_point(rear.leader(), 11, 8);
  EXPECT_EQ(rear.facing(), 0.0);
}

TEST(TabletopCharge, ContactAndEngagement) {
  const Footprint a = block();
  const Footprint centred = unit_at(10, 10, 180, 4, 2);
  EXPECT_TRUE(in_contact(centred, a, 0.01));
  EXPECT_TRUE(engaged(centred, a, 0.01));
  // Touching only at block()'s corner 13,10: in contact, its leader 2" off.
  const Footprint corner = unit_at(15, 10, 180, 4, 2);
  EXPECT_TRUE(in_contact(corner, a, 0.01));
  EXPECT_FALSE(engaged(corner, a, 0.01));
  EXPECT_FALSE(in_contact(unit_at(10, 11, 180, 4, 2), a, 0.5));
  EXPECT_TRUE(in_contact(unit_at(10, 11, 180, 4, 2), a, 1.0));
}

}  // namespace
}  // namespace umpire::tabletop
