#pragma once
// The tests of § Phase 1 : Début du tour that the units of the side whose
// turn begins owe (panic for a fleeing friend within 4", terror within 8"):
// found when the turn begins, reported when its start phase ends for each
// unit that did not take its test (phases/panic.hpp, phases/fear.hpp).
#include <optional>
#include <vector>

#include "engine/rulesets/wab/context.hpp"

namespace umpire::wab {

// The units of the side to play, on the table and not fleeing, that
// `due(u)` (a std::optional<bool>, asked as in the start phase) says owe
// their test.
template <typename Due>
std::vector<UnitId> owed_at_turn_start(Context& cx, Due due) {
  std::vector<UnitId> out;
  const Phase phase = cx.state.phase;
  cx.state.phase = Phase::start;
  for (std::size_t i = 0; i < cx.setup.units.size(); ++i) {
    const auto u = static_cast<UnitId>(i);
    const UnitState& st = cx.state.units[u];
    if (cx.setup.units[u].side != cx.state.side || !st.on_table || st.fleeing) continue;
    const std::optional<bool> d = due(u);
    if (d && *d) out.push_back(u);
  }
  cx.state.phase = phase;
  return out;
}

// Each unit of `owed` still on the table and not fleeing whose test
// `taken(state)` is false is reported by `report(u)`; `owed` is then spent.
template <typename Taken, typename Report>
void settle_owed_at_start(Context& cx, std::vector<UnitId>& owed, Taken taken, Report report) {
  for (UnitId u : owed) {
    const UnitState& st = cx.state.units[u];
    if (!taken(st) && !st.fleeing && st.on_table) report(u);
  }
  owed.clear();
}

}  // namespace umpire::wab
