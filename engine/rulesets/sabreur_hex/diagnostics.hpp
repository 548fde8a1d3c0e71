#pragma once
// The Sabreur-hex engine's diagnostics other than checks (diagnostics.def),
// by name: `report(diags, Diag::setup_quality, span, ...)`, or
// `checker.problem(id_of(Diag::rules_evaluation), ...)`.
#include <cstddef>
#include <cstdint>

#include "engine/core/diagnostic_table.hpp"

namespace umpire::sabreur {

enum class Diag : std::uint8_t {
#define UMPIRE_ENGINE_DIAG(name, id, severity) name,
#include "engine/rulesets/sabreur_hex/diagnostics.def"
#undef UMPIRE_ENGINE_DIAG
};

inline constexpr DiagnosticKind kDiags[] = {
#define UMPIRE_ENGINE_DIAG(name, id, severity) {id, Severity::severity},
#include "engine/rulesets/sabreur_hex/diagnostics.def"
#undef UMPIRE_ENGINE_DIAG
};

constexpr const DiagnosticKind& diagnostic_kind(Diag d) {
  return kDiags[static_cast<std::size_t>(d)];
}

}  // namespace umpire::sabreur
