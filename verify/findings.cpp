// Categories, the report's order, and its summary line (the renderers are in
// render_*.cpp).
#include "verify/findings.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "engine/core/plural.hpp"

namespace umpire::verify {

std::string_view to_string(Category c) {
  switch (c) {
    case Category::ambiguity:
      return "ambiguity";
    case Category::gap:
      return "gap";
    case Category::erratum:
      return "erratum";
    case Category::table_gap:
      return "table-gap";
    case Category::range_breach:
      return "range-breach";
    case Category::impossible_test:
      return "impossible-test";
    case Category::automatic_test:
      return "automatic-test";
    case Category::invariant_refuted:
      return "invariant-refuted";
    case Category::contradiction:
      return "contradiction";
    case Category::precedence:
      return "precedence";
    case Category::order_dependence:
      return "order-dependence";
    case Category::impossible_obligation:
      return "impossible-obligation";
    case Category::monotonicity:
      return "monotonicity";
    case Category::cost_benefit:
      return "cost-benefit";
    case Category::superseded_entry:
      return "superseded-entry";
    case Category::dead_rule:
      return "dead-rule";
    case Category::unusable_row:
      return "unusable-row";
    case Category::skill_interaction:
      return "skill-interaction";
    case Category::army_list:
      return "army-list";
    case Category::variant_difference:
      return "variant-difference";
    case Category::variant_drift:
      return "variant-drift";
    case Category::variant_intended:
      return "variant-intended";
    case Category::not_encoded:
      return "not-encoded";
    case Category::not_proved:
      return "not-proved";
    case Category::internal_error:
      return "internal-error";
  }
  return "?";
}

std::string_view describe(Category c) {
  switch (c) {
    case Category::ambiguity:
      return "The text can be read in more than one way, and the readings decide a game "
             "differently.";
    case Category::gap:
      return "The text leaves a case a game can reach without a rule.";
    case Category::erratum:
      return "A misprinted or garbled passage that the data reads one way.";
    case Category::table_gap:
      return "A table has no entry for keys a game reaches.";
    case Category::range_breach:
      return "A value or modifier total leaves the range the text allows.";
    case Category::impossible_test:
      return "A test that can never succeed in a situation a game reaches.";
    case Category::automatic_test:
      return "A test that always succeeds in a situation a game reaches.";
    case Category::invariant_refuted:
      return "A limit the text states or implies does not hold in some situation.";
    case Category::contradiction:
      return "Two rules give opposite answers in one situation.";
    case Category::precedence:
      return "Two rules set one quantity to different values in one situation, with no stated "
             "precedence.";
    case Category::order_dependence:
      return "A result depends on the order modifiers are applied, which the text does not give.";
    case Category::impossible_obligation:
      return "A rule obliges an action that another rule forbids or that cannot be carried out.";
    case Category::monotonicity:
      return "A better characteristic, option or result makes a unit worse at what it is for.";
    case Category::cost_benefit:
      return "An option costs points and changes nothing.";
    case Category::superseded_entry:
      return "A modifier that never changes its result.";
    case Category::dead_rule:
      return "A condition that can never hold in a game.";
    case Category::unusable_row:
      return "A table row or list entry that no game can use.";
    case Category::skill_interaction:
      return "Two or more skills that clash or make one another pointless.";
    case Category::army_list:
      return "An army list whose constraints cannot be met, or an entry no legal army can field.";
    case Category::variant_difference:
      return "A variant differs from its base without saying so.";
    case Category::variant_drift:
      return "A variant changes a result of its base without saying so.";
    case Category::variant_intended:
      return "A difference the variant declares on purpose.";
    case Category::not_encoded:
      return "A construct the verifier does not translate (a coverage notice).";
    case Category::not_proved:
      return "A query the solver left open within its time limit (a coverage notice).";
    case Category::internal_error:
      return "A witness the evaluator does not confirm: a bug in Umpire.";
  }
  return "";
}

void Report::sort() {
  std::stable_sort(findings.begin(), findings.end(), [](const Finding& a, const Finding& b) {
    return std::tie(a.ruleset, a.category, a.id) < std::tie(b.ruleset, b.category, b.id);
  });
  std::stable_sort(proofs.begin(), proofs.end(), [](const Proof& a, const Proof& b) {
    return std::tie(a.ruleset, a.what) < std::tie(b.ruleset, b.what);
  });
  std::stable_sort(extremes.begin(), extremes.end(), [](const Extreme& a, const Extreme& b) {
    return std::tie(a.ruleset, a.item) < std::tie(b.ruleset, b.item);
  });
}

std::string summary_of(const Report& report, const std::string* ruleset) {
  std::map<Category, std::size_t> by;
  std::size_t findings = 0, notices = 0, proofs = 0;
  for (const Finding& f : report.findings) {
    if (ruleset && f.ruleset != *ruleset) continue;
    if (is_coverage_notice(f)) {
      ++notices;
      continue;
    }
    ++findings;
    ++by[f.category];
  }
  for (const Proof& p : report.proofs) proofs += !ruleset || p.ruleset == *ruleset ? 1U : 0U;
  std::vector<std::string> parts;
  for (const auto& [c, n] : by) parts.push_back(fmt::format("{} {}", n, to_string(c)));
  std::string out = plural(findings, "finding");
  if (!parts.empty()) out += fmt::format(" ({})", fmt::join(parts, ", "));
  if (notices > 0) out += fmt::format("; {} (not counted)", plural(notices, "coverage notice"));
  return out + fmt::format("; {} proved", plural(proofs, "fact"));
}

}  // namespace umpire::verify
