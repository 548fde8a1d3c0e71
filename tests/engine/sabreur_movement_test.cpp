// Marches and charges: 002_87c3dc452f850204.txt § Manœuvres, § Orientation
// des unités, § Les terrains dans Sabreur, § Conditions pour qu'une charge
// soit valide, § Restrictions sur les assauts et les charges.
#include "tests/engine/sabreur_fixture.hpp"

namespace umpire::sabreur::testing {
namespace {

// A line-infantry column (movement factor 3) at 5,2 facing north, activated.
struct ColumnMarch {
  Position p;
  UnitId u;
  ColumnMarch() {
    u = p.unit(0, UnitType::line_infantry, at(5, 2), Facing::n, Formation::column, 18);
    p.order_points(0);
    p.activate(0, {u});
  }
  Action& march(HexPath path, std::optional<Facing> facing = std::nullopt) {
    Action& a = p.act(ActionKind::move, 0, {u});
    a.detail = "frontal";
    a.path = std::move(path);
    a.facing = facing;
    return a;
  }
};

TEST(SabreurMarch, FrontalMarchWithinTheFactor) {
  ColumnMarch m;
  m.march({at(5, 3), at(4, 4), at(5, 5)});
  m.p.run();
  EXPECT_EQ(m.p.diags.count(Severity::error), 0u) << m.p.messages();
  EXPECT_EQ(m.p.engine().state().units[m.u].hex, at(5, 5));
}

TEST(SabreurMarch, BeyondTheMovementFactor) {
  ColumnMarch m;
  m.march({at(5, 3), at(4, 4), at(5, 5), at(4, 6)});
  m.p.run();
  EXPECT_EQ(m.p.count("sabreur.move.allowance"), 1u) << m.p.messages();
}

TEST(SabreurMarch, ARotationCostsOneHex) {
  ColumnMarch ok;
  ok.march({at(6, 2), at(7, 2)}, Facing::ne);  // facing ne the front hexes are north-east and east
  ok.p.run();
  EXPECT_EQ(ok.p.count("sabreur.move.frontal-step"), 0u) << ok.p.messages();
  EXPECT_EQ(ok.p.count("sabreur.move.allowance"), 0u) << ok.p.messages();

  ColumnMarch far;
  far.march({at(6, 2), at(7, 2), at(8, 2)}, Facing::ne);
  far.p.run();
  EXPECT_EQ(far.p.count("sabreur.move.allowance"), 1u) << far.p.messages();
}

TEST(SabreurMarch, EachStepEntersAFrontHex) {
  ColumnMarch m;
  m.march({at(5, 3), at(3, 3)});
  m.p.run();
  EXPECT_EQ(m.p.count("sabreur.move.frontal-step"), 1u) << m.p.messages();
}

TEST(SabreurMarch, PenalisingTerrainHalvesTheMove) {
  ColumnMarch m;
  m.p.terrain(at(4, 4), HexTerrain::wood);
  m.march({at(5, 3), at(4, 4)});
  m.p.run();
  // Factor 3 halved, rounded down: 1 hex.
  EXPECT_EQ(m.p.count("sabreur.move.allowance"), 1u) << m.p.messages();
}

TEST(SabreurMarch, NoTwoUnitsOnAHexAndNoMarchThroughEnemies) {
  ColumnMarch m;
  m.p.unit(1, UnitType::line_infantry, at(5, 3), Facing::s, Formation::line, 18);
  m.march({at(5, 3), at(4, 4)});
  m.p.run();
  EXPECT_EQ(m.p.count("sabreur.move.pass-through"), 1u) << m.p.messages();

  ColumnMarch end;
  end.p.unit(0, UnitType::line_infantry, at(4, 4), Facing::n, Formation::line, 18);
  end.march({at(5, 3), at(4, 4)});
  end.p.run();
  EXPECT_EQ(end.p.count("sabreur.move.occupied"), 1u) << end.p.messages();
  EXPECT_EQ(end.p.engine().state().check_invariants(), "");
}

TEST(SabreurMarch, IndirectMarchIsOneHexStraight) {
  Position p;
  const UnitId inf = p.unit(0, UnitType::line_infantry, at(5, 2), Facing::n, Formation::column, 18);
  const UnitId cav = p.unit(0, UnitType::light_cavalry, at(9, 2), Facing::n, Formation::line, 6);
  p.order_points(0);
  p.activate(0, {inf});
  Action& a = p.act(ActionKind::move, 0, {inf});
  a.detail = "indirect";
  a.to = at(7, 2);
  p.activate(0, {cav});
  Action& b = p.act(ActionKind::move, 0, {cav});
  b.detail = "indirect";
  b.to = at(8, 5);  // three hexes straight north-west: light cavalry may
  p.run();
  EXPECT_EQ(p.count("sabreur.move.indirect"), 1u) << p.messages();
}

// § Manœuvres: an engaged unit marches "de façon à rester toujours engagée
// par au moins une des unités adverses qui l'engageaient", indirectly too,
// and loses 2 strength points per enemy it no longer engages.
struct EngagedIndirect {
  Position p;
  UnitId b;
  EngagedIndirect() {
    b = p.unit(0, UnitType::line_infantry, at(5, 4), Facing::n, Formation::line, 18);
    p.unit(1, UnitType::line_infantry, at(6, 4), Facing::nw, Formation::line, 18);
    p.order_points(0);
    p.activate(0, {b});
  }
  void march(Hex to) {
    Action& a = p.act(ActionKind::move, 0, {b});
    a.detail = "indirect";
    a.to = to;
  }
};

TEST(SabreurMarch, AnEngagedIndirectMarchStaysEngaged) {
  EngagedIndirect m;
  m.march(at(6, 5));  // still in the front hexes of red at 6,4 facing north-west
  m.p.run();
  EXPECT_EQ(m.p.diags.count(Severity::error), 0u) << m.p.messages();
  EXPECT_EQ(m.p.count("sabreur.move.engaged"), 0u) << m.p.messages();
  EXPECT_EQ(m.p.engine().state().units[m.b].strength, 18);
}

TEST(SabreurMarch, AnEngagedIndirectMarchOutOfContact) {
  EngagedIndirect m;
  m.march(at(5, 3));  // behind: red no longer engages it
  m.p.run();
  EXPECT_EQ(m.p.count("sabreur.move.engaged"), 1u) << m.p.messages();
  EXPECT_EQ(m.p.engine().state().units[m.b].strength, 16);  // disengaged from one enemy
}

TEST(SabreurMarch, PanickedUnitsDoNotMarch) {
  ColumnMarch m;
  Action& s = m.p.act(ActionKind::state, 0, {m.u});
  s.states = {"panicked"};
  m.march({at(5, 3)});
  m.p.run();
  EXPECT_EQ(m.p.count("sabreur.move.panicked"), 1u) << m.p.messages();
}

struct ChargePosition {
  Position p;
  UnitId cav, target;
  ChargePosition(Hex target_hex, UnitType type = UnitType::heavy_cavalry) {
    cav = p.unit(0, type, at(5, 2), Facing::n, Formation::line, 10);
    target = p.unit(1, UnitType::line_infantry, target_hex, Facing::s, Formation::line, 18);
    p.order_points(0);
    p.activate(0, {cav});
  }
  Action& charge(HexPath path) {
    Action& a = p.act(ActionKind::charge, 0, {cav}, {target});
    a.path = std::move(path);
    return a;
  }
};

TEST(SabreurCharge, ValidChargeEngagesItsTarget) {
  ChargePosition c(at(5, 6));  // 4 hexes away
  c.charge({at(5, 3), at(4, 4), at(5, 5)});
  c.p.run();
  EXPECT_EQ(c.p.count("sabreur.charge.out-of-range"), 0u) << c.p.messages();
  EXPECT_EQ(c.p.count("sabreur.charge.must-engage"), 0u) << c.p.messages();
  EXPECT_EQ(c.p.diags.count(Severity::error), 0u) << c.p.messages();
}

TEST(SabreurCharge, BeyondTheChargeRange) {
  ChargePosition c(at(5, 8));  // 6 hexes; heavy cavalry moves 4
  c.charge({at(5, 3), at(4, 4), at(5, 5), at(4, 6)});
  c.p.run();
  EXPECT_EQ(c.p.count("sabreur.charge.out-of-range"), 1u) << c.p.messages();
  EXPECT_EQ(c.p.count("sabreur.charge.must-engage"), 1u) << c.p.messages();
}

TEST(SabreurCharge, ArtilleryNeitherChargesNorAssaults) {
  ChargePosition c(at(5, 4), UnitType::light_horse_battery);
  c.charge({at(5, 3)});
  c.p.run();
  EXPECT_EQ(c.p.count("sabreur.charge.artillery"), 1u) << c.p.messages();
}

TEST(SabreurCharge, TargetInTheFrontConeOrOnAFlank) {
  ChargePosition c(at(5, 1));  // behind
  c.charge({});
  c.p.run();
  EXPECT_EQ(c.p.count("sabreur.charge.cone"), 1u) << c.p.messages();
}

// § Conditions pour qu'une charge soit valide, 4): "L'unité qui charge doit
// prioritairement charger une unité ennemie située directement devant son
// front". Cuirassiers at 5,2 facing north charge infantry on their flank hex
// 6,2 (turning to face it) while another enemy stands ahead.
TEST(SabreurCharge, AnEnemyInFrontWithinReachComesFirst) {
  for (const int row : {5, 8}) {  // 3 hexes ahead (within reach), then 6
    Position p;
    const UnitId cav = p.unit(0, UnitType::heavy_cavalry, at(5, 2), Facing::n, Formation::line, 10);
    const UnitId flank =
        p.unit(1, UnitType::line_infantry, at(6, 2), Facing::n, Formation::line, 18);
    p.unit(1, UnitType::line_infantry, at(5, row), Facing::s, Formation::line, 18);
    p.order_points(0);
    p.activate(0, {cav});
    Action& c = p.act(ActionKind::charge, 0, {cav}, {flank});
    c.facing = Facing::ne;
    p.run();
    EXPECT_EQ(p.count("sabreur.charge.priority"), row == 5 ? 1u : 0u) << p.messages();
  }
}

}  // namespace
}  // namespace umpire::sabreur::testing
