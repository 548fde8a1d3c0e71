// The closed column in reaction to a cavalry charge:
// 002_87c3dc452f850204.txt § Formations spéciales, § Réactions face à une
// charge, § Changements de formation, § Exemple de charge ("Cette unité
// d'infanterie peut adopter, en réaction à la charge, la formation en
// colonne fermée ... même si l'unité de cavalerie est située à une distance
// de 2 cases").
#include "tests/engine/sabreur_fixture.hpp"

namespace umpire::sabreur::testing {
namespace {

// Hussars facing north charge red line infantry (a large battalion unless
// told) on 5,6 facing south, from 5,6 - `distance`, ending on 5,5.
struct ChargedColumn {
  Position p;
  UnitId hussars, column;
  explicit ChargedColumn(int distance = 4, Formation formation = Formation::column,
                         std::initializer_list<Skill> skills = {Skill::large_battalion},
                         UnitType charger = UnitType::light_cavalry) {
    const int from = 6 - distance;
    hussars = p.unit(0, charger, at(5, from), Facing::n,
                     charger == UnitType::light_cavalry ? Formation::line : Formation::column,
                     charger == UnitType::light_cavalry ? 6 : 18);
    column = p.unit(1, UnitType::line_infantry, at(5, 6), Facing::s, formation, 18,
                    Quality::ordinary, skills);
    // The path is written into the action: a local one moved there makes
    // g++ 12 at -O2 report a false -Wstringop-overread in Boost's move.
    Action& c = p.charge(0, hussars, column, {}, Facing::n);
    for (int row = from + 1; row <= 5; ++row) c.path.push_back(at(5, row));
  }
  Action& respond(std::string word = "form-closed-column") {
    return p.respond(0, column, std::move(word));
  }
  void test(bool passes) {
    Action& t = p.act(ActionKind::test, 0, {column});
    t.detail = "morale";
    t.rolls.push_back(passes ? written(2, 6, {2, 3}) : written(2, 6, {6, 6}));
  }
  const UnitState& target() const { return p.engine().state().units[column]; }
};

TEST(SabreurClosedColumn, APassedTestLeavesAClosedColumn) {
  ChargedColumn c;
  c.respond().formation = "closed-column";
  c.test(true);
  c.p.run();
  EXPECT_EQ(c.p.diags.count(Severity::error), 0u) << c.p.messages();
  EXPECT_EQ(c.target().formation, Formation::closed_column);
  EXPECT_EQ(c.target().facing, Facing::s);
  EXPECT_EQ(c.target().hex, at(5, 6));
}

TEST(SabreurClosedColumn, AFailedTestLeavesTheColumn) {
  ChargedColumn c;
  c.respond();
  c.test(false);
  c.p.run();
  EXPECT_EQ(c.target().formation, Formation::column) << c.p.messages();
}

// Unlike the square, from under 3 hexes (the data's closed_column_reaction,
// any_distance by default).
TEST(SabreurClosedColumn, FromTwoHexesWhereASquareIsRefused) {
  ChargedColumn c(2);
  c.respond();
  c.test(true);
  c.p.run();
  EXPECT_EQ(c.p.diags.count(Severity::error), 0u) << c.p.messages();
  EXPECT_EQ(c.target().formation, Formation::closed_column);

  ChargedColumn square(2);
  square.respond("form-square");
  square.test(true);
  square.p.run();
  EXPECT_EQ(square.p.count("sabreur.reaction.square"), 1u) << square.p.messages();
}

TEST(SabreurClosedColumn, OnlyWithTheSkill) {
  ChargedColumn c(4, Formation::column, {});
  c.respond();
  c.test(true);
  c.p.run();
  EXPECT_EQ(c.p.count("sabreur.reaction.closed-column"), 1u) << c.p.messages();
}

TEST(SabreurClosedColumn, NotAgainstInfantry) {
  ChargedColumn c(2, Formation::column, {Skill::large_battalion}, UnitType::line_infantry);
  c.respond();
  c.test(true);
  c.p.run();
  EXPECT_EQ(c.p.count("sabreur.reaction.closed-column"), 1u) << c.p.messages();
}

TEST(SabreurClosedColumn, OnlyFromColumn) {
  ChargedColumn c(4, Formation::line);
  c.respond();
  c.test(true);
  c.p.run();
  EXPECT_EQ(c.p.count("sabreur.reaction.closed-column-formation"), 1u) << c.p.messages();
}

TEST(SabreurClosedColumn, OnItsHexFacingKept) {
  ChargedColumn c;
  c.respond().facing = Facing::sw;
  c.test(true);
  c.p.run();
  EXPECT_EQ(c.p.count("sabreur.reaction.closed-column-formation"), 1u) << c.p.messages();

  ChargedColumn wrong;
  wrong.respond().formation = "square";
  wrong.test(true);
  wrong.p.run();
  EXPECT_EQ(wrong.p.count("sabreur.reaction.closed-column-formation"), 1u) << wrong.p.messages();
}

TEST(SabreurClosedColumn, ItsTestIsOwed) {
  ChargedColumn c;
  c.respond();
  Action& strike = c.p.act(ActionKind::attack, 0, {c.hussars}, {c.column});
  strike.rolls.push_back(written(2, 6, {1, 1}));
  c.p.run();
  EXPECT_EQ(c.p.count("sabreur.reaction.test-missing"), 1u) << c.p.messages();
}

// § La charge et le choc, 4: the cavalry may evade infantry that formed
// square in reaction; a closed column "est considérée comme un carré".
TEST(SabreurClosedColumn, TheChargerMayEvadeIt) {
  ChargedColumn c;
  c.respond();
  c.test(true);
  Action& e = c.p.act(ActionKind::evade, 0, {c.hussars});
  e.path = {at(5, 4), at(5, 3)};
  c.p.run();
  EXPECT_EQ(c.p.count("sabreur.charge.evade-square"), 0u) << c.p.messages();
}

// § Réactions face à une charge: "Ne rien faire" is a reaction, and the
// target "doit immédiatement passer un test moral, sauf si la réaction a été
// Esquive ou Fuite" (or it is in a square or in cover, charged by cavalry).
TEST(SabreurReactionDoNothing, CallsTheTargetsTest) {
  ChargedColumn c(4, Formation::column, {});
  c.respond("do-nothing");
  c.test(true);
  c.p.run();
  EXPECT_EQ(c.p.count("sabreur.reaction.test-missing"), 0u) << c.p.messages();
  EXPECT_EQ(c.p.count("sabreur.morale.not-called-for"), 0u) << c.p.messages();

  ChargedColumn missing(4, Formation::column, {});
  missing.respond("do-nothing");
  Action& strike = missing.p.act(ActionKind::attack, 0, {missing.hussars}, {missing.column});
  strike.rolls.push_back(written(2, 6, {1, 1}));
  missing.p.run();
  EXPECT_EQ(missing.p.count("sabreur.reaction.test-missing"), 1u) << missing.p.messages();
}

TEST(SabreurReactionDoNothing, NotInAWoodChargedByCavalry) {
  ChargedColumn c(4, Formation::column, {});
  c.p.terrain(at(5, 6), HexTerrain::wood);
  c.respond("do-nothing");
  Action& strike = c.p.act(ActionKind::attack, 0, {c.hussars}, {c.column});
  strike.rolls.push_back(written(2, 6, {1, 1}));
  c.p.run();
  EXPECT_EQ(c.p.count("sabreur.reaction.test-missing"), 0u) << c.p.messages();
}

// § Précisions sur les facteurs de combat ou de tir: artillery that "subit
// des pertes à cause ... d'un combat" may pass them to a friend on its flank
// who passes a test; failed, the artillery keeps them, and 3 in one combat
// call its test (§ Test moral). Red infantry in column at 5,2 charges a blue
// battery at 5,5 facing south; blue line infantry stands on its flank, 6,5.
struct BatteryCharged {
  Position p;
  UnitId gun, line, red;
  BatteryCharged() {
    gun = p.unit(0, UnitType::medium_foot_battery, at(5, 5), Facing::s, Formation::line, 4);
    line = p.unit(0, UnitType::line_infantry, at(6, 5), Facing::s, Formation::line, 18);
    red = p.unit(1, UnitType::line_infantry, at(5, 2), Facing::n, Formation::column, 18);
    p.order_points(1);
    p.activate(1, {red});
    Action& c = p.act(ActionKind::charge, 1, {red}, {gun});
    c.path = {at(5, 3), at(5, 4)};
    c.facing = Facing::n;
    p.act(ActionKind::respond, 1, {gun}).detail = "do-nothing";
    test(gun, 1, 1);
    Action& a = p.act(ActionKind::attack, 1, {red}, {gun});
    a.rolls.push_back(written(8, 6, {6, 6, 6, 1, 1, 1, 1, 1}, dice::Keep::all, 0, 0, "hit"));
    a.stated.hits = 3;
    Action& s = p.act(ActionKind::special, 1, {gun}, {line});
    s.detail = "transfer-losses";
    s.stated.losses = 3;
  }
  void test(UnitId u, std::uint16_t a, std::uint16_t b) { p.morale_test(1, u, {a, b}); }
  const UnitState& unit(UnitId u) const { return p.engine().state().units[u]; }
};

TEST(SabreurTransferInCombat, AFailedTransferCallsTheArtillerysTest) {
  BatteryCharged c;
  c.test(c.line, 6, 6);
  c.test(c.gun, 1, 1);
  c.p.run();
  EXPECT_EQ(c.p.diags.count(Severity::error), 0u) << c.p.messages();
  EXPECT_EQ(c.unit(c.gun).strength, 1) << c.p.messages();
  EXPECT_EQ(c.p.messages().find("not checked: whether the losses"), std::string::npos)
      << c.p.messages();

  BatteryCharged missing;
  missing.test(missing.line, 6, 6);
  Action& strike = missing.p.act(ActionKind::attack, 1, {missing.gun}, {missing.red});
  strike.rolls.push_back(written(1, 6, {1}));
  missing.p.run();
  EXPECT_EQ(missing.p.count("sabreur.shock.test"), 1u) << missing.p.messages();
}

TEST(SabreurTransferInCombat, APassedTransferCallsNoTest) {
  BatteryCharged c;
  c.test(c.line, 1, 1);
  c.p.run();
  EXPECT_EQ(c.p.diags.count(Severity::error), 0u) << c.p.messages();
  EXPECT_EQ(c.unit(c.gun).strength, 4) << c.p.messages();
  EXPECT_EQ(c.unit(c.line).strength, 15) << c.p.messages();
}

}  // namespace
}  // namespace umpire::sabreur::testing
