#pragma once
// A unit as `umpire report` draws it after an event: where it stands, which
// way it faces, its formation, strength and state, in the ruleset's words.
// Engines fill it (ReplayEngine::view_units); the report knows no rule.
#include <cstdint>
#include <string>
#include <vector>

namespace umpire::replay {

struct UnitView {
  std::uint32_t unit = 0;  // its place in the log's roster (events::Battle::units)
  bool on_table = true;
  // On a hex map: its hex as the log writes it (column, row) and, for a
  // unit on two hexes, the other one.
  std::int32_t column = 0, row = 0;
  bool two_hexes = false;
  std::int32_t column2 = 0, row2 = 0;
  // On a tabletop: where the log places it, the centre of its front edge
  // (docs/tabletop-geometry.md § The model), in inches from the south-west
  // corner.
  double x = 0, y = 0;
  double facing = 0;  // degrees clockwise from north
  std::string formation;
  // Strength left and at the start, in the ruleset's unit (strength points,
  // stamina, models); both 0 when it counts none.
  std::int32_t strength = 0, initial_strength = 0;
  // Its states as the rules name them: "panicked", "shaken", "disordered".
  std::vector<std::string> marks;

  friend bool operator==(const UnitView&, const UnitView&) = default;
};

}  // namespace umpire::replay
