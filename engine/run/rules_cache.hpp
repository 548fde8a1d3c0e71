#pragma once
// The rules data loaded and bound once for every log checked in one
// SourceManager (`umpire check A B C`, the fail-log tests): loading the data
// takes longer than replaying a short log. Holds nothing after a failed
// load, so the next log reports the same errors again; after a good one,
// each log using the data gets the warnings its loading gave, so that what
// a log's verdict says does not depend on which log read the data first
// (`umpire check -j N`).
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "engine/core/diagnostic.hpp"
#include "engine/core/source_manager.hpp"
#include "engine/rules/model.hpp"
#include "engine/rulesets/ruleset_entry.hpp"

namespace umpire::run {

class RulesCache {
 public:
  // The data at `path`, loaded and checked to be `ruleset`'s (or a variant
  // of it) but not bound: what a muster reads, with or without an engine.
  const rules::Ruleset* data(const rulesets::RulesetEntry& ruleset, SourceManager& sources,
                             const std::filesystem::path& path, bool check_file_name,
                             DiagnosticEngine& diags, Span where);
  // The data data() loaded last, bound by the engine of `ruleset` on first
  // use; null after an error (reported at `where`).
  const rulesets::BoundRules* bound(const rulesets::RulesetEntry& ruleset, DiagnosticEngine& diags,
                                    Span where);
  // The SHA-256 of the bytes of the file loaded last (those parsed, read
  // once), in lower-case hexadecimal.
  const std::string& digest() const { return digest_; }

 private:
  const rulesets::RulesetEntry* ruleset_ = nullptr;
  const SourceManager* sources_ = nullptr;
  std::filesystem::path path_;
  std::string digest_;
  std::unique_ptr<rules::Ruleset> data_;         // a stable address: the binding points into it
  std::unique_ptr<rulesets::BoundRules> bound_;  // null until an engine binds data_
  std::vector<Diagnostic> load_diagnostics_;     // what loading data_ reported
  void clear();
};

}  // namespace umpire::run
