// The enemy a pursuit attacks and the shock of a friend's countercharge:
// 002_87c3dc452f850204.txt § La charge et le choc (step 6: "Si suite à une
// poursuite, l'unité qui charge engage une unité adverse, alors cette unité
// adverse peut être attaquée"; the shock sequence), § Réactions face à une
// charge (the friend's countercharge, "comme pour une charge"),
// § Précisions sur les facteurs de combat ou de tir (no doubling "en cas de
// contre-charge").
#include "tests/engine/sabreur_fixture.hpp"

namespace umpire::sabreur::testing {
namespace {

// Heavy cavalry at 5,2 facing north charges skirmishers at 5,5, which evade
// to 4,7; red line infantry at 5,7 and 6,7 facing south. Pursuing 2 hexes to
// 5,6, the cavalry engages both (its front hexes facing north are 5,7 and 6,7).
struct TwoEngaged {
  Position p;
  UnitId cav, skirmishers, left, right;
  TwoEngaged() {
    cav = p.unit(0, UnitType::heavy_cavalry, at(5, 2), Facing::n, Formation::line, 10);
    skirmishers = p.unit(1, UnitType::light_infantry, at(5, 5), Facing::s,
                         Formation::skirmish_order, 10, Quality::ordinary, {Skill::skirmisher});
    left = p.unit(1, UnitType::line_infantry, at(5, 7), Facing::s, Formation::line, 18);
    right = p.unit(1, UnitType::line_infantry, at(6, 7), Facing::s, Formation::line, 18);
    p.order_points(0);
    p.activate(0, {cav});
    p.act(ActionKind::charge, 0, {cav}, {skirmishers}).path = {at(5, 3), at(5, 4)};
    p.act(ActionKind::respond, 0, {skirmishers}).detail = "evade";
    p.act(ActionKind::evade, 0, {skirmishers}).path = {at(4, 6), at(4, 7)};
    Action& a = p.act(ActionKind::pursue, 0, {cav}, {skirmishers});
    a.rolls.push_back(written(1, 6, {2}));
    a.path = {at(5, 5), at(5, 6)};
  }
  Action& attack(UnitId u, UnitId t, std::initializer_list<std::uint16_t> faces) {
    Action& a = p.act(ActionKind::attack, 0, {u}, {t});
    a.rolls.push_back(
        written(static_cast<std::uint16_t>(faces.size()), 6, faces, dice::Keep::all, 0, 0, "hit"));
    return a;
  }
};

TEST(SabreurPursuitTarget, TheAttackNamesWhichOfTwoEngagedEnemies) {
  for (bool second : {false, true}) {
    TwoEngaged s;
    const UnitId target = second ? s.right : s.left;
    s.attack(s.cav, target, {1, 1});
    s.p.run();
    EXPECT_EQ(s.p.count("sabreur.pursuit.attack-target"), 0u) << s.p.messages();
    EXPECT_EQ(s.p.count("sabreur.shock.order"), 0u) << s.p.messages();
    EXPECT_EQ(s.p.messages().find("which of two"), std::string::npos) << s.p.messages();
    const State& st = s.p.engine().state();
    ASSERT_TRUE(st.charge.has_value());
    EXPECT_TRUE(st.charge->pursuit);
    EXPECT_EQ(st.charge->target, target);
    EXPECT_TRUE(st.units[target].is_attack_target);
    EXPECT_FALSE(st.units[second ? s.left : s.right].is_attack_target);
    ASSERT_TRUE(st.combat.has_value());
    EXPECT_EQ(st.combat->attacker, s.cav);
    EXPECT_EQ(st.combat->defender, target);
    EXPECT_TRUE(st.combat->shock);
    EXPECT_NE(st.combat->step, CombatStep::abandoned);
  }
}

TEST(SabreurPursuitTarget, WithoutAnAttackTheFirstStaysTheTarget) {
  TwoEngaged s;
  s.p.run();
  EXPECT_EQ(s.p.diags.count(Severity::error), 0u) << s.p.messages();
  const State& st = s.p.engine().state();
  ASSERT_TRUE(st.charge.has_value());
  EXPECT_EQ(st.charge->target, s.left);
}

TEST(SabreurPursuitTarget, AnEnemyThePursuerDoesNotEngageIsNotAttacked) {
  TwoEngaged s;
  // East of 5,6, on the pursuer's right flank, facing away: adjacent, not engaged.
  const UnitId flank =
      s.p.unit(1, UnitType::line_infantry, at(6, 6), Facing::n, Formation::line, 18);
  s.attack(s.cav, flank, {1, 1});
  s.p.run();
  EXPECT_EQ(s.p.count("sabreur.pursuit.attack-target"), 1u) << s.p.messages();
  EXPECT_EQ(s.p.count("sabreur.combat.contact"), 0u) << s.p.messages();
}

TEST(SabreurPursuitTarget, ACombatStatementNamesOnlyAnEngagedEnemy) {
  TwoEngaged s;
  const UnitId flank =
      s.p.unit(1, UnitType::line_infantry, at(6, 6), Facing::n, Formation::line, 18);
  s.p.act(ActionKind::combat, 0, {s.cav}, {flank});
  s.p.run();
  EXPECT_EQ(s.p.count("sabreur.combat.pair"), 1u) << s.p.messages();
}

// Line infantry in column at 5,2 facing north charges red line infantry at
// 5,5, ending on 5,4; a red column at 6,6 facing south countercharges it,
// one hex to 6,5, engaging the charger there.
struct FriendCountercharges {
  Position p;
  UnitId column, target, friend_column;
  FriendCountercharges() {
    column = p.unit(0, UnitType::line_infantry, at(5, 2), Facing::n, Formation::column, 18);
    target = p.unit(1, UnitType::line_infantry, at(5, 5), Facing::s, Formation::line, 18);
    friend_column = p.unit(1, UnitType::line_infantry, at(6, 6), Facing::s, Formation::column, 18);
    p.order_points(0);
    p.activate(0, {column});
    Action& c = p.act(ActionKind::charge, 0, {column}, {target});
    c.path = {at(5, 3), at(5, 4)};
    c.facing = Facing::n;
    p.act(ActionKind::respond, 0, {target}).detail = "do-nothing";
    // The target's own reaction test, passed: "Ne rien faire" calls it too
    // (§ Réactions face à une charge: only "Esquive ou Fuite" are exempt).
    p.morale_test(0, target, {1, 1});
    Action& r = p.act(ActionKind::respond, 0, {friend_column});
    r.detail = "countercharge";
    r.path = {at(6, 5)};
    // Its reaction test, passed (§ Réactions face à une charge).
    p.morale_test(0, friend_column, {2, 1});
  }
  Action& attack(UnitId u, UnitId t, std::initializer_list<std::uint16_t> faces) {
    Action& a = p.act(ActionKind::attack, 0, {u}, {t});
    a.rolls.push_back(
        written(static_cast<std::uint16_t>(faces.size()), 6, faces, dice::Keep::all, 0, 0, "hit"));
    return a;
  }
};

TEST(SabreurCounterchargeShock, TheFriendStrikesFirstUndoubled) {
  FriendCountercharges s;
  s.attack(s.friend_column, s.column, {1, 1, 1, 1});
  s.p.run();
  EXPECT_EQ(s.p.diags.count(Severity::error), 0u) << s.p.messages();
  EXPECT_EQ(s.p.messages().find("order of strikes"), std::string::npos) << s.p.messages();
  const State& st = s.p.engine().state();
  ASSERT_TRUE(st.combat.has_value());
  EXPECT_EQ(st.combat->attacker, s.friend_column);
  EXPECT_EQ(st.combat->defender, s.column);
  EXPECT_TRUE(st.combat->shock);
}

TEST(SabreurCounterchargeShock, TheChargerTestsForTheFriendsStrikeAsATarget) {
  FriendCountercharges s;
  s.attack(s.friend_column, s.column, {4, 4, 4, 1});  // 3 losses: "trop de pertes"
  s.p.run();
  EXPECT_EQ(s.p.count("sabreur.shock.test"), 1u) << s.p.messages();
}

// "la charge prend fin" is said of a failed test a defensive fire called;
// of the charger's failed test for the friend's strike the text says
// nothing: its attack at its target is reported not checked, by name.
TEST(SabreurCounterchargeShock, AFailedTestForTheFriendsStrikeIsNotChecked) {
  FriendCountercharges s;
  s.attack(s.friend_column, s.column, {4, 4, 4, 1});  // 3 losses: "trop de pertes"
  s.p.morale_test(0, s.column, {6, 6}).stated.passed = false;
  s.attack(s.column, s.target, {1, 1, 1, 1, 1, 1, 1, 1});
  s.p.run();
  EXPECT_EQ(s.p.count("sabreur.charge.ended"), 0u) << s.p.messages();
  EXPECT_NE(s.p.messages().find("after failing, before it struck, a test the countercharge of"),
            std::string::npos)
      << s.p.messages();
}

TEST(SabreurCounterchargeShock, TheChargerStrikingTheFriendFirstIsOutOfOrder) {
  FriendCountercharges s;
  s.attack(s.column, s.friend_column, {1, 1, 1, 1});
  s.p.run();
  EXPECT_EQ(s.p.count("sabreur.shock.order"), 1u) << s.p.messages();
}

// § Effets du terrain, § La charge et le choc (step 6): heavy cavalry at 5,2
// facing north charges skirmishers at 5,5 and ends on 5,4, where it already
// engages red line infantry at 6,5; the skirmishers evade to 4,7. Its
// pursuit does not move (it is engaged): it crossed only its own hex, on
// which the doubling of its attack is judged.
struct PursuitInPlace {
  Position p;
  UnitId cav, skirmishers, line;
  explicit PursuitInPlace(HexTerrain start_ground) {
    cav = p.unit(0, UnitType::heavy_cavalry, at(5, 2), Facing::n, Formation::line, 10);
    skirmishers = p.unit(1, UnitType::light_infantry, at(5, 5), Facing::s,
                         Formation::skirmish_order, 10, Quality::ordinary, {Skill::skirmisher});
    line = p.unit(1, UnitType::line_infantry, at(6, 5), Facing::s, Formation::line, 18);
    if (start_ground != HexTerrain::open_ground) p.terrain(at(5, 4), start_ground);
    p.order_points(0);
    p.activate(0, {cav});
    p.act(ActionKind::charge, 0, {cav}, {skirmishers}).path = {at(5, 3), at(5, 4)};
    p.act(ActionKind::respond, 0, {skirmishers}).detail = "evade";
    p.act(ActionKind::evade, 0, {skirmishers}).path = {at(4, 6), at(4, 7)};
    Action& a = p.act(ActionKind::pursue, 0, {cav}, {skirmishers});
    a.rolls.push_back(written(1, 6, {2}));
  }
};

TEST(SabreurPursuitInPlace, TheDoublingIsJudgedOnItsOwnHex) {
  PursuitInPlace open(HexTerrain::open_ground);
  Action& strike = open.p.act(ActionKind::attack, 0, {open.cav}, {open.line});
  // Heavy cavalry's factor 4, doubled by the charge on open ground: 8 dice.
  strike.rolls.push_back(written(8, 6, {1, 1, 1, 1, 1, 1, 1, 1}, dice::Keep::all, 0, 0, "hit"));
  open.p.run();
  EXPECT_EQ(open.p.diags.count(Severity::error), 0u) << open.p.messages();
  EXPECT_EQ(open.p.messages().find("without its path"), std::string::npos) << open.p.messages();
  const State& st = open.p.engine().state();
  ASSERT_TRUE(st.charge.has_value());
  EXPECT_TRUE(st.charge->pursuit);
  EXPECT_EQ(st.charge->target, open.line);
  EXPECT_EQ(st.charge->path_open, ChargeInProgress::PathOpenness::open)
      << "open ground: the attack is doubled";

  PursuitInPlace rough(HexTerrain::difficult_terrain);
  rough.p.run();
  const State& rs = rough.p.engine().state();
  ASSERT_TRUE(rs.charge.has_value()) << rough.p.messages();
  EXPECT_TRUE(rs.charge->pursuit);
  EXPECT_EQ(rs.charge->path_open, ChargeInProgress::PathOpenness::not_open)
      << "not open ground: no doubling";
}

}  // namespace
}  // namespace umpire::sabreur::testing
