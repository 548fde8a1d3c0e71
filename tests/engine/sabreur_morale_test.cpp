// Morale tests and rallies: 002_87c3dc452f850204.txt § Test moral,
// § Qualité des unités, § Ralliement; agreed rulings.
#include "tests/engine/sabreur_fixture.hpp"

namespace umpire::sabreur::testing {
namespace {

struct Testing {
  Position p;
  UnitId u;
  explicit Testing(Quality q, int strength = 18) {
    u = p.unit(0, UnitType::line_infantry, at(5, 2), Facing::n, Formation::line, strength, q);
  }
  Action& test(replay::WrittenRoll roll) {
    Action& a = p.act(ActionKind::test, 0, {u});
    a.detail = "morale";
    a.rolls.push_back(std::move(roll));
    return a;
  }
};

TEST(SabreurMorale, DiceByQuality) {
  Testing elite(Quality::elite);
  elite.test(written(3, 6, {6, 2, 3}, dice::Keep::lowest, 2)).stated.passed = true;
  elite.p.run();
  EXPECT_EQ(elite.p.diags.count(Severity::error), 0u) << elite.p.messages();

  Testing recruit(Quality::recruit);
  recruit.test(written(2, 6, {3, 3}));
  recruit.p.run();
  EXPECT_EQ(recruit.p.count("sabreur.morale.dice"), 1u) << recruit.p.messages();

  Testing ordinary(Quality::ordinary);
  ordinary.test(written(3, 6, {6, 2, 3}, dice::Keep::lowest, 2));
  ordinary.p.run();
  EXPECT_EQ(ordinary.p.count("sabreur.morale.dice"), 1u) << ordinary.p.messages();
}

TEST(SabreurMorale, AnOrdinaryUnitNextToEliteLineInfantryTestsAsElite) {
  Testing t(Quality::ordinary);
  t.p.unit(0, UnitType::line_infantry, at(6, 2), Facing::n, Formation::line, 18, Quality::elite);
  t.test(written(3, 6, {6, 2, 3}, dice::Keep::lowest, 2));
  t.p.run();
  EXPECT_EQ(t.p.diags.count(Severity::error), 0u) << t.p.messages();

  // Not when the Elite neighbour is light infantry.
  Testing light(Quality::ordinary);
  light.p.unit(0, UnitType::light_infantry, at(6, 2), Facing::n, Formation::line, 9,
               Quality::elite);
  light.test(written(3, 6, {6, 2, 3}, dice::Keep::lowest, 2));
  light.p.run();
  EXPECT_EQ(light.p.count("sabreur.morale.dice"), 1u) << light.p.messages();
}

TEST(SabreurMorale, ResultAgainstTheModifiedCommandFactor) {
  Testing t(Quality::ordinary);
  t.test(written(2, 6, {4, 4})).stated.passed = true;  // 8 against Cd 7
  t.p.run();
  EXPECT_EQ(t.p.count("sabreur.morale.result"), 1u) << t.p.messages();
}

TEST(SabreurMorale, DemoralisedUnitsTestAtMinusTwo) {
  Testing t(Quality::ordinary, 10);  // line infantry threshold 10
  Action& a = t.test(written(2, 6, {3, 3}));
  a.modifier = -1;
  a.stated.passed = true;  // 6 against 7 - 2 = 5: fails
  t.p.run();
  EXPECT_EQ(t.p.count("sabreur.morale.modifier"), 1u) << t.p.messages();
  EXPECT_EQ(t.p.count("sabreur.morale.result"), 1u) << t.p.messages();
}

TEST(SabreurMorale, HeavyLossesThenAFailedTestCostTheDifference) {
  Position p;
  const UnitId shooter =
      p.unit(0, UnitType::line_infantry, at(5, 2), Facing::n, Formation::line, 18);
  const UnitId t = p.unit(1, UnitType::line_infantry, at(5, 5), Facing::s, Formation::column, 18);
  p.order_points(0);
  p.activate(0, {shooter});
  Action& s = p.act(ActionKind::shoot, 0, {shooter}, {t});
  s.rolls.push_back(written(6, 6, {5, 5, 5, 1, 1, 1}));  // 3 hits: a test follows
  Action& test = p.act(ActionKind::test, 0, {t});
  test.detail = "morale";
  test.rolls.push_back(written(2, 6, {5, 5}));  // 10 against 7: fails by 3
  p.run();
  EXPECT_EQ(p.diags.count(Severity::error), 0u) << p.messages();
  EXPECT_EQ(p.engine().state().units[t].strength, 18 - 3 - 3);
}

TEST(SabreurRally, NotWithANonPanickedEnemyWithinThreeHexes) {
  for (bool agreed : {false, true}) {
    Position p;
    const UnitId u = p.unit(0, UnitType::line_infantry, at(5, 2), Facing::n, Formation::line, 14);
    p.unit(1, UnitType::line_infantry, at(5, 5), Facing::s, Formation::line, 18);
    p.order_points(0);
    p.activate(0, {u});
    Action& r = p.act(ActionKind::rally, 0, {u});
    r.rolls.push_back(written(2, 6, {2, 3}));
    r.agreed = agreed;
    r.agreed_note = "both players accepted it";
    p.run();
    EXPECT_EQ(p.count("sabreur.rally.near-enemy"), agreed ? 0u : 1u) << p.messages();
    EXPECT_EQ(p.count("replay.agreed"), agreed ? 1u : 0u) << p.messages();
    // The rally passed (5 against 7) but never lifts a unit above its
    // initial strength (§ Ralliement): 14 stays 14.
    EXPECT_EQ(p.engine().state().units[u].strength, 14);
  }
}

}  // namespace
}  // namespace umpire::sabreur::testing

namespace umpire::sabreur::testing {
namespace {

// § Ralliement: a rally that passes gives back 2 strength points, never more
// than were lost.
TEST(SabreurRally, RecoversTwoStrengthPoints) {
  Position p;
  const UnitId b = p.unit(0, UnitType::line_infantry, at(5, 2), Facing::n, Formation::line, 18);
  const UnitId gun =
      p.unit(1, UnitType::heavy_foot_battery, at(5, 8), Facing::s, Formation::line, 4);
  p.order_points(1);
  p.activate(1, {gun});
  Action& s = p.act(ActionKind::shoot, 1, {gun}, {b});
  s.rolls.push_back(written(5, 6, {5, 5, 5, 1, 1}));  // 6 hexes of 10: no half-range die
  s.stated.hits = 3;
  Action& o = p.act(ActionKind::order_points, 0, {}, {}, Phase::orders);
  o.turn = 2;
  o.rolls.push_back(written(1, 3, {6}, dice::Keep::all, 0, 1));
  Action& act = p.act(ActionKind::activate, 0, {b});
  act.turn = 2;
  act.cost = 1;
  Action& r = p.act(ActionKind::rally, 0, {b});
  r.turn = 2;
  r.rolls.push_back(written(2, 6, {2, 3}));
  p.run();
  EXPECT_EQ(p.diags.count(Severity::error), 0u) << p.messages();
  EXPECT_EQ(p.engine().state().units[b].strength, 18 - 3 + 2);
}

}  // namespace
}  // namespace umpire::sabreur::testing
