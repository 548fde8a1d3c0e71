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
  // A test out of context: nothing calls it (sabreur_march_test.cpp), the
  // only error; the dice are right.
  EXPECT_EQ(elite.p.diags.count(Severity::error), elite.p.count("sabreur.morale.not-called-for"))
      << elite.p.messages();

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
  EXPECT_EQ(t.p.diags.count(Severity::error), t.p.count("sabreur.morale.not-called-for"))
      << t.p.messages();

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
  p.morale_test(0, t, {5, 5});                           // 10 against 7: fails by 3
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
  p.morale_test(1, b, {1, 1});  // 3 losses in one fire call a test (§ Test moral)
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

// The engine's corrections found by writing the full games by hand.
namespace umpire::sabreur::testing {
namespace {

// § Changements de formation, § Test moral: a unit that fails the test owed
// before a change of formation suffers no consequence: the change is not
// made, it keeps its former formation and facing.
TEST(SabreurFromFullGames, AFailedFormationTestKeepsTheFormerFormation) {
  for (bool passes : {false, true}) {
    Position p;
    const UnitId b = p.unit(0, UnitType::line_infantry, at(5, 2), Facing::n, Formation::line, 18);
    p.unit(1, UnitType::line_infantry, at(5, 5), Facing::s, Formation::line, 18);
    p.order_points(0);
    p.activate(0, {b});
    Action& f = p.act(ActionKind::form, 0, {b});
    f.formation = "column";
    f.facing = Facing::ne;
    Action& t = p.act(ActionKind::test, 0, {b});
    t.detail = "morale";
    t.rolls.push_back(passes ? written(2, 6, {2, 3}) : written(2, 6, {6, 6}));
    p.run();
    EXPECT_EQ(p.diags.count(Severity::error), 0u) << p.messages();
    const UnitState& st = p.engine().state().units[b];
    EXPECT_EQ(st.formation, passes ? Formation::column : Formation::line);
    EXPECT_EQ(st.facing, passes ? Facing::ne : Facing::n);
    EXPECT_FALSE(st.former_formation.has_value());
  }
}

// § La charge et le choc, 4: cavalry whose infantry target formed square in
// reaction (test passed) may evade, ending its charge: part of the charge,
// not a second action; not when the target did not form square.
TEST(SabreurFromFullGames, ACavalryChargerMayEvadeBeforeASquare) {
  for (bool square : {true, false}) {
    Position p;
    const UnitId b = p.unit(0, UnitType::light_cavalry, at(5, 2), Facing::n, Formation::line, 6);
    const UnitId r = p.unit(1, UnitType::line_infantry, at(5, 6), Facing::s, Formation::column, 18);
    p.order_points(0);
    p.activate(0, {b});
    Action& c = p.act(ActionKind::charge, 0, {b}, {r});
    c.path = {at(5, 3), at(5, 4), at(5, 5)};
    Action& re = p.act(ActionKind::respond, 0, {r});
    re.detail = square ? "form-square" : "do-nothing";
    if (square) re.stated.formation = "square";
    p.morale_test(0, r, {2, 3});
    p.act(ActionKind::evade, 0, {b}).path = {at(5, 4), at(5, 3)};
    p.run();
    EXPECT_EQ(p.count("sabreur.action.one-choice"), 0u) << p.messages();
    EXPECT_EQ(p.count("sabreur.charge.evade-square"), square ? 0u : 1u) << p.messages();
    EXPECT_EQ(p.diags.count(Severity::error), square ? 0u : 1u) << p.messages();
  }
}

// § Test moral: after "tir puis charge ou assaut" the fire's losses may count
// with the attack's. 2 to the fire and 1 in the mêlée: the test written in
// the bilan is that losses test (not the assault's reaction test); with 1
// and 1 no test is called for.
TEST(SabreurFromFullGames, AFireThenAssaultCountsTheFireLossesInTheBilan) {
  for (int fire_hits : {2, 1}) {
    Position p;
    const UnitId b = p.unit(0, UnitType::line_infantry, at(5, 2), Facing::n, Formation::line, 18,
                            Quality::ordinary, {Skill::controlled_fire});
    const UnitId r = p.unit(1, UnitType::line_infantry, at(5, 4), Facing::s, Formation::column, 18);
    p.order_points(0);
    p.activate(0, {b});
    Action& s = p.act(ActionKind::shoot, 0, {b}, {r});
    s.rolls.push_back(fire_hits == 2 ? written(7, 6, {5, 5, 1, 1, 1, 1, 1})
                                     : written(7, 6, {5, 1, 1, 1, 1, 1, 1}));
    p.act(ActionKind::assault, 0, {b}, {r}).to = at(5, 3);
    p.act(ActionKind::respond, 0, {r}).detail = "do-nothing";
    p.act(ActionKind::attack, 0, {b}, {r}).rolls.push_back(written(6, 6, {5, 1, 1, 1, 1, 1}));
    p.act(ActionKind::attack, 0, {r}, {b}).rolls.push_back(written(4, 6, {1, 1, 1, 1}));
    p.morale_test(0, r, {2, 3});
    p.run();
    EXPECT_EQ(p.count("sabreur.assault.reaction-test"), 0u) << p.messages();
    EXPECT_EQ(p.count("sabreur.melee.test"), fire_hits == 2 ? 0u : 1u) << p.messages();
    EXPECT_EQ(p.diags.count(Severity::error), fire_hits == 2 ? 0u : 1u) << p.messages();
  }
}

// § Points d'ordre: a regimental gun joins the activation of a non-panicked
// infantry or cavalry group when next to an infantry unit of it (outside
// the group's size, facing and chain), and may then act; not when no
// infantry of the group is next to it.
TEST(SabreurFromFullGames, ARegimentalGunJoinsTheActivationOfItsInfantry) {
  for (bool next_to : {true, false}) {
    Position p;
    const UnitId b = p.unit(0, UnitType::line_infantry, at(5, 2), Facing::n, Formation::line, 18);
    const UnitId g = p.unit(0, UnitType::regimental_gun, next_to ? at(6, 2) : at(8, 2), Facing::s,
                            Formation::line, 2);
    p.unit(1, UnitType::line_infantry, at(5, 9), Facing::s, Formation::line, 18);
    p.order_points(0);
    p.activate(0, {b, g});
    p.act(ActionKind::move, 0, {g}).detail = "frontal";
    p.actions.back().path = {next_to ? at(6, 1) : at(8, 1)};
    p.actions.back().facing = Facing::s;
    p.run();
    EXPECT_EQ(p.count("sabreur.activation.regimental-gun"), next_to ? 0u : 1u) << p.messages();
    EXPECT_EQ(p.count("sabreur.activation.facing"), 0u) << p.messages();
    EXPECT_EQ(p.count("sabreur.activation.not-activated"), 0u) << p.messages();
    EXPECT_EQ(p.diags.count(Severity::error), next_to ? 0u : 1u) << p.messages();
  }
}

}  // namespace
}  // namespace umpire::sabreur::testing
