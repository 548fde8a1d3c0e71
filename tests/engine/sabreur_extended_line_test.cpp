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
  void march(HexPath path, Facing facing) {
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
  // Engagers are found around either half (Board::engagers asks the neighbours).
  EXPECT_EQ(b.engagers(e.line), std::vector<UnitId>{in_front});
  EXPECT_EQ(b.engagers(in_front), std::vector<UnitId>{e.line});
  EXPECT_TRUE(b.engagers(behind).empty());
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

// § Manœuvres: the second half crosses the hexes its first half's way
// shifted beside it, judged as the first half's way is (check_path).
TEST(SabreurExtendedLine, TheSecondHalfsWayIsChecked) {
  Extended clear;  // two hexes forward: 6,3 then 6,4, both free
  clear.p.order_points(0);
  clear.p.activate(0, {clear.line});
  clear.march({at(5, 3), at(5, 4)}, Facing::n);
  clear.p.run();
  EXPECT_EQ(clear.unit().hex, at(5, 4)) << clear.p.messages();
  ASSERT_TRUE(clear.unit().second_hex.has_value());
  EXPECT_EQ(*clear.unit().second_hex, at(6, 4));
  EXPECT_EQ(clear.p.count("replay.not-checked"), 0u) << clear.p.messages();

  Extended enemy;  // the second half would pass through an enemy on 6,3
  enemy.p.unit(1, UnitType::line_infantry, at(6, 3), Facing::s, Formation::line, 18);
  enemy.p.order_points(0);
  enemy.p.activate(0, {enemy.line});
  enemy.march({at(5, 3), at(5, 4)}, Facing::n);
  enemy.p.run();
  EXPECT_EQ(enemy.p.count("sabreur.move.pass-through"), 1u) << enemy.p.messages();
  EXPECT_EQ(enemy.state().check_invariants(), "");

  Extended skirmishers;  // a friend in skirmish order may be passed through
  skirmishers.p.unit(0, UnitType::line_infantry, at(6, 3), Facing::n, Formation::skirmish_order,
                     18);
  skirmishers.p.order_points(0);
  skirmishers.p.activate(0, {skirmishers.line});
  skirmishers.march({at(5, 3), at(5, 4)}, Facing::n);
  skirmishers.p.run();
  EXPECT_EQ(skirmishers.p.count("sabreur.move.pass-through"), 0u) << skirmishers.p.messages();

  Extended lake;  // the second half's way crosses impassable terrain: the line stays
  lake.p.terrain(at(6, 3), HexTerrain::impassable);
  lake.p.order_points(0);
  lake.p.activate(0, {lake.line});
  lake.march({at(5, 3), at(5, 4)}, Facing::n);
  lake.p.run();
  EXPECT_EQ(lake.p.count("sabreur.move.impassable"), 1u) << lake.p.messages();
  EXPECT_EQ(lake.unit().hex, at(5, 2));
  EXPECT_EQ(lake.state().check_invariants(), "");

  // Only the last hex impassable: the second half's end, reported as the
  // terrain's rule (§ Les terrains dans Sabreur), once.
  Extended last;
  last.p.terrain(at(6, 4), HexTerrain::impassable);
  last.p.order_points(0);
  last.p.activate(0, {last.line});
  last.march({at(5, 3), at(5, 4)}, Facing::n);
  last.p.run();
  EXPECT_EQ(last.p.count("sabreur.move.second-half"), 0u) << last.p.messages();
  EXPECT_EQ(last.p.count("sabreur.move.impassable"), 1u) << last.p.messages();
  EXPECT_EQ(last.unit().hex, at(5, 2));

  Extended river;  // an impassable hexside on the second half's way
  river.p.side(at(6, 2), at(6, 3), HexsideTerrain::impassable);
  river.p.order_points(0);
  river.p.activate(0, {river.line});
  river.march({at(5, 3)}, Facing::n);
  river.p.run();
  EXPECT_EQ(river.p.count("sabreur.move.impassable"), 1u) << river.p.messages();
  EXPECT_EQ(river.unit().hex, at(5, 2));
}

// "une rotation, PUIS un déplacement frontal": the second half turns about
// the first, and needs room where the turn ends before it moves on.
TEST(SabreurExtendedLine, TheSecondHalfNeedsRoomAfterItsTurn) {
  const Hex turned = hex::extended_line_partner(at(5, 2), Facing::ne, hex::Side::right);
  const Hex ahead = hex::front_hexes(at(5, 2), Facing::ne)[0];
  Extended e;
  e.p.unit(0, UnitType::line_infantry, turned, Facing::n, Formation::line, 18);
  e.p.order_points(0);
  e.p.activate(0, {e.line});
  e.march({ahead}, Facing::ne);
  e.p.run();
  EXPECT_EQ(e.p.count("sabreur.move.second-half"), 1u) << e.p.messages();
  EXPECT_EQ(e.unit().hex, at(5, 2));
  EXPECT_EQ(e.state().check_invariants(), "");

  Extended free;  // room there: the line turns, then marches
  free.p.order_points(0);
  free.p.activate(0, {free.line});
  free.march({ahead}, Facing::ne);
  free.p.run();
  EXPECT_EQ(free.p.count("sabreur.move.second-half"), 0u) << free.p.messages();
  EXPECT_EQ(free.unit().hex, ahead);
  ASSERT_TRUE(free.unit().second_hex.has_value());
  EXPECT_EQ(*free.unit().second_hex, turned + (ahead - at(5, 2)));
  EXPECT_EQ(free.p.count("replay.not-checked"), 0u) << free.p.messages();
}

// § Changements de formation: "l'une au moins des figurines ou plaquettes
// doit rester fixe": a line leaving extended line keeps the hex the log
// names, else its first half's.
TEST(SabreurExtendedLine, LeavingKeepsTheHalfWritten) {
  const auto leave = [](Extended& e, std::optional<Hex> to) {
    e.p.order_points(0);
    e.p.activate(0, {e.line});
    Action& f = e.p.act(ActionKind::form, 0, {e.line});
    f.formation = "line";
    f.to = to;
    e.p.run();
  };
  Extended first;
  leave(first, std::nullopt);
  EXPECT_EQ(first.unit().hex, at(5, 2));
  EXPECT_FALSE(first.unit().second_hex.has_value());
  EXPECT_EQ(first.p.count("replay.not-checked"), 0u) << first.p.messages();
  EXPECT_EQ(first.state().check_invariants(), "");

  Extended second;
  leave(second, at(6, 2));
  EXPECT_EQ(second.unit().hex, at(6, 2)) << second.p.messages();
  EXPECT_FALSE(second.unit().second_hex.has_value());
  EXPECT_EQ(second.state().unit_at(at(5, 2)), std::nullopt);
  EXPECT_EQ(second.p.count("sabreur.formation.kept-hex"), 0u) << second.p.messages();
  EXPECT_EQ(second.state().check_invariants(), "");

  Extended neither;
  leave(neither, at(7, 2));
  EXPECT_EQ(neither.p.count("sabreur.formation.kept-hex"), 1u) << neither.p.messages();
  EXPECT_EQ(neither.unit().hex, at(5, 2));
}

// A unit forms extended line: its second half goes on the hex the log names.
TEST(SabreurExtendedLine, FormingPutsTheSecondHalfWhereWritten) {
  struct Forming {
    Position p;
    UnitId u;
    Forming() {
      u = p.unit(0, UnitType::line_infantry, at(5, 2), Facing::n, Formation::line, 18,
                 Quality::ordinary, {Skill::linear_order});
    }
    const UnitState& unit() const { return p.engine().state().units[u]; }
    void form(std::optional<Hex> to) {
      p.order_points(0);
      p.activate(0, {u});
      Action& f = p.act(ActionKind::form, 0, {u});
      f.formation = "extended_line";
      f.to = to;
      p.run();
    }
  };
  Forming ok;
  ok.form(at(6, 2));
  ASSERT_TRUE(ok.unit().second_hex.has_value()) << ok.p.messages();
  EXPECT_EQ(*ok.unit().second_hex, at(6, 2));
  EXPECT_EQ(ok.p.count("replay.not-checked"), 0u) << ok.p.messages();
  EXPECT_EQ(ok.p.engine().state().check_invariants(), "");

  Forming none;  // the log writes no hex: one hex, not checked
  none.form(std::nullopt);
  EXPECT_FALSE(none.unit().second_hex.has_value());
  EXPECT_EQ(none.p.count("replay.not-checked"), 1u) << none.p.messages();

  Forming behind;  // not beside it
  behind.form(at(5, 3));
  EXPECT_EQ(behind.p.count("sabreur.formation.second-hex"), 1u) << behind.p.messages();
  EXPECT_FALSE(behind.unit().second_hex.has_value());

  Forming taken;  // a friend stands there
  taken.p.unit(0, UnitType::line_infantry, at(6, 2), Facing::n, Formation::line, 18);
  taken.form(at(6, 2));
  EXPECT_EQ(taken.p.count("sabreur.formation.second-hex"), 1u) << taken.p.messages();
  EXPECT_EQ(taken.p.engine().state().check_invariants(), "");

  Forming contact;  // the second half would touch an enemy
  contact.p.unit(1, UnitType::line_infantry, at(7, 2), Facing::s, Formation::line, 18);
  contact.form(at(6, 2));
  EXPECT_GE(contact.p.count("sabreur.formation.second-hex"), 1u) << contact.p.messages();
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

// `from <hex>` names the half that fires (§ Le tir: "chaque demi-unité est
// située sur sa propre case"); the target on 4,5 is in the front cone of the
// half on 5,2 only.
TEST(SabreurExtendedLine, FromNamesTheHalfThatFires) {
  Extended second;  // the second half first: out of its cone
  const UnitId t1 =
      second.p.unit(1, UnitType::line_infantry, at(4, 5), Facing::s, Formation::line, 18);
  second.p.order_points(0);
  second.p.activate(0, {second.line});
  second.fire(t1);
  second.p.actions.back().from = at(6, 2);
  second.fire(t1);  // without `from`: the other half, on 5,2
  second.p.run();
  EXPECT_EQ(second.p.count("sabreur.fire.cone"), 1u) << second.p.messages();
  EXPECT_EQ(second.p.count("sabreur.fire.half-twice"), 0u) << second.p.messages();

  Extended order;  // the written order replaces the convention: 6,2 then 5,2
  const UnitId both =
      order.p.unit(1, UnitType::line_infantry, at(6, 5), Facing::s, Formation::line, 18);
  order.p.order_points(0);
  order.p.activate(0, {order.line});
  order.fire(both);
  order.p.actions.back().from = at(6, 2);
  order.fire(both);
  order.p.actions.back().from = at(5, 2);
  order.p.run();
  EXPECT_EQ(order.p.count("sabreur.fire.cone"), 0u) << order.p.messages();
  EXPECT_EQ(order.p.count("sabreur.fire.half-twice"), 0u) << order.p.messages();
  EXPECT_EQ(order.p.diags.count(Severity::error), 0u) << order.p.messages();
}

TEST(SabreurExtendedLine, AHalfFiresOnceAndFromItsOwnHex) {
  Extended twice;  // the first half, then the first half again
  const UnitId t1 =
      twice.p.unit(1, UnitType::line_infantry, at(5, 5), Facing::s, Formation::line, 18);
  twice.p.order_points(0);
  twice.p.activate(0, {twice.line});
  twice.fire(t1);
  twice.fire(t1);
  twice.p.actions.back().from = at(5, 2);
  twice.p.run();
  EXPECT_EQ(twice.p.count("sabreur.fire.half-twice"), 1u) << twice.p.messages();

  Extended second_twice;  // `from` the second half both times
  const UnitId t2 =
      second_twice.p.unit(1, UnitType::line_infantry, at(5, 5), Facing::s, Formation::line, 18);
  second_twice.p.order_points(0);
  second_twice.p.activate(0, {second_twice.line});
  second_twice.fire(t2);
  second_twice.p.actions.back().from = at(6, 2);
  second_twice.fire(t2);
  second_twice.p.actions.back().from = at(6, 2);
  second_twice.p.run();
  EXPECT_EQ(second_twice.p.count("sabreur.fire.half-twice"), 1u) << second_twice.p.messages();

  Extended elsewhere;  // a hex the line does not stand on
  const UnitId t3 =
      elsewhere.p.unit(1, UnitType::line_infantry, at(5, 5), Facing::s, Formation::line, 18);
  elsewhere.p.order_points(0);
  elsewhere.p.activate(0, {elsewhere.line});
  elsewhere.fire(t3);
  elsewhere.p.actions.back().from = at(7, 2);
  elsewhere.p.run();
  EXPECT_EQ(elsewhere.p.count("sabreur.fire.from-hex"), 1u) << elsewhere.p.messages();

  Extended single;  // a unit on one hex may write its own hex, no other
  const UnitId shooter =
      single.p.unit(0, UnitType::line_infantry, at(9, 2), Facing::n, Formation::line, 18);
  const UnitId t4 =
      single.p.unit(1, UnitType::line_infantry, at(9, 4), Facing::s, Formation::line, 18);
  single.p.order_points(0);
  single.p.activate(0, {shooter});
  Action& own = single.p.act(ActionKind::shoot, 0, {shooter}, {t4});
  own.rolls.push_back(written(7, 6, {1, 1, 1, 1, 1, 1, 1}));
  own.from = at(9, 2);
  single.p.activate(0, {single.line});
  single.fire(t4);
  single.p.actions.back().from = at(9, 2);
  single.p.run();
  EXPECT_EQ(single.p.count("sabreur.fire.from-hex"), 1u) << single.p.messages();
}

// A red line on 8,5 facing south fires at the blue line: 6,2 is in its
// front cone, 5,2 is not; the blue line returns fire from the half written.
struct FiredAt {
  Extended e;
  UnitId red;
  FiredAt() {
    red = e.p.unit(1, UnitType::line_infantry, at(8, 5), Facing::s, Formation::line, 18);
    e.p.order_points(1);
    e.p.activate(1, {red});
    Action& s = e.p.act(ActionKind::shoot, 1, {red}, {e.line});
    s.range = 3;  // to 6,2 (5,2 is 4 hexes away)
    s.rolls.push_back(written(6, 6, {1, 1, 1, 1, 1, 1}));
    s.stated.hits = 0;
  }
  Action& return_fire() {
    Action& r = e.p.act(ActionKind::shoot, 1, {e.line}, {red});
    r.rolls.push_back(written(6, 6, {1, 1, 1, 1, 1, 1}));
    r.stated.hits = 0;
    return r;
  }
};

TEST(SabreurExtendedLine, AFireAtEitherHalf) {
  // The second half is the valid target, 3 hexes away: no cone, no range
  // violation; the line is not in enfilade (8,5 is in the front cone of its
  // half on 6,2, not of the one on 5,2; the line's view is both halves'):
  // 6 dice, not 8.
  FiredAt f;
  f.e.p.run();
  EXPECT_EQ(f.e.p.count("sabreur.fire.cone"), 0u) << f.e.p.messages();
  EXPECT_EQ(f.e.p.count("sabreur.fire.distance"), 0u) << f.e.p.messages();
  EXPECT_EQ(f.e.p.count("sabreur.fire.dice"), 0u) << f.e.p.messages();
  EXPECT_EQ(f.e.p.messages().find("second half of an extended line"), std::string::npos)
      << f.e.p.messages();
}

TEST(SabreurExtendedLine, AFireAtTheHalfInSight) {
  // A red line on 6,6 facing south, 4 hexes from both halves; a red friend
  // on 5,4 blocks the line to 5,2, not to 6,2: the fire goes at 6,2.
  Extended e;
  const UnitId red = e.p.unit(1, UnitType::line_infantry, at(6, 6), Facing::s, Formation::line, 18);
  e.p.unit(1, UnitType::line_infantry, at(5, 4), Facing::s, Formation::line, 18);
  e.p.order_points(1);
  e.p.activate(1, {red});
  Action& s = e.p.act(ActionKind::shoot, 1, {red}, {e.line});
  s.range = 4;
  s.rolls.push_back(written(6, 6, {1, 1, 1, 1, 1, 1}));
  e.p.run();
  EXPECT_EQ(e.p.count("sabreur.fire.sight"), 0u) << e.p.messages();
  EXPECT_EQ(e.p.count("sabreur.fire.cone"), 0u) << e.p.messages();

  Extended blocked;  // and a second friend on 6,4 blocks the line to 6,2
  const UnitId red2 =
      blocked.p.unit(1, UnitType::line_infantry, at(6, 6), Facing::s, Formation::line, 18);
  blocked.p.unit(1, UnitType::line_infantry, at(5, 4), Facing::s, Formation::line, 18);
  blocked.p.unit(1, UnitType::line_infantry, at(6, 4), Facing::s, Formation::line, 18);
  blocked.p.order_points(1);
  blocked.p.activate(1, {red2});
  Action& s2 = blocked.p.act(ActionKind::shoot, 1, {red2}, {blocked.line});
  s2.rolls.push_back(written(6, 6, {1, 1, 1, 1, 1, 1}));
  blocked.p.run();
  EXPECT_EQ(blocked.p.count("sabreur.fire.sight"), 1u) << blocked.p.messages();
}

TEST(SabreurExtendedLine, TheWholeLineSeesAShooterForEnfilade) {
  // A heavy battery on 3,7 facing south-east: a wood on 5,3 blocks its line
  // to 5,2 (5 hexes), not to 6,2 (6 hexes), so the fire goes at 6,2. The
  // battery is in the front cone of the half on 5,2 only: the line, one unit
  // when fired at, sees it, and is not in enfilade (5 dice, not 7).
  Extended e;
  e.p.terrain(at(5, 3), HexTerrain::wood);
  const UnitId guns =
      e.p.unit(1, UnitType::heavy_foot_battery, at(3, 7), Facing::se, Formation::line, 4);
  e.p.order_points(1);
  e.p.activate(1, {guns});
  Action& s = e.p.act(ActionKind::shoot, 1, {guns}, {e.line});
  s.range = 6;
  s.rolls.push_back(written(5, 6, {1, 1, 1, 1, 1}));
  e.p.run();
  EXPECT_EQ(e.p.count("sabreur.fire.sight"), 0u) << e.p.messages();
  EXPECT_EQ(e.p.count("sabreur.fire.cone"), 0u) << e.p.messages();
  EXPECT_EQ(e.p.count("sabreur.fire.distance"), 0u) << e.p.messages();
  EXPECT_EQ(e.p.count("sabreur.fire.dice"), 0u) << e.p.messages();
}

TEST(SabreurExtendedLine, ReturnsFireFromTheHalfWritten) {
  FiredAt second;  // 8,5 is in the front cone of the half on 6,2
  second.return_fire().from = at(6, 2);
  second.e.p.run();
  EXPECT_EQ(second.e.p.count("sabreur.fire.cone"), 0u) << second.e.p.messages();
  EXPECT_EQ(second.e.p.count("sabreur.fire.return-answers"), 0u) << second.e.p.messages();
  EXPECT_EQ(second.e.p.messages().find("returns fire from"), std::string::npos)
      << second.e.p.messages();

  FiredAt first;  // not of the half on 5,2
  first.return_fire().from = at(5, 2);
  first.e.p.run();
  EXPECT_EQ(first.e.p.count("sabreur.fire.cone"), 1u) << first.e.p.messages();

  FiredAt unwritten;  // no `from`: the first half's hex, not checked
  unwritten.return_fire();
  unwritten.e.p.run();
  EXPECT_NE(unwritten.e.p.messages().find("the hex an extended line returns fire from"),
            std::string::npos)
      << unwritten.e.p.messages();
}

// A red column charges from 5,5 to 5,3, in contact with the half on 5,2:
// in its front cone, not in the cone of the half on 6,2.
struct ChargedLine {
  Extended e;
  UnitId red;
  ChargedLine() {
    red = e.p.unit(1, UnitType::line_infantry, at(5, 5), Facing::s, Formation::column, 18);
    e.p.charge(1, red, e.line, {at(5, 4), at(5, 3)}, Facing::s);
  }
  Action& fire() {
    Action& r = e.p.respond(1, e.line, "defensive-fire");
    r.rolls.push_back(written(7, 6, {1, 1, 1, 1, 1, 1, 1}, dice::Keep::all, 0, 0, "hit"));
    return r;
  }
};

TEST(SabreurExtendedLine, FiresDefensivelyFromTheHalfWritten) {
  ChargedLine first;
  first.fire().from = at(5, 2);
  first.e.p.run();
  EXPECT_EQ(first.e.p.count("sabreur.fire.cone"), 0u) << first.e.p.messages();
  EXPECT_EQ(first.e.p.messages().find("fires defensively from"), std::string::npos)
      << first.e.p.messages();

  ChargedLine second;
  second.fire().from = at(6, 2);
  second.e.p.run();
  EXPECT_EQ(second.e.p.count("sabreur.fire.cone"), 1u) << second.e.p.messages();

  ChargedLine elsewhere;
  elsewhere.fire().from = at(7, 2);
  elsewhere.e.p.run();
  EXPECT_EQ(elsewhere.e.p.count("sabreur.fire.from-hex"), 1u) << elsewhere.e.p.messages();

  ChargedLine other;  // `from` on another reaction says nothing the engine checks
  other.e.p.respond(1, other.e.line, "do-nothing").from = at(5, 2);
  other.e.p.run();
  EXPECT_NE(other.e.p.messages().find("'from <hex>' on a reaction other than a defensive fire"),
            std::string::npos)
      << other.e.p.messages();

  ChargedLine unwritten;
  unwritten.fire();
  unwritten.e.p.run();
  EXPECT_EQ(unwritten.e.p.count("sabreur.fire.cone"), 0u) << unwritten.e.p.messages();
  EXPECT_NE(unwritten.e.p.messages().find("the hex an extended line fires defensively from"),
            std::string::npos)
      << unwritten.e.p.messages();
}

// § Conditions pour qu'une charge soit valide, 3 and 4, by and at an
// extended line: its front cone and flank hexes are its halves'.
TEST(SabreurExtendedLine, ChargesFromEitherHalfsFrontCone) {
  Extended by;  // a red unit on 8,5: in the front cone of the half on 6,2 only
  const UnitId t1 = by.p.unit(1, UnitType::line_infantry, at(8, 5), Facing::s, Formation::line, 18);
  by.p.charge(0, by.line, t1, {at(6, 3)}, Facing::n);
  by.p.run();
  EXPECT_EQ(by.p.count("sabreur.charge.cone"), 0u) << by.p.messages();
  EXPECT_EQ(by.p.count("sabreur.charge.priority"), 0u) << by.p.messages();

  Extended behind;  // on 6,1, behind both halves
  const UnitId t2 =
      behind.p.unit(1, UnitType::line_infantry, at(6, 1), Facing::s, Formation::line, 18);
  behind.p.charge(0, behind.line, t2, {}, Facing::n);
  behind.p.run();
  EXPECT_EQ(behind.p.count("sabreur.charge.cone"), 1u) << behind.p.messages();
}

TEST(SabreurExtendedLine, AHalfInTheFrontConeComesFirst) {
  // Red cuirassiers on 8,5 facing south charge a blue unit on 9,5, a flank
  // hex, while the blue line's half on 6,2 (3 hexes) is in their front cone
  // (its half on 5,2 is not): the line is to be charged first.
  Extended e;
  const UnitId cavalry =
      e.p.unit(1, UnitType::heavy_cavalry, at(8, 5), Facing::s, Formation::line, 10);
  const UnitId flank =
      e.p.unit(0, UnitType::line_infantry, at(9, 5), Facing::ne, Formation::line, 18);
  e.p.charge(1, cavalry, flank, {}, Facing::s);
  e.p.run();
  EXPECT_EQ(e.p.count("sabreur.charge.cone"), 0u) << e.p.messages();
  EXPECT_EQ(e.p.count("sabreur.charge.priority"), 1u) << e.p.messages();
}

TEST(SabreurExtendedLine, IsChargedOnEitherHalf) {
  // A red column on 8,5 facing south has the half on 6,2 in its front cone,
  // not the one on 5,2.
  Extended e;
  const UnitId red =
      e.p.unit(1, UnitType::line_infantry, at(8, 5), Facing::s, Formation::column, 18);
  e.p.charge(1, red, e.line, {at(7, 4), at(7, 3)}, Facing::s);
  e.p.run();
  EXPECT_EQ(e.p.count("sabreur.charge.cone"), 0u) << e.p.messages();
  // Condition 5 holds by geometry over two hexes (footprint_test.cpp).
  EXPECT_EQ(e.p.messages().find("condition 5"), std::string::npos) << e.p.messages();
  EXPECT_EQ(e.p.count("replay.not-checked"), 0u) << e.p.messages();
}

}  // namespace
}  // namespace umpire::sabreur::testing

