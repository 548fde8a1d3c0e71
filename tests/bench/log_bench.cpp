// Battle-log parsing speed: parse, lower, and both, on a synthetic log of
// tens of megabytes (many turns of the Sabreur-hex example's kind of play).
// Bytes/s and events/s are reported per CPU second (the machine is shared:
// wall time says little); docs/performance.md records the numbers.
#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include <cstdlib>
#include <fstream>
#include <map>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include "engine/events/lower.hpp"
#include "grammar/log/parser.hpp"

namespace {

using namespace umpire;

// A valid log: two sides of 40 units each, then `turns` turns per side, each
// with orders, moves, fire with dice, saves, tests, a charge and a combat.
std::string synthetic_log(int turns) {
  std::string out =
      "ulog 1\nruleset sabreur-hex\n"
      "data \"corpus/rulesets/sabreur-hex.rules\" sha256 "
      "\"0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef\"\n"
      "side blue \"Blue\" player \"A\" points 4000\nside red \"Red\" player \"B\" points "
      "4000\ndice recorded\n"
      "map hex 60x40\nhex 10,10 11,10 wood\nhexside 5,5 5,6 stream\n";
  for (const char* side : {"blue", "red"}) {
    out += fmt::format("army {}\n", side);
    for (int u = 0; u < 40; ++u) {
      out += fmt::format(
          "  unit {}{} \"Battalion {}\" stats (combat 6, fire 6, range 4, move 1) quality ordinary "
          "strength 18 command 7 skills (linear-order) formation line points 144\n",
          side[0], u, u);
    }
  }
  for (int u = 0; u < 40; ++u) {
    out += fmt::format("deploy b{} at {},2 facing n formation line\n", u, u + 1);
    out += fmt::format("deploy r{} at {},39 facing s formation line\n", u, u + 1);
  }
  for (int t = 1; t <= turns; ++t) {
    for (const char* side : {"blue", "red"}) {
      const char me = side[0];
      const char them = me == 'b' ? 'r' : 'b';
      out += fmt::format(
          "turn {} {}\n  phase orders\n    order-points d3+1=4 => points 3\n  phase actions\n", t,
          side);
      for (int u = 0; u < 40; u += 4) {
        out += fmt::format("    activate {0}{1} {0}{2} {0}{3} cost 1\n", me, u, u + 1, u + 2);
        out +=
            fmt::format("    move {}{} frontal path {},10 {},11 facing n\n", me, u, u + 1, u + 1);
        out += fmt::format("    shoot {}{} {}{} range 3 hit 6d6=5,6,1,2,3,4 => hits 2\n", me, u + 1,
                           them, u + 1);
        out += fmt::format("    save {}{} 2d6=4,2 => saves 1 losses 1\n", them, u + 1);
        out += fmt::format("    test {}{} morale 2d6=3,4 mod -1 => pass  # steady\n", them, u + 1);
        out += fmt::format("    charge {}{} {}{} path {},12 {},13 facing n\n", me, u + 2, them,
                           u + 2, u + 3, u + 3);
        out += fmt::format("    respond {}{} defensive-fire hit 6d6=1,2,3,4,5,6 => hits 2\n", them,
                           u + 2);
        out += fmt::format("    attack {}{} {}{} hit 8d6=4,5,6,1,2,3,4,5 => hits 5\n", me, u + 2,
                           them, u + 2);
      }
      out += "  phase victory\n";
    }
  }
  return out;
}

// The logs are built once per size: 1,200 turns a side is 9.5 MB, 3,600 is
// 28 MB.
const std::string& big_log(int turns) {
  static std::map<int, std::string> logs;
  auto it = logs.find(turns);
  if (it == logs.end()) it = logs.emplace(turns, synthetic_log(turns)).first;
  return it->second;
}

// `UMPIRE_LOG_BENCH_WRITE=dir log_bench` also writes the two logs to
// dir/synthetic-1200.ulog and dir/synthetic-3600.ulog, for measuring the
// memory of `umpire parse` on them (docs/performance.md).
[[maybe_unused]] const bool logs_written = [] {
  const char* dir = std::getenv("UMPIRE_LOG_BENCH_WRITE");
  if (dir == nullptr) return false;
  for (int turns : {1200, 3600}) {
    std::ofstream out(fmt::format("{}/synthetic-{}.ulog", dir, turns), std::ios::binary);
    out << big_log(turns);
  }
  return true;
}();

// Where an iteration's memory comes from. glibc's default policy depends on
// the sizes a process freed before: an arena freed once is kept in the heap
// if it was under the mmap threshold, which rises to the largest block freed
// (at most 32 MiB), so one log size reuses its memory and another, a little
// larger, asks the kernel afresh at every iteration. In this VM a page fault
// costs several microseconds, enough to make the 28 MB log look 1.5 times
// slower per megabyte than the 9 MB one. Each benchmark below fixes the
// policy, so that its numbers do not depend on what ran before it:
//  - warm: freed memory stays with the process (a checker handling many
//    logs, or a second parse): the parser's own speed;
//  - fresh: every large block is mapped anew and faulted in page by page,
//    as in a one-shot `umpire parse`.
enum class MemoryPolicy { warm, fresh };

void set_memory_policy(MemoryPolicy policy) {
#if defined(__GLIBC__)
  if (policy == MemoryPolicy::warm) {
    mallopt(M_MMAP_THRESHOLD, 32 << 20);  // glibc's largest
    mallopt(M_TRIM_THRESHOLD, 1 << 30);
  } else {
    mallopt(M_MMAP_THRESHOLD, 128 << 10);  // glibc's initial threshold, kept fixed
    mallopt(M_TRIM_THRESHOLD, 128 << 10);
  }
#else
  (void)policy;
#endif
}

// The syntax tree of the whole log (what `fmt` and `--dump ast` need).
void BM_Parse(benchmark::State& state) {
  set_memory_policy(MemoryPolicy::warm);
  const std::string& text = big_log(static_cast<int>(state.range(0)));
  std::size_t lines = 0;
  for (auto _ : state) {
    DiagnosticEngine diags;
    const log::ast::Log ast = log::parse_log_text(text, FileId{0}, diags);
    if (diags.has_errors()) state.SkipWithError("the synthetic log does not parse");
    lines = ast.lines.size();
    benchmark::DoNotOptimize(ast);
  }
  state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(text.size()));
  state.counters["lines/s"] =
      benchmark::Counter(static_cast<double>(lines), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_Parse)->Arg(1200)->Unit(benchmark::kMillisecond);

// Parse and lower in one pass, each line's syntax dropped once lowered
// (what `umpire parse` does for events). Rates are per CPU second.
void parse_and_lower(benchmark::State& state, MemoryPolicy policy) {
  set_memory_policy(policy);
  const std::string& text = big_log(static_cast<int>(state.range(0)));
  std::size_t events = 0;
  std::size_t bytes = 0;
  for (auto _ : state) {
    DiagnosticEngine diags;
    const auto battle = events::parse_and_lower(text, FileId{0}, {}, diags);
    if (!battle || diags.has_errors()) {
      state.SkipWithError("the synthetic log does not lower");
      break;
    }
    events = battle->events().size();
    bytes = battle->store.bytes();
    benchmark::DoNotOptimize(battle);
  }
  state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(text.size()));
  state.counters["events/s"] = benchmark::Counter(static_cast<double>(events),
                                                  benchmark::Counter::kIsIterationInvariantRate);
  state.counters["MB"] = static_cast<double>(text.size()) / 1e6;
  state.counters["events"] = static_cast<double>(events);
  // Memory of the event stream (records, arenas, symbols) per event and
  // against the input.
  state.counters["B/event"] = events ? static_cast<double>(bytes) / static_cast<double>(events) : 0;
  state.counters["store/input"] = static_cast<double>(bytes) / static_cast<double>(text.size());
}
void BM_ParseAndLower(benchmark::State& state) {
  parse_and_lower(state, MemoryPolicy::warm);
}
void BM_ParseAndLowerFreshMemory(benchmark::State& state) {
  parse_and_lower(state, MemoryPolicy::fresh);
}
BENCHMARK(BM_ParseAndLower)->Arg(1200)->Arg(3600)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ParseAndLowerFreshMemory)->Arg(1200)->Arg(3600)->Unit(benchmark::kMillisecond);

// The whole tree first, then lowering (what a caller holding the AST does).
void BM_ParseThenLower(benchmark::State& state) {
  set_memory_policy(MemoryPolicy::warm);
  const std::string& text = big_log(static_cast<int>(state.range(0)));
  std::size_t events = 0;
  for (auto _ : state) {
    DiagnosticEngine diags;
    const log::ast::Log ast = log::parse_log_text(text, FileId{0}, diags);
    const events::Battle battle = events::lower(ast, {}, diags);
    if (diags.has_errors()) state.SkipWithError("the synthetic log does not lower");
    events = battle.events().size();
    benchmark::DoNotOptimize(battle);
  }
  state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(text.size()));
  state.counters["events/s"] = benchmark::Counter(static_cast<double>(events),
                                                  benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_ParseThenLower)->Arg(1200)->Unit(benchmark::kMillisecond);

}  // namespace
