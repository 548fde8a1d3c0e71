// The obligations of an "impétueux" unit once activated and after its own
// manoeuvre: 002_87c3dc452f850204.txt § Les compétences (suite)
// (engine/rulesets/sabreur_hex/phases/impetuous.cpp). Those once the order points
// are spent are in sabreur_special_actions_test.cpp.
#include "engine/geometry/hex/zone.hpp"
#include "tests/engine/sabreur_fixture.hpp"

namespace umpire::sabreur::testing {
namespace {

// Blue impetuous light cavalry at 5,5 facing north and a blue line far
// away; red line infantry at `enemy_hex` (5,7: 2 hexes in front).
struct Activated {
  Position p;
  UnitId u, other, enemy;
  explicit Activated(Hex enemy_hex = at(5, 7), Facing facing = Facing::n) {
    u = p.unit(0, UnitType::light_cavalry, at(5, 5), facing, Formation::line, 6, Quality::ordinary,
               {Skill::impetuous});
    other = p.unit(0, UnitType::line_infantry, at(1, 1), Facing::n, Formation::line, 18);
    enemy = p.unit(1, UnitType::line_infantry, enemy_hex, Facing::s, Formation::line, 18);
    p.order_points(0);
    p.activate(0, {u});
  }
  // Another group's activation ends the unit's.
  void next_group() { p.activate(0, {other}); }
  Action& assault(Hex to) {
    Action& a = p.act(ActionKind::assault, 0, {u}, {enemy});
    a.to = to;
    Action& r = p.act(ActionKind::respond, 0, {enemy});  // in blue's turn
    r.detail = "do-nothing";
    return a;
  }
  void strike() {
    Action& a = p.act(ActionKind::attack, 0, {u}, {enemy});
    a.rolls.push_back(written(3, 6, {6, 1, 1}, dice::Keep::all, 0, 0, "hit"));
  }
  const UnitState& unit() const { return p.engine().state().units[u]; }
};

TEST(SabreurImpetuous, ActivatedWithAnEnemyTwoHexesInFrontItMustAttack) {
  Activated s;
  s.next_group();
  s.p.run();
  EXPECT_EQ(s.p.count("sabreur.special.impetuous-activated"), 1u) << s.p.messages();
  EXPECT_FALSE(s.unit().impetuous_bound);
}

TEST(SabreurImpetuous, TheEndOfTheLogEndsTheActivation) {
  Activated s;
  Action& m = s.p.act(ActionKind::move, 0, {s.u});
  m.detail = "indirect";
  m.to = at(4, 5);
  s.p.run();
  EXPECT_EQ(s.p.count("sabreur.special.impetuous-activated"), 1u) << s.p.messages();
}

TEST(SabreurImpetuous, ItsAssaultAndStrikeMeetBothObligations) {
  Activated s;
  s.assault(at(5, 6));
  s.strike();
  s.next_group();
  s.p.run();
  EXPECT_EQ(s.p.count("sabreur.special.impetuous-activated"), 0u) << s.p.messages();
  EXPECT_EQ(s.p.count("sabreur.special.impetuous-strike"), 0u) << s.p.messages();
  EXPECT_FALSE(s.unit().owes_attack_on.has_value());
}

TEST(SabreurImpetuous, ItsManoeuvreBroughtItToEngageSoItsStrikeIsOwed) {
  Activated s;
  s.assault(at(5, 6));
  s.next_group();  // the procedure is over: no strike
  s.p.run();
  EXPECT_EQ(s.p.count("sabreur.special.impetuous-activated"), 0u) << s.p.messages();
  EXPECT_EQ(s.p.count("sabreur.special.impetuous-strike"), 1u) << s.p.messages();
}

TEST(SabreurImpetuous, AnEnemyInAWoodDoesNotBindIt) {
  Activated s;
  s.p.terrain(at(5, 7), HexTerrain::wood);
  s.next_group();
  s.p.run();
  EXPECT_EQ(s.p.count("sabreur.special.impetuous-activated"), 0u) << s.p.messages();
}

TEST(SabreurImpetuous, AnEnemyItWouldRotateToChargeDoesNotBindIt) {
  Activated s(at(5, 7), Facing::s);  // the enemy behind it
  s.next_group();
  s.p.run();
  EXPECT_EQ(s.p.count("sabreur.special.impetuous-activated"), 0u) << s.p.messages();
}

TEST(SabreurImpetuous, AnEnemyThreeHexesAwayDoesNotBindIt) {
  Activated s(at(5, 8));
  s.next_group();
  s.p.run();
  EXPECT_EQ(s.p.count("sabreur.special.impetuous-activated"), 0u) << s.p.messages();
}

TEST(SabreurImpetuous, AnAttackItCannotMakeDoesNotBindIt) {
  // Impassable ground all around it: no charge, no assault can engage.
  Activated s;
  for (int d = 0; d < 6; ++d) {
    const Hex h = hex::neighbour(at(5, 5), hex::direction_from_index(d));
    s.p.terrain(h, HexTerrain::impassable);
  }
  s.next_group();
  s.p.run();
  EXPECT_EQ(s.p.count("sabreur.special.impetuous-activated"), 0u) << s.p.messages();
}

// Its charge and its assault can go through either front hex, both next to
// the enemy. One of them impassable refuses the ways through it in their
// march, not at the declaration: the ways through the other still bind it
// (can_attack skips only the ways of an attack its declaration refused).
TEST(SabreurImpetuous, AWayRefusedInItsMarchLeavesTheOtherWays) {
  for (const int blocked : {0, 1}) {
    Activated s;
    const auto front = hex::front_hexes(at(5, 5), Facing::n);
    ASSERT_TRUE(hex::adjacent(front[0], at(5, 7)) && hex::adjacent(front[1], at(5, 7)));
    s.p.terrain(front[static_cast<std::size_t>(blocked)], HexTerrain::impassable);
    s.next_group();
    s.p.run();
    EXPECT_EQ(s.p.count("sabreur.special.impetuous-activated"), 1u)
        << "front hex " << blocked << " impassable\n"
        << s.p.messages();
  }
}

TEST(SabreurImpetuous, ABoundUnitAttacksAnEnemyItIsBoundTo) {
  // A second red unit 4 hexes in front: charging it leaves the one 2 hexes
  // away unattacked.
  Activated s;
  const UnitId far = s.p.unit(1, UnitType::line_infantry, at(5, 9), Facing::s, Formation::line, 18);
  Action& c = s.p.act(ActionKind::charge, 0, {s.u}, {far});
  c.path = {at(5, 6), at(5, 7), at(5, 8)};
  s.p.run();
  EXPECT_EQ(s.p.count("sabreur.special.impetuous-activated"), 1u) << s.p.messages();
}

TEST(SabreurImpetuous, AMarchThatEngagesOwesAnAssaultAtItsNextActivation) {
  // The enemy in a wood binds no activation, but the march that brought
  // the unit to engage it does.
  Activated s;
  s.p.terrain(at(5, 7), HexTerrain::wood);
  Action& m = s.p.act(ActionKind::move, 0, {s.u});
  m.detail = "frontal";
  m.path = {at(5, 6)};
  s.next_group();
  s.p.activate(0, {s.u});  // its next activation: it does not assault
  s.p.run();
  EXPECT_EQ(s.p.count("sabreur.special.impetuous-activated"), 1u) << s.p.messages();
}

}  // namespace
}  // namespace umpire::sabreur::testing
