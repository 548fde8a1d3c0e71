#pragma once
// The citation lint of `umpire rules check`: every `ref` names a rule text
// that exists and a section heading that appears in it
// (docs/rules-format.md § Citations).
#include <filesystem>
#include <functional>

#include "engine/core/diagnostic.hpp"
#include "engine/rules/model.hpp"

namespace umpire::rules {

// Calls `f` on every citation of the ruleset: items, entries, rows, options,
// constraints and declared differences.
void for_each_citation(const Ruleset& rs, const std::function<void(const Citation&)>& f);

// Reports `rules.ref.bad-file` and `rules.ref.bad-section`.
void lint_citations(const Ruleset& rs, const std::filesystem::path& texts_dir,
                    DiagnosticEngine& diags);

// A heading or a line as compared by the lint: Markdown marks (`#`, `*`,
// a leading `- `) removed, runs of white space collapsed, ends trimmed.
std::string normalise_heading(std::string_view text);

}  // namespace umpire::rules
