// Contradictions: rules whose conditions can hold together while their
// effects disagree.
// - must vs cannot: for every action, each pair of a `must` and a `cannot`
//   (not lifted) that can apply at once; the evaluator's verdict on the
//   witness must be `conflict`.
// - two values for one quantity: two `set` entries of one stage applied in
//   turn (policy `all`) whose values differ; the later one silently wins.
#include <fmt/format.h>

#include "verify/analyses/analysis.hpp"

namespace umpire::verify {

using namespace umpire::rules;

namespace {

void must_versus_cannot(Context& c) {
  if (!c.rs.action_domain) return;
  const Domain& actions = c.rs.domains[*c.rs.action_domain];
  for (std::uint32_t a = 0; a < actions.values.size(); ++a) {
    std::vector<std::uint32_t> musts, cannots;
    for (std::uint32_t i = 0; i < c.rs.permissions.size(); ++i) {
      const Permission& p = c.rs.permissions[i];
      if (p.action != a) continue;
      if (p.modality == Modality::must) musts.push_back(i);
      if (p.modality == Modality::cannot) cannots.push_back(i);
    }
    if (musts.empty() || cannots.empty()) continue;
    const Term verdict = c.smt.action_verdict(a);
    const Term conflict = c.smt.holds(c.smt.eq(verdict, c.smt.constant(3)));
    auto applies = [&](std::uint32_t p) {
      const Permission& perm = c.rs.permissions[p];
      return perm.when ? c.smt.holds(c.smt.expr(*perm.when)) : c.smt.truth(true);
    };
    for (std::uint32_t m : musts) {
      for (std::uint32_t k : cannots) {
        Witness w;
        const Permission& pm = c.rs.permissions[m];
        const Permission& pk = c.rs.permissions[k];
        const SmtStatus st = c.smt.check({applies(m), applies(k), conflict, c.legal}, &w);
        if (st == SmtStatus::unknown) {
          c.not_proved(c.item({ItemKind::permission, m}), fmt::format("{}:{}", pm.name, pk.name),
                       fmt::format("whether '{}' and '{}' can clash", pm.name, pk.name));
        }
        if (st != SmtStatus::sat) continue;
        Finding f = c.finding(Category::contradiction, Severity::error, fmt::format("{}:{}", pm.name, pk.name),
                              fmt::format("'{}' and '{}' can both apply: action '{}' is required and forbidden at once",
                                          pm.name, pk.name, actions.values[a]));
        f.items.push_back(c.item({ItemKind::permission, m}));
        f.items.push_back(c.item({ItemKind::permission, k}));
        Support sup{std::vector<bool>(c.rs.givens.size()), std::vector<bool>(c.rs.switches.size())};
        if (pm.when) sup.merge(c.support.of_expr(*pm.when));
        if (pk.when) sup.merge(c.support.of_expr(*pk.when));
        f.witness = c.witness_lines(w, &sup);
        const Situation s = w.situation(c.rs);
        Evaluator ev(c.rs, s);
        auto verdict_now = ev.action(a);
        f.evidence = breakdown_lines(ev.breakdown());
        f.explanation = fmt::format(
            "In the witness situation one rule says the unit must '{}' and another says it cannot, and nothing "
            "lifts the prohibition. The text needs a precedence here: make one condition exclude the other, or "
            "let the `can` that settles it lift the `cannot`.",
            actions.values[a]);
        if (!verdict_now || verdict_now->verdict != Verdict::conflict) {
          c.internal_error(f, "the evaluator's verdict is not a conflict");
          continue;
        }
        c.add(std::move(f));
      }
    }
  }
}

void two_values(Context& c) {
  for (std::uint32_t si = 0; si < c.rs.stacks.size(); ++si) {
    const Stack& st = c.rs.stacks[si];
    for (std::uint32_t g = 0; g < st.stages.size(); ++g) {
      const Stage& stage = st.stages[g];
      if (stage.policy != Policy::all) continue;
      for (std::uint32_t i = 0; i < stage.entries.size(); ++i) {
        if (stage.entries[i].op != OpKind::set) continue;
        for (std::uint32_t j = i + 1; j < stage.entries.size(); ++j) {
          if (stage.entries[j].op != OpKind::set) continue;
          const Entry& a = stage.entries[i];
          const Entry& b = stage.entries[j];
          const Term va = c.smt.expr(a.operand), vb = c.smt.expr(b.operand);
          const Term differ = c.smt.holds(c.smt.not_(c.smt.eq(va, vb)));
          Witness w;
          const SmtStatus s = c.smt.check({c.smt.holds(c.smt.entry_applies(si, g, i)),
                                           c.smt.holds(c.smt.entry_applies(si, g, j)), differ, c.legal},
                                          &w);
          if (s == SmtStatus::unknown) {
            c.not_proved(c.entry_item(si, g, i), fmt::format("{}.{}:{}", st.name, a.name, b.name),
                         fmt::format("whether '{}' and '{}' can set different values together", a.name, b.name));
          }
          if (s != SmtStatus::sat) continue;
          Finding f = c.finding(Category::contradiction, Severity::warning,
                                fmt::format("{}.{}:{}", st.name, a.name, b.name),
                                fmt::format("'{}' and '{}' both set '{}' in stage '{}', to different values",
                                            a.name, b.name, st.name, stage.name));
          f.items.push_back(c.entry_item(si, g, i));
          f.items.push_back(c.entry_item(si, g, j));
          Support sup = c.support.of_stack(si);
          f.witness = c.witness_lines(w, &sup);
          const Situation sit = w.situation(c.rs);
          Evaluator ev(c.rs, sit);
          auto wa = a.when ? ev.eval(*a.when) : std::optional<Val>(Val::boolean(true));
          auto wb = b.when ? ev.eval(*b.when) : std::optional<Val>(Val::boolean(true));
          auto oa = ev.eval(a.operand);
          auto ob = ev.eval(b.operand);
          f.evidence = breakdown_lines(ev.breakdown());
          f.explanation = fmt::format(
              "Both entries apply in the witness situation and give {} and {}; the stage applies every entry in "
              "written order, so '{}' silently wins. If the text says which one counts, use a `first`, "
              "`most_penalising` or `most_favourable` stage, or make the conditions exclusive.",
              oa ? std::to_string(oa->number) : "?", ob ? std::to_string(ob->number) : "?", b.name);
          if (!wa || !wb || !oa || !ob || wa->number == 0 || wb->number == 0 || oa->number == ob->number) {
            c.internal_error(f, "the evaluator does not apply both entries with different values");
            continue;
          }
          c.add(std::move(f));
        }
      }
    }
  }
}

}  // namespace

void analyse_contradictions(Context& c) {
  must_versus_cannot(c);
  two_values(c);
}

}  // namespace umpire::verify
