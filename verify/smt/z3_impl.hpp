#pragma once
// Internal to verify/smt/*.cpp (the only files that include z3++.h): the Z3
// side of SmtModel. Nothing outside verify/smt/ includes this header.
#include <z3++.h>

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "engine/rules/model.hpp"
#include "verify/smt/smt_model.hpp"

namespace umpire::verify {

// The evaluator's overflow bound: a sum or product the engine would refuse
// past it is constrained within it in the encoding too.
inline constexpr std::int64_t overflow_limit = 64 * rules::max_int;

// A rules value as Z3 terms. `v` is a Bool for booleans, an Int for
// integers, rolls, enumeration indices and profile ids; sets use `bits`.
// `fails` lists (site, condition): the evaluator stops first at that site
// exactly when the condition holds.
struct SVal {
  explicit SVal(z3::context& c) : v(c), none(c.bool_val(false)), any_fail(c.bool_val(false)) {}
  rules::TypeKind kind = rules::TypeKind::integer;
  z3::expr v;
  std::vector<z3::expr> bits;
  z3::expr none;
  // At most one entry per site (the conditions of one site are disjoint).
  std::vector<std::pair<std::uint32_t, z3::expr>> fails;
  // The disjunction of every condition in `fails`, kept up to date so that
  // sequencing stays linear in the size of the terms.
  z3::expr any_fail;
  void clear_fails() {
    fails.clear();
    any_fail = v.ctx().bool_val(false);
  }
  void copy_fails(const SVal& from) {
    fails = from.fails;
    any_fail = from.any_fail;
  }
  // Static bounds of an integer value, to leave out overflow checks that
  // cannot trigger.
  std::int64_t lo = -64 * rules::max_int, hi = 64 * rules::max_int;
};

// Boolean connectives that fold constants on the spot: cheaper than a
// simplify() of the whole term, which walks every node below it each time.
inline z3::expr and2(const z3::expr& a, const z3::expr& b) {
  if (a.is_true() || b.is_false()) return b;
  if (b.is_true() || a.is_false()) return a;
  return a && b;
}
inline z3::expr or2(const z3::expr& a, const z3::expr& b) {
  if (a.is_false() || b.is_true()) return b;
  if (b.is_false() || a.is_true()) return a;
  return a || b;
}
inline z3::expr not1(const z3::expr& a) {
  if (a.is_true()) return a.ctx().bool_val(false);
  if (a.is_false()) return a.ctx().bool_val(true);
  return !a;
}
inline z3::expr ite1(const z3::expr& c, const z3::expr& a, const z3::expr& b) {
  if (c.is_true()) return a;
  if (c.is_false()) return b;
  if (z3::eq(a, b)) return a;
  return z3::ite(c, a, b);
}

struct SmtModel::Impl {
  Impl(const rules::Ruleset& r, unsigned timeout, std::shared_ptr<z3::context> shared);

  const rules::Ruleset& rs;
  std::shared_ptr<z3::context> ctx_owner;
  z3::context& ctx;
  // An entry left out of its stack (stack, stage, entry), for stack_without_entry.
  std::optional<std::tuple<std::uint32_t, std::uint32_t, std::uint32_t>> disabled;
  // A stage applied in reverse written order (stack, stage), for stack_with_stage_reversed.
  std::optional<std::pair<std::uint32_t, std::uint32_t>> reversed;
  unsigned timeout_ms;
  std::vector<SVal> terms;  // Term ids
  std::vector<FailureSite> sites;
  std::map<std::pair<std::string, std::uint64_t>, std::uint32_t> site_ids;
  std::vector<NotEncoded> not_encoded;
  std::map<std::pair<std::uint32_t, std::uint32_t>, bool> not_encoded_seen;

  // Variables of the situation.
  std::vector<SVal> given_vars;
  std::vector<z3::expr> switch_vars;
  z3::expr_vector domain_constraints;

  std::map<const rules::Expr*, SVal> expr_cache;
  std::vector<std::optional<SVal>> value_cache;
  std::map<std::tuple<std::uint32_t, unsigned, std::int64_t>, SVal> stack_cache;
  std::vector<bool> value_busy;

  Term add(SVal s);
  std::uint32_t site_id(rules::Diag id, Span span, const std::string& what);
  void note_not_encoded(Span span, std::string what);

  // Encoding (encode_expr.cpp, encode_stack.cpp).
  SVal encode(const rules::Expr& e);
  SVal encode_uncached(const rules::Expr& e);
  SVal encode_value(std::uint32_t id);
  SVal encode_lookup(const rules::Expr& e);
  SVal encode_stack(std::uint32_t id, const SVal& start);
  SVal encode_test(std::uint32_t id);
  SVal literal(const rules::Type& type, const rules::Val& v);
  SVal int_val(z3::expr v, std::int64_t lo, std::int64_t hi);
  SVal bool_val(z3::expr v);

  z3::expr bool_const(bool b) { return ctx.bool_val(b); }
  z3::expr int_const(std::int64_t n) { return ctx.int_val(static_cast<int64_t>(n)); }
  // The disjunction of every failure condition.
  z3::expr err(const SVal& s) { return s.any_fail; }
  // `later` is computed after `first`: its failures count only when `first` succeeded.
  void sequence(SVal& into, const SVal& later);
  // The failures of `from`, counted only under `guard`.
  void add_guarded(SVal& into, const SVal& from, const z3::expr& guard);
  void add_site(SVal& into, rules::Diag id, Span span, const std::string& what,
                const z3::expr& cond);
  // A pseudo-site (absent_site): recorded in `fails`, never in any_fail.
  void add_absent(SVal& into, std::uint32_t site, const z3::expr& cond);
  // eval_int / eval_bool: a none is an error at `span`.
  void require_value(SVal& s, Span span);
  z3::expr as_int(const SVal& s);  // booleans as 0/1
  SVal ite(const z3::expr& c, const SVal& a, const SVal& b, const rules::Type& type);
  z3::expr same(const SVal& a, const SVal& b);
  SVal checked(SVal s, Span span);  // overflow site when the bounds allow it

  // Solving (solve.cpp). One solver per model, reused for every query:
  // each query is a push, its assertions, a check and a pop, so the domain
  // constraints are asserted (and internalised) once.
  std::unique_ptr<z3::solver> solver;
  std::size_t domain_asserted = 0;
  z3::solver& base_solver();
  std::optional<std::chrono::steady_clock::time_point> deadline;
  unsigned solver_timeout = 0;  // the wall-clock guard set on `solver`
  unsigned wall_guard_ms() const;
  void set_limits(unsigned wall_ms);  // the work bound and the wall-clock guard
  // Throws BudgetExhausted past the deadline; otherwise cuts the solver's
  // time limit to what is left of it. Called before every check.
  void check_budget();
  // The best value of `goal` on `s` as asserted (see solve.cpp); nullopt
  // when unsat or unknown at once.
  struct Best {
    std::int64_t value;
    z3::model model;
    bool exact;
  };
  std::optional<Best> best(z3::solver& s, const z3::expr& goal, bool maximise, std::int64_t bound,
                           SmtStatus* status);
  Witness witness_from(const z3::model& m) const;
  z3::expr_vector situation_equalities(const rules::Situation& s);
};

}  // namespace umpire::verify
