#pragma once
// `umpire verify`'s library entry point: every analysis of verify/analyses/
// on one ruleset (and on a variant against its base), findings re-checked by
// the evaluator. Each call owns its Z3 context, so rulesets can be verified
// on separate threads.
#include <chrono>
#include <optional>

#include "engine/rules/model.hpp"
#include "verify/findings.hpp"

namespace umpire::verify {

struct VerifyOptions {
  // Per solver query; a query still open then becomes a `not-proved` finding.
  unsigned timeout_ms = 2000;
  bool trace = false;  // print each analysis's time on stderr as it ends
  // No query starts after it: the report is then partial, and says where it
  // stopped (Report::partial).
  std::optional<std::chrono::steady_clock::time_point> deadline;
};

Report verify_ruleset(const rules::Ruleset& rs, const rules::Ruleset* base,
                      const VerifyOptions& options = {});

// The most memory the process may hold while verifying (its resident size,
// checked before every solver query; 0: no limit): past it, a verification
// stops with a partial report.
void set_memory_budget(std::size_t megabytes);

// Appends `part` to `into` (findings, proofs, extremes, rulesets).
void merge_report(Report& into, Report&& part);

}  // namespace umpire::verify
