// Order dependence: a stage whose entries apply "all, in written order"
// lists modifiers the way the text lists them, and the text gives no order
// inside such a list. Where the stage mixes operations that do not commute
// (a halving or doubling, a set, a cap or floor, next to additions), the
// result may depend on that order. Z3 compares the stage applied in written
// order and in reverse order, in a situation a game reaches; the evaluator
// confirms both results, the reverse one on a copy of the data with the
// stage's entries reversed.
#include <fmt/format.h>

#include <algorithm>

#include "verify/analyses/analysis.hpp"

namespace umpire::verify {

using namespace umpire::rules;

namespace {

bool commutes_with_addition(OpKind op) {
  return op == OpKind::add || op == OpKind::sub;
}

}  // namespace

void analyse_order_dependence(Context& c) {
  for (std::uint32_t si = 0; si < c.rs.stacks.size(); ++si) {
    const Stack& st = c.rs.stacks[si];
    for (std::uint32_t g = 0; g < st.stages.size(); ++g) {
      const Stage& stage = st.stages[g];
      if (stage.policy != Policy::all || stage.entries.size() < 2) continue;
      const bool mixed = std::any_of(stage.entries.begin(), stage.entries.end(),
                                     [](const Entry& e) { return !commutes_with_addition(e.op); });
      if (!mixed) continue;
      // A stack with no base starts where its user says: try a few starts
      // a reader recognises (none, the range's ends, its middle).
      std::vector<std::optional<std::int64_t>> starts;
      if (st.base)
        starts.push_back(std::nullopt);
      else {
        for (std::int64_t k : {std::clamp<std::int64_t>(0, st.type.lo, st.type.hi), st.type.lo,
                               st.type.hi, st.type.lo + (st.type.hi - st.type.lo) / 2}) {
          if (std::find(starts.begin(), starts.end(), std::optional<std::int64_t>(k)) ==
              starts.end())
            starts.push_back(k);
        }
      }
      Witness w;
      SmtStatus status = SmtStatus::unsat;
      std::vector<Term> query;
      std::int64_t from = 0;
      for (const auto& k : starts) {
        const Term start = k ? c.smt.constant(*k) : c.smt.expr(*st.base);
        const Term written = c.smt.stack(si, start);
        const Term reversed = c.smt.stack_with_stage_reversed(si, g, start);
        query = {c.legal, c.smt.not_(c.smt.fails(start)), c.smt.not_(c.smt.fails(written)),
                 c.smt.not_(c.smt.fails(reversed)), c.smt.not_(c.smt.eq(written, reversed))};
        status = c.smt.check(query, &w);
        if (k) from = *k;
        if (status != SmtStatus::unsat) break;
      }
      const FindingItem item = c.item({ItemKind::stack, si});
      if (status == SmtStatus::unknown) {
        c.not_proved(
            item, fmt::format("{}.{}:order", st.name, stage.name),
            fmt::format("whether the order of stage '{}' of '{}' matters", stage.name, st.name));
      }
      if (status != SmtStatus::sat) continue;
      const Support sup = c.support.of_stack(si);
      w = c.typical(query, w, sup);
      // The evaluator, in written order and on data with the stage reversed.
      const Situation s = w.situation(c.rs);
      Ruleset flipped = c.rs;
      std::reverse(flipped.stacks[si].stages[g].entries.begin(),
                   flipped.stacks[si].stages[g].entries.end());
      const Situation sf = w.situation(flipped);
      Evaluator e1(c.rs, s), e2(flipped, sf);
      if (st.base) {
        auto b = e1.eval(*st.base);
        if (b && b->kind == Val::Kind::integer) from = b->number;
      }
      const auto r1 = e1.apply_stack(si, from), r2 = e2.apply_stack(si, from);
      std::vector<std::string> names;
      for (const Entry& e : stage.entries) names.push_back("'" + e.name + "'");
      Finding f = c.finding(
          Category::order_dependence, Severity::warning, fmt::format("{}.{}", st.name, stage.name),
          fmt::format("'{}' gives {} with {} applied in the order written, {} in the reverse order",
                      st.name, r1 ? std::to_string(*r1) : "?", fmt::join(names, ", "),
                      r2 ? std::to_string(*r2) : "?"));
      f.action = fmt::format(
          "Say in which order the modifiers of '{}' apply (for example, halve before or after "
          "adding).",
          st.name);
      f.items.push_back(item);
      for (std::uint32_t i = 0; i < stage.entries.size(); ++i)
        f.items.push_back(c.entry_item(si, g, i));
      f.witness = c.witness_lines(w, &sup);
      if (!st.base) f.witness.push_back(fmt::format("start value = {}", from));
      f.evidence = breakdown_lines(e1.breakdown());
      f.explanation =
          "The text lists these modifiers without an order, and they do not commute: applied in "
          "the "
          "order the data happens to list them and in the reverse order, they give different "
          "results in "
          "the witness situation, which a game reaches.";
      if (!r1 || !r2 || *r1 == *r2) {
        c.internal_error(f, "the evaluator gives the same result in both orders");
        continue;
      }
      c.add(std::move(f));
    }
  }
}

}  // namespace umpire::verify
