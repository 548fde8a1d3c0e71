#pragma once
// The diagnostics of the command line (cli/) by name (diagnostics.def): each
// carries its id and default severity, so a call site names a row
// (`diags.report(cli::Diag::...)`) and a misspelt id does not compile.
#include <cstddef>
#include <cstdint>

#include "engine/core/diagnostic_table.hpp"

namespace umpire::cli {

#define UMPIRE_DIAG_TABLE "cli/diagnostics.def"
#include "engine/core/diagnostic_table.inc"
#undef UMPIRE_DIAG_TABLE

}  // namespace umpire::cli
