#pragma once
// A breach reported outside a replay's event checker (a deployment before
// the first event, a roster at muster): at the check's severity, under its
// id, citing its rule. `check` is any ruleset's Check enum
// (replay::CheckEnum).
#include <fmt/format.h>

#include <string>
#include <utility>

#include "engine/core/diagnostic.hpp"
#include "engine/core/replay/check_table.hpp"

namespace umpire::rulesets {

template <replay::CheckEnum C, typename... Args>
DiagnosticBuilder check_breach(DiagnosticEngine& diags, C check, Span span,
                               fmt::format_string<Args...> format, Args&&... args) {
  const replay::CheckInfo& c = check_info(check);
  auto b = diags.report(c.severity, c.id, span, fmt::format(format, std::forward<Args>(args)...));
  b.rule(std::string(c.file), std::string(c.section));
  return b;
}

}  // namespace umpire::rulesets
