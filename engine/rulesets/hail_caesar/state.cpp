#include "engine/rulesets/hail_caesar/state.hpp"

#include <cmath>
#include <limits>

namespace umpire::hail_caesar {

std::int32_t milli(double v) {
  // Huge coordinates are clamped, never undefined: a log may write any number.
  const double m = std::round(v * 1000.0);
  if (!(m > std::numeric_limits<std::int32_t>::min()))
    return std::numeric_limits<std::int32_t>::min();
  if (!(m < std::numeric_limits<std::int32_t>::max()))
    return std::numeric_limits<std::int32_t>::max();
  return static_cast<std::int32_t>(m);
}

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
