#pragma once
// A reviewer's baseline (`umpire verify --baseline FILE`): the findings a
// rule writer has read and accepted as known, or waived with a reason and
// who decided. With a baseline, only findings that are new, or whose content
// changed since they were reviewed, count toward the exit status.
//
// The file is JSON, one entry per finding:
//   {"umpire-baseline": 1, "findings": [{"id": "...", "fingerprint": "...",
//    "content": "...", "status": "accepted" | "waived", "reason": "...",
//    "by": "...", "message": "..."}]}
// `fingerprint` follows the finding's id, `content` what it says; a finding
// whose content hash differs from its entry's is "changed".
#include <optional>
#include <string>
#include <vector>

#include "verify/findings.hpp"

namespace umpire::verify {

struct BaselineEntry {
  std::string id, fingerprint, content, status, reason, by, message;
};

struct Baseline {
  std::vector<BaselineEntry> entries;
};

// Nullopt with `error` set when the text is not a baseline.
std::optional<Baseline> parse_baseline(const std::string& text, std::string& error);

struct BaselineComparison {
  std::size_t reviewed = 0;                 // found and unchanged: marked with their review
  std::vector<std::string> fresh, changed;  // ids of findings that count
  std::vector<std::string> gone;            // entries no finding matches any more
};
// Marks every finding of `report` that `baseline` reviewed (Finding::review).
BaselineComparison apply_baseline(Report& report, const Baseline& baseline);

// The baseline for `report`: every finding that is not a coverage notice,
// keeping the status, reason and reviewer of entries `previous` has for the
// same id and content; others are "accepted" by `reviewer`.
std::string render_baseline(const Report& report, const Baseline* previous,
                            const std::string& reviewer);

}  // namespace umpire::verify