namespace umpire::sabreur::testing {
namespace {

// § Conditions pour qu'un assaut soit valide: the assault distance is the
// line's, to its nearer half (Board::distance), as a charge's.
TEST(SabreurExtendedLine, AssaultsFromItsNearerHalf) {
  const auto assault = [](Extended& e, Hex red_at) {
    const UnitId red = e.p.unit(1, UnitType::line_infantry, red_at, Facing::s, Formation::line, 18);
    e.p.order_points(0);
    e.p.activate(0, {e.line});
    e.p.act(ActionKind::assault, 0, {e.line}, {red});  // no march: it cannot engage
    e.p.run();
  };
  Extended near;  // 8,2: 2 hexes from the half on 6,2, 3 from 5,2: within reach
  assault(near, at(8, 2));
  EXPECT_EQ(near.p.count("sabreur.assault.must-engage"), 1u) << near.p.messages();

  Extended far;  // 9,2: 3 hexes from 6,2: out of reach, the march is no assault's
  assault(far, at(9, 2));
  EXPECT_EQ(far.p.count("sabreur.assault.must-engage"), 0u) << far.p.messages();
  EXPECT_GE(far.p.diags.count(Severity::error), 1u) << far.p.messages();
}

}  // namespace
}  // namespace umpire::sabreur::testing

