// A wood along a side of a unit's hex as the unit's terrain in a fire, a
// combat and a morale test: 002_87c3dc452f850204.txt § Les terrains dans
// Sabreur ("Le terrain doit s'étaler sur un côté de la case occupée par
// l'unité, et doit séparer l'unité de l'unité adverse avec qui elle est
// confrontée"), § Effets du terrain. The reading of "séparer":
// docs/rules-coverage.md § sabreur-hex readings.
#include "engine/geometry/hex/sight.hpp"
#include "tests/engine/sabreur_fixture.hpp"

namespace umpire::sabreur::testing {
namespace {

// The neighbours of `from` across the sides of `from` that the line from
// its centre to the centre of `to` meets: one crossed side, or the two
// sides met at a vertex.
std::vector<Hex> wood_exit_neighbours(Hex from, Hex to) {
  std::vector<Hex> out;
  for (const hex::SightSide& s : hex::trace_sight(from, to).sides) {
    if (s.a == from) out.push_back(s.b);
    if (s.b == from) out.push_back(s.a);
  }
  return out;
}

// A neighbour of `h` across a side the line to `other` does not meet.
Hex wood_behind(Hex h, Hex other) {
  const std::vector<Hex> met = wood_exit_neighbours(h, other);
  for (const hex::Direction d : hex::kDirections) {
    const Hex n = hex::neighbour(h, d);
    if (std::find(met.begin(), met.end(), n) == met.end() &&
        std::find(met.begin(), met.end(), hex::neighbour(h, hex::opposite(d))) == met.end())
      return n;
  }
  return h;
}

std::size_t wood_mentions(const Position& p, std::string_view text) {
  std::size_t n = 0;
  const std::string all = p.messages();
  for (std::size_t at = all.find(text); at != std::string::npos; at = all.find(text, at + 1)) ++n;
  return n;
}

TEST(SabreurSideWood, SeparatesWhenTheLineBetweenTheHexesMeetsIt) {
  Position p;
  p.unit(0, UnitType::line_infantry, at(5, 2), Facing::n, Formation::line, 18);
  p.run();
  const TerrainRules& terrain = binding().terrain_rules();  // what every engine reads
  const Board b(p.setup, p.engine().state(), terrain);
  // Through a side's interior: adjacent hexes.
  const Hex a = at(5, 5), n = at(5, 6);
  ASSERT_TRUE(hex::adjacent(a, n));
  p.side(a, n, HexsideTerrain::wood);
  EXPECT_TRUE(b.side_wood_separates(a, n));
  EXPECT_TRUE(b.side_wood_separates(n, a));  // the side of both hexes
  // Out through a vertex: either side met there separates ("frôle").
  const Hex from = at(5, 2), to = at(5, 4);
  const std::vector<Hex> met = wood_exit_neighbours(from, to);
  ASSERT_EQ(met.size(), 2u) << "the line from 5,2 to 5,4 leaves 5,2 through a vertex";
  p.side(from, met[1], HexsideTerrain::wood);
  EXPECT_TRUE(b.side_wood_separates(from, to));
  EXPECT_FALSE(b.side_wood_separates(to, from));  // not a side of 5,4
  // A wood on a side the line does not meet separates nothing.
  const Hex x = at(8, 2), y = at(8, 5);
  p.side(x, wood_behind(x, y), HexsideTerrain::wood);
  EXPECT_FALSE(b.side_wood_separates(x, y));
}

// Line infantry in line at 5,2 facing north fires at line infantry 3 hexes
// away: 6 dice in the open.
struct WoodFire {
  Position p;
  UnitId shooter, target;
  explicit WoodFire(Formation target_formation = Formation::line) {
    shooter = p.unit(0, UnitType::line_infantry, at(5, 2), Facing::n, Formation::line, 18);
    target = p.unit(1, UnitType::line_infantry, at(5, 5), Facing::s, target_formation, 18);
    p.order_points(0);
    p.activate(0, {shooter});
  }
  void wood(Hex a, Hex b) { p.side(a, b, HexsideTerrain::wood); }
  Hex shooter_exit() const { return wood_exit_neighbours(at(5, 2), at(5, 5)).front(); }
  Hex target_entry() const { return wood_exit_neighbours(at(5, 5), at(5, 2)).front(); }
};

Action& wood_shoot(WoodFire& f, std::initializer_list<std::uint16_t> faces) {
  Action& a = f.p.act(ActionKind::shoot, 0, {f.shooter}, {f.target});
  a.rolls.push_back(
      written(static_cast<std::uint16_t>(faces.size()), 6, faces, dice::Keep::all, 0, 0, "hit"));
  return a;
}

TEST(SabreurSideWood, TheOpenFireThrowsSixDice) {
  WoodFire f;
  wood_shoot(f, {1, 1, 1, 1, 1, 1});
  f.p.run();
  EXPECT_EQ(f.p.diags.count(Severity::error), 0u) << f.p.messages();
}

TEST(SabreurSideWood, TheShooterBehindAWoodAlongItsSideFiresAsInAWood) {
  // Infantry "située en bois" fires 3 dice at most (§ Effets du terrain).
  WoodFire six;
  six.wood(at(5, 2), six.shooter_exit());
  wood_shoot(six, {1, 1, 1, 1, 1, 1});
  six.p.run();
  EXPECT_EQ(six.p.count("sabreur.fire.dice"), 1u) << six.p.messages();
  EXPECT_EQ(wood_mentions(six.p, "infantry_in_terrain"), 1u) << six.p.messages();
  EXPECT_EQ(six.p.count("sabreur.fire.sight"), 0u) << six.p.messages();
  EXPECT_EQ(wood_mentions(six.p, "not checked"), 0u) << six.p.messages();

  WoodFire three;
  three.wood(at(5, 2), three.shooter_exit());
  wood_shoot(three, {1, 1, 1});
  three.p.run();
  EXPECT_EQ(three.p.diags.count(Severity::error), 0u) << three.p.messages();
}

TEST(SabreurSideWood, AWoodOnASideTheLineDoesNotMeetIsNotTheUnitsTerrain) {
  WoodFire f;
  f.wood(at(5, 2), wood_behind(at(5, 2), at(5, 5)));
  f.wood(at(5, 5), wood_behind(at(5, 5), at(5, 2)));
  wood_shoot(f, {1, 1, 1, 1, 1, 1});
  f.p.run();
  EXPECT_EQ(f.p.diags.count(Severity::error), 0u) << f.p.messages();
}

TEST(SabreurSideWood, TheTargetBehindAWoodIsInCoverAndSaves) {
  // "Le facteur de combat ou de tir contre une unité en bois [...] ne peut
  // pas dépasser 3" (cover_cap_scope combat_and_fire), and infantry "située
  // en bois" saves (§ Sauvegarde), a column too.
  WoodFire capped(Formation::column);
  capped.wood(at(5, 5), capped.target_entry());
  wood_shoot(capped, {1, 1, 1, 1, 1, 1});
  capped.p.run();
  EXPECT_EQ(capped.p.count("sabreur.fire.dice"), 1u) << capped.p.messages();
  EXPECT_EQ(wood_mentions(capped.p, "target_in_cover"), 1u) << capped.p.messages();

  WoodFire saves(Formation::column);
  saves.wood(at(5, 5), saves.target_entry());
  wood_shoot(saves, {5, 6, 1});
  Action& s = saves.p.act(ActionKind::save, 0, {saves.target});
  s.rolls.push_back(written(2, 6, {4, 1}));
  s.stated.saves = 1;
  s.stated.losses = 1;
  saves.p.run();
  EXPECT_EQ(saves.p.diags.count(Severity::error), 0u) << saves.p.messages();
  EXPECT_EQ(saves.p.engine().state().units[saves.target].strength, 17);

  // The same wood behind the column: it does not separate it from the shooter.
  WoodFire open(Formation::column);
  open.wood(at(5, 5), wood_behind(at(5, 5), at(5, 2)));
  wood_shoot(open, {5, 6, 1, 1, 1, 1});
  Action& no = open.p.act(ActionKind::save, 0, {open.target});
  no.rolls.push_back(written(2, 6, {4, 1}));
  open.p.run();
  EXPECT_EQ(open.p.count("sabreur.save.not-allowed"), 1u) << open.p.messages();
  EXPECT_EQ(open.p.count("sabreur.fire.dice"), 0u) << open.p.messages();
}

TEST(SabreurSideWood, AWoodBesidesAnotherTerrainOfTheHexIsReportedNotChecked) {
  WoodFire f;
  f.p.terrain(at(5, 5), HexTerrain::difficult_terrain);
  f.wood(at(5, 5), f.target_entry());
  wood_shoot(f, {1, 1, 1, 1, 1, 1});
  f.p.run();
  EXPECT_EQ(wood_mentions(f.p, "both are its terrain"), 1u) << f.p.messages();
}

Action& wood_strike(Position& p, UnitId u, UnitId t, std::initializer_list<std::uint16_t> faces) {
  Action& a = p.act(ActionKind::attack, 0, {u}, {t});
  a.rolls.push_back(written(static_cast<std::uint16_t>(faces.size()), 6, faces));
  return a;
}

// Heavy cavalry (10) charges line infantry (18) from 4 hexes and ends on
// 5,5, next to it on 5,6 (tests/engine/sabreur_combat_test.cpp): 8 dice in
// the open, the charge doubled.
struct WoodShock {
  Position p;
  UnitId cav, inf;
  explicit WoodShock(bool wood) {
    cav = p.unit(0, UnitType::heavy_cavalry, at(5, 2), Facing::n, Formation::line, 10);
    inf = p.unit(1, UnitType::line_infantry, at(5, 6), Facing::s, Formation::line, 18);
    if (wood) p.side(at(5, 5), at(5, 6), HexsideTerrain::wood);
    p.order_points(0);
    p.activate(0, {cav});
    Action& c = p.act(ActionKind::charge, 0, {cav}, {inf});
    c.path = {at(5, 3), at(4, 4), at(5, 5)};
    Action& r = p.act(ActionKind::respond, 0, {inf});
    r.detail = "do-nothing";
  }
};

TEST(SabreurSideWood, AWoodBetweenTwoUnitsInContactIsBothUnitsTerrain) {
  // Without the wood: the reaction test, then 8 dice.
  WoodShock open(false);
  open.p.morale_test(0, open.inf, {2, 2});
  wood_strike(open.p, open.cav, open.inf, {1, 1, 1, 1, 1, 1, 1, 1});
  open.p.run();
  EXPECT_EQ(open.p.diags.count(Severity::error), 0u) << open.p.messages();

  // With it: no test for infantry "en bois" charged by cavalry (§ Réactions
  // face à une charge); no doubling against a target not in open ground,
  // cavalry "située en bois" strikes with 1 die at most.
  WoodShock eight(true);
  wood_strike(eight.p, eight.cav, eight.inf, {1, 1, 1, 1, 1, 1, 1, 1});
  eight.p.run();
  EXPECT_EQ(eight.p.count("sabreur.reaction.test-missing"), 0u) << eight.p.messages();
  EXPECT_EQ(eight.p.count("sabreur.combat.dice"), 1u) << eight.p.messages();
  EXPECT_EQ(wood_mentions(eight.p, "mounted_or_guns_in_terrain"), 1u) << eight.p.messages();

  WoodShock one(true);
  wood_strike(one.p, one.cav, one.inf, {1});
  // The infantry strikes back "en bois": 3 dice at most (6 in the open).
  wood_strike(one.p, one.inf, one.cav, {1, 1, 1});
  one.p.run();
  EXPECT_EQ(one.p.diags.count(Severity::error), 0u) << one.p.messages();
}

// Line infantry in column (at 5,4) charges line infantry in line (at 5,6)
// and ends on 5,5. The target's test: -2 for a non-dense unit charged
// (§ Test moral), only "si l'unité n'est pas située dans un bois" (§ Effets
// du terrain).
struct WoodColumnCharge {
  Position p;
  UnitId col, line;
  explicit WoodColumnCharge(bool wood) {
    col = p.unit(0, UnitType::line_infantry, at(5, 4), Facing::n, Formation::column, 18);
    line = p.unit(1, UnitType::line_infantry, at(5, 6), Facing::s, Formation::line, 18);
    if (wood) p.side(at(5, 5), at(5, 6), HexsideTerrain::wood);
    p.order_points(0);
    p.activate(0, {col});
    Action& c = p.act(ActionKind::charge, 0, {col}, {line});
    c.path = {at(5, 5)};
    Action& r = p.act(ActionKind::respond, 0, {line});
    r.detail = "do-nothing";
  }
};

TEST(SabreurSideWood, TheChargeReactionModifiersNeedTheUnitOutOfAWood) {
  WoodColumnCharge open(false);
  open.p.morale_test(0, open.line, {2, 2}).modifier = -2;
  open.p.run();
  EXPECT_EQ(open.p.count("sabreur.morale.modifier"), 0u) << open.p.messages();
  EXPECT_EQ(open.p.diags.count(Severity::error), 0u) << open.p.messages();

  WoodColumnCharge wood(true);
  wood.p.morale_test(0, wood.line, {2, 2}).modifier = -2;
  wood.p.run();
  EXPECT_EQ(wood.p.count("sabreur.morale.modifier"), 1u) << wood.p.messages();

  WoodColumnCharge none(true);
  none.p.morale_test(0, none.line, {2, 2}).modifier = 0;
  none.p.run();
  EXPECT_EQ(none.p.diags.count(Severity::error), 0u) << none.p.messages();
}

}  // namespace
}  // namespace umpire::sabreur::testing

