// The shared part of the analyses: supports, roots, replays on the
// evaluator, finding construction.
#include <fmt/format.h>

#include "grammar/rules/diagnostics.hpp"
#include "verify/analyses/analysis.hpp"

namespace umpire::verify {

using namespace umpire::rules;

void Support::merge(const Support& other) {
  for (std::size_t i = 0; i < givens.size() && i < other.givens.size(); ++i)
    givens[i] = givens[i] || other.givens[i];
  for (std::size_t i = 0; i < switches.size() && i < other.switches.size(); ++i) {
    switches[i] = switches[i] || other.switches[i];
  }
}

SupportIndex::SupportIndex(const Ruleset& rs)
    : rs_(rs),
      values_(rs.values.size()),
      stacks_(rs.stacks.size()),
      busy_values_(rs.values.size()),
      busy_stacks_(rs.stacks.size()) {}

void SupportIndex::walk(const Expr& e, Support& out) {
  switch (e.kind) {
    case ExprKind::given:
      out.givens.at(e.ref) = true;
      break;
    case ExprKind::switch_:
      out.switches.at(e.ref) = true;
      break;
    case ExprKind::value:
      out.merge(of_value(e.ref));
      break;
    case ExprKind::with_stack:
      out.merge(of_stack(e.ref));
      break;
    default:
      break;
  }
  for (const Expr& a : e.args) walk(a, out);
}

Support SupportIndex::of_expr(const Expr& e) {
  Support s{std::vector<bool>(rs_.givens.size()), std::vector<bool>(rs_.switches.size())};
  walk(e, s);
  return s;
}

Support SupportIndex::of_value(std::uint32_t id) {
  if (values_[id]) return *values_[id];
  if (busy_values_[id])
    return Support{std::vector<bool>(rs_.givens.size()), std::vector<bool>(rs_.switches.size())};
  busy_values_[id] = true;
  Support s = of_expr(rs_.values[id].expr);
  busy_values_[id] = false;
  values_[id] = s;
  return s;
}

Support SupportIndex::of_stack(std::uint32_t id) {
  if (stacks_[id]) return *stacks_[id];
  Support s{std::vector<bool>(rs_.givens.size()), std::vector<bool>(rs_.switches.size())};
  if (busy_stacks_[id]) return s;
  busy_stacks_[id] = true;
  const Stack& st = rs_.stacks[id];
  if (st.base) s.merge(of_expr(*st.base));
  for (const Stage& stage : st.stages) {
    for (const Entry& e : stage.entries) {
      if (e.when) s.merge(of_expr(*e.when));
      if (e.op == OpKind::add || e.op == OpKind::sub || e.op == OpKind::set ||
          e.op == OpKind::cap || e.op == OpKind::floor) {
        s.merge(of_expr(e.operand));
      }
    }
  }
  busy_stacks_[id] = false;
  stacks_[id] = s;
  return s;
}

Support SupportIndex::of_test(std::uint32_t id) {
  const Test& t = rs_.tests[id];
  Support s = of_expr(t.target);
  if (t.stack) s.merge(of_stack(*t.stack));
  if (t.count) s.merge(of_expr(*t.count));
  for (const Face& f : t.faces) {
    if (f.when) s.merge(of_expr(*f.when));
  }
  return s;
}

Context::Context(const Ruleset& r, SmtModel& m, Report& out)
    : rs(r), smt(m), report(out), legal(m.legal()), support(r) {}

FindingItem Context::item(ItemRef ref) const {
  return FindingItem{rs.name_of(ref), std::string(to_string(ref.kind)), rs.refs_of(ref),
                     rs.span_of(ref)};
}

FindingItem Context::entry_item(std::uint32_t stack, std::uint32_t stage,
                                std::uint32_t entry) const {
  const Stack& st = rs.stacks[stack];
  const Entry& e = st.stages[stage].entries[entry];
  std::string name = fmt::format("{}.{}", st.name, e.name);
  if (e.skill) name += fmt::format(" (skill {})", rs.skills[*e.skill].name);
  return FindingItem{name, "entry", e.refs.empty() ? st.refs : e.refs, e.span};
}

std::vector<Root> Context::roots() {
  if (roots_) return *roots_;
  std::vector<Root> out;
  auto add_root = [&](RootKind kind, std::uint32_t index, Term t, ItemRef ref, Support s) {
    out.push_back(Root{kind, index, t, item(ref), std::move(s)});
  };
  for (std::uint32_t i = 0; i < rs.values.size(); ++i) {
    add_root(RootKind::value, i, smt.value(i), {ItemKind::value, i}, support.of_value(i));
  }
  for (std::uint32_t i = 0; i < rs.tests.size(); ++i) {
    add_root(RootKind::test, i, smt.test_needed(i), {ItemKind::test, i}, support.of_test(i));
  }
  for (std::uint32_t i = 0; i < rs.stacks.size(); ++i) {
    // A stack without a base is only ever used from a start a test or a
    // `with` gives; those roots cover it.
    if (rs.stacks[i].base)
      add_root(RootKind::stack, i, smt.stack_from_base(i), {ItemKind::stack, i},
               support.of_stack(i));
  }
  for (std::uint32_t i = 0; i < rs.invariants.size(); ++i) {
    add_root(RootKind::invariant, i, smt.expr(rs.invariants[i].cond), {ItemKind::invariant, i},
             support.of_expr(rs.invariants[i].cond));
  }
  for (std::uint32_t i = 0; i < rs.permissions.size(); ++i) {
    if (!rs.permissions[i].when) continue;
    add_root(RootKind::permission, i, smt.expr(*rs.permissions[i].when), {ItemKind::permission, i},
             support.of_expr(*rs.permissions[i].when));
  }
  for (std::uint32_t i = 0; i < rs.skills.size(); ++i) {
    const Skill& s = rs.skills[i];
    if (s.allowed)
      add_root(RootKind::skill_allowed, i, smt.expr(*s.allowed), {ItemKind::skill, i},
               support.of_expr(*s.allowed));
    if (s.cost)
      add_root(RootKind::skill_cost, i, smt.expr(*s.cost), {ItemKind::skill, i},
               support.of_expr(*s.cost));
  }
  roots_ = out;
  return out;
}

Term Context::reached(Term t) {
  Term out = smt.truth(true);
  for (std::uint32_t id : smt.sites(t)) {
    if (smt.site(id).id == absent_site) out = smt.and_(out, smt.not_(smt.fails_at(t, id)));
  }
  return out;
}

std::vector<std::string> breakdown_lines(const std::vector<Step>& steps) {
  std::vector<std::string> out;
  for (const Step& s : steps) {
    std::string line(static_cast<std::size_t>(std::max(0, s.depth)) * 2, ' ');
    line += s.text;
    if (!s.refs.empty()) line += "  [" + s.refs.front().text() + "]";
    out.push_back(std::move(line));
  }
  return out;
}

Replay Context::replay(const Root& root, const Situation& s) {
  Evaluator ev(rs, s);
  Replay r;
  switch (root.kind) {
    case RootKind::value:
      r.value = ev.value(root.index);
      r.failed = !r.value;
      break;
    case RootKind::test:
      r.test = ev.test(root.index);
      r.failed = !r.test;
      if (r.test) r.number = r.test->needed;
      break;
    case RootKind::stack: {
      const Stack& st = rs.stacks[root.index];
      std::int64_t start = 0;
      if (st.base) {
        auto b = ev.eval(*st.base);
        if (!b || b->kind != Val::Kind::integer) {
          r.failed = true;
          if (b) {
            r.evidence = breakdown_lines(ev.breakdown());
            r.evidence.push_back(fmt::format("the base of '{}' is {}", st.name,
                                             b->is_none() ? "none" : "not a number"));
            r.error = EvalError{rules::Diag::eval_no_value,
                                fmt::format("the base of '{}' has no value here", st.name), "",
                                st.base->span};
            return r;
          }
          break;
        }
        start = b->number;
      }
      r.number = ev.apply_stack(root.index, start);
      r.failed = !r.number;
      break;
    }
    case RootKind::invariant: {
      auto b = ev.invariant(root.index);
      r.failed = !b;
      if (b) r.value = Val::boolean(*b);
      break;
    }
    case RootKind::permission: {
      auto b = ev.permission(root.index);
      r.failed = !b;
      if (b) r.value = Val::boolean(*b);
      break;
    }
    case RootKind::skill_allowed: {
      auto b = ev.skill_allowed(root.index);
      r.failed = !b;
      if (b) r.value = Val::boolean(*b);
      break;
    }
    case RootKind::skill_cost: {
      auto n = ev.skill_cost(root.index);
      r.failed = !n;
      r.number = n;
      break;
    }
  }
  r.error = ev.error();
  r.evidence = breakdown_lines(ev.breakdown());
  if (r.error)
    r.evidence.push_back(fmt::format("error [{}]: {}", id_of(r.error->id), r.error->message));
  return r;
}

Finding Context::finding(Category c, Severity severity, const std::string& id_detail,
                         std::string message) const {
  Finding f;
  f.category = c;
  f.severity = severity;
  f.ruleset = rs.id;
  f.id = fmt::format("{}:{}:{}", to_string(c), rs.id, id_detail);
  f.message = std::move(message);
  return f;
}

std::vector<std::string> Context::witness_lines(const Witness& w, const Support* sup) const {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < w.givens.size() && i < rs.givens.size(); ++i) {
    if (sup && !sup->givens[i]) continue;
    if (!w.givens[i]) continue;
    out.push_back(
        fmt::format("{} = {}", rs.givens[i].name, value_text(rs, rs.givens[i].type, *w.givens[i])));
  }
  for (std::size_t i = 0; i < w.switches.size() && i < rs.switches.size(); ++i) {
    if (sup && !sup->switches[i]) continue;
    // A reading at its default goes without saying.
    if (w.switches[i] == rs.switches[i].default_option) continue;
    out.push_back(
        fmt::format("{} = {}", rs.switches[i].name, rs.switches[i].options[w.switches[i]].name));
  }
  return out;
}

