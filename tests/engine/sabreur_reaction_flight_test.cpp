// Reactions to a charge, flight and disengagement:
// 002_87c3dc452f850204.txt § Réactions face à une charge, § Manœuvres.
#include "engine/geometry/hex/zone.hpp"
#include "tests/engine/sabreur_fixture.hpp"

namespace umpire::sabreur::testing {
namespace {

// Heavy cavalry at 5,2 charges line infantry at 5,6 (4 hexes away).
struct Charged {
  Position p;
  UnitId cav, target;
  Charged() {
    cav = p.unit(0, UnitType::heavy_cavalry, at(5, 2), Facing::n, Formation::line, 10);
    target = p.unit(1, UnitType::line_infantry, at(5, 6), Facing::s, Formation::line, 18);
    p.order_points(0);
    p.activate(0, {cav});
    Action& c = p.act(ActionKind::charge, 0, {cav}, {target});
    c.path = {at(5, 3), at(4, 4), at(5, 5)};
  }
  void respond(std::string word) {
    Action& r = p.act(ActionKind::respond, 0, {target});
    r.detail = std::move(word);
  }
};

TEST(SabreurReaction, InfantryFormsSquareAgainstCavalryFromAfar) {
  Charged c;
  c.respond("form-square");
  c.p.run();
  EXPECT_EQ(c.p.count("sabreur.reaction.square"), 0u) << c.p.messages();
  EXPECT_EQ(c.p.diags.count(Severity::error), 0u) << c.p.messages();
}

TEST(SabreurReaction, CavalryGivesNoDefensiveFireButInfantryDoes) {
  Charged ok;
  ok.respond("defensive-fire");
  ok.p.run();
  EXPECT_EQ(ok.p.count("sabreur.reaction.defensive-fire"), 0u) << ok.p.messages();
  // The same charge met by a friend that is not next to the target.
  Charged far;
  const UnitId friend_unit =
      far.p.unit(1, UnitType::line_infantry, at(9, 8), Facing::s, Formation::line, 18);
  Action& r = far.p.act(ActionKind::respond, 0, {friend_unit});
  r.detail = "defensive-fire";
  far.p.run();
  EXPECT_EQ(far.p.count("sabreur.reaction.defensive-fire"), 1u) << far.p.messages();
}

// Line infantry at 5,5 facing south, engaged by blue infantry at 5,4. It
// flees in red's own turn, activated: "Fuite" is one of the 14 actions
// (§ Déroulement d'un tour de jeu); out of its turn a flight needs a cause.
struct Fleeing {
  Position p;
  UnitId blue, red;
  Fleeing() {
    blue = p.unit(0, UnitType::line_infantry, at(5, 4), Facing::n, Formation::line, 18);
    red = p.unit(1, UnitType::line_infantry, at(5, 5), Facing::s, Formation::line, 18);
    p.order_points(1);
    p.activate(1, {red});
  }
  Action& flee(std::uint16_t face, HexPath path, Facing facing = Facing::n) {
    Action& a = p.act(ActionKind::flee, 1, {red});
    a.rolls.push_back(written(1, 6, {face}));
    a.path = std::move(path);
    a.facing = facing;
    return a;
  }
};

// "Si il n'y a pas d'unité adverse pouvant être qualifiée de \"danger le plus
// proche\", alors la fuite se fait vers le camp de l'unité en fuite": with
// no home edge in the log, which edge is the camp is not checked.
TEST(SabreurFlight, NoDangerAndNoHomeEdge) {
  Position p;
  p.setup.sides[1].home_edge.clear();  // the log names no home edge for red
  p.unit(0, UnitType::line_infantry, at(2, 1), Facing::n, Formation::line, 18);
  const UnitId red = p.unit(1, UnitType::line_infantry, at(8, 6), Facing::s, Formation::line, 18);
  p.order_points(1);  // red's own turn: its flight is its chosen action
  p.activate(1, {red});
  Action& a = p.act(ActionKind::flee, 1, {red});
  a.rolls.push_back(written(1, 6, {2}));
  a.path = {at(8, 7), at(8, 8)};
  a.facing = Facing::n;
  p.run();
  EXPECT_EQ(p.count("sabreur.flight.direction"), 0u) << p.messages();
  EXPECT_NE(p.messages().find("towards its side's camp"), std::string::npos) << p.messages();
}

TEST(SabreurFlight, RunsTheLengthOfItsDie) {
  Fleeing f;
  f.flee(3, {at(5, 6), at(5, 7), at(5, 8)});
  f.p.run();
  EXPECT_EQ(f.p.diags.count(Severity::error), 0u) << f.p.messages();
  const UnitState& red = f.p.engine().state().units[f.red];
  EXPECT_TRUE(red.panicked);
  EXPECT_EQ(red.formation, Formation::horde);
  EXPECT_EQ(red.hex, at(5, 8));
}

TEST(SabreurFlight, OffTheTableTheUnitIsEliminated) {
  Fleeing f;
  f.flee(6, {at(5, 6), at(5, 7), at(5, 8), at(5, 9), at(5, 10), at(5, 11)});
  f.p.run();
  EXPECT_EQ(f.p.diags.count(Severity::error), 0u) << f.p.messages();
  EXPECT_FALSE(f.p.engine().state().units[f.red].on_table);
}

TEST(SabreurFlight, EndingOnAFriendTheUnitIsEliminated) {
  Fleeing f;
  const UnitId other =
      f.p.unit(1, UnitType::line_infantry, at(5, 7), Facing::s, Formation::line, 18);
  f.flee(2, {at(5, 6), at(5, 7)});
  f.p.run();
  EXPECT_EQ(f.p.diags.count(Severity::error), 0u) << f.p.messages();
  EXPECT_FALSE(f.p.engine().state().units[f.red].on_table);
  EXPECT_TRUE(f.p.engine().state().units[other].on_table);
  EXPECT_EQ(f.p.engine().state().check_invariants(), "");
}

TEST(SabreurFlight, ShortOfItsDieIsAViolation) {
  Fleeing f;
  f.flee(4, {at(5, 6), at(5, 7)});
  f.p.run();
  EXPECT_EQ(f.p.count("sabreur.flight.length"), 1u) << f.p.messages();
}

TEST(SabreurDisengagement, TwoStrengthPointsPerEnemyLeft) {
  Position p;
  const UnitId b = p.unit(0, UnitType::line_infantry, at(5, 4), Facing::n, Formation::line, 18);
  p.unit(1, UnitType::line_infantry, at(6, 4), Facing::nw, Formation::line, 18);
  p.unit(1, UnitType::line_infantry, at(4, 4), Facing::ne, Formation::line, 18);
  p.order_points(0);
  p.activate(0, {b});
  Action& m = p.act(ActionKind::move, 0, {b});
  m.detail = "frontal";
  m.path = {at(6, 5)};
  p.run();
  EXPECT_EQ(p.diags.count(Severity::error), 0u) << p.messages();
  EXPECT_EQ(p.engine().state().units[b].strength, 16);  // left the unit at 4,4
}

// § Manœuvres: "Une unité qui fuit peut traverser une unité amie, causant
// automatiquement la perte de 1 D3 points de force" (Elite none, Recruit 1 D6).
TEST(SabreurFlight, FriendsPassedThroughLoseTheirDice) {
  Fleeing f;
  const UnitId ordinary =
      f.p.unit(1, UnitType::line_infantry, at(5, 6), Facing::s, Formation::line, 18);
  const UnitId elite = f.p.unit(1, UnitType::line_infantry, at(5, 7), Facing::s, Formation::line,
                                18, Quality::elite);
  const UnitId recruit = f.p.unit(1, UnitType::line_infantry, at(5, 8), Facing::s, Formation::line,
                                  18, Quality::recruit);
  Action& a = f.flee(4, {at(5, 6), at(5, 7), at(5, 8), at(5, 9)});
  a.rolls.push_back(written(1, 3, {5}, dice::Keep::all, 0, 0, "effect"));
  a.rolls.push_back(written(1, 6, {4}, dice::Keep::all, 0, 0, "effect"));
  f.p.run();
  EXPECT_EQ(f.p.diags.count(Severity::error), 0u) << f.p.messages();
  const State& s = f.p.engine().state();
  EXPECT_EQ(s.units[ordinary].strength, 15);  // a D3 thrown as 5: 3
  EXPECT_EQ(s.units[elite].strength, 18);
  EXPECT_EQ(s.units[recruit].strength, 14);
  EXPECT_EQ(s.units[f.red].hex, at(5, 9));
}

TEST(SabreurFlight, FriendsLossesUnwrittenAreMissingDice) {
  Fleeing f;
  f.p.unit(1, UnitType::line_infantry, at(5, 6), Facing::s, Formation::line, 18);
  f.flee(2, {at(5, 6), at(5, 7)});
  f.p.run();
  EXPECT_EQ(f.p.count("replay.dice.missing"), 1u) << f.p.messages();
}

// "Si il n'y a pas d'unité adverse pouvant être qualifiée de danger le plus
// proche, alors la fuite se fait vers le camp de l'unité en fuite": red's
// home edge is north in the fixture.
TEST(SabreurFlight, WithNoDangerNearItFleesTowardsItsOwnEdge) {
  for (const Facing facing : {Facing::n, Facing::s}) {
    Position p;
    p.unit(0, UnitType::line_infantry, at(10, 1), Facing::n, Formation::line, 18);
    const UnitId red = p.unit(1, UnitType::line_infantry, at(5, 5), Facing::s, Formation::line, 18);
    p.order_points(1);  // red's own turn: its flight is its chosen action
    p.activate(1, {red});
    Action& a = p.act(ActionKind::flee, 1, {red});
    a.rolls.push_back(written(1, 6, {1}));
    a.path = {facing == Facing::n ? at(5, 6) : at(5, 4)};
    a.facing = facing;
    p.run();
    EXPECT_EQ(p.count("sabreur.flight.direction"), facing == Facing::n ? 0u : 1u) << p.messages();
  }
}

// § Manœuvres: "Une unité qui esquive le fait vers l'arrière, en entrant à
// chaque fois dans l'un des deux hexagones de dos de l'unité", within its
// allowance, never when engaged from the rear.
TEST(SabreurEvade, BackwardsWithinItsAllowance) {
  const auto evading = [](HexPath path, bool rear_enemy, Hex from = at(5, 5)) {
    auto p = std::make_unique<Position>();
    const UnitId hussars = p->unit(0, UnitType::light_cavalry, from, Facing::n, Formation::line, 8);
    p->unit(1, UnitType::line_infantry, at(11, 10), Facing::s, Formation::line, 18);
    if (rear_enemy) p->unit(1, UnitType::line_infantry, at(5, 4), Facing::n, Formation::line, 18);
    p->order_points(0);
    p->activate(0, {hussars});
    Action& e = p->act(ActionKind::evade, 0, {hussars});
    e.path = std::move(path);
    p->run();
    return p;
  };
  auto back = evading({at(4, 4), at(4, 3)}, false);
  EXPECT_EQ(back->diags.count(Severity::error), 0u) << back->messages();
  EXPECT_EQ(back->engine().state().units[0].hex, at(4, 3));
  EXPECT_EQ(back->engine().state().units[0].facing, Facing::n);

  auto forward = evading({at(5, 6)}, false);
  EXPECT_EQ(forward->count("sabreur.move.evade"), 1u) << forward->messages();

  // Light cavalry moves 5 hexes (§ FACTEURS DES UNITES): 6 are too many.
  HexPath six;
  for (Hex h = at(5, 8); six.size() < 6;) six.push_back(h = hex::rear_hexes(h, Facing::n)[0]);
  auto too_far = evading(six, false, at(5, 8));
  EXPECT_EQ(too_far->count("sabreur.move.allowance"), 1u) << too_far->messages();
  six.pop_back();
  auto five = evading(six, false, at(5, 8));
  EXPECT_EQ(five->diags.count(Severity::error), 0u) << five->messages();

  // Infantry at 5,4 engages the hussars from behind: no evade.
  auto engaged = evading({at(4, 4)}, true);
  EXPECT_EQ(engaged->count("sabreur.move.evade"), 1u) << engaged->messages();
}

// `to off-table` (docs/log-format.md): the flight runs past its written path
// and off the table, which it can only do from the edge, short of its length.
TEST(SabreurFlight, OffTheTableAsWrittenFromTheEdgeOnly) {
  const auto fleeing = [](std::uint16_t face, const HexPath& path) {
    auto f = std::make_unique<Fleeing>();
    f->flee(face, path).off_table = true;
    f->p.run();
    return f;
  };
  auto out = fleeing(6, {at(5, 6), at(5, 7), at(5, 8), at(5, 9), at(5, 10)});
  EXPECT_EQ(out->p.diags.count(Severity::error), 0u) << out->p.messages();
  EXPECT_FALSE(out->p.engine().state().units[out->red].on_table);

  auto inland = fleeing(6, {at(5, 6), at(5, 7)});
  EXPECT_EQ(inland->p.count("sabreur.flight.length"), 1u) << inland->p.messages();

  auto too_short = fleeing(3, {at(5, 6), at(5, 7), at(5, 8), at(5, 9), at(5, 10)});
  EXPECT_EQ(too_short->p.count("sabreur.flight.length"), 1u) << too_short->p.messages();
}

}  // namespace
}  // namespace umpire::sabreur::testing
