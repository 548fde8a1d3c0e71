// Replaying Warhammer Ancient Battles games: the three bundled games
// (replays/wab/bagradas-plain.ulog, raudine-plain.ulog, paraitakene.ulog),
// parsed and lowered once, replayed by the engine. Events/s are per CPU
// second (the machine is shared); docs/performance.md § Warhammer Ancient
// Battles replay records the numbers.
//   BM_WabVerdict   engine set up and events applied, the final state hashed
//                   only (`umpire check`)
//   BM_WabReplay    the same, the state hashed after every event
//                   (`umpire replay --hashes`)
//   BM_WabSimulatedVerdict
//                   the verdict of a simulated game (`umpire simulate
//                   --ruleset wab --seed 7`, six turns)
#include <benchmark/benchmark.h>

#include <array>
#include <span>
#include <stdexcept>

#include "engine/rulesets/wab/engine.hpp"
#include "engine/rulesets/wab/from_events.hpp"
#include "engine/rulesets/wab/simulate/simulator.hpp"
#include "tests/bench/replay_bench_support.hpp"

namespace {

using namespace umpire;

const wab::RulesBinding& rules_binding() {
  return bench::bound_rules<wab::RulesBinding>("wab.rules");
}

wab::Game bundled(const char* name) {
  return bench::game_of_log<wab::Game, &wab::game_from_battle>(std::string(UMPIRE_SOURCE_DIR) +
                                                               "/replays/wab/" + name + ".ulog");
}

std::span<const wab::Game* const> bundled_games() {
  static const std::array<wab::Game, 3> games{bundled("bagradas-plain"), bundled("raudine-plain"),
                                              bundled("paraitakene")};
  static const std::array<const wab::Game*, 3> pointers{&games[0], &games[1], &games[2]};
  return pointers;
}

std::span<const wab::Game* const> simulated_game() {
  static const wab::Game game = [] {
    DiagnosticEngine diags(0);
    const auto simulated = wab::simulate::simulate_game(rules_binding(), {7, 6}, diags);
    if (!simulated) throw std::runtime_error("the simulated game of seed 7 did not set up");
    return bench::game_of_text<wab::Game, &wab::game_from_battle>(simulated->text);
  }();
  static const std::array<const wab::Game*, 1> pointers{&game};
  return pointers;
}

void BM_WabVerdict(benchmark::State& state) {
  bench::replay_games<wab::Engine>(state, bundled_games(), rules_binding(), false);
}
BENCHMARK(BM_WabVerdict)->Unit(benchmark::kMicrosecond);

void BM_WabReplay(benchmark::State& state) {
  bench::replay_games<wab::Engine>(state, bundled_games(), rules_binding(), true);
}
BENCHMARK(BM_WabReplay)->Unit(benchmark::kMicrosecond);

void BM_WabSimulatedVerdict(benchmark::State& state) {
  bench::replay_games<wab::Engine>(state, simulated_game(), rules_binding(), false);
}
BENCHMARK(BM_WabSimulatedVerdict)->Unit(benchmark::kMicrosecond);

}  // namespace
