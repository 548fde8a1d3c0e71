#include "engine/rulesets/hail_caesar/state.hpp"

namespace umpire::hail_caesar {

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
    u.order = OrderStatus::none;
    u.moves = 0;
    u.used_milli = 0;
    u.charged = false;
  }
  for (GeneralState& g : generals) g.orders_ended = false;
}

}  // namespace umpire::hail_caesar
