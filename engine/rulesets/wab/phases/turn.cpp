#include "engine/rulesets/wab/phases/turn.hpp"

#include "engine/rulesets/wab/phases/wounds.hpp"

namespace umpire::wab {

void begin(Context& cx, const Action& a) {
  if (a.turn != cx.state.turn || a.side != cx.state.side) cx.state.start_turn(a.turn, a.side);
  cx.state.phase = a.phase;
  // A strike goes on through its rolls to wound and its save, and no longer.
  const bool takes_strike = a.kind == ActionKind::save ||
                            ((a.kind == ActionKind::attack || a.kind == ActionKind::shoot) &&
                             a.roll("wound") && !a.roll("hit"));
  if (!takes_strike) end_strike(cx);
}

void place_as_written(Context& cx, UnitId u, const Action& a) {
  rulesets::place_as_written<parse_formation>(cx.state.units, u, a);
  // Moving this turn is what the shooting chart's penalty asks
  // (§ Table des armes de tirs).
  if (!a.off_table && written_end(a)) cx.state.units[u].moved = true;
}

}  // namespace umpire::wab
