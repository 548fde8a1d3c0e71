#pragma once
// `umpire simulate` for Warhammer Ancient Battles: a complete game of
// random legal play by both sides, written as a recorded .ulog
// (docs/engine-wab.md § Simulation).
//
// The engine plays the game: it is set up with seeded dice from the log's
// own head (roster.hpp), every statement the simulator considers is tried
// against its checks (common/simulate/prober.hpp), and the chosen one is
// applied; the log then writes the faces the engine drew and the outcomes
// it computed (hits, wounds, saves, tests, results, flights), so that
// `umpire check` recomputes every one of them. Choices and dice come from
// two streams of the portable Rng: one seed, the same bytes everywhere.
#include <optional>

#include "engine/core/diagnostic.hpp"
#include "engine/rulesets/common/simulate/game.hpp"
#include "engine/rulesets/wab/rules_binding.hpp"

namespace umpire::wab::simulate {

using rulesets::simulate::SimulatedGame;
using rulesets::simulate::SimulateOptions;

// The game of `options.seed`; nullopt, with an error in `diags`, when its
// set-up does not set up (an engine or data problem, never the seed's).
std::optional<SimulatedGame> simulate_game(const RulesBinding& rules,
                                           const SimulateOptions& options, DiagnosticEngine& diags);

}  // namespace umpire::wab::simulate
