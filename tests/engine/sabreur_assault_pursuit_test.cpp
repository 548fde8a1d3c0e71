// Assaults and pursuits: 002_87c3dc452f850204.txt § L'assaut et la mêlée,
// § Conditions pour qu'un assaut soit valide, § Réactions face à un assaut,
// § La charge et le choc (steps 5 and 6), § Manœuvres (pursuit).
#include "engine/rulesets/sabreur_hex/checks.hpp"
#include "tests/engine/sabreur_fixture.hpp"

namespace umpire::sabreur::testing {
namespace {

// Blue line infantry at 5,3 facing north, red line infantry at 5,5 (2 hexes).
struct Assaulting {
  Position p;
  UnitId blue, red;
  explicit Assaulting(UnitType type = UnitType::line_infantry,
                      Formation formation = Formation::line) {
    blue = p.unit(0, type, at(5, 3), Facing::n, formation, 10);
    red = p.unit(1, UnitType::line_infantry, at(5, 5), Facing::s, Formation::line, 18);
    p.order_points(0);
    p.activate(0, {blue});
  }
  Action& assault(std::optional<Hex> to) {
    Action& a = p.act(ActionKind::assault, 0, {blue}, {red});
    a.to = to;
    return a;
  }
};

TEST(SabreurAssault, AnIndirectMarchThatEngagesThenAMelee) {
  Assaulting s;
  s.assault(at(5, 4));
  Action& r = s.p.act(ActionKind::respond, 0, {s.red});
  r.detail = "do-nothing";
  s.p.run();
  EXPECT_EQ(s.p.diags.count(Severity::error), 0u) << s.p.messages();
  const State& st = s.p.engine().state();
  EXPECT_FALSE(st.charge.has_value());  // combat.cpp fights a mêlée
  ASSERT_TRUE(st.assault.has_value());
  EXPECT_EQ(st.assault->charger, s.blue);
  EXPECT_EQ(st.assault->distance_at_declaration, 2);
  EXPECT_EQ(st.units[s.blue].hex, at(5, 4));
  EXPECT_TRUE(st.units[s.red].is_attack_target);
}

TEST(SabreurAssault, LightCavalryAssaultsWithOneHexOfIndirectMarch) {
  // Red at 6,4: 2 hexes from 5,3; 7,3 (2 hexes east) would engage it.
  Position p;
  const UnitId hussars =
      p.unit(0, UnitType::light_cavalry, at(5, 3), Facing::n, Formation::line, 6);
  const UnitId red = p.unit(1, UnitType::line_infantry, at(6, 4), Facing::s, Formation::line, 18);
  p.order_points(0);
  p.activate(0, {hussars});
  p.act(ActionKind::assault, 0, {hussars}, {red}).to = at(7, 3);
  p.run();
  EXPECT_EQ(p.count("sabreur.assault.march"), 1u) << p.messages();
  EXPECT_EQ(p.count("sabreur.assault.must-engage"), 0u) << p.messages();
}

TEST(SabreurAssault, AnEngagedAssaulterStaysEngaged) {
  Assaulting s;
  // Red infantry at 6,3 facing south-west engages blue at 5,3, not at 5,4.
  s.p.unit(1, UnitType::line_infantry, at(6, 3), Facing::sw, Formation::line, 18);
  s.assault(at(5, 4));
  s.p.run();
  EXPECT_EQ(s.p.count("sabreur.move.engaged"), 1u) << s.p.messages();
}

TEST(SabreurAssault, TheRestrictionsOfChargesApply) {
  Assaulting guns(UnitType::medium_foot_battery);
  guns.assault(at(5, 4));
  guns.p.run();
  EXPECT_EQ(guns.p.count("sabreur.charge.artillery"), 1u) << guns.p.messages();
  // Skirmishers assault formed infantry only in a village, wood, strongpoint or rough.
  Assaulting open(UnitType::light_infantry, Formation::skirmish_order);
  open.assault(at(5, 4));
  open.p.run();
  EXPECT_EQ(open.p.count("sabreur.charge.skirmishers"), 1u) << open.p.messages();
  Assaulting village(UnitType::light_infantry, Formation::skirmish_order);
  village.p.terrain(at(5, 5), HexTerrain::village);
  village.assault(at(5, 4));
  village.p.run();
  EXPECT_EQ(village.p.count("sabreur.charge.skirmishers"), 0u) << village.p.messages();
}

TEST(SabreurAssault, ReactionsKeepTheirRestrictionsButTakeNoTest) {
  Assaulting square;
  square.assault(at(5, 4));
  square.p.act(ActionKind::respond, 0, {square.red}).detail = "form-square";
  square.p.run();
  // Declared 2 hexes away: too close to form square (and not cavalry).
  EXPECT_EQ(square.p.count("sabreur.reaction.square"), 1u) << square.p.messages();
  Assaulting tested;
  tested.assault(at(5, 4));
  tested.p.act(ActionKind::respond, 0, {tested.red}).detail = "do-nothing";
  tested.p.morale_test(0, tested.red, {3, 4});
  tested.p.run();
  EXPECT_EQ(tested.p.count("sabreur.assault.reaction-test"), 1u) << tested.p.messages();
}

TEST(SabreurAssault, NoPursuitAfterAnAssault) {
  Assaulting s;
  s.assault(at(5, 4));
  s.p.act(ActionKind::pursue, 0, {s.blue}, {s.red});
  s.p.run();
  EXPECT_EQ(s.p.count("sabreur.pursuit.after-assault"), 1u) << s.p.messages();
  EXPECT_EQ(s.p.count("sabreur.pursuit.not-allowed"), 0u) << s.p.messages();
}

// Heavy cavalry at 5,2 charges skirmishers at 5,5, which evade.
struct Pursuing {
  Position p;
  UnitId cav, skirmishers;
  explicit Pursuing(HexPath evade_path, std::initializer_list<Skill> skills = {}) {
    cav = p.unit(0, UnitType::heavy_cavalry, at(5, 2), Facing::n, Formation::line, 10,
                 Quality::ordinary, skills);
    skirmishers = p.unit(1, UnitType::light_infantry, at(5, 5), Facing::s,
                         Formation::skirmish_order, 10, Quality::ordinary, {Skill::skirmisher});
    p.order_points(0);
    p.activate(0, {cav});
    p.act(ActionKind::charge, 0, {cav}, {skirmishers}).path = {at(5, 3), at(5, 4)};
    p.act(ActionKind::respond, 0, {skirmishers}).detail = "evade";
    p.act(ActionKind::evade, 0, {skirmishers}).path = std::move(evade_path);
  }
  Action& pursue(UnitId u, std::uint16_t face, HexPath path) {
    Action& a = p.act(ActionKind::pursue, 0, {u}, {skirmishers});
    a.rolls.push_back(written(1, 6, {face}));
    a.path = std::move(path);
    return a;
  }
};

TEST(SabreurPursuit, AnEnemyThePursuitEngagesIsChargedWithoutReaction) {
  Pursuing s({at(5, 6)});
  // 4 hexes thrown, 1 run: the pursuer engages the skirmishers at 5,6.
  s.pursue(s.cav, 4, {at(5, 5)});
  s.p.run();
  EXPECT_EQ(s.p.diags.count(Severity::error), 0u) << s.p.messages();
  const State& st = s.p.engine().state();
  ASSERT_TRUE(st.charge.has_value());
  EXPECT_TRUE(st.charge->pursuit);
  EXPECT_EQ(st.charge->charger, s.cav);
  EXPECT_EQ(st.charge->target, s.skirmishers);
  EXPECT_EQ(st.charge->distance_at_declaration, 3);  // the charge's, for its bonuses
}

TEST(SabreurPursuit, TheWholeLengthIsRunUnlessBlockedOrEngaged) {
  Pursuing s({at(5, 6), at(5, 7)});
  s.pursue(s.cav, 3, {at(5, 5)});
  s.p.run();
  EXPECT_EQ(s.p.count("sabreur.pursuit.length"), 1u) << s.p.messages();
}

TEST(SabreurPursuit, OneFriendWithTacticalSenseMayJoin) {
  for (bool skilled : {true, false}) {
    Pursuing s({at(5, 6), at(5, 7)});
    const UnitId dragoons = s.p.unit(0, UnitType::heavy_cavalry, at(6, 4), Facing::n,
                                     Formation::line, 10, Quality::ordinary,
                                     skilled ? std::initializer_list<Skill>{Skill::tactical_sense}
                                             : std::initializer_list<Skill>{});
    s.pursue(s.cav, 1, {at(5, 5)});
    s.pursue(dragoons, 2, {at(6, 5), at(6, 6)});
    s.p.run();
    EXPECT_EQ(s.p.count("sabreur.pursuit.not-allowed"), skilled ? 0u : 1u) << s.p.messages();
    EXPECT_EQ(s.p.diags.count(Severity::error), skilled ? 0u : 1u) << s.p.messages();
  }
}

// Step 6 gives the attack of a pursuit to "l'unité qui charge"; a friend
// that joined the pursuit acts "comme si elle n'avait pas effectué cette
// poursuite": it engages the line at 6,7 but makes no attack of a pursuit.
TEST(SabreurPursuit, AFriendThatJoinedMakesNoPursuitAttack) {
  for (bool attacks : {true, false}) {
    Pursuing s({at(4, 6), at(4, 7)});
    const UnitId dragoons =
        s.p.unit(0, UnitType::heavy_cavalry, at(6, 3), Facing::n, Formation::line, 10,
                 Quality::ordinary, {Skill::tactical_sense});
    const UnitId line =
        s.p.unit(1, UnitType::line_infantry, at(6, 7), Facing::s, Formation::line, 18);
    s.pursue(s.cav, 1, {at(5, 5)});
    s.pursue(dragoons, 3, {at(6, 4), at(6, 5), at(6, 6)});
    if (attacks) {
      Action& a = s.p.act(ActionKind::attack, 0, {dragoons}, {line});
      a.rolls.push_back(written(4, 6, {1, 1, 1, 1}));
    }
    s.p.run();
    EXPECT_EQ(s.p.count("sabreur.pursuit.friend-attack"), attacks ? 1u : 0u) << s.p.messages();
    if (!attacks) {
      EXPECT_EQ(s.p.diags.count(Severity::error), 0u) << s.p.messages();
    }
  }
}

// "en tenant compte bien sûr du terrain": how far penalising terrain lets a
// pursuit fall short of its dice the text does not say (half a march, half
// the dice, or up to the terrain): reported not checked with both numbers.
TEST(SabreurPursuit, PenalisingTerrainLeavesTheLengthNotChecked) {
  Pursuing s({at(5, 6), at(5, 7)});
  s.p.terrain(at(5, 5), HexTerrain::wood);
  s.pursue(s.cav, 4, {at(5, 5)});
  s.p.run();
  EXPECT_EQ(s.p.count("sabreur.pursuit.length"), 0u) << s.p.messages();
  EXPECT_NE(s.p.messages().find("it runs 1 hex of the 4 hexes its dice give"), std::string::npos)
      << s.p.messages();
}

TEST(SabreurPursuit, InfantryInColumnPursuesOneD3) {
  Position q;
  const UnitId line2 =
      q.unit(0, UnitType::line_infantry, at(5, 3), Facing::n, Formation::column, 18);
  const UnitId red2 = q.unit(1, UnitType::light_infantry, at(5, 5), Facing::s,
                             Formation::skirmish_order, 10, Quality::ordinary, {Skill::skirmisher});
  q.order_points(0);
  q.activate(0, {line2});
  q.act(ActionKind::charge, 0, {line2}, {red2}).path = {at(5, 4)};
  q.act(ActionKind::respond, 0, {red2}).detail = "evade";
  q.act(ActionKind::evade, 0, {red2}).path = {at(5, 6), at(5, 7)};
  Action& a = q.act(ActionKind::pursue, 0, {line2}, {red2});
  a.rolls.push_back(written(1, 3, {3}));  // a column: 1 D3, the face 3 gives 2 hexes
  a.path = {at(5, 5), at(5, 6)};
  q.run();
  EXPECT_EQ(q.diags.count(Severity::error), 0u) << q.messages();
}

TEST(SabreurPursuit, AnImpetuousChargerMustPursue) {
  for (bool pursues : {true, false}) {
    Pursuing s({at(5, 6), at(5, 7)}, {Skill::impetuous});
    if (pursues) s.pursue(s.cav, 1, {at(5, 5)});
    const UnitId other =
        s.p.unit(0, UnitType::line_infantry, at(9, 2), Facing::n, Formation::line, 18);
    s.p.activate(0, {other});
    s.p.run();
    EXPECT_EQ(s.p.count("sabreur.pursuit.impetuous"), pursues ? 0u : 1u) << s.p.messages();
  }
}

TEST(SabreurPursuit, OffTheTableThePursuerLeaves) {
  Position p;
  const UnitId cav = p.unit(0, UnitType::heavy_cavalry, at(5, 6), Facing::n, Formation::line, 10);
  const UnitId red = p.unit(1, UnitType::light_infantry, at(5, 9), Facing::s,
                            Formation::skirmish_order, 10, Quality::ordinary, {Skill::skirmisher});
  p.order_points(0);
  p.activate(0, {cav});
  p.act(ActionKind::charge, 0, {cav}, {red}).path = {at(5, 7), at(5, 8)};
  p.act(ActionKind::respond, 0, {red}).detail = "evade";
  p.act(ActionKind::evade, 0, {red}).path = {at(4, 10)};
  Action& a = p.act(ActionKind::pursue, 0, {cav}, {red});
  a.rolls.push_back(written(1, 6, {5}));
  a.path = {at(5, 9), at(5, 10)};
  a.off_table = true;
  p.run();
  EXPECT_EQ(p.diags.count(Severity::error), 0u) << p.messages();
  EXPECT_FALSE(p.engine().state().units[cav].on_table);
}

TEST(SabreurPursuit, NotAfterTheChargerFailedItsTest) {
  Position p;
  const UnitId cav = p.unit(0, UnitType::heavy_cavalry, at(5, 2), Facing::n, Formation::line, 10);
  const UnitId red = p.unit(1, UnitType::line_infantry, at(5, 5), Facing::s, Formation::line, 18);
  p.order_points(0);
  p.activate(0, {cav});
  p.act(ActionKind::charge, 0, {cav}, {red}).path = {at(5, 3), at(5, 4)};
  Action& fire = p.act(ActionKind::respond, 0, {red});
  fire.detail = "defensive-fire";
  // Fire 6, +1 at half range: 7 dice, three of 5 or more.
  fire.rolls.push_back(written(7, 6, {6, 5, 5, 1, 2, 3, 4}, dice::Keep::all, 0, 0, "hit"));
  fire.stated.hits = 3;
  p.morale_test(0, cav, {6, 6});  // fails: the charge ends
  Action& flight = p.act(ActionKind::flee, 0, {red});
  flight.rolls.push_back(written(1, 6, {2}));
  flight.path = {at(5, 6), at(5, 7)};
  flight.facing = Facing::n;
  Action& a = p.act(ActionKind::pursue, 0, {cav}, {red});
  a.rolls.push_back(written(1, 6, {1}));
  a.path = {at(5, 5)};
  p.run();
  EXPECT_EQ(p.count("sabreur.pursuit.not-allowed"), 1u) << p.messages();
}

// Every prohibition of the data on what assault.cpp and pursuit.cpp ask is
// reported under a check (else it would be a problem of the engine).
TEST(SabreurPursuit, EveryPermissionAskedHasACheck) {
  const RulesBinding& rules = binding();
  std::size_t seen = 0;
  for (const rules::Permission& perm : rules.rs().permissions) {
    if (perm.modality != rules::Modality::cannot) continue;
    for (RuleAction asked : {RuleAction::assault, RuleAction::pursue, RuleAction::join_pursuit}) {
      if (perm.action != rules.action(asked)) continue;
      ++seen;
      EXPECT_TRUE(check_for_permission(perm.name, std::nullopt))
          << perm.name << " maps to no check";
    }
  }
  EXPECT_GE(seen, 5u);
}

}  // namespace
}  // namespace umpire::sabreur::testing
