#include "engine/rulesets/sabreur_hex/simulate/prober.hpp"

namespace umpire::sabreur::simulate {

const replay::TracedOutcome* Applied::outcome(std::string_view check_id) const {
  for (auto it = outcomes.rbegin(); it != outcomes.rend(); ++it)
    if (it->check_id == check_id) return &*it;
  return nullptr;
}

Applied Prober::run(const Action& a) {
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

bool Prober::legal(const Action& a) {
  ++probes_;
  const Engine::Snapshot before = engine_.snapshot();
  const Applied r = run(a);
  engine_.restore(before);
  return r.clean();
}

Applied Prober::probe(const Action& a) {
  ++probes_;
  const Engine::Snapshot before = engine_.snapshot();
  Applied r = run(a);
  engine_.restore(before);
  return r;
}

Applied Prober::apply(const Action& a) {
  return run(a);
}

}  // namespace umpire::sabreur::simulate
