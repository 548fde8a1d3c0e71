#pragma once
// The translation of a ruleset to Z3, behind the project's own interface:
// nothing here includes z3++.h (only verify/smt/*.cpp do), so the analyses
// and the command line see terms as small handles.
//
// Each construct of engine/rules/model.hpp maps to a finite term with the
// evaluator's exact semantics (docs/verification.md § Translation):
// - a given is a variable bounded by its type (enumerations and profiles
//   as integer indices, sets as one boolean per value, `optional` as an
//   extra "is none" flag); a switch is a variable over its options;
// - every term carries, beside its value, the *failure sites* the evaluator
//   can stop at while computing it (no row in a complete table, a value or
//   stack outside its type, a `none` used as a number, an overflow), each
//   with the exact condition under which evaluation stops there first;
// - rounding is the evaluator's: `div N down` is the floor, `div N up` the
//   ceiling, for either sign.
// One SmtModel owns one Z3 context: use one model per thread.
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/core/span.hpp"
#include "engine/rules/evaluator.hpp"
#include "engine/rules/model.hpp"
#include "grammar/rules/diagnostics.hpp"

namespace umpire::verify {

// A term built by an SmtModel; only meaningful for the model that made it.
struct Term {
  std::uint32_t id = 0;
};

// The id of the pseudo-site of a lookup that reaches a table's absent
// entries (Table::absent): not an error, where no game computes.
inline constexpr rules::Diag absent_site = rules::Diag::eval_absent;

// Where the evaluator can stop with an error: its id and the rules text.
struct FailureSite {
  rules::Diag id;  // eval_no_row, eval_out_of_range, ...
  Span span;
  std::string what;  // "no row of 'break_test_chart'", "'fire_factor_mods' outside int 0..20"
};

// A construct the translation does not encode: reported, never skipped.
struct NotEncoded {
  Span span;
  std::string what;
};

// A concrete situation found by the solver.
struct Witness {
  std::vector<std::optional<rules::Val>> givens;  // one per given
  std::vector<std::uint32_t> switches;            // one option per switch
  rules::Situation situation(const rules::Ruleset& rs) const;
};

enum class SmtStatus : std::uint8_t { sat, unsat, unknown };

// Thrown by a query started after the model's deadline (set_deadline): the
// verification stops there and its report says it is partial.
class BudgetExhausted : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct Optimum {
  std::int64_t value = 0;
  Witness witness;
  bool exact = true;  // false: the solver gave up before proving nothing is better
};

// One army drawn up in divisions, as found for an army list.
struct Army {
  std::int64_t divisions = 0;
  std::vector<std::vector<std::int64_t>> counts;  // [division][unit of the list]
  std::vector<std::uint32_t> switches;
  std::int64_t total_points = 0;
};
struct ArmyQuery {
  std::int64_t divisions = 1;
  std::optional<std::size_t> include_unit;  // at least one of this unit of the list
  bool minimise_points = false;
  std::int64_t max_per_unit = 60;  // bound per unit and division, keeps the search finite
  std::vector<bool> enabled;       // constraints taken into account; empty: all
  std::vector<std::pair<std::uint32_t, std::uint32_t>>
      fixed_switches;  // (switch, option) read as given
  // (switch, option): the army breaks some constraint when that switch is
  // read at that option instead (the other fixed switches unchanged).
  std::optional<std::pair<std::uint32_t, std::uint32_t>> illegal_under;
  // An army given unit by unit ([division][unit of the list]): the query asks
  // whether it is legal (the property tests compare that with the evaluator).
  std::vector<std::vector<std::int64_t>> fixed_counts;
};

class SmtModel {
 public:
  explicit SmtModel(const rules::Ruleset& rs, unsigned timeout_ms = 20000);
  // A model of `rs` in the context of `other` (same thread): givens of the
  // same name and type are the same variables, so terms of both can be
  // compared (a variant against its base).
  SmtModel(const rules::Ruleset& rs, SmtModel& other);
  ~SmtModel();
  SmtModel(const SmtModel&) = delete;
  SmtModel& operator=(const SmtModel&) = delete;

  const rules::Ruleset& ruleset() const;
  unsigned timeout_ms() const;
  // No query starts after `deadline` (BudgetExhausted), and none runs past
  // it: its time limit is cut to what is left.
  void set_deadline(std::chrono::steady_clock::time_point deadline);

