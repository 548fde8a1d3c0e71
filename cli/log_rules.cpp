// Loads the bundled rules data a battle log names, for its profile checks.
#include "cli/log_rules.hpp"

#include <array>

#include "engine/core/data_paths.hpp"
#include "engine/core/diagnostic.hpp"
#include "engine/core/source_manager.hpp"
#include "engine/rules/loader.hpp"
#include "engine/rules/profile_catalogue.hpp"

namespace umpire::cli {
namespace {

constexpr std::array<std::string_view, 4> bundled{"hail-caesar", "hail-caesar-hyw", "wab", "sabreur-hex"};

// The id on the log's `ruleset` header line (docs/log-format.md § Header);
// empty when there is none. Only the line is read: the log itself is parsed
// and lowered by the command.
std::string_view ruleset_id(std::string_view text) {
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
    while (!line.empty() && (line.front() == ' ' || line.front() == '\t')) line.remove_prefix(1);
    constexpr std::string_view keyword = "ruleset";
    if (line.substr(0, keyword.size()) != keyword || line.size() == keyword.size()) continue;
    if (line[keyword.size()] != ' ' && line[keyword.size()] != '\t') continue;
    line.remove_prefix(keyword.size());
    while (!line.empty() && (line.front() == ' ' || line.front() == '\t')) line.remove_prefix(1);
    return line.substr(0, line.find_first_of(" \t\r#"));
  }
  return {};
}

}  // namespace

std::unique_ptr<events::ProfileCatalogue> profile_catalogue_for_log(std::string_view log_text) {
  const std::string_view id = ruleset_id(log_text);
  bool known = false;
  for (std::string_view b : bundled) known = known || b == id;
  if (!known) return nullptr;
  // The bundled data is checked by `umpire rules check` and its tests; a
  // problem loading it here only leaves the profiles unchecked.
  const paths::Lookup data = paths::data_dir();
  if (!data.dir) return nullptr;
  SourceManager sources;
  DiagnosticEngine diags(0);
  const auto path = *data.dir / "corpus" / "rulesets" / (std::string(id) + ".rules");
  auto rs = rules::load_ruleset(sources, path, diags);
  if (!rs) return nullptr;
  return std::make_unique<rules::RulesProfileCatalogue>(*rs);
}

}  // namespace umpire::cli
