// Skill triples: three skills a unit may hold together that require and
// forbid one action at once, where no pair among them does. Affordable
// because the search starts from pairs: two of the three must name the
// action in their permissions (a `must` and a `cannot` come from somewhere),
// and one query per such pair and action asks whether some further skill of
// the same holder completes a conflict neither of the two gives alone. Only
// the skills that solver witness holds are tried as the third, each with one
// exact query (the three held, no other skill of the holder, each of the
// three needed). Pairs already clashing are skill_pairs.cpp's findings and
// are not re-examined here.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <set>

#include "verify/analyses/analysis.hpp"

namespace umpire::verify {

using namespace umpire::rules;

namespace {

std::vector<std::uint32_t> triple_actions_of(const Ruleset& rs, const Skill& s) {
  std::vector<std::uint32_t> out;
  for (std::uint32_t p : s.permissions) {
    const std::uint32_t a = rs.permissions[p].action;
    if (std::find(out.begin(), out.end(), a) == out.end()) out.push_back(a);
  }
  return out;
}

// Pairs skill_pairs.cpp found clashing (error findings naming both skills).
std::set<std::pair<std::string, std::string>> clashing_pairs(const Report& report,
                                                             const std::string& ruleset) {
  std::set<std::pair<std::string, std::string>> out;
  for (const Finding& f : report.findings) {
    if (f.ruleset != ruleset || f.category != Category::skill_interaction ||
        f.severity != Severity::error)
      continue;
    if (f.items.size() != 2) continue;
    out.insert({f.items[0].name, f.items[1].name});
    out.insert({f.items[1].name, f.items[0].name});
  }
  return out;
}

}  // namespace

void analyse_skill_triples(Context& c) {
  const Ruleset& rs = c.rs;
  if (!rs.action_domain) return;
  const auto clashing = clashing_pairs(c.report, rs.id);
  auto clash = [&](std::uint32_t x, std::uint32_t y) {
    return clashing.contains({rs.skills[x].name, rs.skills[y].name});
  };
  std::set<std::array<std::uint32_t, 4>> reported;  // a, b, c sorted; action
  const Term conflict = c.smt.constant(3);
  for (std::uint32_t a = 0; a < rs.skills.size(); ++a) {
    for (std::uint32_t b = a + 1; b < rs.skills.size(); ++b) {
      if (rs.skills[a].holder != rs.skills[b].holder || clash(a, b)) continue;
      const std::uint32_t holder = rs.skills[a].holder;
      const auto aa = triple_actions_of(rs, rs.skills[a]), ab = triple_actions_of(rs, rs.skills[b]);
      for (std::uint32_t act : aa) {
        if (std::find(ab.begin(), ab.end(), act) == ab.end()) continue;
        const Term v = c.smt.action_verdict(act);
        auto needed = [&](std::uint32_t s) {
          return c.smt.not_(c.smt.eq(c.smt.without_skill(v, s), conflict));
        };
        // Some situation where a and b, with whatever else is held, conflict and both are needed.
        Witness w;
        const SmtStatus st = c.smt.check({c.smt.skill_held(a), c.smt.skill_held(b), c.legal,
                                          c.smt.holds(c.smt.eq(v, conflict)), needed(a), needed(b)},
                                         &w);
        if (st == SmtStatus::unknown) {
          c.not_proved(c.item({ItemKind::skill, a}),
                       fmt::format("{}+{}:{}:triple", rs.skills[a].name, rs.skills[b].name, act),
                       fmt::format("whether a third skill makes '{}' and '{}' clash",
                                   rs.skills[a].name, rs.skills[b].name));
        }
        if (st != SmtStatus::sat || !w.givens[holder]) continue;
        const std::uint64_t held = w.givens[holder]->bits;
        for (std::uint32_t t = 0; t < rs.skills.size(); ++t) {
          if (t == a || t == b || rs.skills[t].holder != holder) continue;
          if (!(held & (std::uint64_t{1} << rs.skills[t].value)) || clash(a, t) || clash(b, t))
            continue;
          std::array<std::uint32_t, 3> three{a, b, t};
          std::sort(three.begin(), three.end());
          if (!reported.insert({three[0], three[1], three[2], act}).second) continue;
          // Exactly these three held, each needed for the conflict.
          std::vector<Term> q{c.legal, c.smt.holds(c.smt.eq(v, conflict))};
          for (std::uint32_t s = 0; s < rs.skills.size(); ++s) {
            if (rs.skills[s].holder != holder) continue;
            const bool in = s == a || s == b || s == t;
            q.push_back(in ? c.smt.skill_held(s) : c.smt.not_(c.smt.skill_held(s)));
            if (in) q.push_back(needed(s));
          }
          Witness w3;
          const SmtStatus st3 = c.smt.check(q, &w3);
          const std::string names = fmt::format("{}+{}+{}", rs.skills[three[0]].name,
                                                rs.skills[three[1]].name, rs.skills[three[2]].name);
          const std::string action = rs.domains[*rs.action_domain].values[act];
          if (st3 == SmtStatus::unknown) {
            c.not_proved(c.item({ItemKind::skill, three[0]}),
                         fmt::format("{}:{}:conflict", names, action),
                         fmt::format("whether '{}' together clash on '{}'", names, action));
          }
          if (st3 != SmtStatus::sat) continue;
          Finding f = c.finding(
              Category::skill_interaction, Severity::error, fmt::format("{}:{}", names, action),
              fmt::format(
                  "'{}', '{}' and '{}' together make action '{}' both required and forbidden",
                  rs.skills[three[0]].name, rs.skills[three[1]].name, rs.skills[three[2]].name,
                  action));
          f.action = fmt::format("Say which of '{}', '{}' and '{}' prevails on '{}'.",
                                 rs.skills[three[0]].name, rs.skills[three[1]].name,
                                 rs.skills[three[2]].name, action);
          for (std::uint32_t s : three) f.items.push_back(c.item({ItemKind::skill, s}));
          f.witness = c.witness_lines(w3, nullptr);
          // The evaluator: a conflict with the three, none with any two of them.
          const Situation s3 = w3.situation(rs);
          Evaluator ev(rs, s3);
          auto r = ev.action(act);
          f.evidence = breakdown_lines(ev.breakdown());
          f.explanation =
              "A unit may legally hold all three, and then the action is both required and "
              "forbidden; no two of "
              "them do so in this situation, and no pair among them clashes anywhere. The text "
              "must say which "
              "prevails.";
          bool pairs_clean = true;
          for (std::uint32_t drop : three) {
            Witness w2 = w3;
            w2.givens[holder]->bits &= ~(std::uint64_t{1} << rs.skills[drop].value);
            const Situation s2 = w2.situation(rs);
            Evaluator e2(rs, s2);
            auto r2 = e2.action(act);
            pairs_clean = pairs_clean && r2 && r2->verdict != Verdict::conflict;
          }
          if (!r || r->verdict != Verdict::conflict || !pairs_clean) {
            c.internal_error(
                f, "the evaluator does not give a conflict with the three and none with two");
            continue;
          }
          c.add(std::move(f));
        }
      }
    }
  }
}

}  // namespace umpire::verify