  // Terms of the rule data.
  Term expr(const rules::Expr& e);
  Term value(std::uint32_t id);
  Term stack(std::uint32_t id, Term start);
  Term stack_from_base(std::uint32_t id);  // its `base`, else 0
  // Stack `id` from `start` with the entries of one `all` stage applied in
  // reverse written order (their conditions still read in written order).
  Term stack_with_stage_reversed(std::uint32_t id, std::uint32_t stage, Term start);
  // Stack `id` from `start` with one entry left out.
  Term stack_without_entry(std::uint32_t id, std::uint32_t stage, std::uint32_t entry, Term start);
  // A fresh integer variable in lo..hi (a start value that any use may give).
  Term free_integer(const std::string& name, std::int64_t lo, std::int64_t hi);
  // A term of `other` (sharing this model's context) usable here.
  Term import(const SmtModel& other, Term t);
  Term test_needed(std::uint32_t id);  // the score the dice must reach (or not exceed)
  Term face_applies(std::uint32_t test, std::uint32_t face);
  Term action_verdict(std::uint32_t action_value);  // rules::Verdict as an integer
  Term entry_applies(std::uint32_t stack, std::uint32_t stage, std::uint32_t entry);
  // The situation is one a game can reach: every skill's `allowed`,
  // `requires` and `excludes` hold, and every `assume` of the data.
  Term legal();
  // Only the skills' `allowed`, `requires` and `excludes`, without the
  // data's assumptions.
  Term legal_skills();
  // Assumption `i` of the data holds (and can be computed).
  Term assumption_holds(std::uint32_t i);
  // The skill is in its holder's set.
  Term skill_held(std::uint32_t skill);

  // Building blocks for queries.
  Term constant(std::int64_t n);
  Term literal(const rules::Type& type, const rules::Val& v);
  Term truth(bool b);
  Term not_(Term a);
  Term and_(Term a, Term b);
  Term or_(Term a, Term b);
  Term eq(Term a, Term b);
  Term lt(Term a, Term b);
  Term le(Term a, Term b);
  Term is_none(Term a);
  // The two terms give different outcomes: one fails and the other does
  // not, or both succeed with different values (`none` included).
  Term differ(Term a, Term b);
  Term holds(Term a);  // a boolean term is true, and computed without error
  Term fails(Term a);  // computing it stops with an error
  std::vector<std::uint32_t> sites(Term a) const;
  Term fails_at(Term a, std::uint32_t site);
  const FailureSite& site(std::uint32_t id) const;
  // `a` with skill `skill` removed from its holder.
  Term without_skill(Term a, std::uint32_t skill);
  // `a` with the named given (of a bool or set type) replaced by a constant.
  Term with_given_false(Term a, std::uint32_t given);
  // `a` with a number or enumeration given read `delta` steps further
  // (the given's variable replaced by itself plus delta).
  Term with_given_shifted(Term a, std::uint32_t given, std::int64_t delta);
  // `a` read under one option of a switch (the switch replaced by it).
  Term with_switch(Term a, std::uint32_t sw, std::uint32_t option);
  // The variable of a given (its value as a term; a set given has none).
  Term given(std::uint32_t id);
  // Every given and switch lies in its domain. This model's own queries
  // assume it; a model sharing the context imports it to use this one's
  // variables (a base's givens whose domain the variant changes).
  Term domains();

  // Solving. Every query also assumes the givens lie in their domains.
  SmtStatus check(const std::vector<Term>& assumptions, Witness* witness = nullptr);
  // `assumptions` with this ruleset's givens and switches fixed as `at`
  // sets them; when they hold, the situation of `other` (a model sharing
  // this context) in the same solution: the base's side of a variant's
  // witness, whose givens of another type are other variables.
  SmtStatus check_at(const std::vector<Term>& assumptions, const Witness& at, const SmtModel& other,
                     Witness* other_witness);
  // The best value of `objective` under `assumptions`; nullopt when they
  // cannot hold (status unsat) or the solver gave up at once (unknown). A
  // timeout later in the search gives the best value found, not exact.
  std::optional<Optimum> optimise(Term objective, bool maximise,
                                  const std::vector<Term>& assumptions,
                                  SmtStatus* status = nullptr);
  // The least extreme situation like `w` that still satisfies
  // `assumptions`: switches at their default reading, flags off, sets empty
  // and numbers as near their typical value (0, or the nearest bound) as the
  // assumptions allow, tried in that order over the givens and switches
  // `relevant` marks (all when empty). Greedy and deterministic; one solver
  // query per step. Returns `w` itself when the solver gives up.
  Witness least_extreme(const std::vector<Term>& assumptions, const Witness& w,
                        const std::vector<bool>& relevant_givens,
                        const std::vector<bool>& relevant_switches);
  // Indices into `named` of a subset that cannot hold together; empty when
  // they can (or the solver gave up).
  std::vector<std::size_t> unsat_core(const std::vector<Term>& named);
  // The term's value in a concrete situation, as the evaluator would give it;
  // nullopt when the translation says evaluation fails there.
  std::optional<rules::Val> evaluate(Term a, const rules::Situation& situation);
  // The same for many terms at once (one solver call).
  std::vector<std::optional<rules::Val>> evaluate_all(const std::vector<Term>& terms,
                                                      const rules::Situation& situation);

  std::optional<Army> army(std::uint32_t list, const ArmyQuery& query, SmtStatus* status = nullptr);

  // Constructs met so far that the translation does not encode.
  const std::vector<NotEncoded>& not_encoded() const;

  struct Impl;

 private:
  Term legal_terms(bool with_assumptions);
  std::unique_ptr<Impl> impl_;
};

}  // namespace umpire::verify
