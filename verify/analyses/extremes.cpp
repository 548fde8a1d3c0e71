// Extreme values of every modified quantity: each value computed through a
// modifier stack, and each stack with a base, is minimised and maximised
// over the legal situations where it is computed without error. Tests'
// scores needed are measured by tests.cpp. A reachable range narrower than
// the declared type is normal; these numbers are what rule writers compare
// with the text ("never more than 3").
#include <fmt/format.h>

#include "verify/analyses/analysis.hpp"

namespace umpire::verify {

using namespace umpire::rules;

namespace {

bool uses_stack(const Expr& e) {
  if (e.kind == ExprKind::with_stack) return true;
  for (const Expr& a : e.args) {
    if (uses_stack(a)) return true;
  }
  return false;
}

}  // namespace

void analyse_extremes(Context& c) {
  for (const Root& root : c.roots()) {
    const bool modified = (root.kind == RootKind::value && c.rs.values[root.index].type.numeric() &&
                           uses_stack(c.rs.values[root.index].expr)) ||
                          root.kind == RootKind::stack;
    if (!modified) continue;
    const Term ok = c.smt.not_(c.smt.fails(root.term));
    const Term some = c.smt.not_(c.smt.is_none(root.term));
    auto lo = c.smt.optimise(root.term, false, {ok, some, c.legal});
    auto hi = c.smt.optimise(root.term, true, {ok, some, c.legal});
    const Type& type =
        root.kind == RootKind::value ? c.rs.values[root.index].type : c.rs.stacks[root.index].type;
    Extreme e{c.rs.id, root.item.name, type_name(c.rs, type),
              type.lo, type.hi,        lo && hi && lo->exact && hi->exact};
    if (lo) e.min = lo->value;
    if (hi) e.max = hi->value;
    // Both ends are re-checked on the evaluator.
    for (const auto* o : {&lo, &hi}) {
      if (!*o) continue;
      const Replay r = c.replay(root, (*o)->witness.situation(c.rs));
      const std::int64_t got = r.number ? *r.number : (r.value ? r.value->number : 0);
      if (r.failed || got != (*o)->value) {
        Finding f = c.finding(Category::table_gap, Severity::error, root.item.name + ":extreme",
                              fmt::format("'{}' reaches {}", root.item.name, (*o)->value));
        f.items.push_back(root.item);
        f.witness = c.witness_lines((*o)->witness, &root.support);
        f.evidence = r.evidence;
        c.internal_error(
            f, r.failed ? "the evaluator fails" : fmt::format("the evaluator computes {}", got));
      }
    }
    c.report.extremes.push_back(e);
  }
}

}  // namespace umpire::verify
