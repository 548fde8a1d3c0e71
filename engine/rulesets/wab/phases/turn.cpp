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

std::optional<Point> written_end(const Action& a) {
  if (a.to) return a.to;
  if (!a.path.empty()) return a.path.back();
  return std::nullopt;
}

void place_as_written(Context& cx, UnitId u, const Action& a) {
  UnitState& st = cx.state.units[u];
  if (a.off_table) {
    st.on_table = false;
  } else if (auto end = written_end(a)) {
    st.at = *end;
    st.moved = true;
  }
  if (a.facing) st.facing = tabletop::normalize_bearing(*a.facing);
  if (auto f = parse_formation(a.formation)) st.formation = *f;
  // A unit that moves away has left its combat, and so has its enemy.
  if (st.engaged_with >= 0 && (a.to || !a.path.empty() || a.off_table)) {
    UnitState& enemy = cx.state.units[static_cast<std::size_t>(st.engaged_with)];
    if (enemy.engaged_with == u) enemy.engaged_with = -1;
    st.engaged_with = -1;
  }
}

}  // namespace umpire::wab
