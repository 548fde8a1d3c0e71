#pragma once
// What every analysis shares: the ruleset, its translation, the report it
// adds to, the situations it may consider (skill prerequisites hold), and
// the "roots" — the items the engine evaluates on their own — with a way to
// replay each one on a witness with the engine's evaluator.
#include <optional>
#include <string>
#include <vector>

#include "engine/rules/evaluator.hpp"
#include "verify/findings.hpp"
#include "verify/smt/smt_model.hpp"

namespace umpire::verify {

// The givens and switches an item reads, directly or through values,
// stacks and tables.
struct Support {
  std::vector<bool> givens, switches;
  void merge(const Support& other);
};

class SupportIndex {
 public:
  explicit SupportIndex(const rules::Ruleset& rs);
  Support of_expr(const rules::Expr& e);
  Support of_value(std::uint32_t id);
  Support of_stack(std::uint32_t id);
  Support of_test(std::uint32_t id);

 private:
  void walk(const rules::Expr& e, Support& out);
  const rules::Ruleset& rs_;
  std::vector<std::optional<Support>> values_, stacks_;
  std::vector<bool> busy_values_, busy_stacks_;
};

enum class RootKind : std::uint8_t {
  value,
  test,
  stack,
  invariant,
  permission,
  skill_allowed,
  skill_cost
};

struct Root {
  RootKind kind = RootKind::value;
  std::uint32_t index = 0;
  Term term;
  FindingItem item;
  Support support;
};

// The evaluator's answer on a witness.
struct Replay {
  bool failed = false;
  std::optional<rules::EvalError> error;
  std::optional<rules::Val> value;     // value, invariant, permission, skill
  std::optional<std::int64_t> number;  // stack result, test score needed
  std::optional<rules::TestResult> test;
  std::vector<std::string> evidence;  // the breakdown
};

struct Context {
  Context(const rules::Ruleset& r, SmtModel& m, Report& out);

  const rules::Ruleset& rs;
  SmtModel& smt;
  Report& report;
  Term legal;
  SupportIndex support;

  std::vector<Root> roots();  // built once
  // The situations where evaluating `t` does not reach an entry a partial
  // table leaves out on purpose (Table::absent: "la cavalerie ne tire pas"):
  // no game computes there, so no finding is made of them.
  Term reached(Term t);
  Replay replay(const Root& root, const rules::Situation& s);

  Finding finding(Category c, Severity severity, const std::string& id_detail,
                  std::string message) const;
  // "name = value" for the givens and switches in `support` (all when null);
  // a switch at its default reading is left out.
  std::vector<std::string> witness_lines(const Witness& w, const Support* support) const;
  // The least extreme situation like `w` under `assumptions` (the finding's
  // own conditions and `legal`), over the givens and switches `support` marks
  // (SmtModel::least_extreme): what a reader recognises as a game.
  Witness typical(const std::vector<Term>& assumptions, const Witness& w, const Support& support);
  FindingItem item(rules::ItemRef ref) const;
  FindingItem entry_item(std::uint32_t stack, std::uint32_t stage, std::uint32_t entry) const;
  void add(Finding f);
  // Reports a finding whose witness the evaluator did not confirm.
  void internal_error(const Finding& f, const std::string& why);
  void prove(std::string what);
  // Reports a query the solver left open (timeout): a `not-proved` finding
  // of severity "not checked", never silence. `what` says what is unknown.
  void not_proved(const FindingItem& item, const std::string& id_detail, const std::string& what);

 private:
  std::optional<std::vector<Root>> roots_;
  std::optional<std::vector<Support>> assumption_supports_;  // what each assumption reads
};

std::vector<std::string> breakdown_lines(const std::vector<rules::Step>& steps);
// Every lookup expression of table `table` in the data (text_notes.cpp).
std::vector<const rules::Expr*> lookups_of(const rules::Ruleset& rs, std::uint32_t table);
// True when the keys of `lookup` (of a partial table) fall in one of the
// table's rows the text leaves out on purpose (Table::absent).
Term absent_keys(Context& c, const rules::Expr& lookup);
// An army as lines ("division 1: a x2, b x1", switches off their default,
// "total points N") and the evaluator's check of every constraint of its
// list on it (per-division ones on each division): the first failure, or "".
std::vector<std::string> army_lines(const rules::Ruleset& rs, const rules::ArmyList& list,
                                    const Army& army);
std::string evaluator_check(const rules::Ruleset& rs, std::uint32_t list_id, const Army& army,
                            std::vector<std::string>& evidence);

// The analyses, one file each under verify/analyses/.
void analyse_failures(Context& c);        // table coverage and range breaches (failures.cpp)
void analyse_tests(Context& c);           // impossible and automatic tests (tests.cpp)
void analyse_invariants(Context& c);      // caps and invariants, worst stacks (invariants.cpp)
void analyse_extremes(Context& c);        // extreme values of modified quantities (extremes.cpp)
void analyse_contradictions(Context& c);  // must vs cannot, two values (contradictions.cpp)
void analyse_superseded(Context& c);      // entries that never change a result (superseded.cpp)
void analyse_dead_rules(Context& c);      // conditions that never hold (dead_rules.cpp)
void analyse_skill_pairs(Context& c);     // skill and special-rule pairs (skill_pairs.cpp)
void analyse_skill_triples(
    Context& c);  // clashes new at three skills; after the pairs (skill_triples.cpp)
void analyse_army_lists(Context& c);   // army lists (army_lists.cpp)
void analyse_not_encoded(Context& c);  // constructs not translated (not_encoded.cpp)
void analyse_ambiguities(Context& c);  // interpretation switches that decide (ambiguities.cpp)
void analyse_text_notes(
    Context& c);  // gaps and errata: partial tables, the data's notes (text_notes.cpp)
void analyse_monotonicity(
    Context& c);  // a better stat that makes a result worse (monotonicity.cpp)
void analyse_order_dependence(
    Context& c);  // stages whose written order decides (order_dependence.cpp)
void analyse_unusable_rows(Context& c);  // profiles no army list fields (unusable_rows.cpp)
// A variant against its base (variant.cpp); `base_smt` shares `c.smt`'s context.
void analyse_variant(Context& c, const rules::Ruleset& base, SmtModel& base_smt);

}  // namespace umpire::verify
