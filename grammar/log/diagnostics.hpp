#pragma once
// The diagnostics of the log front end by name (diagnostics.def): each
// carries its id and default severity, so a call site names a row
// (`log::report(diags, Diag::turn_missing, span, ...)`) and a misspelt id
// does not compile.
#include <cstddef>
#include <cstdint>

#include "engine/core/diagnostic_table.hpp"

namespace umpire::log {

enum class Diag : std::uint8_t {
#define UMPIRE_LOG_DIAG(name, id, severity) name,
#include "grammar/log/diagnostics.def"
#undef UMPIRE_LOG_DIAG
};

inline constexpr DiagnosticKind kDiags[] = {
#define UMPIRE_LOG_DIAG(name, id, severity) {id, Severity::severity},
#include "grammar/log/diagnostics.def"
#undef UMPIRE_LOG_DIAG
};

constexpr const DiagnosticKind& diagnostic_kind(Diag d) {
  return kDiags[static_cast<std::size_t>(d)];
}

using umpire::report;

}  // namespace umpire::log
