#pragma once
// The two lookups of EvaluationReports (evaluation.hpp) as most engines
// give them: an engine's own `check_for_permission` (from its permission
// to its Check) seen as the registry's CheckId, and no permission that
// implies another.
#include <optional>
#include <string_view>

#include "engine/core/replay/check_table.hpp"

namespace umpire::rulesets::common {

template <auto check_for_permission>
std::optional<replay::CheckId> check_id_for_permission(std::string_view permission) {
  const auto check = check_for_permission(permission);
  if (!check) return std::nullopt;
  return replay::CheckId(*check);
}

inline std::string_view implies_no_permission(std::string_view) {
  return {};
}

}  // namespace umpire::rulesets::common
