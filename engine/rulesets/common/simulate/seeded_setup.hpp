#pragma once
// The set-up a simulated tabletop game's engine plays: the one the log's
// head reads as, so that the game the simulator plays and the one
// `umpire check` replays start alike, with its dice drawn from the seed
// (the log records them). The same for every ruleset's simulator.
#include <cstdint>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>

#include "engine/core/diagnostic.hpp"
#include "engine/core/replay/dice_source.hpp"
#include "engine/core/source_manager.hpp"
#include "engine/events/lower.hpp"
#include "engine/rulesets/common/simulate/game.hpp"

namespace umpire::rulesets::simulate {

// `text` (a log's head) parsed, lowered and set up by the ruleset's own
// `set_up(battle, diags)` (an optional Setup), its dice seeded with `seed`;
// nullopt, with an error in `diags`, when it does not set up (an engine or
// data problem, never the seed's).
template <typename Setup, typename SetUp>
std::optional<Setup> seeded_setup(const std::string& text, std::uint64_t seed, const SetUp& set_up,
                                  DiagnosticEngine& diags) {
  SourceManager sources;
  const FileId file = sources.add("<simulated>", text);
  DiagnosticEngine setup_diags(0);
  std::optional<events::Battle> battle = events::parse_and_lower(text, file, {}, setup_diags);
  std::optional<Setup> setup;
  if (battle && !setup_diags.has_errors()) setup = set_up(*battle, setup_diags);
  if (!setup || setup_diags.has_errors()) {
    diags.error("simulate.setup", Span{}, "the simulated set-up of seed {} does not set up", seed);
    return std::nullopt;
  }
  setup->dice = replay::DiceMode::seeded;
  setup->seed = seed;
  return setup;
}

// The game `play(engine, game)` plays on the engine of `setup` (a
// TabletopEngine with no statements yet), `game.text` holding the log's
// head `text` it appends to; nullopt, with an error in `diags`, when the
// engine refuses the set-up.
template <typename Engine, typename Setup, typename Rules, typename Play>
std::optional<SimulatedGame> play_seeded(Setup setup, const Rules& rules, std::string text,
                                         std::uint64_t seed, DiagnosticEngine& diags, Play&& play) {
  DiagnosticEngine setup_diags(0);
  Engine engine(std::move(setup), {}, rules, setup_diags);
  if (setup_diags.has_errors()) {
    diags.error("simulate.setup", Span{}, "the engine refused the simulated set-up of seed {}",
                seed);
    return std::nullopt;
  }
  SimulatedGame out;
  out.text = std::move(text);
  play(engine, out);
  return out;
}

// The set-up of the game a ruleset's `game_from_battle(battle, diags)`
// makes of a battle (an optional Game with its `setup`): seeded_setup's
// `set_up` for a ruleset whose game is its set-up and statements.
template <auto game_from_battle>
auto setup_of_game(const events::Battle& battle, DiagnosticEngine& diags)
    -> std::optional<std::remove_cvref_t<decltype(game_from_battle(battle, diags)->setup)>> {
  auto game = game_from_battle(battle, diags);
  if (!game) return std::nullopt;
  return std::move(game->setup);
}

}  // namespace umpire::rulesets::simulate
