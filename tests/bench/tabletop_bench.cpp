// Tabletop geometry throughput: distance between two units, the zone of a
// unit, line of sight among 20 blockers.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "engine/geometry/tabletop/measure.hpp"
#include "engine/geometry/tabletop/sight.hpp"
#include "engine/geometry/tabletop/zones.hpp"

namespace {

using namespace umpire::tabletop;

// A fixed pseudo-random stream (xorshift) so every run measures the same
// work: units on a 72x48 table, 4-8" wide, 2-4" deep.
std::vector<Footprint> units(std::size_t n, std::uint32_t seed) {
  std::uint32_t x = seed;
  const auto next = [&x](std::uint32_t range) {
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return static_cast<double>(x % range);
  };
  std::vector<Footprint> out;
  out.reserve(n);
  for (std::size_t i = 0; i < n; ++i)
    out.emplace_back(Point{next(720) / 10, next(480) / 10}, next(360), 4 + next(5), 2 + next(3));
  return out;
}

void BM_TabletopDistance(benchmark::State& state) {
  const std::vector<Footprint> a = units(1024, 1);
  const std::vector<Footprint> b = units(1024, 2);
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(distance(a[i], b[i], Measure::closest_edges));
    i = (i + 1) & 1023;
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_TabletopDistance);

void BM_TabletopZoneOfUnitCentre(benchmark::State& state) {
  const std::vector<Footprint> a = units(1024, 3);
  const std::vector<Footprint> b = units(1024, 4);
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(zone_of(a[i], b[i], ZoneRule::diagonals, ZoneReference::centre));
    i = (i + 1) & 1023;
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_TabletopZoneOfUnitCentre);

void BM_TabletopZoneOfUnitGreaterPart(benchmark::State& state) {
  const std::vector<Footprint> a = units(1024, 5);
  const std::vector<Footprint> b = units(1024, 6);
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(
        zone_of(a[i], b[i], ZoneRule::edge_lines, ZoneReference::greater_part));
    i = (i + 1) & 1023;
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_TabletopZoneOfUnitGreaterPart);

// A viewer and a target across the table, 20 other units' footprints as
// blockers; the pair changes each call.
void BM_TabletopSight20Blockers(benchmark::State& state) {
  const std::vector<Footprint> viewers = units(256, 7);
  const std::vector<Footprint> targets = units(256, 8);
  std::vector<Polygon> blockers;
  for (const Footprint& f : units(20, 9)) blockers.push_back(f.polygon());
  const SightQuery q{SightFrom::leader, Arc::all_round};
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(line_of_sight(viewers[i], targets[i], blockers, q));
    i = (i + 1) & 255;
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_TabletopSight20Blockers);

}  // namespace
