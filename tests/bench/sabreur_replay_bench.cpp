// Checking Sabreur-hex games: simulated games (umpire simulate) replayed by
// the engine. Events/s and bytes/s are per CPU second (the machine is
// shared); docs/performance.md § Sabreur-hex replay records the numbers.
//   BM_SabreurCheck       parse, lower, set up and replay: what `umpire check` does
//   BM_SabreurReplay      the replay alone (engine set up and events applied),
//                         the state hashed after every event (`umpire replay --hashes`)
//   BM_SabreurVerdict     the same, the final state hashed only (what `umpire check` replays)
//   BM_SabreurSimulate    `umpire simulate`: legal actions tried, dice drawn, log written
#include <benchmark/benchmark.h>

#include <map>
#include <stdexcept>
#include <vector>

#include "engine/core/data_paths.hpp"
#include "engine/core/source_manager.hpp"
#include "engine/events/lower.hpp"
#include "engine/rules/loader.hpp"
#include "engine/rulesets/sabreur_hex/engine.hpp"
#include "engine/rulesets/sabreur_hex/from_events.hpp"
#include "engine/rulesets/sabreur_hex/simulate/simulator.hpp"
#include "engine/run/run.hpp"
#include "grammar/log/parser.hpp"
#include "tests/bench/replay_bench_support.hpp"

namespace {

using namespace umpire;

const sabreur::RulesBinding& rules_binding() {
  return bench::bound_rules<sabreur::RulesBinding>("sabreur-hex.rules");
}

// Simulated games of `turns` turns a side, seeds 1..8.
const std::vector<std::string>& games(std::uint32_t turns) {
  static std::map<std::uint32_t, std::vector<std::string>> cache;
  auto& out = cache[turns];
  if (out.empty()) {
    for (std::uint64_t seed = 1; seed <= 8; ++seed) {
      DiagnosticEngine diags(0);
      auto g = sabreur::simulate::simulate_game(rules_binding(), {seed, turns}, diags);
      if (!g) throw std::runtime_error("simulation failed");
      out.push_back(g->text);
    }
  }
  return out;
}

void BM_SabreurCheck(benchmark::State& state) {
  const auto& texts = games(static_cast<std::uint32_t>(state.range(0)));
  std::int64_t bytes = 0, events = 0;
  for (auto _ : state) {
    for (const std::string& text : texts) {
      SourceManager sources;
      DiagnosticEngine diags(0);
      const FileId file = sources.add("game.ulog", text);
      run::RunOptions options;
      options.hash_every_event = false;  // as `umpire check`
      const run::RunResult r = run::run_log(sources, file, diags, options);
      if (!r.replayed || r.replay.violations != 0) state.SkipWithError("game did not check clean");
      bytes += static_cast<std::int64_t>(text.size());
      events += static_cast<std::int64_t>(r.replay.events.size());
    }
  }
  state.SetBytesProcessed(bytes);
  state.counters["events/s"] =
      benchmark::Counter(static_cast<double>(events), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_SabreurCheck)->Arg(6)->Arg(30)->Unit(benchmark::kMillisecond);

void replay_games(benchmark::State& state, bool hash_every_event) {
  // Parsed and lowered once; each iteration sets up the engine and replays.
  struct Parsed {
    sabreur::Game game;
    std::int64_t bytes;
  };
  std::vector<Parsed> parsed;
  for (const std::string& text : games(static_cast<std::uint32_t>(state.range(0)))) {
    SourceManager sources;
    DiagnosticEngine diags(0);
    const FileId file = sources.add("game.ulog", text);
    const log::ast::Log ast = log::parse_log(sources, file, diags);
    const events::Battle battle = events::lower(ast, {}, diags);
    auto game = sabreur::game_from_battle(battle, diags);
    if (!game) {
      state.SkipWithError("game did not set up");
      return;
    }
    parsed.push_back({std::move(*game), static_cast<std::int64_t>(text.size())});
  }
  std::int64_t bytes = 0, events = 0;
  for (auto _ : state) {
    // `umpire check` moves the game it parsed into the engine; here each
    // iteration copies it first, and the copy is not the replay's cost.
    state.PauseTiming();
    std::vector<sabreur::Game> copies;
    for (const Parsed& p : parsed) copies.push_back(p.game);
    state.ResumeTiming();
    for (std::size_t i = 0; i < parsed.size(); ++i) {
      const Parsed& p = parsed[i];
      DiagnosticEngine diags(0);
      sabreur::Engine engine(std::move(copies[i].setup), std::move(copies[i].actions),
                             rules_binding(), diags);
      replay::ReplayOptions options;
      options.hash_every_event = hash_every_event;
      const replay::ReplayResult r = replay::run_replay(engine, options, diags);
      benchmark::DoNotOptimize(r.final_hash);
      benchmark::DoNotOptimize(r.events.data());
      bytes += p.bytes;
      events += static_cast<std::int64_t>(r.events.size());
    }
  }
  state.SetBytesProcessed(bytes);
  state.counters["events/s"] =
      benchmark::Counter(static_cast<double>(events), benchmark::Counter::kIsRate);
}

void BM_SabreurReplay(benchmark::State& state) {
  replay_games(state, true);
}
BENCHMARK(BM_SabreurReplay)->Arg(6)->Arg(30)->Unit(benchmark::kMillisecond);

void BM_SabreurVerdict(benchmark::State& state) {
  replay_games(state, false);
}
BENCHMARK(BM_SabreurVerdict)->Arg(6)->Arg(30)->Unit(benchmark::kMillisecond);

void BM_SabreurSimulate(benchmark::State& state) {
  const auto turns = static_cast<std::uint32_t>(state.range(0));
  std::uint64_t seed = 1;
  std::int64_t bytes = 0, events = 0, probes = 0;
  for (auto _ : state) {
    DiagnosticEngine diags(0);
    auto g = sabreur::simulate::simulate_game(rules_binding(), {seed++, turns}, diags);
    if (!g) {
      state.SkipWithError("simulation failed");
      break;
    }
    bytes += static_cast<std::int64_t>(g->text.size());
    events += static_cast<std::int64_t>(g->events);
    probes += static_cast<std::int64_t>(g->probes);
  }
  state.SetBytesProcessed(bytes);
  state.counters["events/s"] =
      benchmark::Counter(static_cast<double>(events), benchmark::Counter::kIsRate);
  state.counters["probes/s"] =
      benchmark::Counter(static_cast<double>(probes), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_SabreurSimulate)->Arg(6)->Unit(benchmark::kMillisecond);

}  // namespace
