#include "engine/rulesets/sabreur_hex/simulate/prober.hpp"

namespace umpire::sabreur::simulate {

const replay::TracedOutcome* Applied::outcome(Check check) const {
  for (auto it = outcomes.rbegin(); it != outcomes.rend(); ++it)
    if (it->check == check) return &*it;
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
  // Clean or not is all it asks: the first violation or aspect not checked
  // answers it, and nothing is written.
  replay::EventChecker checker(scratch_, engine_.checks(), unchecked_,
                               replay::ReplayMode::follow_log, a.span, false, {});
  checker.refuse_at_first(true);
  bool clean = true;
  try {
    engine_.apply_action(a, checker);
    clean = !checker.refused();  // refused where the engine deferred it (DeferRefusal)
  } catch (const replay::Refused&) {
    clean = false;
  }
  scratch_.clear();
  engine_.restore(before);
  return clean;
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

bool Prober::legal_but_for(const Action& a, Check check) {
  ++probes_;
  const Engine::Snapshot before = engine_.snapshot();
  const std::size_t unchecked_before = unchecked_.total();
  replay::EventChecker checker(scratch_, engine_.checks(), unchecked_,
                               replay::ReplayMode::follow_log, a.span, false, {});
  engine_.apply_action(a, checker);
  const bool only =
      checker.violations() == 0 || (checker.violations() == 1 && checker.reported(check));
  const bool clean = only && unchecked_.total() == unchecked_before;
  scratch_.clear();
  engine_.restore(before);
  return clean;
}

std::vector<Applied> Prober::apply_sequence(const std::vector<Action>& seq, bool keep) {
  ++probes_;
  std::vector<Applied> out;
  if (!rules_ || seq.empty()) return out;
  DiagnosticEngine setup_diags(0);
  Engine scratch(engine_.setup(), seq, *rules_, setup_diags);
  if (setup_diags.has_errors()) return out;
  scratch.restore(engine_.snapshot());
  bool clean = true;
  for (std::size_t i = 0; i < seq.size(); ++i) {
    Applied r;
    const std::size_t unchecked_before = unchecked_.total();
    replay::EventChecker checker(scratch_, scratch.checks(), unchecked_,
                                 replay::ReplayMode::follow_log, seq[i].span, false, {});
    checker.trace_outcomes(&r.outcomes);
    scratch.dice_source().trace(&r.rolls);
    scratch.apply(i, checker);
    scratch.dice_source().trace(nullptr);
    r.violations = checker.violations();
    r.not_checked = unchecked_.total() - unchecked_before;
    clean = clean && r.clean();
    out.push_back(std::move(r));
  }
  scratch_.clear();
  if (keep && clean) engine_.restore(scratch.snapshot());
  return out;
}

}  // namespace umpire::sabreur::simulate
