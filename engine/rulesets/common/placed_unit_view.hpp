#pragma once
// A tabletop unit as `umpire report` draws it (replay::UnitView), placed
// where the engine's state holds it: on the table or not, its leader's
// point (the centre of its front edge) and its facing. Every tabletop
// engine keeps these the same way; the engine adds what its rules make
// of the unit (formation, strength, marks).
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "engine/core/replay/unit_view.hpp"

namespace umpire::rulesets {

template <typename UnitState>
replay::UnitView placed_unit_view(std::size_t u, const UnitState& s) {
  replay::UnitView v;
  v.unit = static_cast<std::uint32_t>(u);
  v.on_table = s.on_table;
  v.x = s.at.x();
  v.y = s.at.y();
  v.facing = s.facing;
  return v;
}

// Every unit of the state, in unit order, placed as above and then drawn
// by `draw(view, unit_state, unit_setup)` as the engine's rules see it; a
// unit engaged in a combat is marked so last.
template <typename UnitState, typename UnitSetup, typename Draw>
void view_placed_units(std::vector<replay::UnitView>& out, const std::vector<UnitState>& units,
                       const std::vector<UnitSetup>& setups, Draw draw) {
  out.reserve(out.size() + units.size());
  for (std::size_t u = 0; u < units.size(); ++u) {
    replay::UnitView v = placed_unit_view(u, units[u]);
    draw(v, units[u], setups[u]);
    if (units[u].engaged_with >= 0) v.marks.emplace_back("engaged");
    out.push_back(std::move(v));
  }
}

}  // namespace umpire::rulesets
