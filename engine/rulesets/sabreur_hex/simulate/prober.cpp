#include "engine/rulesets/sabreur_hex/simulate/prober.hpp"

namespace umpire::sabreur::simulate {

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
