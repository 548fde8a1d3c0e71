#pragma once
// `umpire verify`'s library entry point: every analysis of verify/analyses/
// on one ruleset (and on a variant against its base), findings re-checked by
// the evaluator. Each call owns its Z3 context, so rulesets can be verified
// on separate threads.
#include "engine/rules/model.hpp"
#include "verify/findings.hpp"

namespace umpire::verify {

struct VerifyOptions {
  // Per solver query; a query still open then becomes a `not-proved` finding.
  unsigned timeout_ms = 2000;
  bool trace = false;           // print each analysis's time on stderr as it ends
};

Report verify_ruleset(const rules::Ruleset& rs, const rules::Ruleset* base, const VerifyOptions& options = {});

// Appends `part` to `into` (findings, proofs, extremes, rulesets).
void merge_report(Report& into, Report&& part);

}  // namespace umpire::verify