namespace umpire::sabreur::testing {
namespace {

// The dice a combat diagnostic says the rules call for ("rules call for
// 4d6"), 0 when none says it.
int wood_dice_called(const Position& p) {
  const std::string all = p.messages();
  const std::string key = "rules call for ";
  const std::size_t attack = all.find("for the attack of");
  if (attack == std::string::npos) return 0;
  const std::size_t at_key = all.find(key, attack);
  if (at_key == std::string::npos) return 0;
  const std::size_t from = at_key + key.size();
  const std::size_t d = all.find('d', from);
  if (d == from) return 1;
  return std::stoi(all.substr(from, d - from));
}

// A river along the side between a charger and the half of an extended line
// it engages, the other half being farther: the two units are "séparée[s]
// [...] par une rivière" (§ Effets du terrain), so the charge does not
// double. A red column on 8,5 charges the blue line on 5,2 and 6,2 and ends
// on 7,3, next to the half on 6,2 only (sabreur_extended_line_test.cpp).
TEST(SabreurSideWood, ARiverAlongTheSideOfAnExtendedLinesSecondHalf) {
  const auto strike_dice = [](bool river) {
    Position p;
    const UnitId line =
        p.unit(0, UnitType::line_infantry, at(5, 2), Facing::n, Formation::extended_line, 18,
               Quality::ordinary, {Skill::linear_order});
    const UnitId red =
        p.unit(1, UnitType::line_infantry, at(8, 5), Facing::s, Formation::column, 18);
    if (river) p.side(at(7, 3), at(6, 2), HexsideTerrain::river);
    p.charge(1, red, line, {at(7, 4), at(7, 3)}, Facing::s);
    p.respond(1, line, "do-nothing");
    // The line's reaction test: 3D6, the lowest dropped (an extended line).
    Action& test = p.act(ActionKind::test, 1, {line});
    test.detail = "morale";
    test.rolls.push_back(written(3, 6, {1, 1, 1}, dice::Keep::highest, 2));
    Action& a = p.act(ActionKind::attack, 1, {red}, {line});
    a.rolls.push_back(written(1, 6, {1}));  // wrong on purpose: the message says how many
    p.run();
    EXPECT_EQ(p.count("sabreur.combat.dice"), 1u) << p.messages();
    EXPECT_EQ(p.diags.count(Severity::error), 1u) << "in contact by its half on 6,2\n"
                                                  << p.messages();
    return wood_dice_called(p);
  };
  const int open = strike_dice(false), across = strike_dice(true);
  EXPECT_GT(across, 1);
  EXPECT_EQ(open, 2 * across) << "the column's charge doubles only with no river between";
}

}  // namespace
}  // namespace umpire::sabreur::testing

