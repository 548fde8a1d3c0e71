#pragma once
// The diagnostics of the log front end by name (diagnostics.def): each
// carries its id and default severity, so a call site names a row
// (`report(diags, Diag::turn_missing, span, ...)`) and a misspelt id does
// not compile.
#include <fmt/format.h>

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <utility>

#include "engine/core/diagnostic.hpp"

namespace umpire::log {

enum class Diag : std::uint8_t {
#define UMPIRE_LOG_DIAG(name, id, severity) name,
#include "grammar/log/diagnostics.def"
#undef UMPIRE_LOG_DIAG
};

struct DiagInfo {
  std::string_view id;
  Severity severity;
};

inline constexpr DiagInfo kDiags[] = {
#define UMPIRE_LOG_DIAG(name, id, severity) {id, Severity::severity},
#include "grammar/log/diagnostics.def"
#undef UMPIRE_LOG_DIAG
};

constexpr const DiagInfo& info(Diag d) { return kDiags[static_cast<std::size_t>(d)]; }

// Reports `d` at its severity.
template <typename... Args>
DiagnosticBuilder report(DiagnosticEngine& diags, Diag d, Span span,
                         fmt::format_string<Args...> format, Args&&... args) {
  const DiagInfo& i = info(d);
  return diags.report(i.severity, i.id, span, fmt::format(format, std::forward<Args>(args)...));
}

}  // namespace umpire::log
