// Order points and group activation: 002_87c3dc452f850204.txt § Points
// d'ordre, § Détermination des points d'ordre (PO) en fonction des points
// d'armée (PA), § Déroulement d'un tour de jeu.
#include "tests/engine/sabreur_fixture.hpp"

namespace umpire::sabreur::testing {
namespace {

TEST(SabreurOrders, D3PlusOneFrom1500To2000Points) {
  Position p(12, 10, 1600);
  p.unit(0, UnitType::line_infantry, at(5, 2), Facing::n, Formation::column, 18);
  Action& a = p.act(ActionKind::order_points, 0, {}, {}, Phase::orders);
  a.rolls.push_back(written(1, 3, {5}, dice::Keep::all, 0, 1));
  a.stated.points = 4;  // a 5 on the D6 is 3, plus 1
  p.run();
  EXPECT_EQ(p.diags.count(Severity::error), 0u) << p.messages();
  EXPECT_EQ(p.engine().state().sides[0].order_points, 4);
}

TEST(SabreurOrders, D3WithoutBonusAt1500Points) {
  Position p(12, 10, 1500);
  Action& a = p.act(ActionKind::order_points, 0, {}, {}, Phase::orders);
  a.rolls.push_back(written(1, 3, {5}, dice::Keep::all, 0, 1));
  p.run();
  EXPECT_EQ(p.count("sabreur.orders.dice"), 1u) << p.messages();
}

TEST(SabreurOrders, StatedPointsRecomputedInBothModes) {
  for (auto mode : {replay::ReplayMode::follow_log, replay::ReplayMode::follow_rules}) {
    Position p(12, 10, 1600);
    Action& a = p.act(ActionKind::order_points, 0, {}, {}, Phase::orders);
    a.rolls.push_back(written(1, 3, {1}, dice::Keep::all, 0, 1));
    a.stated.points = 4;  // a 1 is 1, plus 1: 2
    p.run(mode);
    EXPECT_EQ(p.count("sabreur.orders.points"), 1u) << p.messages();
    EXPECT_EQ(p.engine().state().sides[0].order_points,
              mode == replay::ReplayMode::follow_log ? 4 : 2);
  }
}

TEST(SabreurOrders, TwoD6OnlyAbove2000Points) {
  Position p(12, 10, 1600);
  Action& a = p.act(ActionKind::order_points, 0, {}, {}, Phase::orders);
  a.rolls.push_back(written(2, 6, {3, 4}, dice::Keep::all, 0, -4));
  p.run();
  EXPECT_EQ(p.count("sabreur.orders.two-d6"), 1u) << p.messages();

  Position big(12, 10, 2400);
  Action& b = big.act(ActionKind::order_points, 0, {}, {}, Phase::orders);
  b.rolls.push_back(written(2, 6, {3, 4}, dice::Keep::all, 0, -4));
  b.stated.points = 3;
  big.run();
  EXPECT_EQ(big.diags.count(Severity::error), 0u) << big.messages();
}

TEST(SabreurOrders, OrderPointsOutsideTheOrdersPhase) {
  Position p;
  Action& a = p.act(ActionKind::order_points, 0, {}, {}, Phase::actions);
  a.rolls.push_back(written(1, 3, {4}, dice::Keep::all, 0, 1));
  p.run();
  EXPECT_EQ(p.count("sabreur.orders.phase"), 1u) << p.messages();
}

TEST(SabreurActivation, AChainOfNeighboursWithOneFacing) {
  Position p;
  const UnitId a = p.unit(0, UnitType::line_infantry, at(5, 2), Facing::n, Formation::column, 18);
  const UnitId b = p.unit(0, UnitType::line_infantry, at(6, 2), Facing::n, Formation::column, 18);
  const UnitId far = p.unit(0, UnitType::line_infantry, at(9, 2), Facing::n, Formation::column, 18);
  p.order_points(0);
  p.activate(0, {a, b});
  p.run();
  EXPECT_EQ(p.diags.count(Severity::error), 0u) << p.messages();
  EXPECT_EQ(p.engine().state().sides[0].order_points, 3);

  Position q = Position();
  q.unit(0, UnitType::line_infantry, at(5, 2), Facing::n, Formation::column, 18);
  q.unit(0, UnitType::line_infantry, at(6, 2), Facing::n, Formation::column, 18);
  q.unit(0, UnitType::line_infantry, at(9, 2), Facing::n, Formation::column, 18);
  q.order_points(0);
  q.activate(0, {a, far});
  q.run();
  EXPECT_EQ(q.count("sabreur.activation.chain"), 1u) << q.messages();
}

TEST(SabreurActivation, OneFacingExceptSquaresAndPanicked) {
  Position p;
  const UnitId a = p.unit(0, UnitType::line_infantry, at(5, 2), Facing::n, Formation::column, 18);
  const UnitId b = p.unit(0, UnitType::line_infantry, at(6, 2), Facing::ne, Formation::column, 18);
  p.order_points(0);
  p.activate(0, {a, b});
  p.run();
  EXPECT_EQ(p.count("sabreur.activation.facing"), 1u) << p.messages();

  Position q;
  q.unit(0, UnitType::line_infantry, at(5, 2), Facing::n, Formation::column, 18);
  q.unit(0, UnitType::line_infantry, at(6, 2), Facing::ne, Formation::square, 18);
  q.order_points(0);
  q.activate(0, {a, b});
  q.run();
  EXPECT_EQ(q.count("sabreur.activation.facing"), 0u) << q.messages();
}

TEST(SabreurActivation, AtMostThreeUnitsUnlessAllIrregular) {
  for (bool irregular : {false, true}) {
    Position p;
    std::vector<UnitId> group;
    for (int c = 3; c <= 6; ++c)
      group.push_back(p.unit(0, UnitType::line_infantry, at(c, 2), Facing::n, Formation::column, 18,
                             Quality::ordinary,
                             irregular ? std::initializer_list<Skill>{Skill::irregular}
                                       : std::initializer_list<Skill>{}));
    p.order_points(0);
    p.activate(0, UnitList(group.begin(), group.end()), 1);
    p.run();
    EXPECT_EQ(p.count("sabreur.activation.size"), irregular ? 0u : 1u) << p.messages();
  }
}

TEST(SabreurActivation, TwoCavalryCostTwoNearTheEnemy) {
  for (int enemy_row : {8, 10}) {
    Position p(12, 16);
    const UnitId a = p.unit(0, UnitType::heavy_cavalry, at(5, 2), Facing::n, Formation::line, 10);
    const UnitId b = p.unit(0, UnitType::heavy_cavalry, at(6, 2), Facing::n, Formation::line, 10);
    p.unit(1, UnitType::line_infantry, at(5, enemy_row), Facing::s, Formation::line, 18);
    p.order_points(0);
    p.activate(0, {a, b}, 1);
    p.run();
    // Row 8 is 6 hexes away: 2 PO; row 10 is 8 hexes away: 1 PO.
    EXPECT_EQ(p.count("sabreur.activation.cost"), enemy_row == 8 ? 1u : 0u) << p.messages();
  }
}

TEST(SabreurActivation, OncePerTurnAndWithinTheOrderPoints) {
  Position p;
  const UnitId a = p.unit(0, UnitType::line_infantry, at(5, 2), Facing::n, Formation::column, 18);
  const UnitId b = p.unit(0, UnitType::line_infantry, at(8, 2), Facing::n, Formation::column, 18);
  const UnitId c = p.unit(0, UnitType::line_infantry, at(11, 2), Facing::n, Formation::column, 18);
  p.order_points(0, 1);  // 1 + 1 = 2 order points
  p.activate(0, {a});
  p.activate(0, {a});
  p.activate(0, {b});
  p.activate(0, {c});
  p.run();
  EXPECT_EQ(p.count("sabreur.activation.twice"), 1u) << p.messages();
  EXPECT_EQ(p.count("sabreur.activation.order-points"), 2u) << p.messages();
}

TEST(SabreurActivation, OnlyTheActivatedGroupActs) {
  Position p;
  const UnitId a = p.unit(0, UnitType::line_infantry, at(5, 2), Facing::n, Formation::column, 18);
  const UnitId b = p.unit(0, UnitType::line_infantry, at(8, 2), Facing::n, Formation::column, 18);
  p.order_points(0);
  p.activate(0, {a});
  Action& m = p.act(ActionKind::move, 0, {b});
  m.detail = "frontal";
  m.path = {at(8, 3)};
  p.run();
  EXPECT_EQ(p.count("sabreur.activation.not-activated"), 1u) << p.messages();
}

// The order-point table stops at 4,000 army points (§ Détermination des
// points d'ordre): a larger army is reported not checked, never a crash.
TEST(SabreurOrders, AnArmyBeyondTheTableIsNotChecked) {
  Position p(12, 10, 4001);
  p.unit(0, UnitType::line_infantry, at(5, 2), Facing::n, Formation::line, 18);
  p.order_points(0);
  p.run();
  EXPECT_EQ(p.diags.count(Severity::error), 0u) << p.messages();
  EXPECT_EQ(p.count("replay.not-checked"), 1u) << p.messages();
}

}  // namespace
}  // namespace umpire::sabreur::testing
