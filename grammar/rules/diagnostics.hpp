#pragma once
// The diagnostics of the rules front end (grammar/rules, engine/rules) by name (diagnostics.def):
// each carries its id and default severity, so a call site names a row
// (`diags.report(rules::Diag::...)`) and a misspelt id does not compile.
#include <cstddef>
#include <cstdint>

#include "engine/core/diagnostic_table.hpp"

namespace umpire::rules {

#define UMPIRE_DIAG_TABLE "grammar/rules/diagnostics.def"
#include "engine/core/diagnostic_table.inc"
#undef UMPIRE_DIAG_TABLE

}  // namespace umpire::rules
