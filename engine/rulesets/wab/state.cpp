#include "engine/rulesets/wab/state.hpp"

namespace umpire::wab {

State::State(const Setup& setup) : units(setup.units.size()), generals(setup.generals.size()) {
  for (std::size_t i = 0; i < setup.units.size(); ++i)
    units[i].formation = setup.units[i].formation;
  for (std::size_t g = 0; g < setup.generals.size(); ++g) {
    if (!setup.generals[g].at) continue;
    generals[g].on_table = true;
    generals[g].at = *setup.generals[g].at;
  }
}

void State::start_turn(std::uint32_t t, std::uint8_t s) {
  turn = t;
  side = s;
  phase = Phase::none;
  for (UnitState& u : units) {
    u.moved = false;
    u.marched = false;
    u.reformed = false;
    u.charging = false;
  }
}

}  // namespace umpire::wab
