// Loads the rules data a battle log names, for its profile checks.
#include "cli/log_rules.hpp"

#include <filesystem>

#include "engine/core/data_paths.hpp"
#include "engine/core/diagnostic.hpp"
#include "engine/core/sha256.hpp"
#include "engine/core/source_manager.hpp"
#include "engine/rules/data_pin.hpp"
#include "engine/rules/loader.hpp"
#include "engine/rules/profile_catalogue.hpp"
#include "engine/rulesets/registry.hpp"
#include "grammar/log/parser.hpp"

namespace umpire::cli {
namespace {

// The log's `ruleset` and `data` lines, read with the log's own parser up
// to the first line after the header (the log itself is parsed and lowered
// by the command, which reports any error; this reading reports none).
rules::DataRequest header_of(std::string_view text, FileId log) {
  rules::DataRequest q;
  DiagnosticEngine quiet(0);
  // A header is a few lines at the top: the reader is not given the rest of
  // a large log to check.
  log::LineReader reader(text.substr(0, std::size_t{1} << 20), log, quiet);
  log::ast::Log lines;
  while (reader.next(lines)) {
    const log::ast::Line& line = lines.lines.back();
    if (line.has_statement) {
      const log::ast::Statement& s = line.statement;
      if (log::ast::verb_group(s.verb) != log::ast::VerbGroup::header) break;
      const auto args = lines.args(s);
      if (s.verb == log::ast::Verb::ruleset && !args.empty()) q.ruleset = std::string(args[0].text);
      if (s.verb == log::ast::Verb::data && !args.empty()) {
        q.written = std::string(args[0].text);
        q.written_span = args[0].span;
        for (const log::ast::Clause& c : lines.clauses_of(s)) {
          const auto values = lines.values_of(c);
          if (c.key == log::ast::Word::sha256 && !values.empty()) {
            q.sha256 = std::string(values[0].text);
            q.sha256_span = values[0].span;
          }
        }
      }
    }
    lines.clear();
  }
  return q;
}

}  // namespace

LogRules rules_for_log(std::string_view log_text, FileId log, std::string_view log_name,
                       DiagnosticEngine& diags) {
  LogRules out;
  rules::DataRequest q = header_of(log_text, log);
  if (!rulesets::find(q.ruleset)) return out;
  const std::filesystem::path name(log_name);
  q.log_dir = name.string().starts_with('<') || name.parent_path().empty()
                  ? std::filesystem::path(".")
                  : name.parent_path();
  q.rulesets_dir = paths::rulesets_dir();
  const auto path = rules::data_file_for_log(q, diags);
  if (!path) {
    out.data_errors = true;
    return out;
  }
  // The bundled data is checked by `umpire rules check` and its tests; a
  // problem loading the data here only leaves the profiles unchecked. A pin
  // that does not match it is refused.
  SourceManager sources;
  DiagnosticEngine quiet(0);
  std::string error;
  const std::optional<FileId> file = sources.load(*path, error);
  if (!file) return out;
  if (!rules::check_pin(q, *path, sha256_hex(sources.text(*file)), diags)) {
    out.data_errors = true;
    return out;
  }
  rules::LoadOptions load;
  load.check_file_name = q.written.empty();
  auto rs = rules::load_ruleset(sources, *file, path->parent_path(), quiet, load);
  if (!rs) return out;
  out.profiles = std::make_unique<rules::RulesProfileCatalogue>(*rs);
  return out;
}

}  // namespace umpire::cli
