#pragma once
// What the verifier reports: findings (a defect or a fact a rule writer
// should see, with the items involved, their citations, a concrete witness
// re-checked by the evaluator, and a plain-English explanation), the facts
// it proved, and the extreme values it measured. Rendered as text, JSON or
// SARIF (SARIF through engine/core's diagnostic renderers).
#include <cstdint>
#include <string>
#include <vector>

#include "engine/core/diagnostic.hpp"
#include "engine/core/source_manager.hpp"
#include "engine/rules/model.hpp"

namespace umpire::verify {

// Categories, one per kind of defect of a text (docs/verification.md).
enum class Category : std::uint8_t {
  ambiguity,          // an interpretation switch: two readings that decide differently
  gap,                // a case the text leaves open (a partial table's reachable hole, a noted gap)
  erratum,            // a misprint the data reads one way (noted in the data)
  table_gap,          // a complete table with no row for keys a game reaches
  range_breach,       // a value or stack leaves its declared range
  impossible_test,    // the dice can never reach the score needed
  automatic_test,     // the dice always reach it
  invariant_refuted,  // a declared invariant (a cap, a limit) fails
  contradiction,      // must and cannot together; two values for one quantity
  precedence,         // two rules set one quantity differently, no stated precedence
  order_dependence,   // a stack whose result depends on an order the text does not give
  impossible_obligation,  // a `must` whose action is forbidden or cannot be carried out
  monotonicity,           // a better stat or more loss that changes a result the wrong way
  cost_benefit,           // an option that costs points and changes nothing
  superseded_entry,       // an entry that never changes its stack's result
  dead_rule,              // a condition that can never hold
  unusable_row,           // a table row or list entry no game can use
  skill_interaction,      // a pair of skills that clash or make one pointless
  army_list,              // unsatisfiable list, entry never choosable
  variant_difference,     // a difference from the base not declared intentional
  variant_drift,          // a base item whose results change without declaration
  variant_intended,       // a difference the variant declares on purpose (a note with both values)
  not_encoded,            // a construct the verifier does not translate (a coverage notice)
  not_proved,             // a query the solver left open within its time limit
  internal_error,         // a witness the evaluator does not confirm
};
std::string_view to_string(Category c);
// What a category of finding means, in one sentence (SARIF's rule help).
std::string_view describe(Category c);

struct FindingItem {
  std::string name;
  std::string kind;  // "table", "entry", "permission", ...
  rules::Citations refs;
  Span span;
};

struct Finding {
  std::string id;  // stable: category:ruleset:item[:detail]
  Category category = Category::table_gap;
  Severity severity = Severity::warning;
  std::string ruleset;
  // What a rule writer can do about it, in one sentence ("Say whether …").
  std::string action;
  std::string message;  // one line, lower case, names in 'quotes'
  std::vector<FindingItem> items;
  std::vector<std::string> witness;   // "name = value" lines, or an army
  std::string explanation;            // plain English for rule writers
  std::vector<std::string> evidence;  // the evaluator's breakdown on the witness
  std::string probability;            // where dice decide: exact chance
  // The root cause: findings of one cause are reported once, the others
  // listed in `instances` ("id: message"). Empty: the id is the cause.
  std::string cause;
  std::vector<std::string> instances;
  // Stable across edits of the data that do not change what is found
  // (a hash of the id), for baselines and code scanning.
  std::string fingerprint;
  // Set by a baseline (baseline.hpp): "accepted" or "waived", with why and
  // who decided; empty when the finding is new or changed since.
  std::string review;
  // With --emit-log: the witness log and what the engine reports on it, or
  // "no log: <why>" (witness_replay.hpp). Empty otherwise.
  std::string log;
};

// A fact the verifier proved (an invariant holds, a list is satisfiable).
struct Proof {
  std::string ruleset;
  std::string what;
};

// Extreme values of a modified quantity, with the witnesses' summaries.
struct Extreme {
  std::string ruleset;
  std::string item;
  std::string declared;  // the declared type
  std::int64_t min = 0, max = 0;
  bool exact = true;  // false when the solver gave up on one side
};

struct Report {
  std::vector<Finding> findings;
  std::vector<Proof> proofs;
  std::vector<Extreme> extremes;
  std::vector<std::string> rulesets;
  // (variant, base) for every variant verified against its base.
  std::vector<std::pair<std::string, std::string>> bases;
  // Why the report is partial, one line per ruleset whose verification
  // stopped early (a time or memory budget ran out); empty when complete.
  std::vector<std::string> partial;
  double seconds = 0;
  // Seconds per ruleset and analysis ("sabreur-hex skill pairs"), for --timings.
  std::vector<std::pair<std::string, double>> timings;
  void sort();  // stable order: ruleset, category, id
};

// A finding counts toward the verdict (and the summary's count of findings)
// unless it is a coverage notice (a construct not encoded, a query not
// proved) or a difference a variant declares on purpose. Those are listed
// apart.
bool is_coverage_notice(const Finding& f);

// After every analysis of one ruleset: findings of one root cause become one
// finding listing the others as instances; each gets its fingerprint.
void group_by_cause(Report& report);
// Over a report of several rulesets: a variant's finding that its base
// reports in the same words is the base's (the variant inherits the text),
// so it is folded into the base's finding as a line, not reported twice.
void fold_inherited(Report& report);
// The fingerprint of a finding: a hash of its id (hex), stable across edits
// of the data that keep the finding; and of what it says (message and
// items), which changes when the finding does.
std::string fingerprint_of(const Finding& f);
std::string content_hash_of(const Finding& f);

// "12 findings (3 ambiguity, …); 2 coverage notices (not counted); 5 facts
// proved", over one ruleset of the report or all of it.
std::string summary_of(const Report& report, const std::string* ruleset);

// Renderers (render_text.cpp, render_markdown.cpp, render_machine.cpp).
std::string render_findings_text(const Report& report, bool with_extremes);
std::string render_findings_json(const Report& report);
// SARIF 2.1.0: one rule per category, one result per finding with its
// locations in the rules files, citations, witness and a stable
// fingerprint (partialFingerprints) that code scanning tracks across edits.
std::string render_findings_sarif(const SourceManager& sources, const Report& report);
// The report for rule writers (docs/verification.md is generated from it):
// per ruleset a summary, every finding led by what to do, with its items,
// citations, witness, instances and explanation, the facts proved and the
// extreme values. Nothing in it depends on timing, so it can be compared
// with a committed copy.
std::string render_findings_markdown(const Report& report);
// Everything about one finding; empty when no finding has that id.
std::string explain_finding(const Report& report, const std::string& id);

}  // namespace umpire::verify
