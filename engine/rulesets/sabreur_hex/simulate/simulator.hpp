#pragma once
// `umpire simulate`: a complete Sabreur-hex game of random legal play by
// both sides, written as a recorded .ulog (docs/engine.md § Simulation).
//
// The engine plays the game: it is set up with seeded dice, every action
// the simulator considers is tried against its checks (legal_actions.hpp),
// and the chosen one is applied; the log then writes the faces the engine
// drew and the outcomes it computed (hits, saves, losses, totals, results,
// order points, costs, ranges, modifiers), so that `umpire check`
// recomputes every one of them. Choices and dice come from two streams of
// the portable Rng (docs/dice.md): one seed, the same bytes everywhere.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

#include "engine/core/diagnostic.hpp"
#include "engine/core/source_manager.hpp"
#include "engine/rulesets/common/simulate/game.hpp"
#include "engine/rulesets/sabreur_hex/rules_binding.hpp"

namespace umpire::sabreur::simulate {

using rulesets::simulate::SimulatedGame;
using rulesets::simulate::SimulateOptions;

// Nullopt, with an error in `diags`, if the engine refused the simulated
// set-up (an engine or data problem, never a property of the seed).
std::optional<SimulatedGame> simulate_game(const RulesBinding& rules,
                                           const SimulateOptions& options, DiagnosticEngine& diags);

// The same with the rules data loaded from `rules_file` (empty:
// corpus/rulesets/sabreur-hex.rules); nullopt, with diagnostics, when the
// data does not load.
std::optional<SimulatedGame> simulate_game(SourceManager& sources, const SimulateOptions& options,
                                           DiagnosticEngine& diags,
                                           const std::filesystem::path& rules_file = {});

}  // namespace umpire::sabreur::simulate
