#pragma once
// A tabletop unit as `umpire report` draws it (replay::UnitView), placed
// where the engine's state holds it: on the table or not, its leader's
// point (the centre of its front edge) and its facing. Every tabletop
// engine keeps these the same way; the engine adds what its rules make
// of the unit (formation, strength, marks).
#include <cstddef>
#include <cstdint>

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

}  // namespace umpire::rulesets