Witness Context::typical(const std::vector<Term>& assumptions, const Witness& w,
                         const Support& sup) {
  // A switch read by an assumption on the same givens bounds the witness
  // too: at its default reading, the witness is one the data's own reading
  // allows (an army within the cavalry limit as the default reads it).
  if (!assumption_supports_) {
    assumption_supports_.emplace();
    for (const Assumption& a : rs.assumptions)
      assumption_supports_->push_back(support.of_expr(a.cond));
  }
  std::vector<bool> switches = sup.switches;
  for (const Support& a : *assumption_supports_) {
    bool shared = false;
    for (std::size_t g = 0; g < a.givens.size() && g < sup.givens.size() && !shared; ++g)
      shared = a.givens[g] && sup.givens[g];
    if (!shared) continue;
    for (std::size_t i = 0; i < switches.size() && i < a.switches.size(); ++i)
      switches[i] = switches[i] || a.switches[i];
  }
  return smt.least_extreme(assumptions, w, sup.givens, switches);
}

void Context::add(Finding f) {
  for (const Finding& g : report.findings) {
    if (g.id == f.id) return;  // one finding per id
  }
  report.findings.push_back(std::move(f));
}

void Context::internal_error(const Finding& f, const std::string& why) {
  Finding e = f;
  e.category = Category::internal_error;
  e.severity = Severity::error;
  e.id = fmt::format("internal-error:{}", f.id);
  e.message = fmt::format("the evaluator does not confirm the witness of '{}': {}", f.id, why);
  e.explanation =
      "The translation to Z3 and the evaluator disagree on this situation: a bug in Umpire, not in "
      "the "
      "rules. Please report it with this output.";
  add(std::move(e));
}

void Context::not_proved(const FindingItem& item, const std::string& id_detail,
                         const std::string& what) {
  Finding f = finding(Category::not_proved, Severity::not_checked, id_detail,
                      fmt::format("not proved within {} ms: {}", smt.timeout_ms(), what));
  f.items.push_back(item);
  f.explanation =
      "The solver reached its time limit on this query, so the verifier neither found a witness "
      "nor "
      "proved there is none. Raise the limit with --timeout, or simplify the rules involved.";
  add(std::move(f));
}

void Context::prove(std::string what) {
  report.proofs.push_back(Proof{rs.id, std::move(what)});
}

}  // namespace umpire::verify
