#pragma once
// The diagnostics of the dice front end (grammar/dice, engine/core/dice) by name (diagnostics.def):
// each carries its id and default severity, so a call site names a row
// (`diags.report(dice::Diag::...)`) and a misspelt id does not compile.
#include <cstddef>
#include <cstdint>

#include "engine/core/diagnostic_table.hpp"

namespace umpire::dice {

#define UMPIRE_DIAG_TABLE "grammar/dice/diagnostics.def"
#include "engine/core/diagnostic_table.inc"
#undef UMPIRE_DIAG_TABLE

}  // namespace umpire::dice
