// Forced marches, morale tests nothing called for, the victory tally:
// 002_87c3dc452f850204.txt § Manœuvres, § Les terrains dans Sabreur,
// § Le tir, § Test moral, § Déroulement d'un tour de jeu (Phase C).
#include "tests/engine/sabreur_fixture.hpp"

namespace umpire::sabreur::testing {
namespace {

// A unit at 5,2 facing north, activated, the enemy at 5,19 on a long map.
struct Forced {
  Position p{12, 20};
  UnitId u, enemy;
  explicit Forced(UnitType type = UnitType::line_infantry, Formation f = Formation::column,
                  Hex enemy_at = at(5, 19)) {
    // Skirmish order needs "tirailleur" (§ Les compétences), checked at deployment.
    u = f == Formation::skirmish_order
            ? p.unit(0, type, at(5, 2), Facing::n, f, 9, Quality::ordinary, {Skill::skirmisher})
            : p.unit(0, type, at(5, 2), Facing::n, f, type == UnitType::light_infantry ? 9 : 18);
    enemy = p.unit(1, UnitType::line_infantry, enemy_at, Facing::s, Formation::line, 18);
    p.order_points(0);
    p.activate(0, {u});
  }
  Action& march(HexPath path) {
    Action& a = p.act(ActionKind::move, 0, {u});
    a.detail = "forced";
    a.path = std::move(path);
    return a;
  }
};

// The column path north from 5,2, `n` hexes.
HexPath north(int n) {
  HexPath out;
  for (int i = 1; i <= n; ++i) out.push_back(at(i % 2 == 1 ? 5 : 4, 2 + i));
  return out;
}

TEST(SabreurForcedMarch, TwiceTheMovementFactor) {
  Forced ok;
  ok.march(north(6));  // a column's factor is 3
  ok.p.run();
  EXPECT_EQ(ok.p.diags.count(Severity::error), 0u) << ok.p.messages();
  EXPECT_EQ(ok.p.engine().state().units[ok.u].hex, at(4, 8));

  Forced far;
  far.march(north(7));
  far.p.run();
  EXPECT_EQ(far.p.count("sabreur.move.forced-length"), 1u) << far.p.messages();
  EXPECT_EQ(far.p.count("sabreur.move.allowance"), 0u) << far.p.messages();
}

// "Le déplacement maximum d'une unité effectuant une marche forcée, et
// pénalisée par un terrain, est égal à son facteur de déplacement."
TEST(SabreurForcedMarch, PenalisedByTerrainItCoversTheFactor) {
  Forced ok;
  ok.p.terrain(at(5, 2), HexTerrain::wood);
  ok.march(north(3));
  ok.p.run();
  EXPECT_EQ(ok.p.diags.count(Severity::error), 0u) << ok.p.messages();

  Forced far;
  far.p.terrain(at(5, 2), HexTerrain::wood);
  far.march(north(4));
  far.p.run();
  EXPECT_EQ(far.p.count("sabreur.move.forced-length"), 1u) << far.p.messages();
}

TEST(SabreurForcedMarch, NoEnemyWithinFourHexesAtTheStartOrTheEnd) {
  // An enemy behind, 4 hexes away at the start, far at the end.
  Forced start(UnitType::line_infantry, Formation::column, at(1, 2));
  start.march(north(6));
  start.p.run();
  EXPECT_EQ(start.p.count("sabreur.move.forced-enemy-near"), 1u) << start.p.messages();
  EXPECT_EQ(start.p.count("sabreur.move.forced-end-near"), 0u) << start.p.messages();

  Forced end(UnitType::line_infantry, Formation::column, at(5, 9));  // 7 away, 4 from 5,5
  end.march(north(3));
  end.p.run();
  EXPECT_EQ(end.p.count("sabreur.move.forced-end-near"), 1u) << end.p.messages();
  EXPECT_EQ(end.p.count("sabreur.move.forced-enemy-near"), 0u) << end.p.messages();
}

TEST(SabreurForcedMarch, InfantryOnlyInColumnOrSkirmishOrder) {
  Forced line(UnitType::line_infantry, Formation::line);
  line.march(north(1));
  line.p.run();
  EXPECT_EQ(line.p.count("sabreur.move.forced-who"), 1u) << line.p.messages();

  Forced skirmishers(UnitType::light_infantry, Formation::skirmish_order);
  skirmishers.march(north(2));
  skirmishers.p.run();
  EXPECT_EQ(skirmishers.p.diags.count(Severity::error), 0u) << skirmishers.p.messages();

  Forced cavalry(UnitType::medium_cavalry, Formation::line);  // factor 5: 10 forced
  cavalry.march(north(10));
  cavalry.p.run();
  EXPECT_EQ(cavalry.p.diags.count(Severity::error), 0u) << cavalry.p.messages();
}

// "Les unités d'infanterie légère en colonne ou en tirailleur peuvent
// effectuer une manoeuvre (sauf la marche forcée) puis tirer" (§ Le tir).
TEST(SabreurForcedMarch, NoFireAfterIt) {
  Forced f(UnitType::light_infantry, Formation::column, at(5, 12));
  f.march(north(2));
  Action& s = f.p.act(ActionKind::shoot, 0, {f.u}, {f.enemy});
  s.rolls.push_back(written(3, 6, {1, 1, 1}));
  f.p.run();
  EXPECT_EQ(f.p.count("sabreur.action.combination"), 1u) << f.p.messages();
}

TEST(SabreurMoraleCalledFor, ATestWithNoReason) {
  Position p;
  const UnitId u = p.unit(0, UnitType::line_infantry, at(5, 2), Facing::n, Formation::line, 18);
  p.unit(1, UnitType::line_infantry, at(5, 9), Facing::s, Formation::line, 18);
  p.order_points(0);
  p.morale_test(0, u, {3, 4});
  p.run();
  EXPECT_EQ(p.count("sabreur.morale.not-called-for"), 1u) << p.messages();
}

// § Points d'ordre: once its side has spent its order points, a "sens
// tactique" unit not yet activated may take a test to be activated.
TEST(SabreurMoraleCalledFor, TacticalSenseOnceTheOrderPointsAreSpent) {
  const auto testing = [](std::int64_t cost) {
    auto p = std::make_unique<Position>();
    const UnitId u = p->unit(0, UnitType::line_infantry, at(5, 2), Facing::n, Formation::line, 18,
                             Quality::ordinary, {Skill::tactical_sense});
    const UnitId other =
        p->unit(0, UnitType::line_infantry, at(8, 2), Facing::n, Formation::line, 18);
    p->unit(1, UnitType::line_infantry, at(5, 9), Facing::s, Formation::line, 18);
    p->order_points(0, 1);  // 1 D3 + 1 = 2
    p->activate(0, {other}, cost);
    p->morale_test(0, u, {3, 4});
    p->run();
    return p;
  };
  auto spent = testing(2);
  EXPECT_EQ(spent->count("sabreur.morale.not-called-for"), 0u) << spent->messages();
  auto left = testing(1);
  EXPECT_EQ(left->count("sabreur.morale.not-called-for"), 1u) << left->messages();
}

// § Manœuvres: a unit fled off the table gives half its victory points,
// rounded up; an eliminated one all of them (read as its points).
TEST(SabreurVictory, TallyAtTheEnd) {
  Position p;
  p.unit(0, UnitType::line_infantry, at(5, 4), Facing::n, Formation::line, 18);
  const UnitId red = p.unit(1, UnitType::line_infantry, at(5, 5), Facing::s, Formation::line, 18);
  const UnitId gone = p.unit(1, UnitType::line_infantry, at(9, 5), Facing::s, Formation::line, 18);
  p.order_points(0);
  Action& f = p.act(ActionKind::flee, 0, {red});
  f.rolls.push_back(written(1, 6, {6}));
  f.path = {at(5, 6), at(5, 7), at(5, 8), at(5, 9), at(5, 10)};
  f.facing = Facing::n;
  f.off_table = true;
  p.act(ActionKind::remove, 0, {gone});
  p.act(ActionKind::end, 0, {});
  p.run();
  EXPECT_TRUE(p.engine().state().units[red].fled_off_table);
  ASSERT_EQ(p.count("sabreur.victory.points"), 1u) << p.messages();
  std::string message;
  for (const Diagnostic& d : p.diags.diagnostics())
    if (d.id == "sabreur.victory.points") message = d.message;
  // Two units of 144 points (8 a strength point): 144 + 72.
  EXPECT_EQ(message, "victory points at the end: blue 216, red 0") << message;
}

}  // namespace
}  // namespace umpire::sabreur::testing
