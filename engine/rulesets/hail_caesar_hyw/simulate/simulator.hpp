#pragma once
// `umpire simulate --ruleset hail-caesar-hyw`: the Hail Caesar simulator
// (hail_caesar/simulate/simulator.hpp) over the HYW data, its armies drawn
// from the data's army lists (roster.hpp) and its units read from their
// profiles as a log's are (unit_profiles.hpp).
#include <optional>

#include "engine/core/diagnostic.hpp"
#include "engine/rulesets/hail_caesar/simulate/simulator.hpp"
#include "engine/rulesets/hail_caesar_hyw/rules_binding.hpp"

namespace umpire::hyw::simulate {

std::optional<hail_caesar::simulate::SimulatedGame> simulate_game(
    const Binding& rules, const hail_caesar::simulate::SimulateOptions& options,
    DiagnosticEngine& diags);

}  // namespace umpire::hyw::simulate
