// A reaction's morale test the log must write: 002_87c3dc452f850204.txt
// § Réactions face à une charge ("la cible de la charge doit immédiatement
// passer un test moral"; a friend's countercharge or defensive fire "est
// autorisé" only if its test passes), sabreur.reaction.test-missing.
#include "tests/engine/sabreur_fixture.hpp"

namespace umpire::sabreur::testing {
namespace {

// Line infantry in column at 5,2 facing north charges red line infantry at
// 5,5 (3 hexes away), ending on 5,4 in contact.
struct OwedReactionTest {
  Position p;
  UnitId column, target;
  OwedReactionTest() {
    column = p.unit(0, UnitType::line_infantry, at(5, 2), Facing::n, Formation::column, 18);
    target = p.unit(1, UnitType::line_infantry, at(5, 5), Facing::s, Formation::line, 18);
  }
  void charge() { p.charge(0, column, target, {at(5, 3), at(5, 4)}, Facing::n); }
  Action& respond(UnitId u, std::string word) { return p.respond(0, u, std::move(word)); }
  // One hit: too few to call the charger's test.
  Action& fire(UnitId u) {
    Action& r = respond(u, "defensive-fire");
    r.rolls.push_back(written(7, 6, {6, 1, 1, 1, 2, 3, 4}, dice::Keep::all, 0, 0, "hit"));
    return r;
  }
  Action& test(UnitId u) {
    Action& t = p.morale_test(0, u, {2, 1});
    t.stated.passed = true;
    return t;
  }
  Action& strike(UnitId u, UnitId t) {
    Action& a = p.act(ActionKind::attack, 0, {u}, {t});
    a.rolls.push_back(written(8, 6, {1, 1, 1, 1, 2, 2, 2, 2}));
    return a;
  }
};

// Hussars at 5,9 facing south charge red line infantry at 5,5 facing
// south-east (4 hexes away), ending on 5,6 in contact; the line may rotate.
struct OwedRotation {
  Position p;
  UnitId hussars, line;
  explicit OwedRotation(HexTerrain ground = HexTerrain::open_ground) {
    hussars = p.unit(0, UnitType::light_cavalry, at(5, 9), Facing::s, Formation::line, 6);
    line = p.unit(1, UnitType::line_infantry, at(5, 5), Facing::ne, Formation::line, 18);
    if (ground != HexTerrain::open_ground) p.terrain(at(5, 5), ground);
    p.order_points(0);
    p.activate(0, {hussars});
    Action& c = p.act(ActionKind::charge, 0, {hussars}, {line});
    c.path = {at(5, 8), at(5, 7), at(5, 6)};
    c.facing = Facing::s;
    Action& r = p.act(ActionKind::respond, 0, {line});
    r.detail = "rotate";
    r.facing = Facing::n;
  }
};

TEST(SabreurReactionTestOwed, ADefensiveFireThenAStrikeIsReported) {
  OwedReactionTest c;
  c.charge();
  c.fire(c.target).span = Span{FileId{0}, 10, 20};
  Action& strike = c.strike(c.column, c.target);
  strike.span = Span{FileId{0}, 30, 40};
  c.p.run();
  ASSERT_EQ(c.p.count("sabreur.reaction.test-missing"), 1u) << c.p.messages();
  for (const Diagnostic& d : c.p.diags.diagnostics())
    if (d.id == "sabreur.reaction.test-missing") {
      EXPECT_EQ(d.span, strike.span) << "reported on the statement written instead";
    }
}

TEST(SabreurReactionTestOwed, TheTestRightAfterTheFire) {
  OwedReactionTest c;
  c.charge();
  c.fire(c.target);
  c.test(c.target);
  c.strike(c.column, c.target);
  c.p.run();
  EXPECT_EQ(c.p.count("sabreur.reaction.test-missing"), 0u) << c.p.messages();
}

// The games write the fire, the charger's save against its losses, then the
// reacting unit's test (quatre-bras.ulog).
TEST(SabreurReactionTestOwed, TheChargersSaveMayComeBetween) {
  OwedReactionTest c;
  c.charge();
  c.fire(c.target);
  Action& save = c.p.act(ActionKind::save, 0, {c.column});
  save.rolls.push_back(written(1, 6, {2}));
  c.test(c.target);
  c.p.run();
  EXPECT_EQ(c.p.count("sabreur.reaction.test-missing"), 0u) << c.p.messages();

  // Another unit's save does not stand for the test.
  OwedReactionTest other;
  other.charge();
  other.fire(other.target);
  Action& wrong = other.p.act(ActionKind::save, 0, {other.target});
  wrong.rolls.push_back(written(1, 6, {2}));
  other.test(other.target);
  other.p.run();
  EXPECT_EQ(other.p.count("sabreur.reaction.test-missing"), 1u) << other.p.messages();
}

TEST(SabreurReactionTestOwed, AFriendsFireAndCounterchargeOweTheirTests) {
  OwedReactionTest fire;
  const UnitId next =
      fire.p.unit(1, UnitType::line_infantry, at(6, 5), Facing::s, Formation::line, 18);
  fire.charge();
  fire.respond(fire.target, "do-nothing");
  fire.test(fire.target);
  fire.fire(next);
  fire.strike(fire.column, fire.target);
  fire.p.run();
  EXPECT_EQ(fire.p.count("sabreur.reaction.test-missing"), 1u) << fire.p.messages();

  OwedReactionTest counter;
  const UnitId hussars =
      counter.p.unit(1, UnitType::light_cavalry, at(6, 6), Facing::s, Formation::line, 6);
  counter.charge();
  counter.respond(counter.target, "do-nothing");
  counter.test(counter.target);
  counter.respond(hussars, "countercharge").path = {at(6, 5)};
  counter.p.act(ActionKind::combat, 0, {hussars}, {counter.column});
  counter.p.run();
  EXPECT_EQ(counter.p.count("sabreur.reaction.test-missing"), 1u) << counter.p.messages();

  OwedReactionTest tested;
  const UnitId hussars2 =
      tested.p.unit(1, UnitType::light_cavalry, at(6, 6), Facing::s, Formation::line, 6);
  tested.charge();
  tested.respond(tested.target, "do-nothing");
  tested.test(tested.target);
  tested.respond(hussars2, "countercharge").path = {at(6, 5)};
  tested.test(hussars2);
  tested.p.act(ActionKind::combat, 0, {hussars2}, {tested.column});
  tested.p.run();
  EXPECT_EQ(tested.p.count("sabreur.reaction.test-missing"), 0u) << tested.p.messages();
}

TEST(SabreurReactionTestOwed, ARotationOwesItsTest) {
  OwedRotation missing;
  Action& strike = missing.p.act(ActionKind::attack, 0, {missing.hussars}, {missing.line});
  strike.rolls.push_back(written(4, 6, {1, 1, 2, 2}));
  missing.p.run();
  EXPECT_EQ(missing.p.count("sabreur.reaction.test-missing"), 1u) << missing.p.messages();

  // The log ends on the reaction, before the combat goes on: not checked.
  OwedRotation ends;
  ends.p.run();
  EXPECT_EQ(ends.p.count("sabreur.reaction.test-missing"), 0u) << ends.p.messages();
  EXPECT_NE(ends.p.messages().find("the log ends after its 'rotate'"), std::string::npos)
      << ends.p.messages();

  OwedRotation tested;
  tested.p.morale_test(0, tested.line, {2, 1});
  tested.p.run();
  EXPECT_EQ(tested.p.count("sabreur.reaction.test-missing"), 0u) << tested.p.messages();
  EXPECT_EQ(tested.p.diags.count(Severity::error), 0u) << tested.p.messages();
}

// In a village, charged by cavalry, a rotation needs no test (the data's
// charge_reaction_test_required): none is owed.
TEST(SabreurReactionTestOwed, NoneWhereTheDataExemptsIt) {
  OwedRotation village(HexTerrain::village);
  Action& strike = village.p.act(ActionKind::attack, 0, {village.hussars}, {village.line});
  strike.rolls.push_back(written(3, 6, {1, 1, 2}));
  village.p.run();
  EXPECT_EQ(village.p.count("sabreur.reaction.rotate"), 0u) << village.p.messages();
  EXPECT_EQ(village.p.count("sabreur.reaction.test-missing"), 0u) << village.p.messages();
}

// A reaction not allowed is reported once, as such; an assault's reaction
// passes its test without dice (§ Réactions face à un assaut).
TEST(SabreurReactionTestOwed, NotForAForbiddenReactionNorAnAssault) {
  OwedRotation wood(HexTerrain::wood);
  Action& r = wood.p.actions.back();
  r.detail = "form-square";
  r.facing.reset();
  wood.p.run();
  EXPECT_EQ(wood.p.count("sabreur.reaction.square-formation"), 1u) << wood.p.messages();
  EXPECT_EQ(wood.p.count("sabreur.reaction.test-missing"), 0u) << wood.p.messages();

  OwedReactionTest assault;
  assault.column =
      assault.p.unit(0, UnitType::line_infantry, at(5, 3), Facing::n, Formation::column, 18);
  assault.p.order_points(0);
  assault.p.activate(0, {assault.column});
  assault.p.act(ActionKind::assault, 0, {assault.column}, {assault.target}).to = at(5, 4);
  assault.fire(assault.target);
  Action& melee = assault.p.act(ActionKind::attack, 0, {assault.column}, {assault.target});
  melee.rolls.push_back(written(4, 6, {1, 1, 2, 2}));
  assault.p.run();
  EXPECT_EQ(assault.p.diags.count(Severity::error), 0u) << assault.p.messages();
  EXPECT_EQ(assault.p.count("sabreur.reaction.test-missing"), 0u) << assault.p.messages();
}

}  // namespace
}  // namespace umpire::sabreur::testing
