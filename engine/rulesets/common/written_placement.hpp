#pragma once
// Where a statement the engine does not check leaves a unit: placed as the
// log writes it. The same in every tabletop engine whose units keep a
// leader's point, a facing, a formation and the enemy they fight
// (`engaged_with`, -1 for none): Hail Caesar's, WAB's.
#include <cstddef>
#include <optional>

#include "engine/geometry/tabletop/point.hpp"

namespace umpire::rulesets {

// Where a move statement ends: its `to`, else the last point of its path.
template <typename Action>
std::optional<tabletop::Point> written_end(const Action& a) {
  if (a.to) return a.to;
  if (!a.path.empty()) return a.path.back();
  return std::nullopt;
}

// `units[u]` placed where `a` writes it (its end, its facing, its
// formation as `parse_formation` reads it), and out of any combat it was
// in.
template <auto parse_formation, typename UnitStates, typename UnitId, typename Action>
void place_as_written(UnitStates& units, UnitId u, const Action& a) {
  auto& st = units[u];
  if (a.off_table) {
    st.on_table = false;
  } else if (auto end = written_end(a)) {
    st.at = *end;
  }
  if (a.facing) st.facing = tabletop::normalize_bearing(*a.facing);
  if (auto f = parse_formation(a.formation)) st.formation = *f;
  // A unit that moves away has left its combat, and so has its enemy.
  if (st.engaged_with >= 0 && (a.to || !a.path.empty() || a.off_table)) {
    auto& enemy = units[static_cast<std::size_t>(st.engaged_with)];
    if (enemy.engaged_with == u) enemy.engaged_with = -1;
    st.engaged_with = -1;
  }
}

}  // namespace umpire::rulesets
