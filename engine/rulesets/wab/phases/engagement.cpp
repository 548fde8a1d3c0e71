#include "engine/rulesets/wab/phases/engagement.hpp"

#include <cstddef>
#include <cstdint>

namespace umpire::wab {

std::vector<UnitId> enemies_fought(const Context& cx, UnitId u) {
  std::vector<UnitId> out;
  const std::int32_t own = cx.state.units[u].engaged_with;
  for (std::size_t v = 0; v < cx.state.units.size(); ++v) {
    if (v == u || !cx.state.units[v].on_table || cx.setup.units[v].side == cx.setup.units[u].side)
      continue;
    if (own == static_cast<std::int32_t>(v) ||
        cx.state.units[v].engaged_with == static_cast<std::int32_t>(u))
      out.push_back(static_cast<UnitId>(v));
  }
  return out;
}

}  // namespace umpire::wab
