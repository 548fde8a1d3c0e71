// What a countercharge and a defensive fire do: 002_87c3dc452f850204.txt
// § Réactions face à une charge, § Manœuvres ("Le mouvement de
// contre-charge…"), § Le tir, § Précisions sur les facteurs de combat ou de tir.
#include "tests/engine/sabreur_fixture.hpp"

namespace umpire::sabreur::testing {
namespace {

// Line infantry in column at 5,2 facing north charges red line infantry at
// 5,5 (3 hexes away), ending on 5,4 facing north, in contact.
struct ChargedByColumn {
  Position p;
  UnitId column, target;
  explicit ChargedByColumn(UnitType target_type = UnitType::line_infantry) {
    column = p.unit(0, UnitType::line_infantry, at(5, 2), Facing::n, Formation::column, 18);
    target = p.unit(1, target_type, at(5, 5), Facing::s, Formation::line,
                    target_type == UnitType::line_infantry ? 18 : 6);
  }
  // The charge, after any unit the test adds.
  void charge() { p.charge(0, column, target, {at(5, 3), at(5, 4)}, Facing::n); }
  Action& respond(UnitId u, std::string word) { return p.respond(0, u, std::move(word)); }
  // The target's reaction test, passed: "Ne rien faire" calls it too
  // (§ Réactions face à une charge: only "Esquive ou Fuite" are exempt).
  void target_holds() {
    respond(target, "do-nothing");
    p.morale_test(0, target, {1, 1});
  }
  Action& fire(UnitId u, std::initializer_list<std::uint16_t> faces) {
    Action& r = respond(u, "defensive-fire");
    r.rolls.push_back(
        written(static_cast<std::uint16_t>(faces.size()), 6, faces, dice::Keep::all, 0, 0, "hit"));
    return r;
  }
};

TEST(SabreurDefensiveFire, AFireAtTheChargerWhereItStands) {
  ChargedByColumn c;
  c.charge();
  // Line infantry in line, 1 hex from the charger: fire 6, +1 at half range.
  Action& r = c.fire(c.target, {6, 5, 1, 2, 3, 4, 4});
  r.stated.hits = 2;
  c.p.run();
  EXPECT_EQ(c.p.diags.count(Severity::error), 0u) << c.p.messages();
  EXPECT_EQ(c.p.engine().state().units[c.column].strength, 16) << c.p.messages();
}

TEST(SabreurDefensiveFire, DiceAndHitsAreChecked) {
  ChargedByColumn dice;
  dice.charge();
  dice.fire(dice.target, {6, 5, 1, 2, 3, 4});  // 6 dice, 7 due
  dice.p.run();
  EXPECT_EQ(dice.p.count("sabreur.reaction.defensive-fire-dice"), 1u) << dice.p.messages();

  ChargedByColumn hits;
  hits.charge();
  hits.fire(hits.target, {6, 5, 1, 2, 3, 4, 4}).stated.hits = 3;
  hits.p.run();
  EXPECT_EQ(hits.p.count("sabreur.reaction.defensive-fire-hits"), 1u) << hits.p.messages();
}

TEST(SabreurDefensiveFire, AFriendNextToTheTargetFiresAfterItsReaction) {
  ChargedByColumn c;
  // On the target's east, facing south: the charger on 5,4 is on its front.
  const UnitId next =
      c.p.unit(1, UnitType::line_infantry, at(6, 5), Facing::s, Formation::line, 18);
  c.charge();
  c.target_holds();
  c.fire(next, {6, 5, 1, 2, 3, 4, 4}).stated.hits = 2;
  c.p.run();
  EXPECT_EQ(c.p.count("sabreur.reaction.defensive-fire"), 0u) << c.p.messages();
  EXPECT_EQ(c.p.diags.count(Severity::error), 0u) << c.p.messages();
}

TEST(SabreurDefensiveFire, TheChargerOutsideTheFrontConeCannotBeShot) {
  ChargedByColumn c;
  // Next to the target but facing away from the charger.
  const UnitId away =
      c.p.unit(1, UnitType::line_infantry, at(6, 5), Facing::n, Formation::line, 18);
  c.charge();
  c.respond(c.target, "do-nothing");
  c.fire(away, {6, 5, 1, 2, 3, 4, 4});
  c.p.run();
  EXPECT_EQ(c.p.count("sabreur.fire.cone"), 1u) << c.p.messages();
}

TEST(SabreurCountercharge, AFriendMarchesToEngageTheCharger) {
  ChargedByColumn c;
  const UnitId hussars =
      c.p.unit(1, UnitType::light_cavalry, at(6, 6), Facing::s, Formation::line, 6);
  c.charge();
  c.target_holds();
  c.respond(hussars, "countercharge").path = {at(6, 5)};
  c.p.run();
  EXPECT_EQ(c.p.diags.count(Severity::error), 0u) << c.p.messages();
  EXPECT_EQ(c.p.engine().state().units[hussars].hex, at(6, 5));
  EXPECT_EQ(c.p.engine().state().units[hussars].reaction_word, "countercharge");
}

TEST(SabreurCountercharge, AFriendThatDoesNotReachTheCharger) {
  ChargedByColumn c;
  const UnitId hussars =
      c.p.unit(1, UnitType::light_cavalry, at(7, 6), Facing::s, Formation::line, 6);
  c.charge();
  c.respond(c.target, "do-nothing");
  c.respond(hussars, "countercharge").path = {at(7, 5)};
  c.p.run();
  EXPECT_EQ(c.p.count("sabreur.reaction.countercharge-march"), 1u) << c.p.messages();
}

TEST(SabreurCountercharge, NoRotationFirst) {
  ChargedByColumn c(UnitType::light_cavalry);
  c.charge();
  c.respond(c.target, "countercharge").facing = Facing::se;
  c.p.run();
  EXPECT_EQ(c.p.count("sabreur.reaction.countercharge-march"), 1u) << c.p.messages();
  EXPECT_EQ(c.p.count("sabreur.move.rotation"), 0u) << c.p.messages();
}

TEST(SabreurCountercharge, BeyondTheMovementFactor) {
  ChargedByColumn c;
  // Infantry in column 5 hexes from where it would engage: a march longer
  // than its movement factor is reported by the march's own checks.
  const UnitId friend_column =
      c.p.unit(1, UnitType::line_infantry, at(6, 10), Facing::s, Formation::column, 18);
  c.charge();
  c.respond(c.target, "do-nothing");
  c.respond(friend_column, "countercharge").path = {at(6, 9), at(6, 8), at(6, 7), at(6, 6),
                                                    at(6, 5)};
  c.p.run();
  EXPECT_EQ(c.p.count("sabreur.move.allowance"), 1u) << c.p.messages();
  EXPECT_EQ(c.p.count("sabreur.reaction.countercharge-march"), 0u) << c.p.messages();
}

}  // namespace
}  // namespace umpire::sabreur::testing
