// What a rotation, a square, an evade and a flight made in reaction to a
// charge do: 002_87c3dc452f850204.txt § Réactions face à une charge,
// § Manœuvres, § Changements de formation, § Test moral, § La charge et le choc.
#include "tests/engine/sabreur_fixture.hpp"

namespace umpire::sabreur::testing {
namespace {

// Hussars at 5,2 facing north charge red line infantry in column at 5,6
// (4 hexes away), ending on 5,5 in contact.
struct ChargedByHussars {
  Position p;
  UnitId hussars, column;
  ChargedByHussars() {
    hussars = p.unit(0, UnitType::light_cavalry, at(5, 2), Facing::n, Formation::line, 6);
    column = p.unit(1, UnitType::line_infantry, at(5, 6), Facing::s, Formation::column, 18);
    p.order_points(0);
    p.activate(0, {hussars});
    Action& c = p.act(ActionKind::charge, 0, {hussars}, {column});
    c.path = {at(5, 3), at(5, 4), at(5, 5)};
    c.facing = Facing::n;
  }
  Action& respond(std::string word) {
    Action& r = p.act(ActionKind::respond, 0, {column});
    r.detail = std::move(word);
    return r;
  }
  void test(bool passes) {
    Action& t = p.act(ActionKind::test, 0, {column});
    t.detail = "morale";
    t.rolls.push_back(passes ? written(2, 6, {2, 3}) : written(2, 6, {6, 6}));
  }
  const UnitState& target() const { return p.engine().state().units[column]; }
};

TEST(SabreurReactionSquare, APassedTestLeavesASquare) {
  ChargedByHussars c;
  c.respond("form-square").formation = "square";
  c.test(true);
  c.p.run();
  EXPECT_EQ(c.p.diags.count(Severity::error), 0u) << c.p.messages();
  EXPECT_EQ(c.target().formation, Formation::square);
}

TEST(SabreurReactionSquare, AFailedTestLeavesTheFormerFormation) {
  ChargedByHussars c;
  c.respond("form-square").formation = "square";
  c.test(false);
  c.p.run();
  EXPECT_EQ(c.target().formation, Formation::column) << c.p.messages();
}

TEST(SabreurReactionSquare, NotInAWood) {
  ChargedByHussars c;
  c.p.terrain(at(5, 6), HexTerrain::wood);
  c.respond("form-square");
  c.p.run();
  EXPECT_EQ(c.p.count("sabreur.reaction.square-formation"), 1u) << c.p.messages();
}

TEST(SabreurReactionRotation, TurnsOnItsHex) {
  ChargedByHussars c;
  c.respond("rotate").facing = Facing::sw;
  c.test(true);
  c.p.run();
  EXPECT_EQ(c.p.diags.count(Severity::error), 0u) << c.p.messages();
  EXPECT_EQ(c.target().facing, Facing::sw);
  EXPECT_EQ(c.target().hex, at(5, 6));
}

TEST(SabreurReactionRotation, AFailedTestLeavesTheFormerFacing) {
  ChargedByHussars c;
  c.respond("rotate").facing = Facing::sw;
  c.test(false);
  c.p.run();
  EXPECT_EQ(c.target().facing, Facing::s) << c.p.messages();
}

TEST(SabreurReactionRotation, DoesNotMove) {
  ChargedByHussars c;
  c.respond("rotate").to = at(5, 7);
  c.test(true);
  c.p.run();
  EXPECT_EQ(c.p.count("sabreur.reaction.rotation"), 1u) << c.p.messages();
}

TEST(SabreurReactionFlight, TheFlightIsTheNextStatement) {
  ChargedByHussars c;
  c.respond("flee");
  Action& f = c.p.act(ActionKind::flee, 0, {c.column});
  f.rolls.push_back(written(1, 6, {2}));
  f.path = {at(5, 7), at(5, 8)};
  f.facing = Facing::n;  // its back to the hussars on 5,5
  c.p.run();
  EXPECT_EQ(c.p.count("sabreur.reaction.move"), 0u) << c.p.messages();
  EXPECT_EQ(c.p.diags.count(Severity::error), 0u) << c.p.messages();
  EXPECT_TRUE(c.target().panicked);
  EXPECT_EQ(c.target().hex, at(5, 8));

  ChargedByHussars missing;
  missing.respond("flee");
  missing.p.run();
  EXPECT_EQ(missing.p.count("sabreur.reaction.move"), 1u) << missing.p.messages();
}

TEST(SabreurReactionEvade, TheChargerEvadesASquareAskedOfTheData) {
  ChargedByHussars c;
  c.respond("form-square").formation = "square";
  c.test(true);
  Action& e = c.p.act(ActionKind::evade, 0, {c.hussars});
  e.path = {at(5, 4), at(5, 3)};
  c.p.run();
  EXPECT_EQ(c.p.count("sabreur.charge.evade-square"), 0u) << c.p.messages();

  ChargedByHussars failed;
  failed.respond("form-square").formation = "square";
  failed.test(false);
  Action& e2 = failed.p.act(ActionKind::evade, 0, {failed.hussars});
  e2.path = {at(5, 4), at(5, 3)};
  failed.p.run();
  EXPECT_EQ(failed.p.count("sabreur.charge.evade-square"), 1u) << failed.p.messages();
}

}  // namespace
}  // namespace umpire::sabreur::testing
