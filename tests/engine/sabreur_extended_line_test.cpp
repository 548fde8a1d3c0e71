// The extended line on two hexes: 002_87c3dc452f850204.txt § Formations
// spéciales ("disposée ... sur 2 hexagones voisins"), § Orientation des
// unités (a half pivots in its hex, the other turns about it; the about-face
// in place), § Le tir (the double fire, "chaque demi-unité est située sur sa
// propre case"), § Engager une unité.
#include "engine/geometry/hex/footprint.hpp"
#include "tests/engine/sabreur_fixture.hpp"

namespace umpire::sabreur::testing {
namespace {

// A blue extended line on 5,2 and 6,2 facing north (the fixture deploys the
// second half on the right), and whatever a test adds.
struct Extended {
  Position p;
  UnitId line;
  Extended() {
    line = p.unit(0, UnitType::line_infantry, at(5, 2), Facing::n, Formation::extended_line, 18,
                  Quality::ordinary, {Skill::linear_order});
  }
  const State& state() const { return p.engine().state(); }
  const UnitState& unit() const { return state().units[line]; }
  Board board() const {
    static const TerrainRules terrain{};
    return Board(p.setup, state(), terrain);
  }
  void march(std::vector<Hex> path, Facing facing) {
    Action& m = p.act(ActionKind::move, 0, {line});
    m.detail = "frontal";
    m.path = std::move(path);
    m.facing = facing;
  }
  void fire(UnitId target) {
    Action& s = p.act(ActionKind::shoot, 0, {line}, {target});
    s.rolls.push_back(written(6, 6, {1, 1, 1, 1, 1, 1}));
    s.stated.hits = 0;
  }
};

TEST(SabreurExtendedLine, StandsOnTwoHexesAndOccupiesBoth) {
  Extended e;
  e.p.run();
  EXPECT_EQ(e.unit().hex, at(5, 2));
  ASSERT_TRUE(e.unit().second_hex.has_value());
  EXPECT_EQ(*e.unit().second_hex, at(6, 2));
  EXPECT_EQ(e.state().unit_at(at(6, 2)), e.line);
  EXPECT_EQ(e.state().check_invariants(), "");
  EXPECT_EQ(e.p.count("sabreur.setup.two-hexes"), 0u) << e.p.messages();
}

TEST(SabreurExtendedLine, DeploymentChecksBothHexes) {
  Extended one;  // an extended line on one hex
  one.p.second_hex(one.line, std::nullopt);
  one.p.run();
  EXPECT_EQ(one.p.count("sabreur.setup.two-hexes"), 1u) << one.p.messages();

  Extended line;  // a line on two hexes
  line.p.setup.deployment[0].formation = Formation::line;
  line.p.run();
  EXPECT_EQ(line.p.count("sabreur.setup.two-hexes"), 1u) << line.p.messages();

  Extended behind;  // one half behind the other
  behind.p.second_hex(behind.line, at(5, 3));
  behind.p.run();
  EXPECT_EQ(behind.p.count("sabreur.setup.extended-line-hexes"), 1u) << behind.p.messages();
  EXPECT_FALSE(behind.unit().second_hex.has_value());

  Extended apart;  // not neighbours
  apart.p.second_hex(apart.line, at(7, 2));
  apart.p.run();
  EXPECT_EQ(apart.p.count("sabreur.setup.extended-line-hexes"), 1u) << apart.p.messages();

  Extended taken;  // the second hex already holds a unit
  taken.p.unit(0, UnitType::line_infantry, at(6, 2), Facing::n, Formation::line, 18);
  std::swap(taken.p.setup.deployment[0], taken.p.setup.deployment[1]);
  taken.p.run();
  EXPECT_EQ(taken.p.count("sabreur.setup.stacked"), 1u) << taken.p.messages();
  EXPECT_EQ(taken.state().check_invariants(), "");

  Extended off;  // the second half off the map
  off.p.setup.deployment[0].hex = at(12, 2);
  off.p.second_hex(off.line, at(13, 2));
  off.p.run();
  EXPECT_EQ(off.p.count("sabreur.setup.off-map"), 1u) << off.p.messages();
}

TEST(SabreurExtendedLine, NoUnitEndsItsMoveOnTheSecondHex) {
  Extended e;
  const UnitId other =
      e.p.unit(0, UnitType::line_infantry, at(6, 1), Facing::n, Formation::line, 18);
  e.p.order_points(0);
  e.p.activate(0, {other});
  Action& m = e.p.act(ActionKind::move, 0, {other});
  m.detail = "frontal";
  m.path = {at(6, 2)};
  e.p.run();
  EXPECT_EQ(e.p.count("sabreur.move.occupied"), 1u) << e.p.messages();
  EXPECT_EQ(e.state().check_invariants(), "");
}

TEST(SabreurExtendedLine, EitherHalfEngagesAndIsEngaged) {
  Extended e;
  // On a front hex of the second half only (7,3), facing the line.
  const UnitId in_front =
      e.p.unit(1, UnitType::line_infantry, at(7, 3), Facing::s, Formation::line, 18);
  // Behind the first half (5,1), facing away: engaged by nobody, engages nobody.
  const UnitId behind =
      e.p.unit(1, UnitType::line_infantry, at(5, 1), Facing::s, Formation::line, 18);
  e.p.run();
  const Board b = e.board();
  EXPECT_TRUE(b.engages(e.line, in_front)) << "7,3 is a front hex of the half on 6,2";
  EXPECT_TRUE(b.engages(in_front, e.line)) << "6,2 is a front hex of the unit on 7,3";
  EXPECT_TRUE(b.engaged_by_enemy(e.line));
  EXPECT_FALSE(b.engages(e.line, behind));
  EXPECT_EQ(b.distance(e.line, in_front), 1);
  EXPECT_EQ(b.distance(in_front, e.line), 1);
  EXPECT_EQ(b.nearest_enemy(e.line, false), 1);
  EXPECT_TRUE(b.half_in_engagement(e.line, at(6, 2)));
  EXPECT_FALSE(b.half_in_engagement(e.line, at(5, 2)));
  EXPECT_TRUE(b.surroundings(e.line).engaged_by_enemy);
  EXPECT_TRUE(b.surroundings(in_front).engaged_by_enemy);
}

TEST(SabreurExtendedLine, DistanceIsToTheNearerHex) {
  Extended e;
  const UnitId east =
      e.p.unit(1, UnitType::line_infantry, at(9, 2), Facing::s, Formation::line, 18);
  e.p.run();
  const Board b = e.board();
  EXPECT_EQ(b.distance(e.line, east), 3) << "from 6,2, not 4 from 5,2";
  EXPECT_EQ(b.distance_from(at(9, 2), e.line), 3);
  EXPECT_EQ(b.nearest_enemy(e.line, false), 3);
  EXPECT_EQ(b.nearest_enemy_from(at(8, 2), 1, false), 2)
      << "a blue hex's nearest red is the line's 6,2";
}

TEST(SabreurExtendedLine, TheSecondHexBlocksALineOfSight) {
  // A red line on 6,4 fires south at a blue unit on 7,1: the line of sight
  // crosses 6,2, the blue line's second half.
  Extended e;
  const UnitId shooter =
      e.p.unit(1, UnitType::line_infantry, at(6, 4), Facing::s, Formation::line, 18);
  const UnitId target =
      e.p.unit(0, UnitType::line_infantry, at(7, 1), Facing::n, Formation::line, 18);
  e.p.order_points(1);
  e.p.activate(1, {shooter});
  Action& s = e.p.act(ActionKind::shoot, 1, {shooter}, {target});
  s.rolls.push_back(written(6, 6, {1, 1, 1, 1, 1, 1}));
  e.p.run();
  EXPECT_GE(e.p.count("sabreur.fire.sight"), 1u) << e.p.messages();
}

TEST(SabreurExtendedLine, MarchesAndTurnsAsOne) {
  Extended e;
  e.p.order_points(0);
  e.p.activate(0, {e.line});
  e.march({at(5, 3)}, Facing::n);  // one hex forward: both halves
  e.p.run();
  EXPECT_EQ(e.unit().hex, at(5, 3));
  ASSERT_TRUE(e.unit().second_hex.has_value());
  EXPECT_EQ(*e.unit().second_hex, at(6, 3)) << e.p.messages();
  EXPECT_EQ(e.state().check_invariants(), "");

  Extended turned;  // 60° clockwise in place: the second half turns about the first
  turned.p.order_points(0);
  turned.p.activate(0, {turned.line});
  turned.march({}, Facing::ne);
  turned.p.run();
  ASSERT_TRUE(turned.unit().second_hex.has_value());
  EXPECT_EQ(turned.unit().hex, at(5, 2));
  EXPECT_EQ(*turned.unit().second_hex,
            hex::extended_line_partner(at(5, 2), Facing::ne, hex::Side::right))
      << turned.p.messages();
  EXPECT_EQ(turned.p.count("sabreur.move.rotation"), 0u) << turned.p.messages();

  Extended about;  // the about-face: both halves stay
  about.p.order_points(0);
  about.p.activate(0, {about.line});
  about.march({}, Facing::s);
  about.p.run();
  EXPECT_EQ(about.unit().hex, at(5, 2));
  ASSERT_TRUE(about.unit().second_hex.has_value());
  EXPECT_EQ(*about.unit().second_hex, at(6, 2));
  EXPECT_EQ(about.unit().facing, Facing::s);
  EXPECT_EQ(about.p.count("sabreur.move.rotation"), 0u) << about.p.messages();
}

TEST(SabreurExtendedLine, TheSecondHalfMustFindRoom) {
  Extended e;
  e.p.unit(1, UnitType::line_infantry, at(6, 3), Facing::n, Formation::line, 18);
  e.p.order_points(0);
  e.p.activate(0, {e.line});
  e.march({at(5, 3)}, Facing::n);
  e.p.run();
  EXPECT_EQ(e.p.count("sabreur.move.second-half"), 1u) << e.p.messages();
  EXPECT_EQ(e.unit().hex, at(5, 2)) << "the line stays where it was";
  EXPECT_EQ(e.state().check_invariants(), "");
}

TEST(SabreurExtendedLine, EachHalfFiresFromItsOwnHex) {
  // A red target on 4,5: in the front cone of the half on 5,2, not of the
  // half on 6,2. The first fire (first half) is allowed, the second is not.
  Extended e;
  const UnitId target =
      e.p.unit(1, UnitType::line_infantry, at(4, 5), Facing::s, Formation::line, 18);
  e.p.order_points(0);
  e.p.activate(0, {e.line});
  e.fire(target);
  e.p.run();
  EXPECT_EQ(e.p.count("sabreur.fire.cone"), 0u) << e.p.messages();

  Extended twice;
  const UnitId t2 =
      twice.p.unit(1, UnitType::line_infantry, at(4, 5), Facing::s, Formation::line, 18);
  twice.p.order_points(0);
  twice.p.activate(0, {twice.line});
  twice.fire(t2);
  twice.fire(t2);
  twice.p.run();
  EXPECT_EQ(twice.p.count("sabreur.fire.cone"), 1u) << twice.p.messages();
  EXPECT_EQ(twice.p.count("sabreur.action.combination"), 0u) << twice.p.messages();
}

TEST(SabreurExtendedLine, AHalfEngagedForbidsTheDoubleFire) {
  // A red unit on 7,3 facing away: the half on 6,2 engages it. The first
  // fire is at it (in enfilade); the double fire is refused: "Une demi-unité
  // n'a pas le droit de tirer si l'autre demi-unité engage ou est engagée".
  Extended e;
  const UnitId engaged =
      e.p.unit(1, UnitType::line_infantry, at(7, 3), Facing::n, Formation::line, 18);
  e.p.order_points(0);
  e.p.activate(0, {e.line});
  e.fire(engaged);
  e.fire(engaged);
  e.p.run();
  EXPECT_EQ(e.p.count("sabreur.action.combination"), 1u) << e.p.messages();
}

}  // namespace
}  // namespace umpire::sabreur::testing
