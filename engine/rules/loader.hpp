#pragma once
// Loads a `.rules` file into the model: parses it, follows `extends` to its
// base files, applies the variant operations, then resolves and type-checks
// every item, reporting each problem as a diagnostic (ids in
// docs/rules-format.md § Diagnostics). Never throws on bad input.
#include <filesystem>
#include <optional>

#include "engine/core/diagnostic.hpp"
#include "engine/core/source_manager.hpp"
#include "engine/rules/model.hpp"

namespace umpire::rules {

struct LoadOptions {
  // Where the rule texts cited by `ref` live (paths::texts_dir()); empty:
  // citations are not linted, only checked for form.
  std::filesystem::path texts_dir;
  // Check that the ruleset id equals the file name.
  bool check_file_name = true;
};

// Loads the ruleset in `path` (and its bases, from the same folder). Returns
// nullopt when an error was reported; warnings alone still give a ruleset.
std::optional<Ruleset> load_ruleset(SourceManager& sources, const std::filesystem::path& path,
                                    DiagnosticEngine& diags, const LoadOptions& options = {});

// Loads a ruleset already in `sources` (tests, stdin). `dir` is where its
// bases are looked for.
std::optional<Ruleset> load_ruleset(SourceManager& sources, FileId file,
                                    const std::filesystem::path& dir, DiagnosticEngine& diags,
                                    const LoadOptions& options = {});

}  // namespace umpire::rules
