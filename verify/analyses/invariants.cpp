// Caps and invariants: each invariant the data declares ("a panicked unit's
// fire factor is 0", "in cover the factor is at most 3") is proved over
// every legal situation, or refuted with a witness. For an invariant of the
// form `P implies X <= k` (or >=, <, >, ==) the refutation also reports the
// worst stack: the extreme value of X under P, found by optimisation.
#include <fmt/format.h>

#include "verify/analyses/analysis.hpp"

namespace umpire::verify {

using namespace umpire::rules;

void analyse_invariants(Context& c) {
  for (const Root& root : c.roots()) {
    if (root.kind != RootKind::invariant) continue;
    const Invariant& inv = c.rs.invariants[root.index];
    Witness w;
    const Term violated = c.smt.holds(c.smt.not_(root.term));
    const SmtStatus st = c.smt.check({violated, c.legal}, &w);
    if (st == SmtStatus::unsat) {
      c.prove(fmt::format("invariant '{}' holds in every legal situation", inv.name));
      continue;
    }
    if (st == SmtStatus::unknown) {
      c.not_proved(root.item, inv.name,
                   fmt::format("invariant '{}' (neither proved nor refuted)", inv.name));
      continue;
    }
    Finding f = c.finding(Category::invariant_refuted, Severity::error, inv.name,
                          fmt::format("invariant '{}' does not hold in every situation", inv.name));
    f.items.push_back(root.item);
    f.action = fmt::format(
        "Give the floor or the condition that keeps '{}' true, or say that it may fail: the "
        "rules as written break it.",
        inv.name);
    Witness shown = c.typical({violated, c.legal}, w, root.support);
    // The worst stack: push the bounded quantity as far as the premise allows.
    const Expr& cond = inv.cond;
    if (cond.kind == ExprKind::implies && cond.args.size() == 2) {
      const Expr& cmp = cond.args[1];
      const bool upper = cmp.kind == ExprKind::le || cmp.kind == ExprKind::lt;
      const bool lower = cmp.kind == ExprKind::ge || cmp.kind == ExprKind::gt;
      if ((upper || lower || cmp.kind == ExprKind::eq) && cmp.args.size() == 2 &&
          cmp.args[0].type.numeric()) {
        const Term premise = c.smt.holds(c.smt.expr(cond.args[0]));
        const Term quantity = c.smt.expr(cmp.args[0]);
        const Term ok = c.smt.not_(c.smt.fails(quantity));
        auto best = c.smt.optimise(quantity, !lower, {premise, ok, violated, c.legal});
        if (best) {
          shown = best->witness;
          f.explanation = fmt::format(
              "Worst case found by optimisation: the quantity reaches {} when the premise "
              "holds. ",
              best->value);
        }
      }
    }
    f.witness = c.witness_lines(shown, &root.support);
    const Replay r = c.replay(root, shown.situation(c.rs));
    f.evidence = r.evidence;
    f.explanation +=
        "The invariant is what the data's author reads the text to guarantee; the stacks and "
        "tables "
        "as written allow a situation where it is false. The text sets no floor, cap or condition "
        "that "
        "keeps it, or the invariant claims more than the text.";
    if (r.failed || !r.value || r.value->number != 0) {
      c.internal_error(
          f, r.failed ? "the evaluator fails" : "the evaluator finds the invariant holds");
      continue;
    }
    c.add(std::move(f));
  }
}

}  // namespace umpire::verify
