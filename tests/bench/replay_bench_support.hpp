#pragma once
// What the replay benchmarks of every engine share: the rules data loaded
// and bound once, and a bundled game read, parsed and lowered once.
#include <benchmark/benchmark.h>

#include <fstream>
#include <optional>
#include <span>
#include <sstream>
#include <stdexcept>
#include <string>

#include "engine/core/data_paths.hpp"
#include "engine/core/diagnostic.hpp"
#include "engine/core/replay/replay.hpp"
#include "engine/core/source_manager.hpp"
#include "engine/events/lower.hpp"
#include "engine/rules/loader.hpp"
#include "grammar/log/parser.hpp"

namespace umpire::bench {

// `data_file` (in corpus/rulesets) bound by `Binding::bind`; throws when the
// data does not load or lacks what the engine asks.
template <typename Binding>
const Binding& bound_rules(const std::string& data_file) {
  struct Rules {
    SourceManager sources;
    DiagnosticEngine diags{0};
    std::optional<rules::Ruleset> rs;
    std::optional<Binding> binding;
  };
  static const Rules* r = [&] {
    auto* out = new Rules;
    out->rs = rules::load_ruleset(out->sources, paths::rulesets_dir() / data_file, out->diags);
    if (!out->rs) throw std::runtime_error(data_file + " did not load");
    out->binding = Binding::bind(*out->rs, out->diags, {});
    if (!out->binding) throw std::runtime_error(data_file + " lacks engine items");
    return out;
  }();
  return *r->binding;
}

// The game of the log `text`, as `game_from_battle` sets it up; throws when
// it does not set up or has no event.
template <typename Game, auto game_from_battle>
Game game_of_text(const std::string& text) {
  SourceManager sources;
  DiagnosticEngine diags(0);
  const FileId file = sources.add("game.ulog", text);
  const log::ast::Log ast = log::parse_log(sources, file, diags);
  const events::Battle battle = events::lower(ast, {}, diags);
  std::optional<Game> game = game_from_battle(battle, diags);
  if (!game || game->actions.empty()) throw std::runtime_error("a game did not set up");
  return std::move(*game);
}

// The game of the log at `path` (from the source tree).
template <typename Game, auto game_from_battle>
Game game_of_log(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return game_of_text<Game, game_from_battle>(text.str());
}

// Sets up an `Engine` on each of `games` and replays it, per iteration;
// the counter `events/s` is per CPU second. A game that does not check
// clean stops the benchmark.
template <typename Engine, typename Game, typename Binding>
void replay_games(benchmark::State& state, std::span<const Game* const> games, const Binding& rules,
                  bool hash_every_event) {
  std::int64_t events = 0;
  for (auto _ : state) {
    for (const Game* game : games) {
      // `umpire check` moves the game it parsed into the engine; here each
      // iteration copies it first, and the copy is not the replay's cost.
      state.PauseTiming();
      Game copy = *game;
      state.ResumeTiming();
      DiagnosticEngine diags(0);
      Engine engine(std::move(copy.setup), std::move(copy.actions), rules, diags);
      replay::ReplayOptions options;
      options.hash_every_event = hash_every_event;
      const replay::ReplayResult r = replay::run_replay(engine, options, diags);
      if (r.violations != 0) state.SkipWithError("a game did not check clean");
      benchmark::DoNotOptimize(r.final_hash);
      events += static_cast<std::int64_t>(r.events.size());
    }
  }
  state.counters["events/s"] =
      benchmark::Counter(static_cast<double>(events), benchmark::Counter::kIsRate);
}

}  // namespace umpire::bench
