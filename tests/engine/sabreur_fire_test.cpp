// Fire and saves: 002_87c3dc452f850204.txt § Le tir, § Précisions sur les
// facteurs de combat ou de tir, § Sauvegarde.
#include "tests/engine/sabreur_fixture.hpp"

namespace umpire::sabreur::testing {
namespace {

// Line infantry in line (fire 6, range 4) at 5,2 facing north, activated.
struct Firing {
  Position p;
  UnitId shooter;
  explicit Firing(UnitType type = UnitType::line_infantry, Formation formation = Formation::line) {
    shooter =
        p.unit(0, type, at(5, 2), Facing::n, formation, type == UnitType::line_infantry ? 18 : 8);
    p.order_points(0);
    p.activate(0, {shooter});
  }
  UnitId enemy(Hex h, Formation f = Formation::line) {
    return p.unit(1, UnitType::line_infantry, h, Facing::s, f, 18);
  }
  Action& shoot(UnitId target, std::initializer_list<std::uint16_t> faces) {
    Action& a = p.act(ActionKind::shoot, 0, {shooter}, {target});
    a.rolls.push_back(
        written(static_cast<std::uint16_t>(faces.size()), 6, faces, dice::Keep::all, 0, 0, "hit"));
    return a;
  }
};

TEST(SabreurFire, FactorRangeAndHits) {
  Firing f;
  const UnitId t = f.enemy(at(5, 5));  // 3 hexes: beyond half the range of 4
  Action& a = f.shoot(t, {5, 6, 1, 2, 3, 5});
  a.range = 3;
  a.stated.hits = 3;
  f.p.morale_test(0, t, {1, 1});  // 3 losses in one fire call a test (§ Test moral)
  f.p.run();
  EXPECT_EQ(f.p.diags.count(Severity::error), 0u) << f.p.messages();
  EXPECT_EQ(f.p.engine().state().units[t].strength,
            15);  // no save for a line in the open: 3 losses
}

TEST(SabreurFire, HalfRangeAddsADie) {
  Firing f;
  const UnitId t = f.enemy(at(6, 4));  // 2 hexes
  f.shoot(t, {5, 6, 1, 2, 3, 5});      // 6 dice thrown, 7 due
  f.p.run();
  EXPECT_EQ(f.p.count("sabreur.fire.dice"), 1u) << f.p.messages();
}

TEST(SabreurFire, StatedHitsRecomputed) {
  Firing f;
  const UnitId t = f.enemy(at(5, 5));
  Action& a = f.shoot(t, {5, 6, 1, 2, 3, 4});
  a.stated.hits = 3;
  f.p.run();
  EXPECT_EQ(f.p.count("sabreur.fire.hits"), 1u) << f.p.messages();
}

TEST(SabreurFire, TargetOutOfRange) {
  Firing f;
  const UnitId t = f.enemy(at(5, 7));  // 5 hexes, range 4
  f.shoot(t, {1, 1, 1, 1, 1, 1});
  f.p.run();
  EXPECT_EQ(f.p.count("sabreur.fire.range"), 1u) << f.p.messages();
}

TEST(SabreurFire, TargetOutsideTheFrontCone) {
  Firing f;
  const UnitId t = f.enemy(at(3, 2));  // due west: on the flank
  f.shoot(t, {1, 1, 1, 1, 1, 1, 1});
  f.p.run();
  EXPECT_EQ(f.p.count("sabreur.fire.cone"), 1u) << f.p.messages();
}

TEST(SabreurFire, UnitsBlockTheLineOfSight) {
  Firing f;
  f.p.unit(0, UnitType::line_infantry, at(6, 3), Facing::n, Formation::line, 18);
  const UnitId t = f.enemy(at(6, 4));  // straight north-east, behind the friend
  f.shoot(t, {1, 1, 1, 1, 1, 1, 1});
  f.p.run();
  EXPECT_EQ(f.p.count("sabreur.fire.sight"), 1u) << f.p.messages();
}

TEST(SabreurFire, CavalryDoesNotFire) {
  Firing f(UnitType::heavy_cavalry);
  const UnitId t = f.enemy(at(5, 5));
  f.shoot(t, {1});
  f.p.run();
  EXPECT_EQ(f.p.count("sabreur.fire.cavalry"), 1u) << f.p.messages();
}

TEST(SabreurFire, NearestNonPanickedEnemyFirst) {
  Firing f;
  f.enemy(at(4, 4));                   // 2 hexes
  const UnitId t = f.enemy(at(5, 5));  // 3 hexes
  f.shoot(t, {1, 1, 1, 1, 1, 1});
  f.p.run();
  EXPECT_EQ(f.p.count("sabreur.fire.priority"), 1u) << f.p.messages();
}

TEST(SabreurFire, ArtilleryAgainstAVillageIsCappedAtThree) {
  Position p;
  const UnitId gun =
      p.unit(0, UnitType::medium_foot_battery, at(5, 2), Facing::n, Formation::line, 4);
  const UnitId t = p.unit(1, UnitType::line_infantry, at(5, 5), Facing::s, Formation::line, 18);
  p.terrain(at(5, 5), HexTerrain::village);
  p.order_points(0);
  p.activate(0, {gun});
  Action& a = p.act(ActionKind::shoot, 0, {gun}, {t});
  a.rolls.push_back(written(6, 6, {1, 1, 1, 1, 1, 1}));  // 5 + 1 at half range, but at most 3
  p.run();
  EXPECT_EQ(p.count("sabreur.fire.dice"), 1u) << p.messages();
  bool cited = false;
  for (const Diagnostic& d : p.diags.diagnostics())
    if (d.id == "sabreur.fire.dice")
      for (const std::string& n : d.notes)
        cited = cited || n.find("target_in_cover") != std::string::npos;
  EXPECT_TRUE(cited) << "the breakdown names the limit that applied\n" << p.messages();
}

TEST(SabreurSave, NonDenseInfantrySavesAgainstFire) {
  Firing f;
  const UnitId t = f.enemy(at(5, 5));
  Action& a = f.shoot(t, {5, 6, 1, 2, 3, 4});
  a.stated.hits = 2;
  Action& s = f.p.act(ActionKind::save, 0, {t});
  s.rolls.push_back(written(2, 6, {4, 1}));
  s.stated.saves = 1;
  s.stated.losses = 1;
  f.p.run();
  EXPECT_EQ(f.p.diags.count(Severity::error), 0u) << f.p.messages();
  EXPECT_EQ(f.p.engine().state().units[t].strength, 17);
}

TEST(SabreurSave, NoSaveForAColumnInTheOpen) {
  Firing f;
  const UnitId t = f.enemy(at(5, 5), Formation::column);
  f.shoot(t, {5, 6, 1, 2, 3, 4});
  Action& s = f.p.act(ActionKind::save, 0, {t});
  s.rolls.push_back(written(2, 6, {4, 1}));
  f.p.run();
  EXPECT_EQ(f.p.count("sabreur.save.not-allowed"), 1u) << f.p.messages();
}

TEST(SabreurSave, OneDiePerLossAndNothingToSave) {
  Firing f;
  const UnitId t = f.enemy(at(5, 5));
  f.shoot(t, {5, 6, 1, 2, 3, 4});
  Action& s = f.p.act(ActionKind::save, 0, {t});
  s.rolls.push_back(written(3, 6, {4, 1, 6}));
  Action& again = f.p.act(ActionKind::save, 0, {t});
  again.rolls.push_back(written(1, 6, {4}));
  f.p.run();
  EXPECT_EQ(f.p.count("sabreur.save.dice"), 1u) << f.p.messages();
  EXPECT_EQ(f.p.count("sabreur.save.nothing"), 1u) << f.p.messages();
}

}  // namespace
}  // namespace umpire::sabreur::testing
