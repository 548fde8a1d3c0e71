// Hex geometry throughput: distance, zones, cones, line of sight. Numbers in
// docs/performance.md § Hex geometry.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "engine/geometry/hex/hex.hpp"
#include "engine/geometry/hex/offset.hpp"
#include "engine/geometry/hex/sight.hpp"
#include "engine/geometry/hex/zone.hpp"

namespace {

using namespace umpire::hex;

// A fixed pseudo-random stream (xorshift) so every run measures the same work.
std::vector<Hex> hexes(std::size_t n, int radius, std::uint32_t seed) {
  std::vector<Hex> out;
  out.reserve(n);
  std::uint32_t x = seed;
  const auto next = [&x, radius] {
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return static_cast<int>(x % static_cast<std::uint32_t>(2 * radius + 1)) - radius;
  };
  for (std::size_t i = 0; i < n; ++i) out.push_back(Hex{next(), next()});
  return out;
}

void BM_Distance(benchmark::State& state) {
  const std::vector<Hex> a = hexes(4096, 60, 1);
  const std::vector<Hex> b = hexes(4096, 60, 2);
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(distance(a[i], b[i]));
    i = (i + 1) & 4095;
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_Distance);

void BM_ZoneOf(benchmark::State& state) {
  const std::vector<Hex> a = hexes(4096, 60, 3);
  const std::vector<Hex> b = hexes(4096, 60, 4);
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(zone_of(a[i], facing_from_index(static_cast<int>(i)), b[i]));
    i = (i + 1) & 4095;
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_ZoneOf);

void BM_OffsetRoundTrip(benchmark::State& state) {
  const std::vector<Hex> a = hexes(4096, 60, 5);
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(from_offset(to_offset(a[i])));
    i = (i + 1) & 4095;
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_OffsetRoundTrip);

// Lines of exactly state.range(0) hexes, in every direction.
void BM_TraceSight(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  std::vector<Hex> targets;
  for (Hex t : hexes(8192, n, 6))
    if (length(t) == n) targets.push_back(t);
  SightLine line;
  std::size_t i = 0;
  std::size_t met = 0;
  for (auto _ : state) {
    trace_sight(Hex{0, 0}, targets[i], line);
    met += line.hexes.size();
    i = (i + 1) % targets.size();
  }
  benchmark::DoNotOptimize(met);
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_TraceSight)->Arg(2)->Arg(5)->Arg(10)->Arg(20)->Arg(40);

}  // namespace
