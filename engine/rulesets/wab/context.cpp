#include "engine/rulesets/wab/context.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace umpire::wab {

std::string Context::quoted(UnitId u) const {
  return fmt::format("'{}'", setup.units[u].id);
}

std::int64_t Context::models_standing(UnitId u) const {
  const UnitSetup& s = setup.units[u];
  const std::int64_t per_model = std::max<std::int32_t>(1, s.profile.wounds);
  return std::max<std::int64_t>(0, s.models - state.units[u].wounds_taken / per_model);
}

void note_skipped_turn(const Context& cx, DiagnosticBuilder& d) {
  if (!cx.scratch.skipped_turn.empty()) d.note(cx.scratch.skipped_turn);
}

}  // namespace umpire::wab