namespace umpire::sabreur::testing {
namespace {

// § Changements de formation, § Test moral: a failed test leaves the unit
// as it was, an extended line back on its two hexes.
TEST(SabreurExtendedLine, AFailedTestKeepsItsTwoHexes) {
  Extended e;
  e.p.unit(1, UnitType::line_infantry, at(5, 5), Facing::s, Formation::line, 18);
  e.p.order_points(0);
  e.p.activate(0, {e.line});
  Action& f = e.p.act(ActionKind::form, 0, {e.line});
  f.formation = "line";
  f.to = at(6, 2);
  e.p.morale_test(0, e.line, {6, 6});  // 12 fails
  e.p.run();
  EXPECT_EQ(e.unit().formation, Formation::extended_line) << e.p.messages();
  EXPECT_EQ(e.unit().hex, at(5, 2));
  ASSERT_TRUE(e.unit().second_hex.has_value());
  EXPECT_EQ(*e.unit().second_hex, at(6, 2));
  EXPECT_FALSE(e.unit().former_hexes.has_value());
  EXPECT_EQ(e.p.count("replay.not-checked"), 0u) << e.p.messages();
  EXPECT_EQ(e.state().check_invariants(), "");
}

}  // namespace
}  // namespace umpire::sabreur::testing

namespace umpire::sabreur::testing {
namespace {

// § Manœuvres: an indirect march goes straight; the second half of an
// extended line goes the same way beside the first (check_second_path).
TEST(SabreurExtendedLine, AnIndirectMarchChecksTheSecondHalfsWay) {
  const auto back = [](Extended& e) {
    e.p.order_points(0);
    e.p.activate(0, {e.line});
    Action& m = e.p.act(ActionKind::move, 0, {e.line});
    m.detail = "indirect";
    m.to = hex::step(at(5, 2), hex::Direction::sw, 1);
    e.p.run();
  };
  Extended clear;
  back(clear);
  EXPECT_EQ(clear.unit().hex, hex::step(at(5, 2), hex::Direction::sw, 1)) << clear.p.messages();
  ASSERT_TRUE(clear.unit().second_hex.has_value());
  EXPECT_EQ(*clear.unit().second_hex, hex::step(at(6, 2), hex::Direction::sw, 1));
  EXPECT_EQ(clear.p.count("replay.not-checked"), 0u) << clear.p.messages();
  EXPECT_EQ(clear.p.diags.count(Severity::error), 0u) << clear.p.messages();

  Extended river;  // an impassable hexside on the second half's way: the line stays
  river.p.side(at(6, 2), hex::step(at(6, 2), hex::Direction::sw, 1), HexsideTerrain::impassable);
  back(river);
  EXPECT_EQ(river.p.count("sabreur.move.impassable"), 1u) << river.p.messages();
  EXPECT_EQ(river.unit().hex, at(5, 2));
  EXPECT_EQ(river.state().check_invariants(), "");
}

// The extended line on 5,2 and 6,2 charges red infantry on the front hex
// north-east of its second half (1 hex away, an extended line's reach; a
// charge from where it engages, sabreur.charge.engaged, which these tests
// do not look at); red flees one hex, its back to the line, and the line's
// pursuit (1 hex, § Manœuvres) moves both halves by the same step.
struct LinePursuit {
  Extended e;
  UnitId red;
  Hex first_to, second_to;  // where the halves pursue to (north-east)
  LinePursuit() {
    first_to = hex::step(at(5, 2), hex::Direction::ne, 1);
    second_to = hex::step(at(6, 2), hex::Direction::ne, 1);
    red = e.p.unit(1, UnitType::line_infantry, second_to, Facing::n, Formation::line, 18);
  }
  void play() { play({first_to}); }
  void play(HexPath pursuit) {
    e.p.order_points(0);
    e.p.activate(0, {e.line});
    e.p.act(ActionKind::charge, 0, {e.line}, {red});
    e.p.act(ActionKind::respond, 0, {red}).detail = "flee";
    Action& f = e.p.act(ActionKind::flee, 0, {red});
    f.rolls.push_back(written(1, 6, {1}));
    for (const Facing away : hex::kFacings)
      if (hex::in_rear_cone(second_to, away, at(5, 2))) {
        f.path = {hex::front_hexes(second_to, away)[0]};
        f.facing = away;
        break;
      }
    e.p.act(ActionKind::pursue, 0, {e.line}, {red}).path = std::move(pursuit);
    e.p.run();
  }
};

TEST(SabreurExtendedLine, APursuitChecksTheSecondHalfsWay) {
  LinePursuit clear;
  clear.play();
  EXPECT_EQ(clear.e.unit().hex, clear.first_to) << clear.e.p.messages();
  ASSERT_TRUE(clear.e.unit().second_hex.has_value());
  EXPECT_EQ(*clear.e.unit().second_hex, clear.second_to);
  EXPECT_EQ(clear.e.p.count("replay.not-checked"), 0u) << clear.e.p.messages();
  EXPECT_EQ(clear.e.p.count("sabreur.flight.direction"), 0u) << clear.e.p.messages();
  EXPECT_EQ(clear.e.p.count("sabreur.pursuit.not-allowed"), 0u) << clear.e.p.messages();
  EXPECT_EQ(clear.e.p.count("sabreur.move.impassable"), 0u) << clear.e.p.messages();

  LinePursuit river;  // an impassable hexside on the second half's step
  river.e.p.side(at(6, 2), river.second_to, HexsideTerrain::impassable);
  river.play();
  EXPECT_EQ(river.e.p.count("sabreur.move.impassable"), 1u) << river.e.p.messages();
  EXPECT_EQ(river.e.unit().hex, at(5, 2));
  EXPECT_EQ(river.e.state().check_invariants(), "");
}

// "bloquée par une unité intraversable": the line steps as one, so a
// friend in the way of one half's step blocks that step for both.
TEST(SabreurExtendedLine, APursuitIsBlockedWhereEitherHalfIs) {
  LinePursuit blocked;
  // On the first half's north-east front hex (the second half's north-west):
  // both steps of the line need it.
  blocked.e.p.unit(0, UnitType::line_infantry, blocked.first_to, Facing::n, Formation::line, 18);
  blocked.play({});
  EXPECT_EQ(blocked.e.p.count("sabreur.pursuit.not-allowed"), 0u) << blocked.e.p.messages();
  EXPECT_EQ(blocked.e.p.count("sabreur.pursuit.length"), 0u) << blocked.e.p.messages();
  EXPECT_EQ(blocked.e.unit().hex, at(5, 2));
}

// A horde holds one hex: a line written panicked leaves its second hex.
TEST(SabreurExtendedLine, APanickedLineHoldsOneHex) {
  Extended e;
  e.p.act(ActionKind::state, 0, {e.line}).states = {"panicked"};
  e.p.run();
  EXPECT_EQ(e.unit().formation, Formation::horde);
  EXPECT_FALSE(e.unit().second_hex.has_value()) << e.p.messages();
  EXPECT_EQ(e.state().check_invariants(), "");
}

}  // namespace
}  // namespace umpire::sabreur::testing

