// Rules whose conditions can hold together while their effects disagree.
// - obligations that cannot be met: for every action, each `must` that a
//   `cannot` (not lifted) forbids in a situation a game reaches; the
//   evaluator's verdict on the witness must be `conflict`. One finding per
//   `must`: the forbidding rules are its instances.
// - precedence between permissions: an exception (a `can` that lifts some
//   prohibitions of its action) and another prohibition of that action that
//   it does not lift, applying together: the text makes the exception and
//   does not say whether it reaches that prohibition too. (A `can` that
//   lifts nothing only says the action is possible; every prohibition still
//   applies to it, as the text means.)
// - precedence between values: two `set` entries of one stage applied in
//   turn (policy `all`) whose values differ; the later one silently wins.
#include <fmt/format.h>

#include <algorithm>

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
        const std::vector<Term> query{applies(m), applies(k), conflict, c.legal};
        const SmtStatus st = c.smt.check(query, &w);
        if (st == SmtStatus::unknown) {
          c.not_proved(c.item({ItemKind::permission, m}), fmt::format("{}:{}", pm.name, pk.name),
                       fmt::format("whether '{}' and '{}' can clash", pm.name, pk.name));
        }
        if (st != SmtStatus::sat) continue;
        Finding f = c.finding(Category::impossible_obligation, Severity::error,
                              fmt::format("{}:{}", pm.name, pk.name),
                              fmt::format("'{}' obliges '{}' where '{}' forbids it", pm.name,
                                          actions.values[a], pk.name));
        f.cause = fmt::format("impossible-obligation:{}:{}", c.rs.id, pm.name);
        f.action = fmt::format(
            "Say what a unit under '{}' does when it may not '{}' (here: '{}'): the obligation "
            "lapses, or the prohibition gives way.",
            pm.name, actions.values[a], pk.name);
        f.items.push_back(c.item({ItemKind::permission, m}));
        f.items.push_back(c.item({ItemKind::permission, k}));
        Support sup{std::vector<bool>(c.rs.givens.size()), std::vector<bool>(c.rs.switches.size())};
        if (pm.when) sup.merge(c.support.of_expr(*pm.when));
        if (pk.when) sup.merge(c.support.of_expr(*pk.when));
        w = c.typical(query, w, sup);
        f.witness = c.witness_lines(w, &sup);
        const Situation s = w.situation(c.rs);
        Evaluator ev(c.rs, s);
        auto verdict_now = ev.action(a);
        f.evidence = breakdown_lines(ev.breakdown());
        f.explanation = fmt::format(
            "In the witness situation, which a game reaches, one rule says the unit must '{}' and "
            "another says it "
            "cannot, and nothing in the text lifts the prohibition: the obligation cannot be met.",
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
          const std::vector<Term> query{c.smt.holds(c.smt.entry_applies(si, g, i)),
                                        c.smt.holds(c.smt.entry_applies(si, g, j)), differ,
                                        c.legal};
          const SmtStatus s = c.smt.check(query, &w);
          if (s == SmtStatus::unknown) {
            c.not_proved(c.entry_item(si, g, i), fmt::format("{}.{}:{}", st.name, a.name, b.name),
                         fmt::format("whether '{}' and '{}' can set different values together",
                                     a.name, b.name));
          }
          if (s != SmtStatus::sat) continue;
          Finding f = c.finding(
              Category::precedence, Severity::warning,
              fmt::format("{}.{}:{}", st.name, a.name, b.name),
              fmt::format("'{}' and '{}' both set '{}' in one situation, to different values",
                          a.name, b.name, st.name));
          f.action =
              fmt::format("Say which of '{}' and '{}' wins when both apply.", a.name, b.name);
          f.items.push_back(c.entry_item(si, g, i));
          f.items.push_back(c.entry_item(si, g, j));
          Support sup = c.support.of_stack(si);
          w = c.typical(query, w, sup);
          f.witness = c.witness_lines(w, &sup);
          const Situation sit = w.situation(c.rs);
          Evaluator ev(c.rs, sit);
          auto wa = a.when ? ev.eval(*a.when) : std::optional<Val>(Val::boolean(true));
          auto wb = b.when ? ev.eval(*b.when) : std::optional<Val>(Val::boolean(true));
          auto oa = ev.eval(a.operand);
          auto ob = ev.eval(b.operand);
          f.evidence = breakdown_lines(ev.breakdown());
          f.explanation = fmt::format(
              "Both entries apply in the witness situation and give {} and {}; the stage applies "
              "every entry in "
              "written order, so '{}' silently wins. If the text says which one counts, use a "
              "`first`, "
              "`most_penalising` or `most_favourable` stage, or make the conditions exclusive.",
              oa ? std::to_string(oa->number) : "?", ob ? std::to_string(ob->number) : "?", b.name);
          if (!wa || !wb || !oa || !ob || wa->number == 0 || wb->number == 0 ||
              oa->number == ob->number) {
            c.internal_error(f, "the evaluator does not apply both entries with different values");
            continue;
          }
          c.add(std::move(f));
        }
      }
    }
  }
}

