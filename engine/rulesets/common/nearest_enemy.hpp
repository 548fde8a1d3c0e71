#pragma once
// How far a unit is from the nearest enemy unit on the table, between the
// closest edges of their bases (engine/geometry/tabletop/measure.hpp): what
// Hail Caesar's initiative asks (000 § I - PHASE DE MOUVEMENT) and WAB's
// march (003 § Marche). A template over the engine's Context, whose
// setup.units[i].side, state.units[i].on_table and footprint(u) mean the
// same in every tabletop engine.
#include <cstddef>
#include <optional>

#include "engine/geometry/tabletop/measure.hpp"

namespace umpire::rulesets {

// nullopt when no enemy unit is on the table.
template <typename Context, typename UnitId>
std::optional<double> nearest_enemy_distance(const Context& cx, UnitId u) {
  const tabletop::Footprint mine = cx.footprint(u);
  std::optional<double> best;
  for (std::size_t i = 0; i < cx.setup.units.size(); ++i) {
    if (cx.setup.units[i].side == cx.setup.units[u].side || !cx.state.units[i].on_table) continue;
    const double d = tabletop::distance(mine, cx.footprint(static_cast<UnitId>(i)),
                                        tabletop::Measure::closest_edges);
    if (!best || d < *best) best = d;
  }
  return best;
}

}  // namespace umpire::rulesets
