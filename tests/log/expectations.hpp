#pragma once
// Expected diagnostics written inside a test log, in the style of Clang's
// -verify: `# expect-error: log.syntax.expected-hex` at the end of the line it
// is about, alone on the line before it, or with `@+N` (N lines below) or
// `@N` (line N). Severities: error, warning, note, not-checked.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/diagnostic.hpp"
#include "engine/core/source_manager.hpp"

namespace umpire::log::testing {

struct Expectation {
  Severity severity = Severity::error;
  std::string id;
  std::uint32_t line = 0;
  bool operator==(const Expectation&) const = default;
};

std::vector<Expectation> read_expectations(std::string_view text);

// Differences between the expectations and the diagnostics, one per line;
// empty when they match. Errors and warnings must all be expected; notes
// and not-checked only when the file expects some of that severity.
std::string compare(const std::vector<Expectation>& expected, const SourceManager& sources,
                    const DiagnosticEngine& diags);

}  // namespace umpire::log::testing
