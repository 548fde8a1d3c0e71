#pragma once
// `umpire simulate` for Hail Caesar and its variants: a complete game of
// random legal play by both sides, written as a recorded .ulog
// (docs/engine-hail-caesar.md § Simulation).
//
// The engine plays the game: it is set up with seeded dice from the log's
// own head (roster.hpp), every statement the simulator considers is tried
// against its checks (legal_actions.hpp), and the chosen one is applied;
// the log then writes the faces the engine drew and the outcomes it
// computed (moves, hits, saves, casualties), so that `umpire check`
// recomputes every one of them. Choices and dice come from two streams of
// the portable Rng: one seed, the same bytes everywhere.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "engine/core/diagnostic.hpp"
#include "engine/rulesets/common/simulate/game.hpp"
#include "engine/rulesets/hail_caesar/rules_binding.hpp"
#include "engine/rulesets/hail_caesar/simulate/roster.hpp"
#include "engine/rulesets/hail_caesar/types.hpp"

namespace umpire::events {
struct Battle;
}

namespace umpire::hail_caesar::simulate {

using rulesets::simulate::SimulatedGame;
using rulesets::simulate::SimulateOptions;

// The engine's set-up of the battle the roster's text lowers to: the
// ruleset's own (a variant reads its units' profiles).
using SetUp = std::function<std::optional<Setup>(const events::Battle&, DiagnosticEngine&)>;

// The game played from `roster`; nullopt, with an error in `diags`, when
// its text does not set up (an engine or data problem, never the seed's).
std::optional<SimulatedGame> play_game(const RulesBinding& rules, SimulatedRoster roster,
                                       const SetUp& set_up, const SimulateOptions& options,
                                       DiagnosticEngine& diags);

// A Hail Caesar game (hail_caesar_roster, the engine's own set-up).
std::optional<SimulatedGame> simulate_game(const RulesBinding& rules,
                                           const SimulateOptions& options, DiagnosticEngine& diags);

}  // namespace umpire::hail_caesar::simulate
