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

// Categories, one per analysis outcome (docs/verification.md).
enum class Category : std::uint8_t {
  table_gap,            // a lookup reaches keys no row covers
  range_breach,         // a value or stack leaves its declared range
  impossible_test,      // the dice can never reach the score needed
  automatic_test,       // the dice always reach it
  invariant_refuted,    // a declared invariant (a cap, a limit) fails
  contradiction,        // must and cannot together; two values for one quantity
  superseded_entry,     // an entry that never changes its stack's result
  dead_rule,            // a condition that can never hold
  variant_difference,   // a difference from the base not declared intentional
  variant_drift,        // a base item whose results change without declaration
  skill_interaction,    // a pair of skills that clash or make one pointless
  army_list,            // unsatisfiable list, entry never choosable
  not_encoded,          // a construct the verifier does not translate
  not_proved,           // a query the solver left open within its time limit
  internal_error,       // a witness the evaluator does not confirm
};
std::string_view to_string(Category c);

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
  std::string message;  // one line, lower case, names in 'quotes'
  std::vector<FindingItem> items;
  std::vector<std::string> witness;   // "name = value" lines, or an army
  std::string explanation;            // plain English for rule writers
  std::vector<std::string> evidence;  // the evaluator's breakdown on the witness
  std::string probability;            // where dice decide: exact chance
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
  double seconds = 0;
  // Seconds per ruleset and analysis ("sabreur-hex skill pairs"), for --timings.
  std::vector<std::pair<std::string, double>> timings;
  void sort();  // stable order: ruleset, category, id
};

std::string render_findings_text(const Report& report, bool with_extremes);
std::string render_findings_json(const Report& report);
std::string render_findings_sarif(const SourceManager& sources, const Report& report);
// The report for rule writers (docs/verification.md is generated from it):
// per ruleset a summary, every finding with its items, citations, witness
// and explanation, the facts proved and the extreme values. Nothing in it
// depends on timing, so it can be compared with a committed copy.
std::string render_findings_markdown(const Report& report);
// Everything about one finding; empty when no finding has that id.
std::string explain_finding(const Report& report, const std::string& id);
// Findings as diagnostics (id verify.CATEGORY), for the SARIF renderer.
void to_diagnostics(const Report& report, DiagnosticEngine& diags);

}  // namespace umpire::verify
