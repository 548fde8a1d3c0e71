// The tests around a charge: 002_87c3dc452f850204.txt § Réactions face à une
// charge ("La réaction à la charge ne peut être effectuée que si le test
// moral est réussi"; "Si un test de moral échoue, alors la charge prend
// fin"), § La charge et le choc (step 3), § Test moral.
#include "tests/engine/sabreur_fixture.hpp"

namespace umpire::sabreur::testing {
namespace {

// Line infantry in column at 5,2 facing north charges red infantry at 5,5
// (3 hexes away), ending on 5,4 facing north, in contact.
struct ChargeTests {
  Position p;
  UnitId column, target;
  explicit ChargeTests(Formation target_formation = Formation::line) {
    column = p.unit(0, UnitType::line_infantry, at(5, 2), Facing::n, Formation::column, 18);
    target = p.unit(1, UnitType::line_infantry, at(5, 5), Facing::s, target_formation, 18);
  }
  void charge() { p.charge(0, column, target, {at(5, 3), at(5, 4)}, Facing::n); }
  Action& respond(UnitId u, std::string word) { return p.respond(0, u, std::move(word)); }
  Action& fire(UnitId u, std::initializer_list<std::uint16_t> faces, std::int64_t hits) {
    Action& r = respond(u, "defensive-fire");
    r.rolls.push_back(
        written(static_cast<std::uint16_t>(faces.size()), 6, faces, dice::Keep::all, 0, 0, "hit"));
    r.stated.hits = hits;
    return r;
  }
  Action& test(UnitId u, std::uint16_t a, std::uint16_t b, bool passed) {
    Action& t = p.morale_test(0, u, {a, b});
    t.stated.passed = passed;
    return t;
  }
  Action& strike(UnitId u, UnitId t, std::initializer_list<std::uint16_t> faces) {
    Action& a = p.act(ActionKind::attack, 0, {u}, {t});
    a.rolls.push_back(written(static_cast<std::uint16_t>(faces.size()), 6, faces));
    return a;
  }
  const UnitState& unit(UnitId u) const { return p.engine().state().units[u]; }
};

// The target's defensive fire costs the charger 3: its test follows.
TEST(SabreurChargeEnded, AChargerThatFailsItsTestDoesNotAttack) {
  ChargeTests failed;
  failed.charge();
  failed.fire(failed.target, {6, 5, 5, 1, 2, 3, 4}, 3);
  failed.test(failed.target, 2, 1, true);
  failed.test(failed.column, 6, 6, false);  // stands, losing the difference
  failed.strike(failed.column, failed.target, {6, 5, 1, 1, 2, 3, 2, 1});
  failed.p.run();
  EXPECT_EQ(failed.p.count("sabreur.charge.ended"), 1u) << failed.p.messages();

  ChargeTests passed;
  passed.charge();
  passed.fire(passed.target, {6, 5, 5, 1, 2, 3, 4}, 3);
  passed.test(passed.target, 2, 1, true);
  passed.test(passed.column, 1, 1, true);
  passed.strike(passed.column, passed.target, {6, 5, 1, 1, 2, 3, 2, 1});
  passed.p.run();
  EXPECT_EQ(passed.p.count("sabreur.charge.ended"), 0u) << passed.p.messages();
  EXPECT_EQ(passed.p.diags.count(Severity::error), 0u) << passed.p.messages();
}

// A friend next to the target fires; "Si ce test moral est réussi, alors le
// tir défensif est autorisé. Sinon il ne l'est pas".
TEST(SabreurChargeReactionTest, AFriendsRefusedFireCostsTheChargerNothing) {
  ChargeTests refused;
  const UnitId next =
      refused.p.unit(1, UnitType::line_infantry, at(6, 5), Facing::s, Formation::line, 18);
  refused.charge();
  refused.respond(refused.target, "do-nothing");
  refused.test(refused.target, 2, 1, true);
  refused.fire(next, {6, 5, 5, 1, 2, 3, 4}, 3);
  refused.test(next, 6, 6, false);
  refused.p.run();
  EXPECT_EQ(refused.p.diags.count(Severity::error), 0u) << refused.p.messages();
  EXPECT_EQ(refused.unit(refused.column).strength, 18) << refused.p.messages();
  EXPECT_EQ(refused.unit(next).reaction_word, "") << refused.p.messages();
  EXPECT_EQ(refused.unit(next).strength, 18) << "no consequence for the friend";

  ChargeTests made;
  const UnitId next2 =
      made.p.unit(1, UnitType::line_infantry, at(6, 5), Facing::s, Formation::line, 18);
  made.charge();
  made.respond(made.target, "do-nothing");
  made.test(made.target, 2, 1, true);
  made.fire(next2, {6, 5, 5, 1, 2, 3, 4}, 3);
  made.test(next2, 1, 1, true);
  made.test(made.column, 1, 1, true);
  made.p.run();
  EXPECT_EQ(made.p.diags.count(Severity::error), 0u) << made.p.messages();
  EXPECT_EQ(made.unit(made.column).strength, 15) << made.p.messages();
}

// A friend's fire that would have eliminated the charger, refused by the
// friend's test: "Sinon il ne l'est pas", so the charger was never
// eliminated; it stands again where the fire found it, and strikes.
TEST(SabreurChargeReactionTest, AChargerEliminatedByARefusedFireComesBack) {
  Position p;
  const UnitId hussars =
      p.unit(0, UnitType::light_cavalry, at(5, 2), Facing::n, Formation::line, 4);
  const UnitId target =
      p.unit(1, UnitType::line_infantry, at(5, 5), Facing::s, Formation::line, 18);
  const UnitId next = p.unit(1, UnitType::line_infantry, at(6, 5), Facing::s, Formation::line, 18);
  p.charge(0, hussars, target, {at(5, 3), at(5, 4)}, Facing::n);
  p.respond(0, target, "do-nothing");
  p.morale_test(0, target, {2, 1}).stated.passed = true;
  Action& r = p.respond(0, next, "defensive-fire");
  r.rolls.push_back(written(7, 6, {6, 5, 5, 5, 2, 3, 4}, dice::Keep::all, 0, 0, "hit"));
  r.stated.hits = 4;  // its last 4 points
  p.morale_test(0, next, {6, 6}).stated.passed = false;
  Action& a = p.act(ActionKind::attack, 0, {hussars}, {target});
  a.rolls.push_back(written(4, 6, {1, 2, 1, 3}));  // the charge goes on: 2 doubled
  p.run();
  EXPECT_EQ(p.diags.count(Severity::error), 0u) << p.messages();
  const State& s = p.engine().state();
  EXPECT_TRUE(s.units[hussars].on_table) << p.messages();
  EXPECT_EQ(s.units[hussars].hex, at(5, 4)) << p.messages();
  EXPECT_EQ(s.units[hussars].strength, 4) << p.messages();
  EXPECT_EQ(s.unit_at(at(5, 4)), std::optional<UnitId>(hussars)) << p.messages();
  EXPECT_EQ(p.count("sabreur.unit.eliminated"), 0u) << p.messages();
}

TEST(SabreurChargeReactionTest, TheChargersTestForARefusedFireIsReported) {
  ChargeTests c;
  const UnitId next =
      c.p.unit(1, UnitType::line_infantry, at(6, 5), Facing::s, Formation::line, 18);
  c.charge();
  c.respond(c.target, "do-nothing");
  c.test(c.target, 2, 1, true);
  c.fire(next, {6, 5, 5, 1, 2, 3, 4}, 3);
  c.test(next, 6, 6, false);
  c.test(c.column, 2, 2, true);
  c.p.run();
  EXPECT_EQ(c.p.count("sabreur.reaction.failed-test"), 1u) << c.p.messages();
  EXPECT_EQ(c.p.count("sabreur.morale.not-called-for"), 0u) << c.p.messages();
}

// The target's own fire, refused: the fire is not made, and the target's
// failure is settled as any (here it stands and loses the difference).
TEST(SabreurChargeReactionTest, TheTargetsRefusedFire) {
  ChargeTests c;
  c.charge();
  c.fire(c.target, {6, 5, 5, 1, 2, 3, 4}, 3);
  c.test(c.target, 6, 6, false);
  c.p.run();
  EXPECT_EQ(c.unit(c.column).strength, 18) << c.p.messages();
  EXPECT_LT(c.unit(c.target).strength, 18) << c.p.messages();
  EXPECT_EQ(c.unit(c.column).next_test, TestReason::special_action) << c.p.messages();
}

// A friend's countercharge, refused: the hussars stay where they stood and
// fight no shock with the charger.
TEST(SabreurChargeReactionTest, AFriendsRefusedCountercharge) {
  ChargeTests refused;
  const UnitId hussars =
      refused.p.unit(1, UnitType::light_cavalry, at(6, 6), Facing::s, Formation::line, 6);
  refused.charge();
  refused.respond(refused.target, "do-nothing");
  refused.test(refused.target, 2, 1, true);
  refused.respond(hussars, "countercharge").path = {at(6, 5)};
  refused.test(hussars, 6, 6, false);
  refused.p.act(ActionKind::combat, 0, {hussars}, {refused.column});
  refused.p.run();
  EXPECT_EQ(refused.unit(hussars).hex, at(6, 6)) << refused.p.messages();
  EXPECT_EQ(refused.p.count("sabreur.reaction.failed-test"), 1u) << refused.p.messages();
  EXPECT_EQ(refused.p.count("sabreur.combat.pair"), 0u) << refused.p.messages();

  ChargeTests made;
  const UnitId hussars2 =
      made.p.unit(1, UnitType::light_cavalry, at(6, 6), Facing::s, Formation::line, 6);
  made.charge();
  made.respond(made.target, "do-nothing");
  made.test(made.target, 2, 1, true);
  made.respond(hussars2, "countercharge").path = {at(6, 5)};
  made.test(hussars2, 1, 1, true);
  made.p.act(ActionKind::combat, 0, {hussars2}, {made.column});
  made.p.run();
  EXPECT_EQ(made.unit(hussars2).hex, at(6, 5)) << made.p.messages();
  EXPECT_EQ(made.p.diags.count(Severity::error), 0u) << made.p.messages();
}

TEST(SabreurChargeReactionTest, AStrikeAfterARefusedCountercharge) {
  ChargeTests c;
  const UnitId hussars =
      c.p.unit(1, UnitType::light_cavalry, at(6, 6), Facing::s, Formation::line, 6);
  c.charge();
  c.respond(c.target, "do-nothing");
  c.test(c.target, 2, 1, true);
  c.respond(hussars, "countercharge").path = {at(6, 5)};
  c.test(hussars, 6, 6, false);
  c.strike(hussars, c.column, {6, 6});
  c.p.run();
  EXPECT_EQ(c.p.count("sabreur.reaction.failed-test"), 1u) << c.p.messages();
  EXPECT_EQ(c.p.count("sabreur.melee.order"), 0u) << c.p.messages();
}

// The target in column countercharges the column: passed, neither factor is
// doubled; refused, the target stands and the charge is doubled again.
TEST(SabreurChargeReactionTest, TheTargetsRefusedCounterchargeLeavesTheChargeDoubled) {
  ChargeTests made(Formation::column);
  made.charge();
  made.respond(made.target, "countercharge");
  made.test(made.target, 1, 1, true);
  made.strike(made.column, made.target, {4, 1, 1, 1});
  made.p.run();
  EXPECT_EQ(made.p.count("sabreur.combat.dice"), 0u) << made.p.messages();

  ChargeTests refused(Formation::column);
  refused.charge();
  refused.respond(refused.target, "countercharge");
  refused.test(refused.target, 6, 6, false);
  refused.strike(refused.column, refused.target, {4, 1, 1, 1, 1, 1, 1, 1});
  refused.p.run();
  EXPECT_EQ(refused.p.count("sabreur.combat.dice"), 0u) << refused.p.messages();
  EXPECT_EQ(refused.unit(refused.target).reaction_word, "") << refused.p.messages();
}

// § La charge et le choc, step 3, in the shock of a friend that
// countercharged the charger: the charger's return strike is reduced by the
// 2 strength points the friend's strike cost it.
TEST(SabreurChargeReactionTest, TheChargersReturnStrikeOnACounterchargingFriend) {
  const auto run = [](std::initializer_list<std::uint16_t> back) {
    auto c = std::make_unique<ChargeTests>();
    const UnitId hussars =
        c->p.unit(1, UnitType::light_cavalry, at(6, 6), Facing::s, Formation::line, 6);
    c->charge();
    c->respond(c->target, "do-nothing");
    c->test(c->target, 2, 1, true);
    c->respond(hussars, "countercharge").path = {at(6, 5)};
    c->test(hussars, 1, 1, true);
    c->strike(hussars, c->column, {6, 6});
    c->strike(c->column, hussars, back);
    c->p.run();
    return c;
  };
  const auto reduced = run({4, 1});
  EXPECT_EQ(reduced->p.diags.count(Severity::error), 0u) << reduced->p.messages();
  const auto full = run({4, 1, 1, 1});
  EXPECT_EQ(full->p.count("sabreur.combat.dice"), 1u) << full->p.messages();
}

// § Le tir: a defensive fire in contact is allowed when, at the declaration,
// the charger neither engaged nor was engaged by the unit that fires. The
// column starts next to the target, facing away from it, wheels and
// engages it: its facing at the declaration is kept, and it did not engage
// the target then.
TEST(SabreurChargeReactionTest, TheChargersFacingAtTheDeclarationIsKept) {
  Position p;
  const UnitId column =
      p.unit(0, UnitType::line_infantry, at(4, 4), Facing::se, Formation::column, 18);
  const UnitId target =
      p.unit(1, UnitType::line_infantry, at(5, 5), Facing::n, Formation::line, 18);
  p.order_points(0);
  p.activate(0, {column});
  p.act(ActionKind::charge, 0, {column}, {target}).facing = Facing::n;
  Action& r = p.act(ActionKind::respond, 0, {target});
  r.detail = "defensive-fire";
  r.rolls.push_back(written(7, 6, {6, 5, 1, 1, 2, 3, 4}, dice::Keep::all, 0, 0, "hit"));
  p.run();
  ASSERT_TRUE(p.engine().state().charge.has_value()) << p.messages();
  EXPECT_EQ(p.engine().state().charge->charger_facing, Facing::se);
  EXPECT_EQ(p.engine().state().units[column].facing, Facing::n);
  EXPECT_EQ(p.count("sabreur.charge.engaged"), 0u) << p.messages();
  EXPECT_EQ(p.count("sabreur.fire.engaged"), 0u) << p.messages();
  EXPECT_EQ(p.messages().find("started next to"), std::string::npos) << p.messages();
}

// § Test moral: "Même chose si une unité subit 2 tirs défensifs". The
// target's fire costs the charger 2, its friend's 1: together they call the
// charger's test; a friend's fire that its failed test refused adds nothing.
TEST(SabreurChargeReactionTest, TwoDefensiveFiresLossesAddUp) {
  const auto run = [](bool friend_passes, bool charger_tests) {
    auto c = std::make_unique<ChargeTests>();
    const UnitId second =
        c->p.unit(1, UnitType::line_infantry, at(6, 5), Facing::s, Formation::line, 18);
    c->charge();
    c->fire(c->target, {6, 5, 1, 1, 2, 3, 4}, 2);
    c->test(c->target, 2, 1, true);
    c->fire(second, {6, 1, 1, 1, 2, 3, 4}, 1);
    c->test(second, friend_passes ? 2 : 6, friend_passes ? 1 : 6, friend_passes);
    if (charger_tests) c->test(c->column, 2, 2, true);
    c->p.activate(0, {c->column});
    c->p.run();
    return c;
  };
  const auto untested = run(true, false);
  EXPECT_EQ(untested->p.count("sabreur.fire.test"), 1u) << untested->p.messages();
  EXPECT_NE(untested->p.messages().find("two defensive fires"), std::string::npos)
      << untested->p.messages();
  const auto tested = run(true, true);
  EXPECT_EQ(tested->p.count("sabreur.fire.test"), 0u) << tested->p.messages();
  EXPECT_EQ(tested->unit(tested->column).strength, 15);
  const auto refused = run(false, false);
  EXPECT_EQ(refused->p.count("sabreur.fire.test"), 0u) << refused->p.messages();
  EXPECT_EQ(refused->unit(refused->column).strength, 16);
}

// § Conditions pour qu'une charge soit valide, 6: a charge that cannot
// engage (both hexes ahead impassable) is cancelled: the column stays on
// its hex with 1 strength point less, and no charge is in progress.
TEST(SabreurCancelledCharge, TheChargerStaysAndLosesOnePoint) {
  ChargeTests c;
  c.p.terrain(at(5, 3), HexTerrain::impassable);
  c.p.terrain(at(6, 3), HexTerrain::impassable);
  c.p.order_points(0);
  c.p.activate(0, {c.column});
  c.p.act(ActionKind::charge, 0, {c.column}, {c.target}).stated.cancelled = true;
  c.p.run();
  EXPECT_EQ(c.p.diags.count(Severity::error), 0u) << c.p.messages();
  EXPECT_EQ(c.unit(c.column).hex, at(5, 2));
  EXPECT_EQ(c.unit(c.column).strength, 17);
  EXPECT_FALSE(c.p.engine().state().charge.has_value());
  EXPECT_FALSE(c.unit(c.target).is_attack_target);
  ASSERT_EQ(c.p.engine().state().cancelled_attackers.size(), 1u);

  // Without the impassable hexes, the charge could engage: refused.
  ChargeTests open;
  open.p.order_points(0);
  open.p.activate(0, {open.column});
  open.p.act(ActionKind::charge, 0, {open.column}, {open.target}).stated.cancelled = true;
  open.p.run();
  EXPECT_EQ(open.p.count("sabreur.charge.cancelled"), 1u) << open.p.messages();
}

}  // namespace
}  // namespace umpire::sabreur::testing
