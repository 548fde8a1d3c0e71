#include "engine/rulesets/common/check_listing.hpp"

namespace umpire::rulesets {

std::optional<std::size_t> row_naming(std::span<const std::string_view> data_names,
                                      std::string_view name) {
  for (std::size_t i = 0; i < data_names.size(); ++i)
    if (!data_names[i].empty() && data_names[i] == name) return i;
  return std::nullopt;
}

void append_check_rows(std::string& out, std::span<const replay::CheckInfo> checks,
                       std::span<const std::string_view> data_names) {
  out +=
      "| check | rule | what is checked | rules data |\n"
      "|---|---|---|---|\n";
  for (std::size_t i = 0; i < checks.size(); ++i) {
    const replay::CheckInfo& c = checks[i];
    out += "| `";
    out += c.id;
    out += "` | ";
    out += c.file;
    out += " § ";
    out += c.section;
    out += " | ";
    out += c.what;
    out += " | ";
    std::string_view rest = i < data_names.size() ? data_names[i] : std::string_view();
    bool first = true;
    while (!rest.empty()) {
      const std::size_t blank = rest.find(' ');
      if (!first) out += ", ";
      first = false;
      out += "`";
      out += rest.substr(0, blank);
      out += "`";
      rest = blank == std::string_view::npos ? std::string_view() : rest.substr(blank + 1);
    }
    out += " |\n";
  }
}

}  // namespace umpire::rulesets
