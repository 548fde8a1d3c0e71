// Skill and special-rule interactions. A skill "matters" in a situation when
// removing it from its holder changes one of the stacks its effects enter
// or the verdict of one of the actions its permissions name. Proved with Z3:
// - a skill that never matters (points paid for nothing);
// - for each pair a unit may legally hold together, a skill that matters
//   alone but never next to the other (redundant pair);
// - a pair whose permissions together give a must/cannot conflict that
//   neither gives alone, on a unit holding no other skill.
// Triples: skill_triples.cpp, from the pairs this file leaves clean.
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

#include "verify/analyses/analysis.hpp"

namespace umpire::verify {

using namespace umpire::rules;

namespace {

struct Effects {
  std::vector<std::uint32_t> stacks;   // stacks its effects enter
  std::vector<std::uint32_t> actions;  // actions its permissions name
};

Effects effects_of(const Ruleset& rs, const Skill& s) {
  Effects e;
  for (const EffectRef& r : s.effects) {
    if (std::find(e.stacks.begin(), e.stacks.end(), r.stack) == e.stacks.end())
      e.stacks.push_back(r.stack);
  }
  for (std::uint32_t p : s.permissions) {
    const std::uint32_t a = rs.permissions[p].action;
    if (std::find(e.actions.begin(), e.actions.end(), a) == e.actions.end()) e.actions.push_back(a);
  }
  return e;
}

}  // namespace

void analyse_skill_pairs(Context& c) {
  const Ruleset& rs = c.rs;
  std::map<std::uint32_t, Term> stack_terms, verdicts;
  auto stack_term = [&](std::uint32_t k) {
    if (auto it = stack_terms.find(k); it != stack_terms.end()) return it->second;
    const Stack& st = rs.stacks[k];
    const Term start = st.base ? c.smt.expr(*st.base)
                               : c.smt.free_integer(st.name + ".start", st.type.lo, st.type.hi);
    return stack_terms[k] = c.smt.stack(k, start);
  };
  auto verdict = [&](std::uint32_t a) {
    if (auto it = verdicts.find(a); it != verdicts.end()) return it->second;
    return verdicts[a] = c.smt.action_verdict(a);
  };
  // matters(s): some effect of s changes something.
  std::vector<std::optional<Term>> matters(rs.skills.size());
  for (std::uint32_t s = 0; s < rs.skills.size(); ++s) {
    const Effects e = effects_of(rs, rs.skills[s]);
    std::optional<Term> any;
    auto changed = [&](Term t) {
      const Term without = c.smt.without_skill(t, s);
      const Term ok = c.smt.not_(c.smt.or_(c.smt.fails(t), c.smt.fails(without)));
      const Term d = c.smt.and_(ok, c.smt.not_(c.smt.eq(t, without)));
      any = any ? c.smt.or_(*any, d) : d;
    };
    for (std::uint32_t k : e.stacks) changed(stack_term(k));
    for (std::uint32_t a : e.actions) changed(verdict(a));
    matters[s] = any;
  }
  std::vector<bool> useful(rs.skills.size(), false);
  for (std::uint32_t s = 0; s < rs.skills.size(); ++s) {
    const Skill& skill = rs.skills[s];
    if (!matters[s]) continue;  // only re-rolls or nothing: not_encoded.cpp reports re-rolls
    const SmtStatus st = c.smt.check({c.smt.skill_held(s), c.legal, *matters[s]});
    if (st == SmtStatus::unknown) {
      c.not_proved(c.item({ItemKind::skill, s}), skill.name + ":matters",
                   fmt::format("whether '{}' ever changes anything", skill.name));
    }
    if (st != SmtStatus::unsat) {
      useful[s] = st == SmtStatus::sat;
      continue;
    }
    if (c.smt.check({c.smt.skill_held(s), c.legal}) == SmtStatus::unsat)
      continue;  // dead_rules.cpp
    Finding f = c.finding(skill.cost ? Category::cost_benefit : Category::skill_interaction,
                          skill.cost ? Severity::warning : Severity::note, skill.name,
                          fmt::format("'{}' never changes anything{}", skill.name,
                                      skill.cost ? ", yet it costs points" : ""));
    f.action = skill.cost ? fmt::format("Give '{}' an effect, or drop its cost.", skill.name)
                          : fmt::format("Say what '{}' changes, or drop it.", skill.name);
    f.items.push_back(c.item({ItemKind::skill, s}));
    f.explanation = fmt::format(
        "Proved over every legal situation: removing '{}' from its holder changes none of the "
        "stacks its effects "
        "enter and none of the verdicts its permissions take part in{}.",
        skill.name, skill.cost ? "; its cost buys nothing" : "");
    c.add(std::move(f));
  }
  // A skill that adds nothing next to others: one cause per such skill,
  // every skill that overrides it listed (one answer makes them exclusive);
  // two skills that override each other are one cause too.
  struct Redundant {
    Finding finding;
    std::uint32_t skill, next_to;
  };
  std::vector<Redundant> redundant;
  // Pairs with the same holder.
  for (std::uint32_t a = 0; a < rs.skills.size(); ++a) {
    for (std::uint32_t b = a + 1; b < rs.skills.size(); ++b) {
      const Skill& sa = rs.skills[a];
      const Skill& sb = rs.skills[b];
      if (sa.holder != sb.holder) continue;
      const Term both = c.smt.and_(c.smt.skill_held(a), c.smt.skill_held(b));
      Witness together;
      const SmtStatus legal_pair = c.smt.check({both, c.legal}, &together);
      if (legal_pair == SmtStatus::unknown) {
        c.not_proved(
            c.item({ItemKind::skill, a}), fmt::format("{}+{}:legal", sa.name, sb.name),
            fmt::format("whether a unit may hold '{}' and '{}' together", sa.name, sb.name));
      }
      if (legal_pair != SmtStatus::sat) continue;
      for (const auto& [x, y] : {std::pair{a, b}, std::pair{b, a}}) {
        if (!useful[x] || !matters[x]) continue;
        const SmtStatus overridden = c.smt.check({both, c.legal, *matters[x]});
        if (overridden == SmtStatus::unknown) {
          c.not_proved(c.item({ItemKind::skill, x}),
                       fmt::format("{}+{}:matters", rs.skills[y].name, rs.skills[x].name),
                       fmt::format("whether '{}' still matters next to '{}'", rs.skills[x].name,
                                   rs.skills[y].name));
        }
        if (overridden != SmtStatus::unsat) continue;
        const Skill& sx = rs.skills[x];
        const Skill& sy = rs.skills[y];
        Finding f = c.finding(
            Category::skill_interaction, Severity::warning, fmt::format("{}+{}", sy.name, sx.name),
            fmt::format("'{}' changes nothing on a unit that also has '{}'", sx.name, sy.name));
        f.cause = fmt::format("skill-interaction:{}:{}+{}", rs.id, std::min(sx.name, sy.name),
                              std::max(sx.name, sy.name));
        f.action = fmt::format(
            "Say whether '{}' adds anything to a unit that has '{}'{}, or forbid holding both.",
            sx.name, sy.name, sx.cost ? " (it is paid for)" : "");
        f.items.push_back(c.item({ItemKind::skill, x}));
        f.items.push_back(c.item({ItemKind::skill, y}));
        f.witness = c.witness_lines(together, nullptr);
        f.witness.erase(std::remove_if(f.witness.begin(), f.witness.end(),
                                       [&](const std::string& l) {
                                         return l.rfind(rs.givens[sx.holder].name + " =", 0) != 0;
                                       }),
                        f.witness.end());
        f.explanation = fmt::format(
            "Proved over every legal situation: '{}' matters on its own, but whenever '{}' is also "
            "held its effects "
            "are overridden{}. The witness is one legal unit holding both; the evaluator gives the "
            "same results "
            "with and without '{}' there.",
            sx.name, sy.name, sx.cost ? ", so its cost buys nothing on such a unit" : "", sx.name);
        // Evaluator: the stacks of x agree with and without x in the witness.
        Situation with = together.situation(rs);
        Witness w2 = together;
        if (w2.givens[sx.holder]) w2.givens[sx.holder]->bits &= ~(std::uint64_t{1} << sx.value);
        Situation without = w2.situation(rs);
        bool agree = true;
        for (std::uint32_t k : effects_of(rs, sx).stacks) {
          const Stack& st = rs.stacks[k];
          Evaluator e1(rs, with), e2(rs, without);
          std::int64_t start = std::clamp<std::int64_t>(0, st.type.lo, st.type.hi);
          if (st.base) {
            auto b1 = e1.eval(*st.base);
            start = b1 && b1->kind == Val::Kind::integer ? b1->number : start;
          }
          auto r1 = e1.apply_stack(k, start);
          auto r2 = e2.apply_stack(k, start);
          if (r1 && r2 && *r1 != *r2) agree = false;
          const auto lines = breakdown_lines(e1.breakdown());
          f.evidence.insert(f.evidence.end(), lines.begin(), lines.end());
        }
        if (!agree) {
          c.internal_error(f, "the evaluator gives different results with and without the skill");
          continue;
        }
        redundant.push_back(Redundant{std::move(f), x, y});
      }
      // A conflict only the pair creates.
      const Effects ea = effects_of(rs, sa), eb = effects_of(rs, sb);
      for (std::uint32_t act : ea.actions) {
        if (std::find(eb.actions.begin(), eb.actions.end(), act) == eb.actions.end()) continue;
        const Term v = verdict(act);
        const Term three = c.smt.constant(3);
        Witness w;
        // The pair alone: no other skill of the holder, so that a clash
        // needing a third skill is skill_triples.cpp's finding, not this one's.
        std::vector<Term> q{both, c.legal, c.smt.holds(c.smt.eq(v, three)),
                            c.smt.not_(c.smt.eq(c.smt.without_skill(v, a), three)),
                            c.smt.not_(c.smt.eq(c.smt.without_skill(v, b), three))};
        for (std::uint32_t other = 0; other < rs.skills.size(); ++other) {
          if (other != a && other != b && rs.skills[other].holder == sa.holder)
            q.push_back(c.smt.not_(c.smt.skill_held(other)));
        }
        const SmtStatus st = c.smt.check(q, &w);
        if (st == SmtStatus::unknown) {
          c.not_proved(
              c.item({ItemKind::skill, a}), fmt::format("{}+{}:{}:conflict", sa.name, sb.name, act),
              fmt::format("whether '{}' and '{}' together clash on an action", sa.name, sb.name));
        }
        if (st != SmtStatus::sat) continue;
        const std::string action = rs.domains[*rs.action_domain].values[act];
        Finding f = c.finding(
            Category::skill_interaction, Severity::error,
            fmt::format("{}+{}:{}", sa.name, sb.name, action),
            fmt::format("'{}' and '{}' together make action '{}' both required and forbidden",
                        sa.name, sb.name, action));
        f.action =
            fmt::format("Say which of '{}' and '{}' prevails on '{}'.", sa.name, sb.name, action);
        // The same cause as the obligation its `must` cannot meet
        // (contradictions.cpp), when one of the pair holds the `must`.
        for (std::uint32_t p : permissions_of(rs, act)) {
          const Permission& perm = rs.permissions[p];
          if (perm.modality == Modality::must && perm.skill &&
              (*perm.skill == a || *perm.skill == b)) {
            f.cause = fmt::format("impossible-obligation:{}:{}", rs.id, perm.name);
          }
        }
        f.items.push_back(c.item({ItemKind::skill, a}));
        f.items.push_back(c.item({ItemKind::skill, b}));
        f.witness = c.witness_lines(w, nullptr);
        const Situation s = w.situation(rs);
        Evaluator ev(rs, s);
        auto r = ev.action(act);
        f.evidence = breakdown_lines(ev.breakdown());
        f.explanation =
            "A unit may legally hold both, and then one of them requires the action while the "
            "other "
            "forbids it; neither does so alone. The text must say which prevails.";
        if (!r || r->verdict != Verdict::conflict) {
          c.internal_error(f, "the evaluator's verdict is not a conflict");
          continue;
        }
        c.add(std::move(f));
      }
    }
  }
  auto overrides = [&](std::uint32_t skill, std::uint32_t next_to) {
    return std::any_of(redundant.begin(), redundant.end(), [&](const Redundant& r) {
      return r.skill == skill && r.next_to == next_to;
    });
  };
  for (Redundant& r : redundant) {
    const Skill& sx = rs.skills[r.skill];
    if (overrides(r.next_to, r.skill)) continue;  // the pair's cause, set at the finding
    r.finding.cause = fmt::format("skill-interaction:{}:adds-nothing:{}", rs.id, sx.name);
    std::vector<std::string> holders;
    for (const Redundant& o : redundant) {
      if (o.skill == r.skill && !overrides(o.next_to, o.skill))
        holders.push_back(rs.skills[o.next_to].name);
    }
    if (holders.size() > 1)
      r.finding.action = fmt::format(
          "Say whether '{}' adds anything to a unit that has {}{}, or forbid holding it "
          "with them.",
          sx.name, fmt::format("'{}'", fmt::join(holders, "' or '")),
          sx.cost ? " (it is paid for)" : "");
  }
  for (Redundant& r : redundant) c.add(std::move(r.finding));
}

}  // namespace umpire::verify
