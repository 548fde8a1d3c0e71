#pragma once
// The two lookups of EvaluationReports (evaluation.hpp) as most engines
// give them: an engine's own `check_for_permission` (from its permission
// to its Check) seen as the registry's CheckId, and no permission that
// implies another; and the reports of an engine that gives both so.
#include <optional>
#include <string_view>

#include "engine/core/replay/check_table.hpp"
#include "engine/rulesets/common/evaluation.hpp"

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

// The reports of an engine (Hail Caesar's, WAB's) whose diagnostics
// `evaluation_failed` and `unmapped_permission` (values of its own Diag,
// whose ids its diagnostics.hpp gives by id_of) report what the data
// could not answer, and whose checks map permissions one to one.
template <auto evaluation_failed, auto unmapped_permission, auto check_for_permission>
const EvaluationReports& permission_reports() {
  static constexpr EvaluationReports reports{
      id_of(evaluation_failed),
      id_of(unmapped_permission),
      &check_id_for_permission<check_for_permission>,
      &implies_no_permission,
  };
  return reports;
}

}  // namespace umpire::rulesets::common
