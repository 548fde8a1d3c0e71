// Replaying Hail Caesar games: the bundled game (replays/hail-caesar/
// ford-of-the-arar.ulog), parsed and lowered once, replayed by the engine.
// Events/s are per CPU second (the machine is shared);
// docs/performance.md § Hail Caesar replay records the numbers.
//   BM_HailCaesarReplay    engine set up and events applied, the state hashed
//                          after every event (`umpire replay --hashes`)
//   BM_HailCaesarVerdict   the same, the final state hashed only (`umpire check`)
//   BM_HailCaesarSetUp     the engine set up alone (units deployed, their bases
//                          checked against the table and each other)
//   BM_HailCaesarSimulatedVerdict
//                          the verdict of a simulated game (`umpire simulate
//                          --ruleset hail-caesar --seed 7`, six turns)
#include <benchmark/benchmark.h>

#include <array>
#include <span>

#include "engine/rulesets/hail_caesar/engine.hpp"
#include "engine/rulesets/hail_caesar/from_events.hpp"
#include "engine/rulesets/hail_caesar/simulate/simulator.hpp"
#include "tests/bench/replay_bench_support.hpp"

namespace {

using namespace umpire;

const hail_caesar::RulesBinding& rules_binding() {
  return bench::bound_rules<hail_caesar::RulesBinding>("hail-caesar.rules");
}

const hail_caesar::Game& bundled_game() {
  static const hail_caesar::Game game =
      bench::game_of_log<hail_caesar::Game, &hail_caesar::game_from_battle>(
          std::string(UMPIRE_SOURCE_DIR) + "/replays/hail-caesar/ford-of-the-arar.ulog");
  return game;
}

const hail_caesar::Game& simulated_game() {
  static const hail_caesar::Game game = [] {
    DiagnosticEngine diags(0);
    const auto simulated = hail_caesar::simulate::simulate_game(rules_binding(), {7, 6}, diags);
    if (!simulated) throw std::runtime_error("the simulated game of seed 7 did not set up");
    return bench::game_of_text<hail_caesar::Game, &hail_caesar::game_from_battle>(simulated->text);
  }();
  return game;
}

void replay_game(benchmark::State& state, const hail_caesar::Game& game, bool hash_every_event) {
  const std::array<const hail_caesar::Game*, 1> games{&game};
  bench::replay_games<hail_caesar::Engine>(state, std::span<const hail_caesar::Game* const>(games),
                                           rules_binding(), hash_every_event);
}

void BM_HailCaesarReplay(benchmark::State& state) {
  replay_game(state, bundled_game(), true);
}
BENCHMARK(BM_HailCaesarReplay)->Unit(benchmark::kMicrosecond);

void BM_HailCaesarVerdict(benchmark::State& state) {
  replay_game(state, bundled_game(), false);
}
BENCHMARK(BM_HailCaesarVerdict)->Unit(benchmark::kMicrosecond);

void BM_HailCaesarSimulatedVerdict(benchmark::State& state) {
  replay_game(state, simulated_game(), false);
}
BENCHMARK(BM_HailCaesarSimulatedVerdict)->Unit(benchmark::kMicrosecond);

void BM_HailCaesarSetUp(benchmark::State& state) {
  const hail_caesar::Game& game = bundled_game();
  for (auto _ : state) {
    state.PauseTiming();
    hail_caesar::Game copy = game;
    state.ResumeTiming();
    DiagnosticEngine diags(0);
    hail_caesar::Engine engine(std::move(copy.setup), std::move(copy.actions), rules_binding(),
                               diags);
    benchmark::DoNotOptimize(engine.state().units.data());
  }
}
BENCHMARK(BM_HailCaesarSetUp)->Unit(benchmark::kMicrosecond);

}  // namespace
