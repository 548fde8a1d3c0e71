#include "engine/run/rules_cache.hpp"

#include <algorithm>
#include <optional>

#include "engine/core/sha256.hpp"
#include "engine/rules/data_pin.hpp"
#include "engine/rules/loader.hpp"
#include "grammar/log/diagnostics.hpp"
#include "grammar/rules/diagnostics.hpp"

namespace umpire::run {

void RulesCache::clear() {
  bound_.reset();
  data_.reset();
  ruleset_ = nullptr;
  sources_ = nullptr;
  path_.clear();
  digest_.clear();
  load_diagnostics_.clear();
}

const rulesets::BoundRules* RulesCache::bound(const rulesets::RulesetEntry& ruleset,
                                              DiagnosticEngine& diags, Span where) {
  if (!data_ || ruleset_ != &ruleset) return nullptr;
  if (!bound_) bound_ = ruleset.engine->bind(*data_, diags, where);
  if (!bound_) clear();
  return bound_.get();
}

const rules::Ruleset* RulesCache::data(const rulesets::RulesetEntry& ruleset,
                                       SourceManager& sources, const std::filesystem::path& path,
                                       bool check_file_name, DiagnosticEngine& diags, Span where) {
  if (data_ && ruleset_ == &ruleset && sources_ == &sources && path_ == path) {
    // Every log that uses the data gets what its load reported, as it
    // would alone: the verdict of a log does not depend on the logs checked
    // before it (`check -j N` gives the same bytes for any N).
    for (const Diagnostic& d : load_diagnostics_) diags.add(d);
    return data_.get();
  }
  clear();
  const std::size_t diagnostics_before = diags.diagnostics().size();
  rules::LoadOptions load;
  load.check_file_name = check_file_name;
  // Read once: the digest is of the bytes parsed.
  std::string error;
  SourceManager::LoadFailure why = SourceManager::LoadFailure::unreadable;
  const std::optional<FileId> file = sources.load(path, error, &why);
  if (!file) {
    diags
        .report(rules::Diag::file_unreadable, where, "cannot read the rules data '{}': {}",
                path.string(), error)
        .hint("{}", why == SourceManager::LoadFailure::too_large
                        ? "raise the limit with '--max-input-size SIZE' (docs/cli.md § Inputs)"
                        : "check the path; rules data is read from a regular file");
    return nullptr;
  }
  digest_ = sha256_hex(sources.text(*file));
  auto rs = rules::load_ruleset(sources, *file, path.parent_path(), diags, load);
  if (!rs) return nullptr;
  // The ruleset's data or a variant of it: other data would bind to nothing.
  if (std::find(rs->lineage.begin(), rs->lineage.end(), ruleset.id) == rs->lineage.end()) {
    diags
        .report(log::Diag::data_other_ruleset, where,
                "the rules data '{}' is the ruleset '{}', not '{}'", rules::shown_path(path),
                rs->id, ruleset.id)
        .hint("check a {} log with {} data, or a variant that extends it", ruleset.display_name,
              ruleset.display_name);
    return nullptr;
  }
  data_ = std::make_unique<rules::Ruleset>(std::move(*rs));
  ruleset_ = &ruleset;
  sources_ = &sources;
  path_ = path;
  const auto& emitted = diags.diagnostics();
  load_diagnostics_.assign(emitted.begin() + static_cast<std::ptrdiff_t>(diagnostics_before),
                           emitted.end());
  return data_.get();
}

}  // namespace umpire::run
