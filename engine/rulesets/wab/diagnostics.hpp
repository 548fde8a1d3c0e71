#pragma once
// The Warhammer Ancient Battles engine's diagnostics other than checks (diagnostics.def),
// by name: `report(diags, Diag::setup_unit, span, ...)`.
#include <cstddef>
#include <cstdint>

#include "engine/core/diagnostic_table.hpp"

namespace umpire::wab {

#define UMPIRE_DIAG_TABLE "engine/rulesets/wab/diagnostics.def"
#include "engine/core/diagnostic_table.inc"
#undef UMPIRE_DIAG_TABLE

}  // namespace umpire::wab
