#pragma once
// Helpers shared by the verifier tests: load a ruleset (and its base) from
// a file, run the verifier on it, pick findings out of a report, and turn a
// finding's witness lines back into a situation for the evaluator.
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/diagnostic.hpp"
#include "engine/core/source_manager.hpp"
#include "engine/rules/evaluator.hpp"
#include "tests/support/paths.hpp"
#include "verify/verify.hpp"

namespace umpire::verify::testing {

using umpire::test::corpus_dir;
using umpire::test::source_dir;
std::filesystem::path defects_dir();

struct Loaded {
  SourceManager sources;
  DiagnosticEngine diags{0};
  std::optional<rules::Ruleset> rs;
  std::optional<rules::Ruleset> base;  // for a variant
};

// Loads a .rules file and, for a variant, its base from the same folder;
// throws std::runtime_error with the diagnostics when it does not load.
std::unique_ptr<Loaded> load(const std::filesystem::path& path);

// The report of `umpire verify` on a loaded ruleset.
Report verify(const Loaded& l);

// A file of tests/verify/defects/, loaded and verified.
struct Verified {
  std::unique_ptr<Loaded> loaded;
  Report report;
  const rules::Ruleset& rs() const { return *loaded->rs; }
};
Verified verify_defect(const std::string& file);

// Findings of one category.
std::vector<const Finding*> of_category(const Report& r, Category c);
// Whether a finding names an item (exactly, or as "stack.entry").
bool names(const Finding& f, const std::string& item);
// Every finding, one per line, for failure messages.
std::string dump(const Report& r);

// The witness lines ("name = value") as a situation of `rs`; throws
// std::runtime_error on a line that does not parse, so a malformed witness
// fails the test rather than being ignored.
rules::Situation witness_situation(const rules::Ruleset& rs,
                                   const std::vector<std::string>& witness);

// An item's index by name and kind; throws when missing.
std::uint32_t index_of(const rules::Ruleset& rs, const std::string& name, rules::ItemKind kind);

}  // namespace umpire::verify::testing
