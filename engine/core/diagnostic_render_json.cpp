// The machine-readable renderer for scripts and tests: JSON, diagnostics in
// position order. SARIF, for code-scanning tools, is sarif.cpp.
#include <nlohmann/json.hpp>

#include "engine/core/diagnostic_render.hpp"

namespace umpire {
namespace {

using nlohmann::json;

json position(const SourceManager& sources, Span span) {
  const LineColumn b = sources.line_column(span.file, span.begin);
  const LineColumn e = sources.line_column(span.file, span.end);
  return json{{"file", sources.name(span.file)},
              {"offset", span.begin},
              {"end_offset", span.end},
              {"line", b.line},
              {"column", b.column},
              {"end_line", e.line},
              {"end_column", e.column}};
}

json to_json(const SourceManager& sources, const Diagnostic& d) {
  json j{{"id", d.id}, {"severity", to_string(d.severity)}, {"message", d.message}};
  if (d.span.valid()) {
    j["location"] = position(sources, d.span);
    if (!d.span_label.empty()) j["location"]["label"] = d.span_label;
  }
  if (!d.labels.empty()) {
    json labels = json::array();
    for (const Label& l : d.labels) {
      json item{{"message", l.message}};
      if (l.span.valid()) item["location"] = position(sources, l.span);
      labels.push_back(std::move(item));
    }
    j["labels"] = std::move(labels);
  }
  if (!d.notes.empty()) j["notes"] = d.notes;
  if (d.rule)
    j["rule"] =
        json{{"file", d.rule->file}, {"section", d.rule->section}, {"text", d.rule->to_string()}};
  if (!d.hint.empty()) j["hint"] = d.hint;
  if (!d.fixits.empty()) {
    json fixits = json::array();
    for (const FixIt& f : d.fixits)
      fixits.push_back({{"location", position(sources, f.span)}, {"replacement", f.replacement}});
    j["fixits"] = std::move(fixits);
  }
  return j;
}

}  // namespace

std::string render_json(const SourceManager& sources, const DiagnosticEngine& engine) {
  json list = json::array();
  for (const Diagnostic& d : engine.sorted()) list.push_back(to_json(sources, d));
  json out{{"diagnostics", std::move(list)},
           {"summary",
            {{"errors", engine.count(Severity::error)},
             {"warnings", engine.count(Severity::warning)},
             {"not_checked", engine.count(Severity::not_checked)},
             {"notes", engine.count(Severity::note)},
             {"dropped", engine.dropped()}}}};
  return out.dump(2) + "\n";
}

}  // namespace umpire