// An exception (a `can` with `lifts`) and a prohibition of its action it
// does not lift, applying together: the evaluator lets the prohibition win,
// the text does not say so.
void can_versus_cannot(Context& c) {
  if (!c.rs.action_domain) return;
  const Domain& actions = c.rs.domains[*c.rs.action_domain];
  for (std::uint32_t a = 0; a < actions.values.size(); ++a) {
    std::vector<std::uint32_t> cans, cannots;
    for (std::uint32_t p : permissions_of(c.rs, a)) {
      const Permission& perm = c.rs.permissions[p];
      if (perm.modality == Modality::can && perm.when && !perm.lifts.empty()) cans.push_back(p);
      if (perm.modality == Modality::cannot) cannots.push_back(p);
    }
    auto applies = [&](std::uint32_t p) {
      const Permission& perm = c.rs.permissions[p];
      return perm.when ? c.smt.holds(c.smt.expr(*perm.when)) : c.smt.truth(true);
    };
    for (std::uint32_t y : cans) {
      const Permission& py = c.rs.permissions[y];
      for (std::uint32_t n : cannots) {
        const Permission& pn = c.rs.permissions[n];
        if (std::find(py.lifts.begin(), py.lifts.end(), n) != py.lifts.end()) continue;
        // A skill's own `can` and `cannot` are one rule's clauses.
        if (py.skill && pn.skill && *py.skill == *pn.skill) continue;
        const std::vector<Term> query{applies(y), applies(n), c.legal};
        Witness w;
        const SmtStatus st = c.smt.check(query, &w);
        if (st == SmtStatus::unknown) {
          c.not_proved(c.item({ItemKind::permission, y}), fmt::format("{}:{}", py.name, pn.name),
                       fmt::format("whether '{}' and '{}' can apply together", py.name, pn.name));
        }
        if (st != SmtStatus::sat) continue;
        Finding f = c.finding(
            Category::precedence, Severity::warning, fmt::format("{}:{}", py.name, pn.name),
            fmt::format("'{}' allows '{}' where '{}' forbids it, and neither says which wins",
                        py.name, actions.values[a], pn.name));
        f.action = fmt::format("Say whether a unit under both '{}' and '{}' may '{}'.", py.name,
                               pn.name, actions.values[a]);
        f.items.push_back(c.item({ItemKind::permission, y}));
        f.items.push_back(c.item({ItemKind::permission, n}));
        Support sup{std::vector<bool>(c.rs.givens.size()), std::vector<bool>(c.rs.switches.size())};
        if (py.when) sup.merge(c.support.of_expr(*py.when));
        if (pn.when) sup.merge(c.support.of_expr(*pn.when));
        w = c.typical(query, w, sup);
        f.witness = c.witness_lines(w, &sup);
        const Situation s = w.situation(c.rs);
        Evaluator ev(c.rs, s);
        auto on_y = ev.permission(y);
        auto on_n = ev.permission(n);
        (void)ev.action(a);
        f.evidence = breakdown_lines(ev.breakdown());
        std::vector<std::string> lifted;
        for (std::uint32_t l : py.lifts) lifted.push_back("'" + c.rs.permissions[l].name + "'");
        f.explanation = fmt::format(
            "'{}' is an exception: the text lifts {} for it. In the witness situation, which a "
            "game reaches, '{}' "
            "forbids the action too, and the text does not say whether the exception reaches it; "
            "the data lets the "
            "prohibition win.",
            py.name, fmt::join(lifted, ", "), pn.name);
        if (!on_y || !on_n || !*on_y || !*on_n) {
          c.internal_error(f, "the evaluator does not apply both permissions");
          continue;
        }
        c.add(std::move(f));
      }
    }
  }
}

}  // namespace

void analyse_contradictions(Context& c) {
  must_versus_cannot(c);
  can_versus_cannot(c);
  two_values(c);
}

}  // namespace umpire::verify
