#pragma once
// Tries statements against an engine's own checks, the one source of truth
// for what is legal: a candidate is applied to the engine's state and kept
// when the engine accepts it; the state is then restored. A simulator
// applies the chosen statement for good through the same engine and reads
// back the dice it drew and the outcomes it computed (Applied).
//
// `Engine` has apply_action(action, checker), checks(), snapshot(),
// restore(snapshot) and dice_source(), and draws its dice from a seed.
#include <cstddef>

#include "engine/core/diagnostic.hpp"
#include "engine/core/replay/checker.hpp"
#include "engine/rulesets/common/simulate/applied.hpp"

namespace umpire::rulesets::simulate {

// What a candidate must avoid to be legal: a violation always; with
// `unchecked`, any aspect the engine reports `not checked` too (an engine
// that checks nearly everything: what it does not check is left out of the
// games). Without it, a statement the engine partly takes as written is
// played, and the verdict counts it.
enum class Strictness : unsigned char { violations, unchecked };

template <typename Engine, typename Action>
class BasicProber {
 public:
  explicit BasicProber(Engine& engine, Strictness strictness = Strictness::unchecked)
      : engine_(engine), strictness_(strictness) {}

  Engine& engine() { return engine_; }
  const auto& state() const { return engine_.state(); }

  // True when `a` is legal in the current state; the state is unchanged.
  bool legal(const Action& candidate) {
    ++probes_;
    const auto before = engine_.snapshot();
    const Action& a = staged(candidate);
    // Legal or not is all it asks: the first violation answers it, and
    // nothing is written.
    replay::EventChecker checker(scratch_, engine_.checks(), unchecked_,
                                 replay::ReplayMode::follow_log, a.span, false, {});
    checker.refuse_at_first(strictness_ == Strictness::unchecked);
    bool ok = true;
    try {
      engine_.apply_action(a, checker);
      ok = !checker.refused();  // refused where the engine deferred it (DeferRefusal)
    } catch (const replay::Refused&) {
      ok = false;
    }
    scratch_.clear();
    engine_.restore(before);
    return ok;
  }
  // What applying `a` gives (dice drawn, outcomes, violations), the state
  // then restored: the outcome a candidate leads to.
  Applied probe(const Action& a) {
    ++probes_;
    const auto before = engine_.snapshot();
    Applied r = run(a);
    engine_.restore(before);
    return r;
  }
  // Applies `a` for good.
  Applied apply(const Action& a) { return run(a); }
  // Number of candidates tried so far.
  std::size_t probes() const { return probes_; }

 protected:
  // The statement as the engine applies it: made the log's next when the
  // engine keeps the statements it plays (TabletopEngine::log_next).
  const Action& staged(const Action& a) {
    if constexpr (requires { engine_.log_next(a); })
      return engine_.log_next(a);
    else
      return a;
  }

  Applied run(const Action& candidate) {
    const Action& a = staged(candidate);
    Applied out;
    const std::size_t unchecked_before = unchecked_.total();
    replay::EventChecker checker(scratch_, engine_.checks(), unchecked_,
                                 replay::ReplayMode::follow_log, a.span, false, {});
    checker.trace_outcomes(&out.outcomes);
    engine_.dice_source().trace(&out.rolls);
    engine_.apply_action(a, checker);
    engine_.dice_source().trace(nullptr);
    out.violations = checker.violations();
    out.not_checked = unchecked_.total() - unchecked_before;
    // The messages of rejected candidates are of no use to anyone.
    scratch_.clear();
    return out;
  }

  Engine& engine_;
  Strictness strictness_;
  DiagnosticEngine scratch_{0};
  replay::NotCheckedLog unchecked_;
  std::size_t probes_ = 0;
};

}  // namespace umpire::rulesets::simulate
