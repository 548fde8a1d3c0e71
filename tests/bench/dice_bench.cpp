// Dice: RNG faces per second, exact distributions, drawing an expression.
// Numbers and machine: docs/performance.md § Dice.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <string_view>

#include "engine/core/dice/distribution.hpp"
#include "engine/core/dice/rng.hpp"
#include "engine/core/dice/roll.hpp"
#include "grammar/dice/dice_parser.hpp"

namespace {

using namespace umpire;

dice::Expr parsed(std::string_view text) {
  DiagnosticEngine diags;
  return dice::parse(text, {}, diags).value();
}

void rng_raw(benchmark::State& state) {
  dice::Rng rng(7);
  for (auto _ : state) benchmark::DoNotOptimize(rng.next());
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(rng_raw);

void rng_d6_faces(benchmark::State& state) {
  dice::Rng rng(7);
  for (auto _ : state) benchmark::DoNotOptimize(rng.face(6));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(rng_d6_faces);

void distribution_of(benchmark::State& state, std::string_view text) {
  const dice::Expr expr = parsed(text);
  for (auto _ : state) {
    dice::Distribution d = dice::distribution(expr);
    benchmark::DoNotOptimize(d);
  }
}
BENCHMARK_CAPTURE(distribution_of, 2d6, "2d6");
BENCHMARK_CAPTURE(distribution_of, 10d6, "10d6");
BENCHMARK_CAPTURE(distribution_of, 3d6kl2, "3d6kl2");
BENCHMARK_CAPTURE(distribution_of, d6r1_plus_2d6, "d6r1+2d6-4");
BENCHMARK_CAPTURE(distribution_of, 100d6, "100d6")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(distribution_of, 20d100kh10, "20d100kh10")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(distribution_of, 100d100, "100d100")->Unit(benchmark::kMillisecond);

void draw_of(benchmark::State& state, std::string_view text) {
  const dice::Expr expr = parsed(text);
  dice::Rng rng(7);
  for (auto _ : state) {
    dice::Roll roll = dice::draw(expr, rng);
    benchmark::DoNotOptimize(roll);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK_CAPTURE(draw_of, 2d6, "2d6");
BENCHMARK_CAPTURE(draw_of, 3d6kl2, "3d6kl2");
BENCHMARK_CAPTURE(draw_of, 10d6r1_plus_d3, "10d6r1+d3+1");

void parse_of(benchmark::State& state, std::string_view text) {
  for (auto _ : state) {
    DiagnosticEngine diags;
    benchmark::DoNotOptimize(dice::parse(text, {}, diags));
  }
}
BENCHMARK_CAPTURE(parse_of, 3d6kl2_plus_1, "3d6kl2+1");

}  // namespace
