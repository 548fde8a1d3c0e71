#pragma once
// The Hail Caesar engine's diagnostics other than checks (diagnostics.def),
// by name: `report(diags, Diag::setup_unit_type, span, ...)`.
#include <cstddef>
#include <cstdint>

#include "engine/core/diagnostic_table.hpp"

namespace umpire::hail_caesar {

#define UMPIRE_DIAG_TABLE "engine/rulesets/hail_caesar/diagnostics.def"
#include "engine/core/diagnostic_table.inc"
#undef UMPIRE_DIAG_TABLE

}  // namespace umpire::hail_caesar
