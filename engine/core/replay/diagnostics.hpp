#pragma once
// The diagnostics of the replay driver (engine/core/replay, engine/run) by name (diagnostics.def):
// each carries its id and default severity, so a call site names a row
// (`diags.report(replay::Diag::...)`) and a misspelt id does not compile.
#include <cstddef>
#include <cstdint>

#include "engine/core/diagnostic_table.hpp"

namespace umpire::replay {

#define UMPIRE_DIAG_TABLE "engine/core/replay/diagnostics.def"
#include "engine/core/diagnostic_table.inc"
#undef UMPIRE_DIAG_TABLE

}  // namespace umpire::replay
