// One action a turn per unit, and the five combinations with fire:
// 002_87c3dc452f850204.txt § Déroulement d'un tour de jeu, § Le tir. Each
// test counts only the two action-choice checks: the positions are built so
// that what is asked is allowed or refused by the combination alone.
#include "tests/engine/sabreur_fixture.hpp"

namespace umpire::sabreur::testing {
namespace {

// A statement's detail word is read once: the engine compares the Detail,
// messages quote the word as written, and a word it does not know is other.
TEST(SabreurDetail, AWordIsReadOnceIntoItsDetail) {
  for (const auto& [word, detail] : kDetailWords) {
    DetailWord w;
    w = word;
    EXPECT_TRUE(w == detail) << word;
    EXPECT_EQ(w.text(), word);
  }
  DetailWord w;
  EXPECT_TRUE(w == Detail::none);
  w = "galop";
  EXPECT_TRUE(w == Detail::other);
  EXPECT_EQ(fmt::format("'{}'", w), "'galop'");
  w = "";
  EXPECT_TRUE(w == Detail::none);
}

// A blue unit at 5,2 facing north, activated, and red targets 3 hexes away.
struct Chooser {
  Position p;
  UnitId u;
  UnitId near_target;
  UnitId other_target;
  Chooser(UnitType type, Formation formation, std::initializer_list<Skill> skills = {}) {
    u = p.unit(0, type, at(5, 2), Facing::n, formation, 18, Quality::ordinary, skills);
    near_target = p.unit(1, UnitType::line_infantry, at(5, 5), Facing::s, Formation::line, 18);
    other_target = p.unit(1, UnitType::line_infantry, at(6, 5), Facing::s, Formation::line, 18);
    p.order_points(0);
    p.activate(0, {u});
  }
  void march() {
    Action& m = p.act(ActionKind::move, 0, {u});
    m.detail = "indirect";
    m.to = at(5, 3);
  }
  void fire(UnitId target) {
    Action& s = p.act(ActionKind::shoot, 0, {u}, {target});
    s.rolls.push_back(written(1, 6, {1}));
  }
  void form(std::string_view formation) {
    Action& f = p.act(ActionKind::form, 0, {u});
    f.formation = std::string(formation);
  }
  void charge(UnitId target) {
    Action& c = p.act(ActionKind::charge, 0, {u}, {target});
    c.path = {at(5, 3), at(5, 4)};
  }
  std::size_t refused() {
    p.run();
    return p.count("sabreur.action.one-choice") + p.count("sabreur.action.combination");
  }
};

TEST(SabreurActionChoice, LightInfantryMayMarchThenFire) {
  Chooser skirmishers(UnitType::light_infantry, Formation::skirmish_order);
  skirmishers.march();
  skirmishers.fire(skirmishers.near_target);
  EXPECT_EQ(skirmishers.refused(), 0u) << skirmishers.p.messages();

  Chooser line(UnitType::line_infantry, Formation::line);
  line.march();
  line.fire(line.near_target);
  EXPECT_EQ(line.refused(), 1u) << line.p.messages();
  EXPECT_EQ(line.p.count("sabreur.action.combination"), 1u);
}

TEST(SabreurActionChoice, OnlyAnExtendedLineFiresTwice) {
  Chooser extended(UnitType::line_infantry, Formation::extended_line);
  extended.fire(extended.near_target);
  extended.fire(extended.near_target);
  EXPECT_EQ(extended.refused(), 0u) << extended.p.messages();

  Chooser line(UnitType::line_infantry, Formation::line);
  line.fire(line.near_target);
  line.fire(line.near_target);
  EXPECT_EQ(line.refused(), 1u) << line.p.messages();
}

TEST(SabreurActionChoice, SensTactiqueChangesFormationThenFires) {
  Chooser skilled(UnitType::line_infantry, Formation::column, {Skill::tactical_sense});
  skilled.form("line");
  skilled.fire(skilled.near_target);
  EXPECT_EQ(skilled.refused(), 0u) << skilled.p.messages();

  Chooser plain(UnitType::line_infantry, Formation::column);
  plain.form("line");
  plain.fire(plain.near_target);
  EXPECT_EQ(plain.refused(), 1u) << plain.p.messages();
}

TEST(SabreurActionChoice, ControlledFireThenChargesItsOwnTarget) {
  Chooser same(UnitType::line_infantry, Formation::line, {Skill::controlled_fire});
  same.fire(same.near_target);
  same.charge(same.near_target);
  EXPECT_EQ(same.refused(), 0u) << same.p.messages();

  Chooser other(UnitType::line_infantry, Formation::line, {Skill::controlled_fire});
  other.fire(other.near_target);
  other.charge(other.other_target);
  EXPECT_EQ(other.refused(), 1u) << other.p.messages();

  Chooser unskilled(UnitType::line_infantry, Formation::line);
  unskilled.fire(unskilled.near_target);
  unskilled.charge(unskilled.near_target);
  EXPECT_EQ(unskilled.refused(), 1u) << unskilled.p.messages();
}

TEST(SabreurActionChoice, ASecondChoiceIsRefused) {
  Chooser formed(UnitType::line_infantry, Formation::column);
  formed.form("line");
  formed.march();
  formed.p.run();
  EXPECT_EQ(formed.p.count("sabreur.action.one-choice"), 1u) << formed.p.messages();

  // What belongs to the action is not a second choice: the charge's attack.
  Chooser charger(UnitType::line_infantry, Formation::column);
  charger.charge(charger.near_target);
  Action& strike = charger.p.act(ActionKind::attack, 0, {charger.u}, {charger.near_target});
  strike.rolls.push_back(written(1, 6, {1}, dice::Keep::all, 0, 0, "hit"));
  EXPECT_EQ(charger.refused(), 0u) << charger.p.messages();
}

}  // namespace
}  // namespace umpire::sabreur::testing
