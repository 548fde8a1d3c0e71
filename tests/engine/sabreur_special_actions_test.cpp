// Special actions: 002_87c3dc452f850204.txt § Test moral ("si elle veut
// effectuer une action spéciale"), § Points d'ordre and § Les compétences
// (suite) ("sens tactique", "impétueux" once the order points are spent),
// § Précisions sur les facteurs de combat ou de tir (artillery's losses taken
// over by a friend).
#include "tests/engine/sabreur_fixture.hpp"

namespace umpire::sabreur::testing {
namespace {

// Red line infantry at 5,3 fires at a blue battery at 5,5 facing south (its
// flank hexes are 4,5 and 6,5); a blue friend stands at `friend_hex`.
struct BatteryUnderFire {
  Position p;
  UnitId gun, line, red;
  explicit BatteryUnderFire(Hex friend_hex = at(6, 5),
                            UnitType friend_type = UnitType::line_infantry, int strength = 18) {
    gun = p.unit(0, UnitType::medium_foot_battery, at(5, 5), Facing::s, Formation::line, 4);
    line = p.unit(0, friend_type, friend_hex, Facing::s, Formation::line, strength);
    red = p.unit(1, UnitType::line_infantry, at(5, 3), Facing::n, Formation::line, 18);
    p.order_points(1);
    p.activate(1, {red});
    Action& a = p.act(ActionKind::shoot, 1, {red}, {gun});
    a.rolls.push_back(written(7, 6, {6, 5, 5, 4, 1, 1, 1}, dice::Keep::all, 0, 0, "hit"));
    a.stated.hits = 3;
  }
  Action& transfer(std::optional<std::int64_t> losses = 3) {
    Action& s = p.act(ActionKind::special, 1, {gun}, {line});
    s.detail = "transfer-losses";
    s.stated.losses = losses;
    return s;
  }
  void test(std::uint16_t a, std::uint16_t b) { p.morale_test(1, line, {a, b}); }
  const UnitState& unit(UnitId u) const { return p.engine().state().units[u]; }
};

TEST(SabreurSpecial, TransferPassedTheFriendTakesTheLossesWithoutItsUsualTest) {
  BatteryUnderFire f;
  f.transfer();
  f.test(3, 3);
  f.p.run();
  EXPECT_EQ(f.p.diags.count(Severity::error), 0u) << f.p.messages();
  EXPECT_EQ(f.unit(f.gun).strength, 4);
  EXPECT_EQ(f.unit(f.line).strength, 15);
  // 3 losses would call a test; transferred ones do not.
  EXPECT_EQ(f.unit(f.line).next_test, TestReason::special_action);
  EXPECT_FALSE(f.p.engine().state().transfer.has_value());
}

TEST(SabreurSpecial, TransferFailedTheArtilleryKeepsItsLosses) {
  BatteryUnderFire f;
  f.transfer();
  f.test(6, 6);
  f.p.morale_test(1, f.gun, {1, 1});  // the 3 losses it keeps call its test (§ Test moral)
  f.p.run();
  EXPECT_EQ(f.p.diags.count(Severity::error), 0u) << f.p.messages();
  EXPECT_EQ(f.unit(f.gun).strength, 1);
  EXPECT_EQ(f.unit(f.line).strength, 18);
  EXPECT_FALSE(f.unit(f.line).panicked);  // "aucune conséquence sur cette unité amie"
}

TEST(SabreurSpecial, TheFriendStandsWhollyOnAFlank) {
  for (Hex h : {at(4, 5), at(6, 5), at(5, 6), at(6, 4), at(4, 6)}) {
    BatteryUnderFire f(h);
    f.transfer();
    f.test(3, 3);
    f.p.run();
    const bool flank = h == at(4, 5) || h == at(6, 5);
    EXPECT_EQ(f.p.count("sabreur.special.transfer"), flank ? 0u : 1u) << f.p.messages();
  }
}

TEST(SabreurSpecial, OnlyInfantryOrCavalryTakesTheLosses) {
  BatteryUnderFire f(at(6, 5), UnitType::medium_foot_battery, 4);
  f.transfer();
  f.test(3, 3);
  f.p.run();
  EXPECT_EQ(f.p.count("sabreur.special.transfer"), 1u) << f.p.messages();
}

TEST(SabreurSpecial, TheStatedLossesAreThoseJustTaken) {
  BatteryUnderFire f;
  f.transfer(4);
  f.test(3, 3);
  f.p.run();
  EXPECT_EQ(f.p.count("sabreur.special.transfer-losses"), 1u) << f.p.messages();
}

TEST(SabreurSpecial, NoTestNoTransfer) {
  BatteryUnderFire f;
  f.transfer();
  Action& m = f.p.act(ActionKind::state, 1, {f.line});
  m.states = {"steady"};
  f.p.run();
  EXPECT_EQ(f.p.count("sabreur.special.transfer-test"), 1u) << f.p.messages();
  EXPECT_EQ(f.unit(f.gun).strength, 1);
  EXPECT_EQ(f.unit(f.line).strength, 18);
}

// A blue unit with `skill` at 5,5 facing north, red line infantry at 5,7 (2
// hexes in front); blue spends its 2 order points on two other units.
struct SpentOrders {
  Position p;
  UnitId u, enemy;
  explicit SpentOrders(Skill skill, Hex enemy_hex = at(5, 7), bool spend = true) {
    u = p.unit(0, UnitType::light_cavalry, at(5, 5), Facing::n, Formation::line, 6,
               Quality::ordinary, {skill});
    const UnitId a = p.unit(0, UnitType::line_infantry, at(1, 1), Facing::n, Formation::line, 18);
    const UnitId b = p.unit(0, UnitType::line_infantry, at(10, 1), Facing::n, Formation::line, 18);
    enemy = p.unit(1, UnitType::line_infantry, enemy_hex, Facing::s, Formation::line, 18);
    p.order_points(0, 1);  // 1 + 1: 2 order points
    p.activate(0, {a});
    if (spend) p.activate(0, {b});
  }
  void test(std::uint16_t a, std::uint16_t b) { p.morale_test(0, u, {a, b}); }
  void march() {
    Action& m = p.act(ActionKind::move, 0, {u});
    m.detail = "frontal";
    m.path = {at(5, 6)};
  }
};

TEST(SabreurSpecial, TacticalSensePassedActivatesTheUnit) {
  SpentOrders s(Skill::tactical_sense);
  s.test(2, 2);
  s.march();
  s.p.run();
  EXPECT_EQ(s.p.diags.count(Severity::error), 0u) << s.p.messages();
  EXPECT_TRUE(s.p.engine().state().units[s.u].activated);
}

TEST(SabreurSpecial, TacticalSenseFailedTheUnitMayNotAct) {
  SpentOrders s(Skill::tactical_sense);
  s.test(6, 6);
  s.march();
  s.p.run();
  EXPECT_EQ(s.p.count("sabreur.activation.not-activated"), 1u) << s.p.messages();
  EXPECT_EQ(s.p.count("sabreur.morale.not-called-for"), 0u) << s.p.messages();
}

TEST(SabreurSpecial, ATestBeforeTheOrderPointsAreSpentIsNotCalledFor) {
  SpentOrders s(Skill::tactical_sense, at(5, 7), false);
  s.test(2, 2);
  s.p.run();
  EXPECT_EQ(s.p.count("sabreur.morale.not-called-for"), 1u) << s.p.messages();
}

TEST(SabreurSpecial, ImpetuousBoundMustAttack) {
  SpentOrders s(Skill::impetuous);
  s.p.run();
  EXPECT_EQ(s.p.count("sabreur.special.impetuous"), 1u) << s.p.messages();
}

TEST(SabreurSpecial, ImpetuousFailedTestLeavesItBound) {
  SpentOrders s(Skill::impetuous);
  s.test(6, 6);
  s.p.run();
  EXPECT_EQ(s.p.count("sabreur.morale.not-called-for"), 0u) << s.p.messages();
  EXPECT_EQ(s.p.count("sabreur.special.impetuous"), 1u) << s.p.messages();
}

TEST(SabreurSpecial, ImpetuousWithNoEnemyInReachHasNoObligationToCancel) {
  SpentOrders s(Skill::impetuous, at(5, 10));
  s.test(2, 2);
  s.p.run();
  EXPECT_EQ(s.p.count("sabreur.morale.not-called-for"), 1u) << s.p.messages();
  EXPECT_EQ(s.p.count("sabreur.special.impetuous"), 0u) << s.p.messages();
}

TEST(SabreurSpecial, ImpetuousPassedTestCancelsTheObligation) {
  SpentOrders s(Skill::impetuous);
  s.test(2, 2);
  s.p.run();
  EXPECT_EQ(s.p.diags.count(Severity::error), 0u) << s.p.messages();
  EXPECT_TRUE(s.p.engine().state().units[s.u].impetuous_test_passed);
  EXPECT_FALSE(s.p.engine().state().units[s.u].activated);
}

TEST(SabreurSpecial, ImpetuousChargeIsAnAutomaticActivation) {
  SpentOrders s(Skill::impetuous);
  Action& c = s.p.act(ActionKind::charge, 0, {s.u}, {s.enemy});
  c.path = {at(5, 6)};
  s.p.run();
  EXPECT_EQ(s.p.count("sabreur.activation.not-activated"), 0u) << s.p.messages();
  EXPECT_EQ(s.p.count("sabreur.special.impetuous"), 0u) << s.p.messages();
}

TEST(SabreurSpecial, ImpetuousReachIsTheSwitchsThreeHexes) {
  // Default impetuous_exhausted_po_distance: three_hexes (§ Points d'ordre).
  SpentOrders three(Skill::impetuous, at(5, 8));
  three.p.run();
  EXPECT_EQ(three.p.count("sabreur.special.impetuous"), 1u) << three.p.messages();
  SpentOrders four(Skill::impetuous, at(5, 9));
  four.p.run();
  EXPECT_EQ(four.p.count("sabreur.special.impetuous"), 0u) << four.p.messages();
}

TEST(SabreurSpecial, ImpetuousNotBoundByAnEnemyInAWood) {
  SpentOrders s(Skill::impetuous);
  s.p.terrain(at(5, 7), HexTerrain::wood);
  s.p.run();
  EXPECT_EQ(s.p.count("sabreur.special.impetuous"), 0u) << s.p.messages();
}

// The rules data with switch `name` set to `option`, and a replay of a
// position on it.
struct Variant {
  rules::Ruleset rs;
  DiagnosticEngine diags{0};
  std::optional<RulesBinding> rules;
  std::unique_ptr<Engine> engine;
  Variant(std::string_view name, std::string_view option) : rs(binding().rs()) {
    for (rules::Switch& sw : rs.switches)
      for (std::uint32_t i = 0; i < sw.options.size(); ++i)
        if (sw.name == name && sw.options[i].name == option) sw.default_option = i;
    rules = RulesBinding::bind(rs, diags, Span{});
  }
  void run(const Position& p) {
    engine = std::make_unique<Engine>(p.setup, p.actions, *rules, diags);
    replay::run_replay(*engine, {replay::ReplayMode::follow_log}, diags);
  }
  std::size_t count(std::string_view id) const {
    std::size_t n = 0;
    for (const Diagnostic& d : diags.diagnostics()) n += d.id == id ? 1U : 0U;
    return n;
  }
};

TEST(SabreurSpecial, ImpetuousReachFollowsItsSwitch) {
  // two_hexes (§ Les compétences (suite)): an enemy 3 hexes away binds no more.
  Variant two("impetuous_exhausted_po_distance", "two_hexes");
  ASSERT_TRUE(two.rules.has_value());
  SpentOrders three(Skill::impetuous, at(5, 8));
  two.run(three.p);
  EXPECT_EQ(two.count("sabreur.special.impetuous"), 0u);
  Variant two_again("impetuous_exhausted_po_distance", "two_hexes");
  SpentOrders near(Skill::impetuous, at(5, 7));
  two_again.run(near.p);
  EXPECT_EQ(two_again.count("sabreur.special.impetuous"), 1u);
}

TEST(SabreurSpecial, CavalryNeedsNoTestWhenOnlyInfantryMeetsTheConditions) {
  // loss_transfer_conditions = infantry_only: cavalry takes the losses as they come.
  {
    Variant v("loss_transfer_conditions", "infantry_only");
    ASSERT_TRUE(v.rules.has_value());
    BatteryUnderFire f(at(5, 6), UnitType::light_cavalry, 6);  // behind the battery
    f.transfer();
    v.run(f.p);
    EXPECT_EQ(v.diags.count(Severity::error), 0u);
    EXPECT_EQ(v.engine->state().units[f.gun].strength, 4);
    EXPECT_EQ(v.engine->state().units[f.line].strength, 3);
  }
  // By default (any_receiver) the same cavalry is not on a flank and tests.
  BatteryUnderFire f(at(5, 6), UnitType::light_cavalry, 6);
  f.transfer();
  f.p.run();
  EXPECT_EQ(f.p.count("sabreur.special.transfer"), 1u) << f.p.messages();
  EXPECT_EQ(f.p.count("sabreur.special.transfer-test"), 1u) << f.p.messages();
}

}  // namespace
}  // namespace umpire::sabreur::testing
