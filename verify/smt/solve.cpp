// Queries on the translation: satisfiability with a witness situation,
// optimisation, unsat cores, and evaluation of a term in a concrete
// situation (what the property tests compare with the evaluator).
#include <fmt/core.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <functional>
#include <limits>

#include "verify/smt/z3_impl.hpp"
#include "verify/verify.hpp"

namespace umpire::verify {

using namespace umpire::rules;

SmtModel::SmtModel(const Ruleset& rs, unsigned timeout_ms)
    : impl_(std::make_unique<Impl>(rs, timeout_ms, nullptr)) {}
SmtModel::SmtModel(const Ruleset& rs, SmtModel& other)
    : impl_(std::make_unique<Impl>(rs, other.impl_->timeout_ms, other.impl_->ctx_owner)) {}

Term SmtModel::import(const SmtModel& other, Term t) {
  return impl_->add(other.impl_->terms.at(t.id));
}
SmtModel::~SmtModel() = default;

const Ruleset& SmtModel::ruleset() const {
  return impl_->rs;
}
unsigned SmtModel::timeout_ms() const {
  return impl_->timeout_ms;
}
const std::vector<NotEncoded>& SmtModel::not_encoded() const {
  return impl_->not_encoded;
}
const FailureSite& SmtModel::site(std::uint32_t id) const {
  return impl_->sites.at(id);
}

Term SmtModel::constant(std::int64_t n) {
  return impl_->add(impl_->int_val(impl_->int_const(n), n, n));
}
Term SmtModel::literal(const Type& type, const Val& v) {
  return impl_->add(impl_->literal(type, v));
}
Term SmtModel::domains() {
  return impl_->add(impl_->bool_val(z3::mk_and(impl_->domain_constraints)));
}
Term SmtModel::truth(bool b) {
  return impl_->add(impl_->bool_val(impl_->ctx.bool_val(b)));
}

namespace {
// A boolean combination keeps the failures of both sides, in order.
SVal combine(SmtModel::Impl& m, z3::expr v, const SVal& a, const SVal* b) {
  SVal s = m.bool_val(v);
  m.sequence(s, a);
  if (b) m.sequence(s, *b);
  return s;
}
}  // namespace

Term SmtModel::not_(Term a) {
  const SVal& x = impl_->terms.at(a.id);
  return impl_->add(combine(*impl_, !x.v, x, nullptr));
}
Term SmtModel::and_(Term a, Term b) {
  const SVal x = impl_->terms.at(a.id), y = impl_->terms.at(b.id);
  return impl_->add(combine(*impl_, x.v && y.v, x, &y));
}
Term SmtModel::or_(Term a, Term b) {
  const SVal x = impl_->terms.at(a.id), y = impl_->terms.at(b.id);
  return impl_->add(combine(*impl_, x.v || y.v, x, &y));
}
Term SmtModel::eq(Term a, Term b) {
  const SVal x = impl_->terms.at(a.id), y = impl_->terms.at(b.id);
  return impl_->add(combine(*impl_, impl_->same(x, y), x, &y));
}
Term SmtModel::lt(Term a, Term b) {
  const SVal x = impl_->terms.at(a.id), y = impl_->terms.at(b.id);
  return impl_->add(combine(*impl_, impl_->as_int(x) < impl_->as_int(y), x, &y));
}
Term SmtModel::le(Term a, Term b) {
  const SVal x = impl_->terms.at(a.id), y = impl_->terms.at(b.id);
  return impl_->add(combine(*impl_, impl_->as_int(x) <= impl_->as_int(y), x, &y));
}
Term SmtModel::differ(Term a, Term b) {
  Impl& m = *impl_;
  const SVal x = m.terms.at(a.id), y = m.terms.at(b.id);
  const z3::expr fx = m.err(x), fy = m.err(y);
  return m.add(m.bool_val(fx != fy || (!fx && !fy && !m.same(x, y))));
}
Term SmtModel::is_none(Term a) {
  return impl_->add(impl_->bool_val(impl_->terms.at(a.id).none));
}
Term SmtModel::holds(Term a) {
  const SVal& x = impl_->terms.at(a.id);
  return impl_->add(impl_->bool_val(x.v && !x.none && !impl_->err(x)));
}
Term SmtModel::fails(Term a) {
  return impl_->add(impl_->bool_val(impl_->err(impl_->terms.at(a.id))));
}

std::vector<std::uint32_t> SmtModel::sites(Term a) const {
  std::vector<std::uint32_t> out;
  for (const auto& f : impl_->terms.at(a.id).fails) {
    if (std::find(out.begin(), out.end(), f.first) == out.end()) out.push_back(f.first);
  }
  return out;
}

Term SmtModel::fails_at(Term a, std::uint32_t site_id) {
  z3::expr_vector any(impl_->ctx);
  for (const auto& f : impl_->terms.at(a.id).fails) {
    if (f.first == site_id) any.push_back(f.second);
  }
  return impl_->add(impl_->bool_val(any.empty() ? impl_->ctx.bool_val(false) : z3::mk_or(any)));
}

namespace {
// z3::expr::substitute is not const: work on copies.
SVal substitute(SVal out, const z3::expr_vector& from, const z3::expr_vector& to) {
  out.v = out.v.substitute(from, to);
  out.none = out.none.substitute(from, to);
  for (z3::expr& b : out.bits) b = b.substitute(from, to);
  for (auto& f : out.fails) f.second = f.second.substitute(from, to);
  out.any_fail = out.any_fail.substitute(from, to);
  return out;
}
}  // namespace

Term SmtModel::without_skill(Term a, std::uint32_t skill) {
  const Skill& s = impl_->rs.skills.at(skill);
  const SVal& holder = impl_->given_vars.at(s.holder);
  z3::expr_vector from(impl_->ctx), to(impl_->ctx);
  if (s.value < holder.bits.size()) {
    from.push_back(holder.bits[s.value]);
    to.push_back(impl_->ctx.bool_val(false));
  }
  return impl_->add(substitute(impl_->terms.at(a.id), from, to));
}

Term SmtModel::with_given_false(Term a, std::uint32_t given) {
  const SVal& g = impl_->given_vars.at(given);
  z3::expr_vector from(impl_->ctx), to(impl_->ctx);
  if (g.v.is_bool() && g.v.is_const()) {
    from.push_back(g.v);
    to.push_back(impl_->ctx.bool_val(false));
  }
  for (const z3::expr& b : g.bits) {
    from.push_back(b);
    to.push_back(impl_->ctx.bool_val(false));
  }
  return impl_->add(substitute(impl_->terms.at(a.id), from, to));
}

Term SmtModel::with_switch(Term a, std::uint32_t sw, std::uint32_t option) {
  z3::expr_vector from(impl_->ctx), to(impl_->ctx);
  from.push_back(impl_->switch_vars.at(sw));
  to.push_back(impl_->int_const(option));
  return impl_->add(substitute(impl_->terms.at(a.id), from, to));
}

Term SmtModel::with_given_shifted(Term a, std::uint32_t given, std::int64_t delta) {
  const SVal& g = impl_->given_vars.at(given);
  z3::expr_vector from(impl_->ctx), to(impl_->ctx);
  if (!g.v.is_bool() && g.bits.empty()) {
    from.push_back(g.v);
    to.push_back(g.v + impl_->int_const(delta));
  }
  return impl_->add(substitute(impl_->terms.at(a.id), from, to));
}

Term SmtModel::given(std::uint32_t id) {
  return impl_->add(impl_->given_vars.at(id));
}

namespace {
std::atomic<std::size_t> memory_budget_bytes{0};

// The process's resident memory, from /proc (0 when it cannot be read).
std::size_t resident_bytes() {
  std::FILE* f = std::fopen("/proc/self/statm", "r");
  if (!f) return 0;
  unsigned long size = 0, resident = 0;
  const int read = std::fscanf(f, "%lu %lu", &size, &resident);
  std::fclose(f);
  return read == 2 ? static_cast<std::size_t>(resident) *
                         static_cast<std::size_t>(::sysconf(_SC_PAGESIZE))
                   : 0;
}
}  // namespace

void set_memory_budget(std::size_t megabytes) {
  memory_budget_bytes = megabytes * 1024 * 1024;
}

void SmtModel::set_deadline(std::chrono::steady_clock::time_point deadline) {
  impl_->deadline = deadline;
}

void SmtModel::Impl::check_budget() {
  if (const std::size_t limit = memory_budget_bytes.load(); limit > 0 && resident_bytes() > limit) {
    throw BudgetExhausted("the memory budget ran out");
  }
  if (!deadline || !solver) return;
  const auto now = std::chrono::steady_clock::now();
  if (now >= *deadline) throw BudgetExhausted("the time budget ran out");
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(*deadline - now).count();
  const unsigned limit =
      static_cast<unsigned>(std::min<long long>(wall_guard_ms(), std::max<long long>(1, left)));
  if (limit != solver_timeout) set_limits(limit);
}

// A query's work is bounded in Z3's resource units (`rlimit`), counted the
// same on every machine, so that what the solver finds, and the report,
// do not depend on the machine's load: `timeout_ms` buys
// kStepsPerMillisecond units each. Wall-clock time is only a guard against
// a solver that stops counting, at ten times as long; Z3's search also
// depends on the timeout it is given, which is why the guard is a fixed
// multiple rather than "none".
constexpr unsigned long long kStepsPerMillisecond = 5000;

unsigned SmtModel::Impl::wall_guard_ms() const {
  return static_cast<unsigned>(std::min<unsigned long long>(10ULL * timeout_ms, 3'600'000ULL));
}

void SmtModel::Impl::set_limits(unsigned wall_ms) {
  z3::params p(ctx);
  p.set("rlimit", static_cast<unsigned>(std::min<unsigned long long>(
                      kStepsPerMillisecond * timeout_ms, std::numeric_limits<unsigned>::max())));
  p.set("timeout", wall_ms);
  solver->set(p);
  solver_timeout = wall_ms;
}

z3::solver& SmtModel::Impl::base_solver() {
  if (!solver) {
    solver = std::make_unique<z3::solver>(ctx);
    set_limits(wall_guard_ms());
  }
  check_budget();
  // free_integer() can add domain constraints after the first query; every
  // query ends with a pop, so they go in at the base level.
  for (; domain_asserted < domain_constraints.size(); ++domain_asserted) {
    solver->add(domain_constraints[static_cast<int>(domain_asserted)]);
  }
  return *solver;
}

namespace {
SmtStatus status_of(z3::check_result r) {
  return r == z3::sat ? SmtStatus::sat : r == z3::unsat ? SmtStatus::unsat : SmtStatus::unknown;
}
// Pops the solver's scope however the query ends.
struct Scope {
  explicit Scope(z3::solver& s) : solver(s) { solver.push(); }
  ~Scope() {
    try {
      solver.pop();
    } catch (const z3::exception&) {  // a destructor must not throw; the query already failed
    }
  }
  Scope(const Scope&) = delete;
  Scope& operator=(const Scope&) = delete;
  z3::solver& solver;
};
}  // namespace

Witness SmtModel::Impl::witness_from(const z3::model& m) const {
  Witness w;
  for (std::size_t i = 0; i < rs.givens.size(); ++i) {
    const Given& g = rs.givens[i];
    const SVal& s = given_vars[i];
    if (g.type.optional && m.eval(s.none, true).is_true()) {
      w.givens.emplace_back(Val::none());
      continue;
    }
    switch (g.type.kind) {
      case TypeKind::boolean:
        w.givens.emplace_back(Val::boolean(m.eval(s.v, true).is_true()));
        break;
      case TypeKind::set: {
        std::uint64_t bits = 0;
        for (std::size_t b = 0; b < s.bits.size(); ++b) {
          if (m.eval(s.bits[b], true).is_true()) bits |= std::uint64_t{1} << b;
        }
        w.givens.emplace_back(Val::set(bits));
        break;
      }
      case TypeKind::enumeration:
        w.givens.emplace_back(
            Val::enumeration(static_cast<std::uint32_t>(m.eval(s.v, true).get_numeral_int64())));
        break;
      case TypeKind::profile:
        w.givens.emplace_back(
            Val::profile(static_cast<std::uint32_t>(m.eval(s.v, true).get_numeral_int64())));
        break;
      default:
        w.givens.emplace_back(Val::integer(m.eval(s.v, true).get_numeral_int64()));
        break;
    }
  }
  for (const z3::expr& v : switch_vars)
    w.switches.push_back(static_cast<std::uint32_t>(m.eval(v, true).get_numeral_int64()));
  return w;
}

Situation Witness::situation(const Ruleset& rs) const {
  Situation s(rs);
  for (std::size_t i = 0; i < givens.size(); ++i) {
    if (givens[i]) (void)s.set(static_cast<std::uint32_t>(i), *givens[i]);
  }
  for (std::size_t i = 0; i < switches.size(); ++i)
    s.set_switch(static_cast<std::uint32_t>(i), switches[i]);
  return s;
}

SmtStatus SmtModel::check(const std::vector<Term>& assumptions, Witness* witness) {
  z3::solver& s = impl_->base_solver();
  Scope scope(s);
  for (Term t : assumptions) s.add(impl_->terms.at(t.id).v);
  const SmtStatus st = status_of(s.check());
  if (st == SmtStatus::sat && witness) *witness = impl_->witness_from(s.get_model());
  return st;
}

SmtStatus SmtModel::check_at(const std::vector<Term>& assumptions, const Witness& at,
                             const SmtModel& other, Witness* other_witness) {
  z3::solver& s = impl_->base_solver();
  Scope scope(s);
  for (Term t : assumptions) s.add(impl_->terms.at(t.id).v);
  s.add(impl_->situation_equalities(at.situation(impl_->rs)));
  const SmtStatus st = status_of(s.check());
  if (st == SmtStatus::sat && other_witness)
    *other_witness = other.impl_->witness_from(s.get_model());
  return st;
}

std::optional<SmtModel::Impl::Best> SmtModel::Impl::best(z3::solver& s, const z3::expr& goal,
                                                         bool maximise, std::int64_t bound,
                                                         SmtStatus* status) {
  // Plain satisfiability checks on the shared solver instead of z3::optimize
  // (which rebuilds its own state for every query): find a model, then ask
  // for a strictly better one, galloping away from it and bisecting once a
  // bound is refused. `bound` (a static bound of the goal) closes the search.
  SmtStatus st = status_of(s.check());
  if (status) *status = st;
  if (st != SmtStatus::sat) return std::nullopt;
  auto value_in = [&](const z3::model& model) {
    const z3::expr v = model.eval(goal, true);
    return v.is_numeral() ? std::optional<std::int64_t>(v.get_numeral_int64()) : std::nullopt;
  };
  Best out{0, s.get_model(), true};
  const auto first = value_in(out.model);
  if (!first) return std::nullopt;
  out.value = *first;
  std::int64_t step = 1;
  bool bisect = false;
  while (maximise ? out.value < bound : out.value > bound) {
    const std::int64_t gap = maximise ? bound - out.value : out.value - bound;
    const std::int64_t move =
        bisect ? std::max<std::int64_t>(1, (gap + 1) / 2) : std::min(step, gap);
    const std::int64_t candidate = maximise ? out.value + move : out.value - move;
    check_budget();
    s.push();
    s.add(maximise ? goal >= int_const(candidate) : goal <= int_const(candidate));
    st = status_of(s.check());
    std::optional<std::int64_t> got;
    if (st == SmtStatus::sat) {
      z3::model better = s.get_model();
      got = value_in(better);
      if (got) {
        out.value = *got;
        out.model = better;
      }
    }
    s.pop();
    if (st == SmtStatus::unknown || (st == SmtStatus::sat && !got)) {
      out.exact = false;
      if (status) *status = SmtStatus::unknown;
      break;
    }
    if (st == SmtStatus::sat) {
      step *= 2;
    } else {
      bound = maximise ? candidate - 1 : candidate + 1;
      bisect = true;
    }
  }
  return out;
}

std::optional<Optimum> SmtModel::optimise(Term objective, bool maximise,
                                          const std::vector<Term>& assumptions, SmtStatus* status) {
  Impl& m = *impl_;
  z3::solver& s = m.base_solver();
  Scope scope(s);
  for (Term t : assumptions) s.add(m.terms.at(t.id).v);
  const SVal& obj = m.terms.at(objective.id);
  const bool boolean = obj.v.is_bool();
  const std::int64_t bound = maximise ? (boolean ? 1 : obj.hi) : (boolean ? 0 : obj.lo);
  auto b = m.best(s, m.as_int(obj), maximise, bound, status);
  if (!b) return std::nullopt;
  return Optimum{b->value, m.witness_from(b->model), b->exact};
}

namespace {
// The value a reader expects of a number when nothing says otherwise: none
// of it (a count, a distance, a modifier) where 0 is allowed; the least of
// a small ordinal that starts above 0 and spans more than a score could (a
// combat's round 1..50), whose middle no game comes near; else the middle
// of its range (a characteristic, a score: Leadership 2..10; an army's
// points 500..4000).
std::int64_t typical_number(const Type& t) {
  if (t.lo <= 0 && 0 <= t.hi) return 0;
  constexpr std::int64_t kScoreSpan = 20, kOrdinalMax = 100;
  if (t.hi - t.lo > kScoreSpan && t.hi <= kOrdinalMax) return t.lo;
  return t.lo + (t.hi - t.lo) / 2;
}
}  // namespace

Witness SmtModel::least_extreme(const std::vector<Term>& assumptions, const Witness& start,
                                const std::vector<bool>& relevant_givens,
                                const std::vector<bool>& relevant_switches) {
  Impl& m = *impl_;
  const Ruleset& rs = m.rs;
  z3::solver& s = m.base_solver();
  Scope scope(s);
  for (Term t : assumptions) s.add(m.terms.at(t.id).v);
  Witness w = start;
  bool gave_up = false;
  // Keeps every constraint of `cs` the situation can satisfy together with
  // everything kept so far: all at once when they can, else each half in
  // turn, down to single constraints (few queries when most can be kept).
  // The last model found becomes the witness. Returns the refused ones.
  std::function<std::vector<std::size_t>(const std::vector<z3::expr>&, std::size_t, std::size_t)>
      keep = [&](const std::vector<z3::expr>& cs, std::size_t from,
                 std::size_t to) -> std::vector<std::size_t> {
    if (from >= to) return {};
    std::vector<std::size_t> all;
    for (std::size_t k = from; k < to; ++k) all.push_back(k);
    if (gave_up) return all;
    m.check_budget();
    s.push();
    for (std::size_t k = from; k < to; ++k) s.add(cs[k]);
    const z3::check_result r = s.check();
    if (r == z3::sat) {
      const z3::model model = s.get_model();
      s.pop();
      for (std::size_t k = from; k < to; ++k) s.add(cs[k]);
      w = m.witness_from(model);
      return {};
    }
    s.pop();
    if (r == z3::unknown) {
      gave_up = true;
      return all;
    }
    if (to - from == 1) return all;
    const std::size_t mid = from + (to - from) / 2;
    std::vector<std::size_t> refused = keep(cs, from, mid);
    for (std::size_t k : keep(cs, mid, to)) refused.push_back(k);
    return refused;
  };
  auto relevant = [](const std::vector<bool>& mask, std::size_t i) {
    return mask.empty() || (i < mask.size() && mask[i]);
  };

  // Switches at their default reading, enumerations at their first value.
  std::vector<z3::expr> plain;
  for (std::size_t i = 0; i < m.switch_vars.size(); ++i) {
    if (relevant(relevant_switches, i))
      plain.push_back(m.switch_vars[i] == m.int_const(rs.switches[i].default_option));
  }
  for (std::size_t i = 0; i < rs.givens.size(); ++i) {
    if (relevant(relevant_givens, i) && rs.givens[i].type.kind == TypeKind::enumeration &&
        !(w.givens[i] && w.givens[i]->is_none())) {
      plain.push_back(m.given_vars[i].v == m.int_const(0));
    }
  }
  (void)keep(plain, 0, plain.size());

  // Numbers at their typical value; those that cannot be, as near as they can.
  std::vector<z3::expr> at_typical;
  std::vector<std::size_t> numbers;
  for (std::size_t i = 0; i < rs.givens.size(); ++i) {
    const Type& t = rs.givens[i].type;
    if (!relevant(relevant_givens, i) || !t.numeric() || !w.givens[i] || w.givens[i]->is_none())
      continue;
    numbers.push_back(i);
    at_typical.push_back(m.given_vars[i].v == m.int_const(typical_number(t)));
  }
  for (std::size_t k : keep(at_typical, 0, at_typical.size())) {
    if (gave_up) break;
    const std::size_t i = numbers[k];
    const SVal& g = m.given_vars[i];
    const std::int64_t typical = typical_number(rs.givens[i].type);
    const std::int64_t now = w.givens[i] ? w.givens[i]->number : typical;
    // The smallest distance from the typical value the situation allows:
    // bisect between 0 (refused) and the witness's distance (possible).
    std::int64_t refused = 0, possible = now > typical ? now - typical : typical - now;
    while (possible - refused > 1 && !gave_up) {
      const std::int64_t d = refused + (possible - refused) / 2;
      m.check_budget();
      s.push();
      s.add(g.v >= m.int_const(typical - d) && g.v <= m.int_const(typical + d));
      const z3::check_result r = s.check();
      s.pop();
      if (r == z3::sat)
        possible = d;
      else if (r == z3::unsat)
        refused = d;
      else
        gave_up = true;
    }
    // Below the typical value first, so that the choice is deterministic.
    const std::vector<z3::expr> below{g.v == m.int_const(typical - possible)};
    if (!keep(below, 0, 1).empty()) {
      const std::vector<z3::expr> above{g.v == m.int_const(typical + possible)};
      (void)keep(above, 0, 1);
    }
  }

  // Flags off, sets empty.
  std::vector<z3::expr> off;
  for (std::size_t i = 0; i < rs.givens.size(); ++i) {
    if (!relevant(relevant_givens, i)) continue;
    const Type& t = rs.givens[i].type;
    const SVal& g = m.given_vars[i];
    if (t.kind == TypeKind::boolean) off.push_back(!g.v);
    if (t.kind == TypeKind::set) {
      for (const z3::expr& bit : g.bits) off.push_back(!bit);
    }
  }
  (void)keep(off, 0, off.size());
  return gave_up ? start : w;
}

std::vector<std::size_t> SmtModel::unsat_core(const std::vector<Term>& named) {
  z3::solver& s = impl_->base_solver();
  Scope scope(s);
  z3::expr_vector indicators(impl_->ctx);
  for (std::size_t i = 0; i < named.size(); ++i) {
    z3::expr p = impl_->ctx.bool_const(fmt::format("core:{}", i).c_str());
    s.add(z3::implies(p, impl_->terms.at(named[i].id).v));
    indicators.push_back(p);
  }
  std::vector<std::size_t> out;
  if (s.check(indicators) != z3::unsat) return out;
  const z3::expr_vector core = s.unsat_core();
  for (int c = 0; c < static_cast<int>(core.size()); ++c) {
    for (int i = 0; i < static_cast<int>(indicators.size()); ++i) {
      if (z3::eq(core[c], indicators[i])) out.push_back(static_cast<std::size_t>(i));
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

z3::expr_vector SmtModel::Impl::situation_equalities(const Situation& situation) {
  z3::expr_vector eqs(ctx);
  for (std::size_t i = 0; i < rs.givens.size(); ++i) {
    const auto& v = situation.given(static_cast<std::uint32_t>(i));
    if (!v) continue;
    const SVal& g = given_vars[i];
    if (rs.givens[i].type.optional) eqs.push_back(g.none == ctx.bool_val(v->is_none()));
    if (v->is_none()) continue;
    if (!g.bits.empty()) {
      for (std::size_t b = 0; b < g.bits.size(); ++b)
        eqs.push_back(g.bits[b] == ctx.bool_val((v->bits >> b & 1U) != 0));
    } else if (g.v.is_bool()) {
      eqs.push_back(g.v == ctx.bool_val(v->number != 0));
    } else {
      eqs.push_back(g.v == int_const(v->number));
    }
  }
  for (std::size_t i = 0; i < switch_vars.size(); ++i) {
    eqs.push_back(switch_vars[i] ==
                  int_const(situation.switch_option(static_cast<std::uint32_t>(i))));
  }
  return eqs;
}

std::optional<Val> SmtModel::evaluate(Term a, const Situation& situation) {
  return evaluate_all({a}, situation).front();
}

std::vector<std::optional<Val>> SmtModel::evaluate_all(const std::vector<Term>& terms,
                                                       const Situation& situation) {
  std::vector<std::optional<Val>> out(terms.size());
  z3::solver& s = impl_->base_solver();
  Scope scope(s);
  s.add(impl_->situation_equalities(situation));
  if (s.check() != z3::sat) return out;
  const z3::model m = s.get_model();
  for (std::size_t i = 0; i < terms.size(); ++i) {
    const SVal& t = impl_->terms.at(terms[i].id);
    if (m.eval(impl_->err(t), true).is_true()) continue;
    if (m.eval(t.none, true).is_true()) {
      out[i] = Val::none();
      continue;
    }
    if (!t.bits.empty() || t.kind == TypeKind::set) {
      std::uint64_t bits = 0;
      for (std::size_t b = 0; b < t.bits.size(); ++b) {
        if (m.eval(t.bits[b], true).is_true()) bits |= std::uint64_t{1} << b;
      }
      out[i] = Val::set(bits);
      continue;
    }
    const z3::expr v = m.eval(t.v, true);
    if (v.is_bool()) {
      out[i] = Val::boolean(v.is_true());
      continue;
    }
    const std::int64_t n = v.get_numeral_int64();
    switch (t.kind) {
      case TypeKind::enumeration:
        out[i] = Val::enumeration(static_cast<std::uint32_t>(n));
        break;
      case TypeKind::profile:
        out[i] = Val::profile(static_cast<std::uint32_t>(n));
        break;
      default:
        out[i] = Val::integer(n);
        break;
    }
  }
  return out;
}

}  // namespace umpire::verify
