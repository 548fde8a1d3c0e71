#pragma once
// What `umpire check` says of each log it checked, in each format: the
// verdict line (text), the file's object (JSON), the artifact's properties
// (SARIF), and, over several logs, the summary table.
#include <cstddef>
#include <string>
#include <vector>

#include "engine/core/sarif.hpp"
#include "engine/run/batch.hpp"

namespace umpire::cli {

struct LogVerdict {
  std::string file;     // as named; "" for a log not read
  std::string verdict;  // "1 rule broken", "follows the rules checked", "not read"
  bool read = false;
  std::size_t errors = 0;                  // diagnostics of severity error
  const run::RunResult* result = nullptr;  // null when not read
};

LogVerdict verdict_of(const run::CheckedLog& log);

// "FILE: VERDICT: 3 events, 1 violation, ..." and the rules data line.
std::string verdict_text(const LogVerdict& v);
// The object of the JSON output's "files" array (text of a JSON object).
std::string verdict_json(const LogVerdict& v);
// The log's artifact properties in SARIF (text of a JSON object).
std::string verdict_sarif_properties(const LogVerdict& v);
// Per log: file, verdict, violations, not checked; then the totals.
std::string summary_table(const std::vector<LogVerdict>& verdicts);

// Every check of every engine as a SARIF rule, with its citation.
void describe_checks(sarif::RunBuilder& run);

}  // namespace umpire::cli
