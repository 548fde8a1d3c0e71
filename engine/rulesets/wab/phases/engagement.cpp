#include "engine/rulesets/wab/phases/engagement.hpp"

#include <cstddef>
#include <cstdint>

namespace umpire::wab {

namespace {

// Calls `found(v)` for each enemy `u` fights, in unit order, until it
// returns true.
template <typename Found>
void each_enemy_fought(const Context& cx, UnitId u, Found found) {
  const std::int32_t own = cx.state.units[u].engaged_with;
  for (std::size_t v = 0; v < cx.state.units.size(); ++v) {
    if (v == u || !cx.state.units[v].on_table || cx.setup.units[v].side == cx.setup.units[u].side)
      continue;
    if ((own == static_cast<std::int32_t>(v) ||
         cx.state.units[v].engaged_with == static_cast<std::int32_t>(u)) &&
        found(static_cast<UnitId>(v)))
      return;
  }
}

}  // namespace

std::vector<UnitId> enemies_fought(const Context& cx, UnitId u) {
  std::vector<UnitId> out;
  each_enemy_fought(cx, u, [&](UnitId v) {
    out.push_back(v);
    return false;
  });
  return out;
}

bool fights_an_enemy(const Context& cx, UnitId u) {
  bool any = false;
  each_enemy_fought(cx, u, [&](UnitId) { return any = true; });
  return any;
}

}  // namespace umpire::wab
