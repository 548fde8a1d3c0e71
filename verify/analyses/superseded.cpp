// Superseded entries: an entry that can apply but never changes its stack's
// result — a later cap, `set` or limit always overrides it, or another entry
// of a `most_penalising`/`most_favourable` stage always beats it. Z3 proves
// that the stack with and without the entry agree in every legal situation
// (from its base, or from any start in its range when it has none); the
// evaluator replays a situation where the entry applies.
#include <fmt/format.h>

#include "verify/analyses/analysis.hpp"

namespace umpire::verify {

using namespace umpire::rules;

void analyse_superseded(Context& c) {
  for (std::uint32_t si = 0; si < c.rs.stacks.size(); ++si) {
    const Stack& st = c.rs.stacks[si];
    Term start = st.base ? c.smt.expr(*st.base)
                         : c.smt.free_integer(st.name + ".start", st.type.lo, st.type.hi);
    const Term with = c.smt.stack(si, start);
    for (std::uint32_t g = 0; g < st.stages.size(); ++g) {
      for (std::uint32_t i = 0; i < st.stages[g].entries.size(); ++i) {
        const Entry& e = st.stages[g].entries[i];
        const Term applies = c.smt.holds(c.smt.entry_applies(si, g, i));
        Witness w;
        if (c.smt.check({applies, c.legal}, &w) != SmtStatus::sat)
          continue;  // dead or open: dead_rules.cpp
        const Term without = c.smt.stack_without_entry(si, g, i, start);
        const Term ok = c.smt.not_(c.smt.or_(c.smt.fails(with), c.smt.fails(without)));
        const Term differ = c.smt.not_(c.smt.eq(with, without));
        const SmtStatus st2 = c.smt.check({applies, ok, differ, c.legal});
        if (st2 == SmtStatus::unknown) {
          c.not_proved(
              c.entry_item(si, g, i), fmt::format("{}.{}:superseded", st.name, e.name),
              fmt::format("whether entry '{}' of '{}' ever changes the result", e.name, st.name));
        }
        if (st2 != SmtStatus::unsat) continue;
        Finding f = c.finding(
            Category::superseded_entry, Severity::warning, fmt::format("{}.{}", st.name, e.name),
            fmt::format("entry '{}' of '{}' never changes the result", e.name, st.name));
        f.items.push_back(c.entry_item(si, g, i));
        f.items.push_back(c.item({ItemKind::stack, si}));
        Support sup = c.support.of_stack(si);
        f.witness = c.witness_lines(w, &sup);
        f.explanation = fmt::format(
            "Proved for every legal situation{}: whenever '{}' applies, the stack gives the same "
            "result without it "
            "(a later stage or a stronger entry of its stage overrides it). The witness is one "
            "situation where it "
            "applies. Either the entry is redundant, or its stage or order is not what the text "
            "says.",
            st.base ? "" : fmt::format(" and every start in {}", type_name(c.rs, st.type)), e.name);
        // The evaluator confirms the entry applies in the witness situation.
        const Situation s = w.situation(c.rs);
        Evaluator ev(c.rs, s);
        std::int64_t begin = 0;
        if (st.base) {
          auto b = ev.eval(*st.base);
          begin = b && b->kind == Val::Kind::integer ? b->number : 0;
        } else {
          begin = std::clamp<std::int64_t>(0, st.type.lo, st.type.hi);
        }
        auto when = e.when ? ev.eval(*e.when) : std::optional<Val>(Val::boolean(true));
        (void)ev.apply_stack(si, begin);
        f.evidence = breakdown_lines(ev.breakdown());
        if (!when || when->number == 0) {
          c.internal_error(f, "the evaluator does not apply the entry in the witness situation");
          continue;
        }
        c.add(std::move(f));
      }
    }
  }
}

}  // namespace umpire::verify
