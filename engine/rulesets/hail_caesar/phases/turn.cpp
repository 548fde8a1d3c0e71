#include "engine/rulesets/hail_caesar/phases/turn.hpp"

namespace umpire::hail_caesar {

void begin(Context& cx, const Action& a) {
  if (a.turn != cx.state.turn || a.side != cx.state.side) cx.state.start_turn(a.turn, a.side);
  cx.state.phase = a.phase;
  // Hits wait for the save written right after them, and no longer.
  if (a.kind != ActionKind::save) cx.scratch.hits.reset();
}

void settle_at_end(Context&) {}

void place_as_written(Context& cx, UnitId u, const Action& a) {
  rulesets::place_as_written<parse_formation>(cx.state.units, u, a);
}

}  // namespace umpire::hail_caesar
