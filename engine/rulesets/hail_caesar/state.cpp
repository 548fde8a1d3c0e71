#include "engine/rulesets/hail_caesar/state.hpp"

#include "engine/rulesets/common/state_from_setup.hpp"

namespace umpire::hail_caesar {

State::State(const Setup& setup) {
  rulesets::start_from_setup(setup, units, generals);
}

void State::start_turn(std::uint32_t t, std::uint8_t s) {
  begin_turn(t, s);
  for (UnitState& u : units) {
    u.order = OrderStatus::none;
    u.moves = 0;
    u.used_milli = 0;
    u.charged = false;
    u.initiative = false;
    u.in_rough_ground = false;
    u.spent_milli = 0;
  }
  for (GeneralState& g : generals) {
    g.orders_ended = false;
    g.used_milli = 0;
  }
}

}  // namespace umpire::hail_caesar
