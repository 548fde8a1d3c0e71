#pragma once
// Positions built in code for the Sabreur-hex rule tests: a map, units at
// `column,row` hexes, typed actions with recorded dice, and a replay whose
// diagnostics the tests inspect by id.
#include <gtest/gtest.h>

#include <initializer_list>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/replay/replay.hpp"
#include "engine/core/source_manager.hpp"
#include "engine/rules/loader.hpp"
#include "engine/rulesets/sabreur_hex/engine.hpp"

namespace umpire::sabreur::testing {

// The rules data, loaded once for every test.
const RulesBinding& binding();

Hex at(int column, int row);

// A recorded roll: `count`d`sides` (d3 when sides is 3) with a keep option
// and a constant, every face written.
replay::WrittenRoll written(std::uint16_t count, std::uint16_t sides,
                            std::initializer_list<std::uint16_t> faces,
                            dice::Keep keep = dice::Keep::all, std::uint16_t kept = 0,
                            std::int64_t constant = 0, std::string label = "");

class Position {
 public:
  Position(int columns = 12, int rows = 10, std::int64_t army_points = 1600);

  UnitId unit(std::uint8_t side, UnitType type, Hex hex, Facing facing, Formation formation,
              int strength, Quality quality = Quality::ordinary,
              std::initializer_list<Skill> skills = {}, int command = 0);
  // An extended line is deployed on its hex and the one on its right
  // (§ Formations spéciales); this writes another second hex, or none.
  void second_hex(UnitId u, std::optional<Hex> h);
  void terrain(Hex h, HexTerrain t, bool hill = false);
  void side(Hex a, Hex b, HexsideTerrain t);

  // An action in turn 1 of side `side` (whose turn it is, whoever acts),
  // phase actions unless told.
  Action& act(ActionKind kind, std::uint8_t side, UnitList actors, UnitList targets = {},
              Phase phase = Phase::actions);
  // Adds `activate` for `units` with the given stated cost (and order points first).
  void activate(std::uint8_t side, UnitList units, std::int64_t cost = 1);
  void order_points(std::uint8_t side, std::uint16_t face = 6);
  // Order points, the charger's activation and its charge at `target`
  // along `path`, ending facing `facing`; side `side` has the turn.
  Action& charge(std::uint8_t side, UnitId charger, UnitId target, HexPath path, Facing facing);
  // `respond u <word>` in side `side`'s turn (a reaction to its charge).
  Action& respond(std::uint8_t side, UnitId u, std::string word);
  // `test u morale 2d6=…` in side `side`'s turn, the two faces written.
  Action& morale_test(std::uint8_t side, UnitId u, std::initializer_list<std::uint16_t> faces);

  replay::ReplayResult run(replay::ReplayMode mode = replay::ReplayMode::follow_log);
  std::size_t count(std::string_view id) const;
  std::string messages() const;  // every diagnostic, for failure output
  const Engine& engine() const { return *engine_; }

  Setup setup;
  std::vector<Action> actions;
  DiagnosticEngine diags{0};

 private:
  std::unique_ptr<Engine> engine_;
};

}  // namespace umpire::sabreur::testing
