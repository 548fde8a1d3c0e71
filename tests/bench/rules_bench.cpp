// The rules evaluator's three quiet paths on the four shipped rulesets:
// every value, every action's permissions and every stack, asked of fixed
// situations with every given set, as an engine asks them. Only the
// questions the tree answers are timed: a failure (a partial table's miss,
// a value out of range) is rare in a replay and costs a throw on every path.
// docs/performance.md § Rules evaluator records the numbers.
//   BM_Evaluate/<ruleset>/0   the trees (no program)
//   BM_Evaluate/<ruleset>/1   the compiled nodes, interpreted (Program)
//   BM_Evaluate/<ruleset>/2   the C++ generated from them (Program with find_native)
#include <benchmark/benchmark.h>

#include <array>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/core/data_paths.hpp"
#include "engine/core/source_manager.hpp"
#include "engine/rules/evaluator.hpp"
#include "engine/rules/loader.hpp"
#include "engine/rules/native/native.hpp"
#include "engine/rules/program.hpp"

namespace {

using namespace umpire;
using namespace umpire::rules;

constexpr std::array<const char*, 4> kRulesets = {"hail-caesar", "hail-caesar-hyw", "wab",
                                                  "sabreur-hex"};

struct Loaded {
  SourceManager sources;
  DiagnosticEngine diags{0};
  std::optional<Ruleset> rs;
  std::optional<Program> interpreted, native;
  std::vector<Situation> situations;
  std::vector<std::vector<std::uint32_t>> permissions;  // by action
  // By situation: the values, actions and stacks the tree answers there.
  struct Questions {
    std::vector<std::uint32_t> values, actions, stacks;
  };
  std::vector<Questions> questions;
};

constexpr std::int64_t kStackStart = 3;

// A value of `type` drawn from `rng`, or nullopt for a profile type without profiles.
std::optional<Val> draw(const Ruleset& rs, const Type& type, std::mt19937_64& rng) {
  const auto below = [&](std::uint64_t n) { return n == 0 ? 0 : rng() % n; };
  switch (type.kind) {
    case TypeKind::boolean:
      return Val::boolean(below(2) == 1);
    case TypeKind::integer:
    case TypeKind::roll: {
      const std::int64_t hi = std::min(type.hi, type.lo + 12);
      return Val::integer(
          type.lo + static_cast<std::int64_t>(below(static_cast<std::uint64_t>(hi - type.lo + 1))));
    }
    case TypeKind::enumeration:
      return Val::enumeration(
          static_cast<std::uint32_t>(below(rs.domains[type.ref].values.size())));
    case TypeKind::set: {
      std::uint64_t bits = 0;
      for (std::size_t i = 0; i < rs.domains[type.ref].values.size(); ++i)
        if (below(4) == 0) bits |= std::uint64_t{1} << i;
      return Val::set(bits);
    }
    case TypeKind::profile: {
      const std::vector<std::uint32_t> ids = profiles_of(rs, type.ref);
      if (ids.empty()) return std::nullopt;
      return Val::profile(ids[below(ids.size())]);
    }
  }
  return std::nullopt;
}

const Loaded& loaded(std::size_t which) {
  static std::array<Loaded*, kRulesets.size()> cache{};
  if (cache[which] != nullptr) return *cache[which];
  auto* out = new Loaded;
  const std::string id = kRulesets[which];
  out->rs = load_ruleset(out->sources, paths::rulesets_dir() / (id + ".rules"), out->diags);
  if (!out->rs) throw std::runtime_error(id + ".rules did not load");
  const Ruleset& rs = *out->rs;
  out->interpreted.emplace(rs);
  out->native.emplace(rs, &find_native);
  if (out->native->native() == nullptr) throw std::runtime_error(id + ": no generated code");
  std::mt19937_64 rng(20261127);
  for (int i = 0; i < 32; ++i) {
    Situation s(rs);
    for (std::uint32_t g = 0; g < rs.givens.size(); ++g)
      if (const auto v = draw(rs, rs.givens[g].type, rng)) (void)s.set(g, *v);
    out->situations.push_back(std::move(s));
  }
  if (rs.action_domain)
    for (std::uint32_t a = 0; a < rs.domains[*rs.action_domain].values.size(); ++a)
      out->permissions.push_back(permissions_of(rs, a));
  for (const Situation& s : out->situations) {
    Loaded::Questions q;
    const auto answers = [&](auto ask) {
      Evaluator ev(rs, s);
      ev.set_trace(false);
      return ask(ev);
    };
    for (std::uint32_t v = 0; v < rs.values.size(); ++v)
      if (answers([&](Evaluator& ev) { return ev.value(v).has_value(); })) q.values.push_back(v);
    for (std::uint32_t a = 0; a < out->permissions.size(); ++a)
      if (answers([&](Evaluator& ev) { return ev.action_with(out->permissions[a]).has_value(); }))
        q.actions.push_back(a);
    for (std::uint32_t st = 0; st < rs.stacks.size(); ++st)
      if (answers([&](Evaluator& ev) { return ev.apply_stack(st, kStackStart).has_value(); }))
        q.stacks.push_back(st);
    out->questions.push_back(std::move(q));
  }
  cache[which] = out;
  return *out;
}

void BM_Evaluate(benchmark::State& state) {
  const Loaded& l = loaded(static_cast<std::size_t>(state.range(0)));
  const Ruleset& rs = *l.rs;
  const Program* program = state.range(1) == 0   ? nullptr
                           : state.range(1) == 1 ? &*l.interpreted
                                                 : &*l.native;
  state.SetLabel(std::string(kRulesets[static_cast<std::size_t>(state.range(0))]));
  std::int64_t questions = 0, answered = 0;
  for (auto _ : state) {
    for (std::size_t i = 0; i < l.situations.size(); ++i) {
      Situation s = l.situations[i];  // a fresh one: nothing remembered from the last round
      s.set_program(program);
      const Loaded::Questions& q = l.questions[i];
      for (const std::uint32_t v : q.values) {
        Evaluator ev(rs, s);
        ev.set_trace(false);
        answered += ev.value(v).has_value() ? 1 : 0;
      }
      for (const std::uint32_t a : q.actions) {
        Evaluator ev(rs, s);
        ev.set_trace(false);
        answered += ev.action_with(l.permissions[a]).has_value() ? 1 : 0;
      }
      for (const std::uint32_t st : q.stacks) {
        Evaluator ev(rs, s);
        ev.set_trace(false);
        answered += ev.apply_stack(st, kStackStart).has_value() ? 1 : 0;
      }
      questions += static_cast<std::int64_t>(q.values.size() + q.actions.size() + q.stacks.size());
    }
  }
  // Every path answers what the tree answers.
  if (answered != questions) state.SkipWithError("a path failed where the tree answered");
  state.counters["questions/s"] =
      benchmark::Counter(static_cast<double>(questions), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Evaluate)->ArgsProduct({{0, 1, 2, 3}, {0, 1, 2}});

}  // namespace
