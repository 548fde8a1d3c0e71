#include "engine/rules/loader.hpp"

#include "engine/rules/citations.hpp"
#include "engine/rules/merge.hpp"
#include "engine/rules/resolve.hpp"
#include "grammar/rules/diagnostics.hpp"

namespace umpire::rules {

std::optional<Ruleset> load_ruleset(SourceManager& sources, FileId file,
                                    const std::filesystem::path& dir, DiagnosticEngine& diags,
                                    const LoadOptions& options) {
  const std::size_t errors_before = diags.count(Severity::error);
  Merged merged;
  std::vector<std::string> chain;
  if (!merge_file(sources, file, dir, diags, options.check_file_name, chain, merged))
    return std::nullopt;
  Ruleset rs;
  Resolver(merged, diags, rs).run();
  if (!options.texts_dir.empty()) lint_citations(rs, options.texts_dir, diags);
  if (diags.count(Severity::error) > errors_before) return std::nullopt;
  return rs;
}

std::optional<Ruleset> load_ruleset(SourceManager& sources, const std::filesystem::path& path,
                                    DiagnosticEngine& diags, const LoadOptions& options) {
  std::string error;
  SourceManager::LoadFailure why = SourceManager::LoadFailure::unreadable;
  std::optional<FileId> file = sources.load(path, error, &why);
  if (!file) {
    diags.report(rules::Diag::file_unreadable, Span{}, "cannot read '{}': {}", path.string(), error)
        .hint("{}", why == SourceManager::LoadFailure::unreadable
                        ? "check the path and its permissions"
                    : why == SourceManager::LoadFailure::not_regular
                        ? "rules data is read from a regular file"
                        : "raise the limit with '--max-input-size SIZE' (docs/cli.md § Inputs)");
    return std::nullopt;
  }
  return load_ruleset(sources, *file, path.parent_path(), diags, options);
}

}  // namespace umpire::rules
