// The sequence of a shock and of a mêlée: 002_87c3dc452f850204.txt
// § La charge et le choc (steps 1–5), § L'assaut et la mêlée (steps 1–5).
#include "tests/engine/sabreur_fixture.hpp"

namespace umpire::sabreur::testing {
namespace {

Action& strike_with(Position& p, UnitId u, UnitId t, std::initializer_list<std::uint16_t> faces) {
  Action& a = p.act(ActionKind::attack, 0, {u}, {t});
  a.rolls.push_back(written(static_cast<std::uint16_t>(faces.size()), 6, faces));
  return a;
}

Action& morale_with(Position& p, UnitId u, std::initializer_list<std::uint16_t> faces) {
  Action& a = p.act(ActionKind::test, 0, {u});
  a.detail = "morale";
  a.rolls.push_back(written(2, 6, faces));
  return a;
}

// Heavy cavalry (10) charges line infantry (18), which does nothing and
// passes its reaction test: the cavalry throws 8 dice, the infantry 6 less
// the losses of the charge procedure.
struct ShockPosition {
  Position p;
  UnitId cav, inf;
  ShockPosition() {
    cav = p.unit(0, UnitType::heavy_cavalry, at(5, 2), Facing::n, Formation::line, 10);
    inf = p.unit(1, UnitType::line_infantry, at(5, 6), Facing::s, Formation::line, 18);
    p.order_points(0);
    p.activate(0, {cav});
    Action& c = p.act(ActionKind::charge, 0, {cav}, {inf});
    c.path = {at(5, 3), at(4, 4), at(5, 5)};
    Action& r = p.act(ActionKind::respond, 0, {inf});
    r.detail = "do-nothing";
    morale_with(p, inf, {2, 2});
  }
  std::size_t order() const { return p.count("sabreur.shock.order"); }
  std::size_t tests() const { return p.count("sabreur.shock.test"); }
};

TEST(SabreurShock, ChargerStrikesTargetTestsStrikesBackChargerTests) {
  ShockPosition s;
  strike_with(s.p, s.cav, s.inf, {4, 4, 4, 1, 2, 3, 1, 2});  // 3 losses: a test
  morale_with(s.p, s.inf, {2, 2});
  strike_with(s.p, s.inf, s.cav, {4, 4, 4});  // 6 - 3 dice; 3 losses: a test
  morale_with(s.p, s.cav, {2, 2});
  s.p.run();
  EXPECT_EQ(s.order(), 0u) << s.p.messages();
  EXPECT_EQ(s.tests(), 0u) << s.p.messages();
  EXPECT_EQ(s.p.count("sabreur.combat.dice"), 0u) << s.p.messages();
  ASSERT_TRUE(s.p.engine().state().combat);
  EXPECT_TRUE(s.p.engine().state().combat->shock);
  EXPECT_FALSE(s.p.engine().state().last_combat_was_melee());
}

TEST(SabreurShock, TheChargerTestsAfterAReturnStrikeThatCostItThree) {
  ShockPosition s;
  strike_with(s.p, s.cav, s.inf, {4, 4, 1, 1, 2, 3, 1, 2});  // 2 losses: no test
  strike_with(s.p, s.inf, s.cav, {4, 4, 4, 1});              // 3 losses
  s.p.run();  // the log ends without the charger's test
  EXPECT_EQ(s.tests(), 1u) << s.p.messages();
  EXPECT_EQ(s.order(), 0u) << s.p.messages();

  ShockPosition light;
  strike_with(light.p, light.cav, light.inf, {4, 4, 1, 1, 2, 3, 1, 2});
  strike_with(light.p, light.inf, light.cav, {4, 4, 1, 1});  // 2 losses: no test owed
  light.p.run();
  EXPECT_EQ(light.tests(), 0u) << light.p.messages();
}

TEST(SabreurShock, EachUnitStrikesOnce) {
  ShockPosition s;
  strike_with(s.p, s.cav, s.inf, {4, 4, 1, 1, 2, 3, 1, 2});
  strike_with(s.p, s.inf, s.cav, {1, 1, 1, 1});
  strike_with(s.p, s.cav, s.inf, {1, 1, 1, 1, 1, 1, 1, 1});
  s.p.run();
  EXPECT_EQ(s.order(), 1u) << s.p.messages();
}

TEST(SabreurShock, APursuitAttackIsAShockThePursuerOpens) {
  ShockPosition s;
  const UnitId other =
      s.p.unit(1, UnitType::line_infantry, at(7, 7), Facing::s, Formation::line, 18);
  strike_with(s.p, s.cav, s.inf, {4, 4, 4, 1, 2, 3, 1, 2});
  morale_with(s.p, s.inf, {6, 6});  // fails
  Action& f = s.p.act(ActionKind::flee, 0, {s.inf});
  f.rolls.push_back(written(1, 6, {2}));
  f.path = {at(5, 7), at(5, 8)};
  f.facing = Facing::n;
  Action& pursue = s.p.act(ActionKind::pursue, 0, {s.cav});
  pursue.to = at(6, 6);
  strike_with(s.p, other, s.cav, {1, 1, 1, 1, 1, 1});  // the new target strikes first
  s.p.run();
  EXPECT_EQ(s.order(), 1u) << s.p.messages();
  EXPECT_EQ(s.tests(), 0u) << s.p.messages();
}

// Line infantry assaults line infantry next to it; both throw 6 dice.
struct MeleePosition {
  Position p;
  UnitId blue, red;
  explicit MeleePosition(int blue_strength = 18, int red_strength = 18, int blue_cd = 0,
                         int red_cd = 0) {
    blue = p.unit(0, UnitType::line_infantry, at(5, 4), Facing::n, Formation::line, blue_strength,
                  Quality::ordinary, {}, blue_cd);
    red = p.unit(1, UnitType::line_infantry, at(5, 5), Facing::s, Formation::line, red_strength,
                 Quality::ordinary, {}, red_cd);
    p.order_points(0);
    p.activate(0, {blue});
    p.act(ActionKind::assault, 0, {blue}, {red});
    Action& r = p.act(ActionKind::respond, 0, {red});
    r.detail = "do-nothing";
  }
  // Strikes that cost the other 2, 3 or 4 strength points (no 6: one loss
  // a hit).
  void strike(UnitId u, UnitId t, int hits) {
    if (hits == 2) strike_with(p, u, t, {4, 4, 1, 1, 2, 3});
    if (hits == 3) strike_with(p, u, t, {4, 4, 4, 1, 2, 3});
    if (hits == 4) strike_with(p, u, t, {4, 4, 4, 5, 2, 3});
  }
  void strikes(int blue_inflicts, int red_inflicts) {
    strike(blue, red, blue_inflicts);
    strike(red, blue, red_inflicts);
  }
  std::size_t order() const { return p.count("sabreur.melee.order"); }
  std::size_t tests() const { return p.count("sabreur.melee.test"); }
};

TEST(SabreurMelee, TheAssaultingUnitStrikesFirst) {
  MeleePosition m;
  strike_with(m.p, m.red, m.blue, {1, 1, 1, 1, 2, 3});
  m.p.run();
  EXPECT_EQ(m.order(), 1u) << m.p.messages();
}

TEST(SabreurMelee, NoRiposteAfterTheBilan) {
  MeleePosition m;
  strike_with(m.p, m.blue, m.red, {4, 4, 4, 1, 2, 3});
  morale_with(m.p, m.red, {2, 2});
  strike_with(m.p, m.red, m.blue, {1, 1, 1, 1, 2, 3});
  m.p.run();
  EXPECT_EQ(m.order(), 1u) << m.p.messages();
  EXPECT_EQ(m.tests(), 0u) << m.p.messages();
}

TEST(SabreurMelee, BilanFirstTheUnitAtItsDemoralisationThreshold) {
  // Blue (12) loses 3 and is at its threshold (10); red loses 4: blue first.
  for (bool blue_first : {true, false}) {
    MeleePosition m(12, 18);
    m.strikes(4, 3);
    morale_with(m.p, blue_first ? m.blue : m.red, {2, 2});
    morale_with(m.p, blue_first ? m.red : m.blue, {2, 2});
    m.p.run();
    EXPECT_EQ(m.tests(), blue_first ? 0u : 1u) << m.p.messages();
    EXPECT_EQ(m.order(), 0u) << m.p.messages();
  }
}

TEST(SabreurMelee, BilanFirstTheUnitThatLostMore) {
  for (bool blue_first : {true, false}) {
    MeleePosition m;
    m.strikes(3, 4);  // blue lost 4
    morale_with(m.p, blue_first ? m.blue : m.red, {2, 2});
    morale_with(m.p, blue_first ? m.red : m.blue, {2, 2});
    m.p.run();
    EXPECT_EQ(m.tests(), blue_first ? 0u : 1u) << m.p.messages();
  }
}

TEST(SabreurMelee, BilanFirstTheLowerCdElseTheAssaultedUnit) {
  for (bool blue_first : {true, false}) {
    MeleePosition m(18, 18, 6, 8);
    m.strikes(3, 3);
    morale_with(m.p, blue_first ? m.blue : m.red, {2, 2});
    morale_with(m.p, blue_first ? m.red : m.blue, {2, 2});
    m.p.run();
    EXPECT_EQ(m.tests(), blue_first ? 0u : 1u) << m.p.messages();
  }
  MeleePosition even;
  even.strikes(3, 3);
  morale_with(even.p, even.red, {2, 2});
  morale_with(even.p, even.blue, {2, 2});
  even.p.run();
  EXPECT_EQ(even.tests(), 0u) << even.p.messages();
}

TEST(SabreurMelee, TheSecondTestsWhenTheFirstStands) {
  MeleePosition m;
  m.strikes(3, 3);
  morale_with(m.p, m.red, {6, 6});  // fails by 5 and stays: loses 5
  morale_with(m.p, m.blue, {2, 2});
  m.p.run();
  EXPECT_EQ(m.tests(), 0u) << m.p.messages();
  EXPECT_EQ(m.p.engine().state().units[m.red].strength, 18 - 3 - 5);
  EXPECT_TRUE(m.p.engine().state().last_combat_was_melee());

  MeleePosition missing;
  missing.strikes(3, 3);
  morale_with(missing.p, missing.red, {2, 2});
  missing.p.run();  // blue's test never comes
  EXPECT_EQ(missing.tests(), 1u) << missing.p.messages();
}

TEST(SabreurMelee, NoTestTheBilanDoesNotCallFor) {
  MeleePosition m;
  m.strikes(2, 2);
  morale_with(m.p, m.red, {2, 2});
  m.p.run();
  EXPECT_EQ(m.tests(), 1u) << m.p.messages();

  MeleePosition one;
  one.strikes(3, 2);
  morale_with(one.p, one.blue, {2, 2});  // red owes the test, not blue
  one.p.run();
  EXPECT_EQ(one.tests(), 1u) << one.p.messages();
}

// "Tir puis charge ou assaut": the fire's losses count with the mêlée's for
// the tests (§ Test moral). Here the fire hit nothing and the mêlée cost 2:
// no test is called for, even with the fire's losses.
TEST(SabreurMelee, AfterFireThenAssaultTheFireLossesCountInTheBilan) {
  Position p;
  const UnitId blue = p.unit(0, UnitType::line_infantry, at(5, 3), Facing::n, Formation::line, 18);
  const UnitId red = p.unit(1, UnitType::line_infantry, at(5, 5), Facing::s, Formation::line, 18);
  p.order_points(0);
  p.activate(0, {blue});
  Action& fire = p.act(ActionKind::shoot, 0, {blue}, {red});
  fire.range = 2;
  fire.rolls.push_back(written(7, 6, {1, 1, 1, 1, 1, 1, 1}));
  p.act(ActionKind::assault, 0, {blue}, {red}).to = at(5, 4);
  p.act(ActionKind::respond, 0, {red}).detail = "do-nothing";
  strike_with(p, blue, red, {4, 4, 1, 1, 2, 3});
  strike_with(p, red, blue, {4, 4, 1, 1, 2, 3});
  morale_with(p, red, {2, 2});
  p.run();
  EXPECT_EQ(p.count("sabreur.melee.test"), 1u) << p.messages();
  EXPECT_EQ(p.messages().find("fired first"), std::string::npos) << p.messages();
}

}  // namespace
}  // namespace umpire::sabreur::testing