namespace umpire::sabreur::testing {
namespace {

// A pursuit written with its destination only (`pursue … to <hex>`): when
// that hex lies straight through one front hex the front steps have one
// way there, checked as a written path (and an extended line's second half
// beside it); else the way is reported not checked.
TEST(SabreurExtendedLine, APursuitStraightAheadHasAKnownWay) {
  const auto play = [](Position& p, Hex to) {
    const UnitId cav = p.unit(0, UnitType::heavy_cavalry, at(5, 2), Facing::n, Formation::line, 10);
    const UnitId skirmishers =
        p.unit(1, UnitType::light_infantry, at(5, 5), Facing::s, Formation::skirmish_order, 10,
               Quality::ordinary, {Skill::skirmisher});
    p.order_points(0);
    p.activate(0, {cav});
    p.act(ActionKind::charge, 0, {cav}, {skirmishers}).path = {at(5, 3), at(5, 4)};
    p.act(ActionKind::respond, 0, {skirmishers}).detail = "evade";
    p.act(ActionKind::evade, 0, {skirmishers}).path = {at(4, 6), at(4, 7)};
    Action& a = p.act(ActionKind::pursue, 0, {cav}, {skirmishers});
    a.rolls.push_back(written(1, 6, {2}));
    a.to = to;
    p.run();
    return cav;
  };
  const Hex ahead = hex::front_hexes(at(5, 4), Facing::n)[1];
  const auto dir = hex::straight_direction(at(5, 4), ahead);
  ASSERT_TRUE(dir.has_value());
  Position straight;
  const UnitId cav = play(straight, hex::step(at(5, 4), *dir, 2));
  EXPECT_EQ(straight.count("replay.not-checked"), 0u) << straight.messages();
  EXPECT_EQ(straight.diags.count(Severity::error), 0u) << straight.messages();
  EXPECT_EQ(straight.engine().state().units[cav].hex, hex::step(at(5, 4), *dir, 2));

  Position zigzag;  // 5,6: two front steps, by either front hex first
  play(zigzag, at(5, 6));
  EXPECT_EQ(zigzag.count("replay.not-checked"), 1u) << zigzag.messages();
  EXPECT_NE(zigzag.messages().find("written without its path"), std::string::npos)
      << zigzag.messages();
}

}  // namespace
}  // namespace umpire::sabreur::testing
