#pragma once
// The Sabreur-hex engine's diagnostics other than checks (diagnostics.def),
// by name: `report(diags, Diag::setup_quality, span, ...)`, or
// `checker.problem(id_of(Diag::rules_evaluation), ...)`.
#include <cstddef>
#include <cstdint>

#include "engine/core/diagnostic_table.hpp"

namespace umpire::sabreur {

#define UMPIRE_DIAG_TABLE "engine/rulesets/sabreur_hex/diagnostics.def"
#include "engine/core/diagnostic_table.inc"
#undef UMPIRE_DIAG_TABLE

}  // namespace umpire::sabreur
