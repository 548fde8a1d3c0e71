// Runs the analyses in a fixed order, so the report is deterministic.
#include "verify/verify.hpp"

#include <fmt/format.h>

#include <chrono>
#include <exception>
#include <iostream>
#include <new>
#include <string_view>

#include "verify/analyses/analysis.hpp"
#include "verify/smt/smt_model.hpp"

namespace umpire::verify {

Report verify_ruleset(const rules::Ruleset& rs, const rules::Ruleset* base,
                      const VerifyOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  Report report;
  report.rulesets.push_back(rs.id);
  std::string running = "the translation";
  // A budget that runs out leaves a partial report that says so: what was
  // found until then stands, and the analyses not run are named.
  auto stopped = [&](const std::string& why) {
    report.partial.push_back(
        fmt::format("{}: {} during {}; the analyses after it did not run", rs.id, why, running));
    Finding f;
    f.id = fmt::format("not-proved:{}:budget", rs.id);
    f.category = Category::not_proved;
    f.severity = Severity::not_checked;
    f.ruleset = rs.id;
    f.message = fmt::format("partial report: {} during {}", why, running);
    f.explanation =
        "The verification stopped early: raise the budget (--budget-seconds, --budget-mb) or "
        "simplify "
        "the rules data; the findings above were found before it stopped.";
    report.findings.push_back(std::move(f));
  };
  try {
    SmtModel smt(rs, options.timeout_ms);
    if (options.deadline) smt.set_deadline(*options.deadline);
    Context c(rs, smt, report);
    auto timed = [&](const char* name, auto&& analysis) {
      const auto t0 = std::chrono::steady_clock::now();
      running = name;
      analysis();
      report.timings.emplace_back(
          fmt::format("{} {}", rs.id, name),
          std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
      if (options.trace)
        std::cerr << fmt::format("{:8.2f} s  {}\n", report.timings.back().second,
                                 report.timings.back().first);
    };
    timed("gaps and errata", [&] { analyse_text_notes(c); });
    timed("ambiguities", [&] { analyse_ambiguities(c); });
    timed("table coverage and range breaches", [&] { analyse_failures(c); });
    timed("tests", [&] { analyse_tests(c); });
    timed("invariants", [&] { analyse_invariants(c); });
    timed("extremes", [&] { analyse_extremes(c); });
    timed("contradictions", [&] { analyse_contradictions(c); });
    timed("superseded entries", [&] { analyse_superseded(c); });
    timed("dead rules", [&] { analyse_dead_rules(c); });
    timed("skill pairs", [&] { analyse_skill_pairs(c); });
    timed("skill triples", [&] { analyse_skill_triples(c); });
    timed("army lists", [&] { analyse_army_lists(c); });
    timed("monotonicity", [&] { analyse_monotonicity(c); });
    timed("order dependence", [&] { analyse_order_dependence(c); });
    timed("unusable entries", [&] { analyse_unusable_rows(c); });
    if (base) {
      timed("variant against base", [&] {
        SmtModel base_smt(*base, smt);
        if (options.deadline) base_smt.set_deadline(*options.deadline);
        analyse_variant(c, *base, base_smt);
      });
    }
    analyse_not_encoded(c);
    if (base) report.bases.emplace_back(rs.id, base->id);
  } catch (const BudgetExhausted& e) {
    stopped(e.what());
  } catch (const std::bad_alloc&) {
    stopped("the memory budget ran out");
  } catch (const std::exception& e) {
    // Z3 reports running out of memory as an exception.
    if (std::string_view(e.what()).find("memory") != std::string_view::npos) {
      stopped("the memory budget ran out");
    } else {
      Finding f;
      f.id = fmt::format("internal-error:{}:solver", rs.id);
      f.category = Category::internal_error;
      f.severity = Severity::error;
      f.ruleset = rs.id;
      f.message = fmt::format("verification of '{}' stopped: {}", rs.id, e.what());
      f.explanation =
          "An error inside the solver or the translation: a bug in Umpire, not in the rules.";
      report.findings.push_back(std::move(f));
    }
  }
  group_by_cause(report);
  report.sort();
  report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return report;
}

void merge_report(Report& into, Report&& part) {
  for (auto& f : part.findings) into.findings.push_back(std::move(f));
  for (auto& p : part.proofs) into.proofs.push_back(std::move(p));
  for (auto& e : part.extremes) into.extremes.push_back(std::move(e));
  for (auto& r : part.rulesets) into.rulesets.push_back(std::move(r));
  for (auto& b : part.bases) into.bases.push_back(std::move(b));
  for (auto& p : part.partial) into.partial.push_back(std::move(p));
  into.seconds += part.seconds;
  for (auto& t : part.timings) into.timings.push_back(std::move(t));
}

}  // namespace umpire::verify
