// A square that fires: 002_87c3dc452f850204.txt § Le tir, "Cas particulier du
// carré" ("il faut d'abord l'orienter virtuellement, juste le temps du tir ;
// pour cela il faut clairement indiquer le sommet de la case qui va servir à
// déterminer l'avant du carré. Notons qu'un carré ne tire qu'une fois par
// tour, par un seul de ses côtés par tour"); a closed column "est considérée
// comme un carré" (§ Formations spéciales).
#include "tests/engine/sabreur_fixture.hpp"

namespace umpire::sabreur::testing {
namespace {

// Line infantry in square (fire 3, range 2) at 5,5 really facing north,
// activated; its enemies stand to the south.
struct SquareFiring {
  Position p;
  UnitId square;
  explicit SquareFiring(Formation formation = Formation::square) {
    // A closed column needs "gros bataillon" (§ Formations spéciales), checked at deployment.
    square = formation == Formation::closed_column
                 ? p.unit(0, UnitType::line_infantry, at(5, 5), Facing::n, formation, 18,
                          Quality::ordinary, {Skill::large_battalion})
                 : p.unit(0, UnitType::line_infantry, at(5, 5), Facing::n, formation, 18);
    p.order_points(0);
    p.activate(0, {square});
  }
  UnitId enemy(Hex h) {
    return p.unit(1, UnitType::line_infantry, h, Facing::n, Formation::line, 18);
  }
  // Three dice: the square's fire 3 at 2 hexes.
  Action& shoot(UnitId target, std::optional<Facing> facing) {
    Action& a = p.act(ActionKind::shoot, 0, {square}, {target});
    a.facing = facing;
    a.rolls.push_back(written(3, 6, {1, 2, 3}, dice::Keep::all, 0, 0, "hit"));
    a.stated.hits = 0;
    return a;
  }
};

TEST(SabreurSquareFire, FiresThroughTheFrontConeOfItsVirtualFacing) {
  SquareFiring f;
  const UnitId t = f.enemy(at(5, 3));  // 2 hexes due south, behind its real facing
  f.shoot(t, Facing::s);
  f.p.run();
  EXPECT_EQ(f.p.diags.count(Severity::error), 0u) << f.p.messages();
  EXPECT_EQ(f.p.count("replay.not-checked"), 0u) << f.p.messages();
  // "juste le temps du tir": its own facing is unchanged.
  EXPECT_EQ(f.p.engine().state().units[f.square].facing, Facing::n);
}

TEST(SabreurSquareFire, WithoutAVirtualFacingItIsAViolation) {
  SquareFiring f;
  const UnitId t = f.enemy(at(5, 3));
  f.shoot(t, std::nullopt);
  f.p.run();
  EXPECT_EQ(f.p.count("sabreur.fire.square-facing"), 1u) << f.p.messages();
  EXPECT_EQ(f.p.count("sabreur.fire.cone"), 0u) << f.p.messages();
  EXPECT_NE(f.p.messages().find("facings that put 'r2' in its front cone: s"), std::string::npos)
      << f.p.messages();
}

TEST(SabreurSquareFire, TheTargetOutsideTheVirtualFrontCone) {
  SquareFiring f;
  const UnitId t = f.enemy(at(5, 3));
  f.shoot(t, Facing::n);  // its real facing: the target is in its rear cone
  f.p.run();
  EXPECT_EQ(f.p.count("sabreur.fire.cone"), 1u) << f.p.messages();
  EXPECT_EQ(f.p.count("sabreur.fire.square-facing"), 0u) << f.p.messages();
}

TEST(SabreurSquareFire, AClosedColumnIsFacedVirtuallyToo) {
  SquareFiring with(Formation::closed_column);
  // Line infantry in closed column: fire 2, range 2.
  const UnitId t = with.enemy(at(5, 3));
  Action& a = with.p.act(ActionKind::shoot, 0, {with.square}, {t});
  a.facing = Facing::s;
  a.rolls.push_back(written(2, 6, {1, 2}, dice::Keep::all, 0, 0, "hit"));
  with.p.run();
  EXPECT_EQ(with.p.diags.count(Severity::error), 0u) << with.p.messages();

  SquareFiring without(Formation::closed_column);
  const UnitId t2 = without.enemy(at(5, 3));
  Action& b = without.p.act(ActionKind::shoot, 0, {without.square}, {t2});
  b.rolls.push_back(written(2, 6, {1, 2}, dice::Keep::all, 0, 0, "hit"));
  without.p.run();
  EXPECT_EQ(without.p.count("sabreur.fire.square-facing"), 1u) << without.p.messages();
}

TEST(SabreurSquareFire, OnceATurnSoBySingleSide) {
  SquareFiring f;
  const UnitId south = f.enemy(at(5, 3));
  const UnitId north = f.enemy(at(5, 7));
  f.shoot(south, Facing::s);
  f.shoot(north, Facing::n);  // another side: still a second fire
  f.p.run();
  EXPECT_EQ(f.p.count("sabreur.fire.square-once"), 1u) << f.p.messages();
}

TEST(SabreurSquareFire, OnlyASquareIsFacedVirtually) {
  Position p;
  const UnitId line = p.unit(0, UnitType::line_infantry, at(5, 2), Facing::n, Formation::line, 18);
  const UnitId t = p.unit(1, UnitType::line_infantry, at(5, 5), Facing::s, Formation::line, 18);
  p.order_points(0);
  p.activate(0, {line});
  Action& a = p.act(ActionKind::shoot, 0, {line}, {t});
  a.facing = Facing::s;  // not its facing: a line does not turn to fire
  a.rolls.push_back(written(6, 6, {1, 2, 3, 4, 1, 2}, dice::Keep::all, 0, 0, "hit"));
  p.run();
  EXPECT_EQ(p.count("sabreur.fire.square-facing"), 1u) << p.messages();

  // Its own facing written: nothing to say.
  Position own;
  const UnitId line2 =
      own.unit(0, UnitType::line_infantry, at(5, 2), Facing::n, Formation::line, 18);
  const UnitId t2 = own.unit(1, UnitType::line_infantry, at(5, 5), Facing::s, Formation::line, 18);
  own.order_points(0);
  own.activate(0, {line2});
  Action& b = own.act(ActionKind::shoot, 0, {line2}, {t2});
  b.facing = Facing::n;
  b.rolls.push_back(written(6, 6, {1, 2, 3, 4, 1, 2}, dice::Keep::all, 0, 0, "hit"));
  own.run();
  EXPECT_EQ(own.diags.count(Severity::error), 0u) << own.messages();
}

// Blue line infantry in column at 5,2 facing north charges red line infantry
// at 5,5, ending on 5,4; a red square next to the target, on 6,5 and really
// facing north (the charger is not in that front cone), fires defensively.
struct SquareDefends {
  Position p;
  UnitId column, target, square;
  explicit SquareDefends(Formation formation = Formation::square, Facing facing = Facing::n) {
    column = p.unit(0, UnitType::line_infantry, at(5, 2), Facing::n, Formation::column, 18);
    target = p.unit(1, UnitType::line_infantry, at(5, 5), Facing::s, Formation::line, 18);
    square = p.unit(1, UnitType::line_infantry, at(6, 5), facing, formation, 18);
  }
  void charge() { p.charge(0, column, target, {at(5, 3), at(5, 4)}, Facing::n); }
  Action& fire(std::optional<Facing> facing) {
    p.respond(0, target, "do-nothing");
    p.morale_test(0, target, {1, 1});
    Action& r = p.respond(0, square, "defensive-fire");
    r.facing = facing;
    r.rolls.push_back(written(4, 6, {1, 2, 3, 4}, dice::Keep::all, 0, 0, "hit"));
    return r;
  }
};

TEST(SabreurSquareFire, ADefensiveFireIsFacedVirtuallyToo) {
  SquareDefends with;
  with.charge();
  with.fire(Facing::s);
  with.p.run();
  EXPECT_EQ(with.p.count("sabreur.fire.square-facing"), 0u) << with.p.messages();
  EXPECT_EQ(with.p.count("sabreur.fire.cone"), 0u) << with.p.messages();
  EXPECT_EQ(with.p.count("sabreur.reaction.defensive-fire-dice"), 0u) << with.p.messages();
  EXPECT_EQ(with.p.engine().state().units[with.square].facing, Facing::n);

  SquareDefends without;
  without.charge();
  without.fire(std::nullopt);
  without.p.run();
  EXPECT_EQ(without.p.count("sabreur.fire.square-facing"), 1u) << without.p.messages();

  SquareDefends away;
  away.charge();
  away.fire(Facing::n);
  away.p.run();
  EXPECT_EQ(away.p.count("sabreur.fire.cone"), 1u) << away.p.messages();
}

// "Un carré ne tire qu'une fois par tour" in the enemy's turn (a second
// defensive fire, square_one_defensive_fire) is a spot test of the data
// (tests/rules/sabreur_hex_spot_test.cpp): on the board, a square that fired
// defensively stands next to that charger and so engages it, which already
// forbids it another defensive fire while the charger stays.

// Woods along hex sides on a line of sight (§ Le tir, § Les terrains dans
// Sabreur). A line from 5,2 due north to 5,4 runs along the side between 5,3
// and 6,3 and leaves 5,2 through the vertex it shares with them.
struct SideWoodFire {
  Position p;
  UnitId shooter, target;
  SideWoodFire() {
    shooter = p.unit(0, UnitType::line_infantry, at(5, 2), Facing::n, Formation::line, 18);
    target = p.unit(1, UnitType::line_infantry, at(5, 4), Facing::s, Formation::line, 18);
    p.order_points(0);
    p.activate(0, {shooter});
  }
  void shoot(std::initializer_list<std::uint16_t> faces = {1, 2, 3, 4, 1, 2, 3}) {
    Action& a = p.act(ActionKind::shoot, 0, {shooter}, {target});
    a.rolls.push_back(
        written(static_cast<std::uint16_t>(faces.size()), 6, faces, dice::Keep::all, 0, 0, "hit"));
  }
};

TEST(SabreurSideWoodSight, AlongASideOfTheShootersHexItDoesNotBlock) {
  SideWoodFire f;
  f.p.side(at(5, 2), at(5, 3), HexsideTerrain::wood);
  // It separates the shooter from its target (the line grazes it), so it is
  // the shooter's terrain: infantry "en bois" fires 3 dice at most, not the
  // 6 + 1 at half range of the open (tests/engine/sabreur_side_wood_test.cpp).
  f.shoot({1, 2, 3});
  f.p.run();
  EXPECT_EQ(f.p.diags.count(Severity::error), 0u) << f.p.messages();
  EXPECT_EQ(f.p.messages().find("not checked"), std::string::npos) << f.p.messages();
}

TEST(SabreurSideWoodSight, BetweenTwoOtherHexesTheTextDoesNotSay) {
  SideWoodFire f;
  f.p.side(at(5, 3), at(6, 3), HexsideTerrain::wood);
  f.shoot();
  f.p.run();
  EXPECT_EQ(f.p.count("sabreur.fire.sight"), 0u) << f.p.messages();
  EXPECT_NE(f.p.messages().find("neither hex of that side is the shooter's or the target's"),
            std::string::npos)
      << f.p.messages();
}

}  // namespace
}  // namespace umpire::sabreur::testing
