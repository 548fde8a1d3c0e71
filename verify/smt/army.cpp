// Army lists as linear integer constraints: an army of D divisions, each
// division a count per unit of the list; constraints marked `per division`
// hold in every division, the others on the whole army (the evaluator checks
// a per-division constraint on the counts of the division it is given).
#include <fmt/core.h>

#include "verify/smt/z3_impl.hpp"

namespace umpire::verify {

using namespace umpire::rules;

namespace {

std::int64_t points_of(const Ruleset& rs, std::uint32_t profile) {
  const Profile& p = rs.profiles[profile];
  auto field = rs.records[p.record].find("points");
  if (!field || p.values[*field].kind != Val::Kind::integer) return 0;
  return p.values[*field].number;
}

}  // namespace

std::optional<Army> SmtModel::army(std::uint32_t list_id, const ArmyQuery& q, SmtStatus* status) {
  Impl& m = *impl_;
  const Ruleset& rs = m.rs;
  const ArmyList& list = rs.army_lists.at(list_id);
  // On the model's solver, in a scope of its own: the army's variables and
  // constraints are gone after the query.
  z3::solver& opt = m.base_solver();
  opt.push();
  struct Pop {
    z3::solver& s;
    ~Pop() {
      try {
        s.pop();
      } catch (const z3::exception&) {  // a destructor must not throw; the query already failed
      }
    }
  } pop{opt};
  const std::size_t n = list.units.size();
  const auto divisions = static_cast<std::size_t>(std::max<std::int64_t>(q.divisions, 1));
  std::vector<std::vector<z3::expr>> c(divisions);
  for (std::size_t d = 0; d < divisions; ++d) {
    for (std::size_t u = 0; u < n; ++u) {
      z3::expr x = m.ctx.int_const(fmt::format("army:{}:{}:{}", list_id, d, u).c_str());
      opt.add(x >= 0 && x <= m.int_const(q.max_per_unit));
      c[d].push_back(x);
    }
  }
  std::vector<z3::expr> total;
  for (std::size_t u = 0; u < n; ++u) {
    z3::expr sum = m.int_const(0);
    for (std::size_t d = 0; d < divisions; ++d) sum = sum + c[d][u];
    total.push_back(sum);
  }
  // The count of profile `profile` in `counts` (0 when not a unit of the list).
  auto count_of = [&](const std::vector<z3::expr>& counts, std::uint32_t profile) {
    for (std::size_t u = 0; u < n; ++u) {
      if (list.units[u] == profile) return counts[u];
    }
    return m.int_const(0);
  };
  auto amount = [&](const Amount& a, const std::vector<z3::expr>& counts) {
    const std::vector<std::uint32_t>& sel = a.all ? list.units : a.profiles;
    z3::expr sum = m.int_const(0);
    switch (a.kind) {
      case Amount::Kind::constant:
        return m.int_const(a.value);
      case Amount::Kind::divisions:
        return m.int_const(static_cast<std::int64_t>(divisions));
      case Amount::Kind::count:
        for (std::uint32_t pr : sel) sum = sum + count_of(counts, pr);
        return sum;
      case Amount::Kind::points:
      case Amount::Kind::total_points:
        for (std::uint32_t pr : a.kind == Amount::Kind::total_points ? list.units : sel) {
          sum = sum + count_of(counts, pr) * m.int_const(points_of(rs, pr));
        }
        return sum;
      default:
        m.note_not_encoded(list.span, "an army-list amount");
        return m.int_const(0);
    }
  };
  auto holds = [&](const Constraint& k, const std::vector<z3::expr>& counts) {
    z3::expr l = amount(k.lhs, counts), r = amount(k.rhs, counts);
    if (k.rhs_kind == Constraint::Rhs::percent) {
      l = l * m.int_const(100);
      r = r * m.int_const(k.percent);
    } else if (k.rhs_kind == Constraint::Rhs::per_every) {
      // "per M" counts complete blocks (floor), "per started M" begun ones
      // (ceiling), as the evaluator does; the amounts are never negative.
      const z3::expr every = m.int_const(k.every);
      const z3::expr blocks =
          k.round_up ? z3::expr((r + every - m.int_const(1)) / every) : z3::expr(r / every);
      r = m.int_const(k.count) * (k.every > 0 ? blocks : r);
      if (k.every <= 0) m.note_not_encoded(k.span, "'per' with a zero divisor");
    }
    switch (k.op) {
      case CmpOp::eq:
        return l == r;
      case CmpOp::ne:
        return l != r;
      case CmpOp::lt:
        return l < r;
      case CmpOp::le:
        return l <= r;
      case CmpOp::gt:
        return l > r;
      case CmpOp::ge:
        return l >= r;
    }
    return m.ctx.bool_val(true);
  };
  // Under `illegal_under`, some constraint that applies there is broken.
  z3::expr_vector broken(m.ctx);
  for (std::size_t ki = 0; ki < list.constraints.size(); ++ki) {
    const Constraint& k = list.constraints[ki];
    if (!q.enabled.empty() && (ki >= q.enabled.size() || !q.enabled[ki])) continue;
    z3::expr when = m.ctx.bool_val(true);
    if (k.when) {
      SVal w = m.encode(*k.when);
      when = w.v && !w.none && !m.err(w);
    }
    z3::expr met = m.ctx.bool_val(true);
    if (k.per_division) {
      for (std::size_t d = 0; d < divisions; ++d) met = met && holds(k, c[d]);
    } else {
      met = holds(k, total);
    }
    opt.add(z3::implies(when, met));
    if (q.illegal_under) {
      z3::expr_vector from(m.ctx), to(m.ctx);
      from.push_back(m.switch_vars.at(q.illegal_under->first));
      to.push_back(m.int_const(q.illegal_under->second));
      z3::expr when_there = when;
      broken.push_back(when_there.substitute(from, to) && !met);
    }
  }
  if (q.illegal_under) opt.add(z3::mk_or(broken));
  z3::expr points = m.int_const(0);
  for (std::size_t u = 0; u < n; ++u)
    points = points + total[u] * m.int_const(points_of(rs, list.units[u]));
  if (q.include_unit && *q.include_unit < n) opt.add(total[*q.include_unit] >= 1);
  for (const auto& [sw, option] : q.fixed_switches)
    opt.add(m.switch_vars.at(sw) == m.int_const(option));
  for (std::size_t d = 0; d < q.fixed_counts.size() && d < divisions; ++d) {
    for (std::size_t u = 0; u < q.fixed_counts[d].size() && u < n; ++u)
      opt.add(c[d][u] == m.int_const(q.fixed_counts[d][u]));
  }
  SmtStatus st = SmtStatus::unknown;
  z3::model model(m.ctx);
  if (q.minimise_points) {
    auto b = m.best(opt, points, false, 0, &st);
    if (b) model = b->model;
    if (b && !b->exact) st = SmtStatus::sat;  // an army, perhaps not the smallest
  } else {
    const z3::check_result r = opt.check();
    st = r == z3::sat ? SmtStatus::sat : r == z3::unsat ? SmtStatus::unsat : SmtStatus::unknown;
    if (st == SmtStatus::sat) model = opt.get_model();
  }
  if (status) *status = st;
  if (st != SmtStatus::sat) return std::nullopt;
  Army army;
  army.divisions = static_cast<std::int64_t>(divisions);
  for (std::size_t d = 0; d < divisions; ++d) {
    army.counts.emplace_back();
    for (std::size_t u = 0; u < n; ++u)
      army.counts[d].push_back(model.eval(c[d][u], true).get_numeral_int64());
  }
  for (const z3::expr& v : m.switch_vars)
    army.switches.push_back(static_cast<std::uint32_t>(model.eval(v, true).get_numeral_int64()));
  army.total_points = model.eval(points, true).get_numeral_int64();
  return army;
}

}  // namespace umpire::verify
