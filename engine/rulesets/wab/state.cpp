#include "engine/rulesets/wab/state.hpp"

#include "engine/rulesets/common/state_from_setup.hpp"

namespace umpire::wab {

State::State(const Setup& setup) {
  rulesets::start_from_setup(setup, units, generals);
  for (std::size_t u = 0; u < units.size(); ++u)
    units[u].phase_models = static_cast<std::int32_t>(setup.units[u].models);
}

void State::start_turn(std::uint32_t t, std::uint8_t s) {
  begin_turn(t, s);
  for (UnitState& u : units) {
    u.moved = false;
    u.marched = false;
    u.reformed = false;
    u.turned = 0;
    u.charging = false;
    u.panicked_this_turn = false;
    u.fire_and_flee = false;
    u.flight_roll = -1;
    u.moved_milli = 0;
    u.shot = false;
    u.failed_fear = false;
    u.held_by_fear = false;
    u.rallied = false;
    u.rally_tested = false;
    u.fought_this_turn = false;
    if (u.misfire_turns == kMisfireThisTurn || u.misfire_turns == kMisfireLastTurn)
      u.misfire_turns = 0;
  }
}

}  // namespace umpire::wab
