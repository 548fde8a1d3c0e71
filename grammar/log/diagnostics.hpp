#pragma once
// The diagnostics of the log front end by name (diagnostics.def): each
// carries its id and default severity, so a call site names a row
// (`log::report(diags, Diag::turn_missing, span, ...)`) and a misspelt id
// does not compile.
#include <cstddef>
#include <cstdint>

#include "engine/core/diagnostic_table.hpp"

namespace umpire::log {

#define UMPIRE_DIAG_TABLE "grammar/log/diagnostics.def"
#include "engine/core/diagnostic_table.inc"
#undef UMPIRE_DIAG_TABLE

using umpire::report;

}  // namespace umpire::log
