// Dead rules: conditions that can never hold given the domains and the
// skill prerequisites — stack entries, permissions, natural-face rules,
// `cases` arms (given the earlier arms fail) — and skills no unit may
// legally hold. Each is proved unsatisfiable; the unsat core over the
// condition's conjuncts (and the prerequisites) names the parts that
// exclude each other.
#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "engine/rules/describe.hpp"
#include "verify/analyses/analysis.hpp"

namespace umpire::verify {

using namespace umpire::rules;

namespace {

void conjuncts(const Expr& e, std::vector<const Expr*>& out) {
  if (e.kind == ExprKind::and_ && e.args.size() == 2) {
    conjuncts(e.args[0], out);
    conjuncts(e.args[1], out);
  } else {
    out.push_back(&e);
  }
}

// Reports `cond` (with `before`, the arms that must fail first) when it can
// never hold.
void check_condition(Context& c, const Expr& cond, const std::vector<const Expr*>& before,
                     FindingItem item, const std::string& id, const std::string& what,
                     bool prohibition = false) {
  std::vector<const Expr*> parts;
  conjuncts(cond, parts);
  std::vector<Term> named;
  for (const Expr* p : parts) named.push_back(c.smt.holds(c.smt.expr(*p)));
  for (const Expr* b : before) named.push_back(c.smt.holds(c.smt.not_(c.smt.expr(*b))));
  named.push_back(c.legal);
  const SmtStatus st = c.smt.check(named);
  if (st == SmtStatus::unknown)
    c.not_proved(item, id + ":dead", fmt::format("whether {} can hold", what));
  if (st != SmtStatus::unsat) return;
  // Which of the data's assumptions the condition needs to be dead: the
  // same query with each assumption on its own, and its unsat core.
  std::vector<Term> split(named.begin(), named.end() - 1);
  split.push_back(c.smt.legal_skills());
  const std::size_t first_assumption = split.size();
  const bool needs_assumptions = c.smt.check(split) == SmtStatus::sat;
  if (needs_assumptions) {
    for (std::uint32_t a = 0; a < c.rs.assumptions.size(); ++a)
      split.push_back(c.smt.assumption_holds(a));
  }
  const std::vector<std::size_t> core = c.smt.unsat_core(split);
  std::vector<std::uint32_t> assumed;
  for (std::size_t i : core) {
    if (i >= first_assumption) assumed.push_back(static_cast<std::uint32_t>(i - first_assumption));
  }
  if (!assumed.empty()) {
    // A prohibition of exactly what the assumptions say no game reaches is
    // the rule that makes them true (a roster check), not a dead rule.
    if (prohibition) {
      c.prove(fmt::format("{} forbids only situations the data's assumptions exclude", what));
      return;
    }
    // A rule of one text that another text's assumptions leave without a
    // case (a variant whose lists have none of the troops a base rule names)
    // is the variant's scope, not a defect of either text.
    const bool other_text = std::all_of(assumed.begin(), assumed.end(), [&](std::uint32_t a) {
      return c.rs.assumptions[a].span.file != cond.span.file;
    });
    if (other_text) {
      std::vector<std::string> names;
      for (std::uint32_t a : assumed) names.push_back("'" + c.rs.assumptions[a].name + "'");
      c.prove(
          fmt::format("{} has no case in this ruleset's games ({})", what, fmt::join(names, ", ")));
      return;
    }
  }
  std::vector<std::string> reasons;
  for (std::size_t i : core) {
    if (i < parts.size())
      reasons.push_back("'" + expr_text(c.rs, *parts[i]) + "'");
    else if (i < parts.size() + before.size())
      reasons.push_back("an earlier arm failing");
    else if (i < first_assumption)
      reasons.push_back("the skill prerequisites (allowed/requires/excludes)");
    else
      reasons.push_back(
          fmt::format("assumption '{}'", c.rs.assumptions[i - first_assumption].name));
  }
  Finding f =
      c.finding(Category::dead_rule, Severity::warning, id, fmt::format("{} can never hold", what));
  f.action = fmt::format("Say when {} applies: as written, no game reaches it.", what);
  f.items.push_back(std::move(item));
  f.explanation = fmt::format(
      "Proved over every legal situation: the condition '{}' is never true{}. The rule it guards "
      "never applies; "
      "either a value of a domain is misspelt or missing, or the condition contradicts the "
      "domains.",
      expr_text(c.rs, cond),
      reasons.empty() ? "" : fmt::format(" (unsat core: {})", fmt::join(reasons, " and ")));
  c.add(std::move(f));
}

void collect_cases(const Expr& e, std::set<const Expr*>& seen, std::vector<const Expr*>& out) {
  if (e.kind == ExprKind::cases && seen.insert(&e).second) out.push_back(&e);
  for (const Expr& a : e.args) collect_cases(a, seen, out);
}

}  // namespace

void analyse_dead_rules(Context& c) {
  const Ruleset& rs = c.rs;
  for (std::uint32_t si = 0; si < rs.stacks.size(); ++si) {
    for (std::uint32_t g = 0; g < rs.stacks[si].stages.size(); ++g) {
      for (std::uint32_t i = 0; i < rs.stacks[si].stages[g].entries.size(); ++i) {
        const Entry& e = rs.stacks[si].stages[g].entries[i];
        if (!e.when) continue;
        FindingItem item = c.entry_item(si, g, i);
        check_condition(c, *e.when, {}, item, item.name,
                        fmt::format("the condition of entry '{}'", item.name));
      }
    }
  }
  for (std::uint32_t p = 0; p < rs.permissions.size(); ++p) {
    if (!rs.permissions[p].when) continue;
    check_condition(c, *rs.permissions[p].when, {}, c.item({ItemKind::permission, p}),
                    rs.permissions[p].name,
                    fmt::format("the condition of permission '{}'", rs.permissions[p].name),
                    rs.permissions[p].modality == Modality::cannot);
  }
  for (std::uint32_t t = 0; t < rs.tests.size(); ++t) {
    for (std::uint32_t f = 0; f < rs.tests[t].faces.size(); ++f) {
      const Face& face = rs.tests[t].faces[f];
      if (!face.when) continue;
      FindingItem item = c.item({ItemKind::test, t});
      item.span = face.span;
      check_condition(
          c, *face.when, {}, item, fmt::format("{}.face{}", rs.tests[t].name, f + 1),
          fmt::format("the condition of face rule {} of test '{}'", f + 1, rs.tests[t].name));
    }
  }
  // Cases arms, wherever they are written.
  std::set<const Expr*> seen;
  std::vector<std::pair<const Expr*, ItemRef>> cases;
  auto scan = [&](const Expr& e, ItemRef owner) {
    std::vector<const Expr*> found;
    collect_cases(e, seen, found);
    for (const Expr* x : found) cases.emplace_back(x, owner);
  };
  for (std::uint32_t v = 0; v < rs.values.size(); ++v)
    scan(rs.values[v].expr, {ItemKind::value, v});
  for (std::uint32_t si = 0; si < rs.stacks.size(); ++si) {
    for (const Stage& stage : rs.stacks[si].stages) {
      for (const Entry& e : stage.entries) {
        if (e.when) scan(*e.when, {ItemKind::stack, si});
        scan(e.operand, {ItemKind::stack, si});
      }
    }
  }
  for (std::uint32_t t = 0; t < rs.tests.size(); ++t) scan(rs.tests[t].target, {ItemKind::test, t});
  for (const auto& [e, owner] : cases) {
    const std::size_t arms = (e->args.size() - 1) / 2;
    std::vector<const Expr*> before;
    for (std::size_t i = 0; i < arms; ++i) {
      FindingItem item = c.item(owner);
      item.span = e->args[2 * i].span;
      check_condition(c, e->args[2 * i], before, item,
                      fmt::format("{}.arm{}@{}", item.name, i + 1, e->span.begin),
                      fmt::format("arm {} of a 'cases' in '{}'", i + 1, item.name));
      before.push_back(&e->args[2 * i]);
    }
  }
  // Skills nobody may hold.
  for (std::uint32_t s = 0; s < rs.skills.size(); ++s) {
    const Skill& skill = rs.skills[s];
    const SmtStatus st = c.smt.check({c.smt.skill_held(s), c.legal});
    if (st == SmtStatus::unknown) {
      c.not_proved(c.item({ItemKind::skill, s}), skill.name + ":held",
                   fmt::format("whether a unit may hold '{}'", skill.name));
    }
    if (st != SmtStatus::unsat) continue;
    Finding f = c.finding(Category::dead_rule, Severity::warning, skill.name,
                          fmt::format("no unit may legally hold '{}'", skill.name));
    f.action = fmt::format("Say which units may hold '{}': its conditions exclude every unit.",
                           skill.name);
    f.items.push_back(c.item({ItemKind::skill, s}));
    f.explanation =
        "Proved over every legal situation: the skill's 'allowed' condition, or its 'requires' and "
        "'excludes' lists, can never be met, so its effects, permissions and cost never apply.";
    c.add(std::move(f));
  }
}

}  // namespace umpire::verify
