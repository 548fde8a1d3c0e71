// The "tenace" skill on activation: 002_87c3dc452f850204.txt § Points
// d'ordre ("elle doit immédiatement passer un test de moral si elle est déjà
// formée en ligne. Si elle échoue au test, alors elle ne pourra pas
// manoeuvrer ou changer de formation durant le même tour").
#include "tests/engine/sabreur_fixture.hpp"

namespace umpire::sabreur::testing {
namespace {

// Tenacious line infantry at 5,2 facing north, activated; the enemy far off.
struct TenaciousLine {
  Position p;
  UnitId u;
  explicit TenaciousLine(Formation formation = Formation::line) {
    u = p.unit(0, UnitType::line_infantry, at(5, 2), Facing::n, formation, 18, Quality::ordinary,
               {Skill::tenacious});
    p.unit(1, UnitType::line_infantry, at(5, 10), Facing::s, Formation::line, 18);
    p.order_points(0);
    p.activate(0, {u});
  }
  void test(std::uint16_t a, std::uint16_t b) { p.morale_test(0, u, {a, b}); }
  void march() {
    Action& m = p.act(ActionKind::move, 0, {u});
    m.detail = "frontal";
    m.path = {at(5, 3)};
  }
};

TEST(SabreurTenacious, ActivatedInLineItTestsAtOnce) {
  TenaciousLine untested;
  untested.march();
  untested.p.run();
  EXPECT_EQ(untested.p.count("sabreur.activation.tenacious-test"), 1u) << untested.p.messages();

  TenaciousLine tested;
  tested.test(3, 3);
  tested.march();
  tested.p.run();
  EXPECT_EQ(tested.p.diags.count(Severity::error), 0u) << tested.p.messages();
  EXPECT_EQ(tested.p.engine().state().units[tested.u].hex, at(5, 3));
}

TEST(SabreurTenacious, InColumnNoTestIsOwed) {
  TenaciousLine column(Formation::column);
  column.march();
  column.p.run();
  EXPECT_EQ(column.p.count("sabreur.activation.tenacious-test"), 0u) << column.p.messages();
}

TEST(SabreurTenacious, FailedItNeitherMarchesNorChangesFormation) {
  TenaciousLine failed;
  failed.test(6, 6);
  failed.march();
  Action& form = failed.p.act(ActionKind::form, 0, {failed.u});
  form.formation = "column";
  failed.p.run();
  EXPECT_TRUE(failed.p.engine().state().units[failed.u].tenacious_failed);
  EXPECT_EQ(failed.p.count("sabreur.activation.tenacious"), 2u) << failed.p.messages();
  // No flight and no losses: "sans autres conséquences".
  EXPECT_FALSE(failed.p.engine().state().units[failed.u].panicked);
  EXPECT_EQ(failed.p.engine().state().units[failed.u].strength, 18);
}

TEST(SabreurTenacious, AGroupTakesItsTestsOneAfterAnother) {
  Position p;
  const UnitId a = p.unit(0, UnitType::line_infantry, at(5, 2), Facing::n, Formation::line, 18,
                          Quality::ordinary, {Skill::tenacious});
  const UnitId b = p.unit(0, UnitType::line_infantry, at(6, 2), Facing::n, Formation::line, 18,
                          Quality::ordinary, {Skill::tenacious});
  p.unit(1, UnitType::line_infantry, at(5, 10), Facing::s, Formation::line, 18);
  p.order_points(0);
  p.activate(0, {a, b});
  for (UnitId u : {b, a}) {
    p.morale_test(0, u, {2, 3});
  }
  p.run();
  EXPECT_EQ(p.diags.count(Severity::error), 0u) << p.messages();
}

}  // namespace
}  // namespace umpire::sabreur::testing
