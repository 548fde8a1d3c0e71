#include "report/index_page.hpp"

#include <fmt/format.h>

#include "report/html_text.hpp"

namespace umpire::reports {
namespace {

std::string text_of(const nlohmann::json& j, const char* key) {
  const auto it = j.find(key);
  return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

std::string verdict_cell(const nlohmann::json& game) {
  const nlohmann::json& v = game["verdict"];
  if (!v["replayed"].get<bool>())
    return v["no_engine"].get<bool>() ? R"(<span class="badge not_checked">no engine</span>)"
                                      : R"(<span class="badge error">not replayed</span>)";
  std::string out = v["violations"].get<std::size_t>() == 0
                        ? R"(<span class="badge clean">follows the rules checked</span>)"
                        : fmt::format(R"(<span class="badge error">{} broken</span>)",
                                      v["violations"].get<std::size_t>());
  if (v["not_checked"].get<std::size_t>() > 0)
    out += fmt::format(R"(<span class="badge not_checked">{} not checked</span>)",
                       v["not_checked"].get<std::size_t>());
  return out;
}

}  // namespace

std::string index_page(const std::vector<IndexEntry>& entries) {
  std::string rows;
  for (const IndexEntry& e : entries) {
    const nlohmann::json& g = e.game;
    std::string sides;
    for (const auto& s : g["sides"]) {
      if (!sides.empty()) sides += " against ";
      sides += text_of(s, "name").empty() ? text_of(s, "id") : text_of(s, "name");
    }
    rows += fmt::format(
        "<tr><td><a href=\"{}\">{}</a></td><td>{}</td><td>{}</td><td>{}</td><td "
        "class=\"num\">{}</td><td>{}</td></tr>\n",
        escape_html(e.page), escape_html(text_of(g, "file")),
        escape_html(text_of(g["ruleset"], "name")), escape_html(text_of(g, "scenario")),
        escape_html(sides), g["frames"].size() - 1, verdict_cell(g));
  }
  return fmt::format(R"(<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="umpire report">
<title>Games: umpire report</title>
<style>
body {{ margin: 0; padding: 12px 18px; font: 14px/1.45 system-ui, sans-serif; color: #1d2428; background: #fbfaf7; }}
h1 {{ font-size: 20px; }}
table {{ border-collapse: collapse; width: 100%; }}
th, td {{ text-align: left; padding: 4px 8px; border-bottom: 1px solid #d5dadd; overflow-wrap: anywhere; }}
td.num {{ text-align: right; }}
.badge {{ display: inline-block; padding: 1px 8px; border-radius: 10px; margin-right: 6px; color: #fff; font-weight: 600; }}
.badge.clean {{ background: #2e7d32; }} .badge.error {{ background: #b3261e; }} .badge.not_checked {{ background: #6b5aa6; }}
</style>
</head>
<body>
<h1>{} games</h1>
<table>
<tr><th>log</th><th>ruleset</th><th>scenario</th><th>sides</th><th>events</th><th>verdict</th></tr>
{}</table>
</body>
</html>
)",
                     entries.size(), rows);
}

}  // namespace umpire::reports
