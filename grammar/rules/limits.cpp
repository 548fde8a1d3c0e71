#include "grammar/rules/limits.hpp"

#include <boost/variant/apply_visitor.hpp>

#include "engine/core/input_limits.hpp"
#include "grammar/rules/diagnostics.hpp"

namespace umpire::rules {
namespace {

using namespace ast;

// Walks an item to every `cases`, stage, switch and table in it, stopping
// at the first limit passed.
class Walker {
 public:
  explicit Walker(DiagnosticEngine& diags) : diags_(diags) {}
  bool ok() const { return ok_; }

  // Items.
  void operator()(const PlainItem& item) { boost::apply_visitor(*this, item); }
  void operator()(const Override& o) { (*this)(o.item); }
  void operator()(const AddEntry& a) { entry(a.entry); }
  void operator()(const Remove&) {}
  void operator()(const RemoveEntry&) {}
  void operator()(const AddValues&) {}
  void operator()(const Intentional&) {}

  void operator()(const Domain&) {}
  void operator()(const Given&) {}
  void operator()(const Record&) {}
  void operator()(const Profile&) {}
  void operator()(const Switch& s) {
    if (s.options.size() > limits::switch_options)
      over(limits::switch_options, s.options[limits::switch_options], arms_id,
           "options in one switch", "an interpretation switch names the few readings of one rule");
  }
  void operator()(const Value& v) { cond(v.expr); }
  void operator()(const Table& t) {
    if (t.rows.size() > limits::table_rows)
      over(limits::table_rows, t.rows[limits::table_rows], rules::Diag::limit_rows,
           "rows in one table",
           "split the table, or key it by ranges ('1..6') and wildcards ('_') rather than value by "
           "value");
  }
  void operator()(const Modifiers& m) {
    if (m.base) expr(*m.base);
    for (const Stage& s : m.stages) {
      if (s.entries.size() > limits::stage_entries) {
        over(limits::stage_entries, s.entries[limits::stage_entries], arms_id,
             "entries in one stage of a stack",
             "split the stack into stages, or the modifiers into named values");
        return;
      }
      for (const Entry& e : s.entries) entry(e);
    }
  }
  void operator()(const Test& t) {
    if (t.count) expr(*t.count);
    expr(t.target);
    for (const Face& f : t.faces) {
      if (f.when) cond(*f.when);
    }
  }
  void operator()(const Skill& s) {
    for (const SkillClause& c : s.clauses) boost::apply_visitor(*this, c);
  }
  void operator()(const Permission& p) { (*this)(p.clause); }
  void operator()(const ArmyList& a) {
    for (const Constraint& c : a.constraints) {
      if (c.when) cond(*c.when);
    }
  }
  void operator()(const Invariant& i) { cond(i.cond); }
  void operator()(const Assume& a) { cond(a.cond); }
  void operator()(const Note&) {}

  // Skill clauses.
  void operator()(const CostClause& c) { expr(c.cost); }
  void operator()(const AllowedClause& c) { cond(c.cond); }
  void operator()(const RequiresClause&) {}
  void operator()(const EffectClause& c) { entry(c.entry); }
  void operator()(const PermClause& c) {
    if (c.when) cond(*c.when);
  }
  void operator()(const RerollClause& c) {
    if (c.when) cond(*c.when);
  }

  // Operands of expressions.
  void operator()(const RollLit&) {}
  void operator()(const IntLit&) {}
  void operator()(const BoolLit&) {}
  void operator()(const NoneLit&) {}
  void operator()(const Ident&) {}
  void operator()(const Path&) {}
  void operator()(const SetLit&) {}
  void operator()(const x3::forward_ast<MinMax>& m) {
    expr(m.get().a);
    expr(m.get().b);
  }
  void operator()(const x3::forward_ast<DivExpr>& d) { expr(d.get().a); }
  void operator()(const x3::forward_ast<Cases>& c) {
    const Cases& cases = c.get();
    if (cases.arms.size() > limits::case_arms) {
      over(limits::case_arms, cases.arms[limits::case_arms], arms_id, "arms in one 'cases'",
           "split the choice into named values, or make it a table");
      return;
    }
    for (const CaseArm& a : cases.arms) {
      cond(a.when);
      cond(a.then);
    }
    cond(cases.otherwise);
  }
  void operator()(const x3::forward_ast<Lookup>& l) {
    for (const Binding& b : l.get().bindings) expr(b.value);
  }
  void operator()(const x3::forward_ast<Expr>& e) { expr(e.get()); }
  void operator()(const x3::forward_ast<Negate>& n) {
    boost::apply_visitor(*this, n.get().operand);
  }
  // Conditions.
  void operator()(const Predicate& p) {
    expr(p.lhs);
    if (p.tail) expr(p.tail->rhs);
  }
  void operator()(const x3::forward_ast<NotCond>& n) {
    boost::apply_visitor(*this, n.get().operand);
  }
  void operator()(const x3::forward_ast<Cond>& c) { cond(c.get()); }

 private:
  static constexpr Diag arms_id = Diag::limit_arms;

  // Reports `what` past `limit` at `at`, the first element beyond it.
  void over(std::size_t limit, const Node& at, Diag id, std::string_view what,
            std::string_view hint) {
    ok_ = false;
    diags_.report(id, at.span, "more than {} {}", limit, what)
        .note(
            "the limit keeps the cost of checking and verifying the data bounded "
            "(docs/rules-format.md § Limits)")
        .hint("{}", hint);
  }

  // Chains (`a + b + ...`, `a and b and ...`) are bounded by the resolver
  // (limits::operands); only what may hold a `cases` is walked here.
  void expr(const Expr& e) {
    term(e.first);
    for (const SignedTerm& t : e.rest) term(t.term);
  }
  void term(const Term& t) {
    if (ok_) boost::apply_visitor(*this, t.first);
  }
  void cond(const Cond& c) {
    disj(c.lhs);
    if (c.implies) disj(*c.implies);
  }
  void disj(const Disj& d) {
    for (const Conj& c : d.parts) {
      for (const CondAtom& a : c.parts) {
        if (ok_) boost::apply_visitor(*this, a);
      }
    }
  }
  void entry(const Entry& e) {
    if (const auto* op = boost::get<ExprOp>(&e.op.get())) expr(op->operand);
    if (e.when) cond(*e.when);
  }

  DiagnosticEngine& diags_;
  bool ok_ = true;
};

}  // namespace

bool within_limits(const ast::Item& item, DiagnosticEngine& diags) {
  Walker walker(diags);
  boost::apply_visitor(walker, item);
  return walker.ok();
}

}  // namespace umpire::rules