namespace umpire::sabreur::testing {
namespace {

// "du début à la fin, en terrain dégagé" of a charge path across a wood
// along a side: not said; counted open and reported (§ Effets du terrain).
TEST(SabreurSideWood, AChargePathAcrossASideWoodIsReported) {
  for (const bool wood : {false, true}) {
    Position p;
    const UnitId cav = p.unit(0, UnitType::heavy_cavalry, at(5, 2), Facing::n, Formation::line, 10);
    const UnitId inf = p.unit(1, UnitType::line_infantry, at(5, 6), Facing::s, Formation::line, 18);
    if (wood) p.side(at(5, 3), at(4, 4), HexsideTerrain::wood);
    p.charge(0, cav, inf, {at(5, 3), at(4, 4), at(5, 5)}, Facing::n);
    p.respond(0, inf, "do-nothing");
    p.morale_test(0, inf, {2, 2});
    wood_strike(p, cav, inf, {1, 1, 1, 1, 1, 1, 1, 1});  // doubled: counted open
    p.run();
    // (The wood along the side is penalising: the march is held to half its
    // allowance, sabreur.move.allowance, which is not this test's.)
    EXPECT_EQ(p.count("sabreur.combat.dice"), 0u) << p.messages();
    EXPECT_EQ(wood_mentions(p, "runs \"en terrain dégagé\""), wood ? 1u : 0u) << p.messages();
  }
}

// A light cavalry friend of the target countercharges the charging column
// from 6,6 to 6,5 (sabreur_charge_tests_test.cpp) across a wood along that
// side: "ne peut pas traverser un bois" is asked of hexes; reported.
TEST(SabreurSideWood, ACounterchargeAcrossASideWoodIsReported) {
  for (const bool wood : {false, true}) {
    Position p;
    const UnitId column =
        p.unit(0, UnitType::line_infantry, at(5, 2), Facing::n, Formation::column, 18);
    const UnitId target =
        p.unit(1, UnitType::line_infantry, at(5, 5), Facing::s, Formation::line, 18);
    const UnitId hussars =
        p.unit(1, UnitType::light_cavalry, at(6, 6), Facing::s, Formation::line, 6);
    if (wood) p.side(at(6, 6), at(6, 5), HexsideTerrain::wood);
    p.charge(0, column, target, {at(5, 3), at(5, 4)}, Facing::n);
    p.respond(0, target, "do-nothing");
    p.morale_test(0, target, {2, 1});
    p.respond(0, hussars, "countercharge").path = {at(6, 5)};
    p.morale_test(0, hussars, {1, 1});
    p.run();
    EXPECT_EQ(wood_mentions(p, "whether a countercharge may cross a wood"), wood ? 1u : 0u)
        << p.messages();
  }
}

}  // namespace
}  // namespace umpire::sabreur::testing
