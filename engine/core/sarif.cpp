#include "engine/core/sarif.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <system_error>

#include "engine/core/diagnostic_render.hpp"
#include "engine/core/sha256.hpp"

namespace umpire::sarif {

using nlohmann::json;

struct RunBuilder::Json {
  json artifacts = json::array();
  json results = json::array();
  json notifications = json::array();
  json properties;
  std::string tool_version;
  // The first diagnostic of each rule id, for rules nobody described.
  std::map<std::string, Rule, std::less<>> seen;
};

std::string_view level(Severity severity) {
  switch (severity) {
    case Severity::error:
      return "error";
    case Severity::warning:
      return "warning";
    case Severity::note:
      return "note";
    case Severity::not_checked:
      return "none";
  }
  return "note";
}

std::string_view kind(Severity severity) {
  return severity == Severity::not_checked ? "review" : "fail";
}

namespace {

bool unreserved(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
         c == '.' || c == '_' || c == '~' || c == '/';
}

std::string percent_encode(std::string_view path) {
  static constexpr char hex[] = "0123456789ABCDEF";
  std::string out;
  for (const char ch : path) {
    const auto c = static_cast<unsigned char>(ch);
    if (unreserved(c)) {
      out += ch;
    } else {
      out += '%';
      out += hex[c >> 4];
      out += hex[c & 15];
    }
  }
  return out;
}

json region_of(const SourceManager& sources, Span span) {
  const LineColumn b = sources.line_column(span.file, span.begin);
  const LineColumn e = sources.line_column(span.file, span.end);
  return {{"startLine", b.line},
          {"startColumn", b.column},
          {"endLine", e.line},
          {"endColumn", e.column}};
}

}  // namespace

std::string artifact_uri(std::string_view name) {
  namespace fs = std::filesystem;
  fs::path path(name);
  if (path.is_absolute()) {
    std::error_code ec;
    const fs::path cwd = fs::current_path(ec);
    const fs::path relative = ec ? fs::path() : path.lexically_relative(cwd);
    if (relative.empty() || *relative.begin() == "..")
      return "file://" + percent_encode(path.lexically_normal().generic_string());
    path = relative;
  }
  std::string text = path.lexically_normal().generic_string();
  if (text.rfind("./", 0) == 0) text.erase(0, 2);
  return percent_encode(text);
}

std::string normalise_statement(std::string_view text) {
  std::string out;
  bool space = false;
  for (const char c : text) {
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ';
    space = false;
    out += c;
  }
  return out;
}

std::string fingerprint(std::string_view rule_id, std::string_view statement,
                        std::size_t occurrence) {
  std::string bytes(rule_id);
  bytes += '\0';
  bytes += statement;
  bytes += '\0';
  bytes += std::to_string(occurrence);
  return sha256_hex(bytes).substr(0, 32);
}

RunBuilder::RunBuilder(std::string_view tool_version) : json_(std::make_unique<Json>()) {
  json_->tool_version = std::string(tool_version);
}

RunBuilder::~RunBuilder() = default;

void RunBuilder::describe(Rule rule) {
  const std::string id = rule.id;
  catalogue_.emplace(id, std::move(rule));
}

std::size_t RunBuilder::add_artifact(std::string_view name, std::string_view properties_json) {
  const std::string uri = artifact_uri(name);
  const auto found = artifact_index_.find(uri);
  const std::size_t index =
      found != artifact_index_.end() ? found->second : json_->artifacts.size();
  if (found == artifact_index_.end()) {
    artifact_index_.emplace(uri, index);
    json_->artifacts.push_back({{"location", {{"uri", uri}}}});
  }
  if (!properties_json.empty()) {
    json& artifact = json_->artifacts[index];
    artifact["roles"] = json::array({"analysisTarget"});
    artifact["properties"] = json::parse(properties_json);
  }
  return index;
}

void RunBuilder::add(const SourceManager& sources, const DiagnosticEngine& engine,
                     FileId not_an_artifact) {
  auto location_of = [&](Span span) {
    const std::size_t index = add_artifact(sources.name(span.file));
    return json{{"physicalLocation",
                 {{"artifactLocation",
                   {{"uri", json_->artifacts[index]["location"]["uri"]}, {"index", index}}},
                  {"region", region_of(sources, span)}}}};
  };
  for (const Diagnostic& d : engine.sorted()) {
    json_->seen.emplace(d.id, Rule{d.id, {}, d.rule, d.severity});
    std::string text = d.message;
    if (d.rule) text += " (" + d.rule->to_string() + ")";
    for (const std::string& note : d.notes) text += "\n" + note;
    if (!d.span.valid() || d.span.file == not_an_artifact) {
      notify(d.severity, d.id, text);
      continue;
    }
    json r{{"ruleId", d.id}, {"level", level(d.severity)}, {"message", {{"text", text}}}};
    if (d.severity == Severity::not_checked) r["kind"] = kind(d.severity);
    json primary = location_of(d.span);
    if (!d.span_label.empty()) primary["message"] = {{"text", d.span_label}};
    r["locations"] = json::array({std::move(primary)});
    json related = json::array();
    for (const Label& l : d.labels) {
      if (!l.span.valid() || l.span.file == not_an_artifact) continue;
      json loc = location_of(l.span);
      loc["id"] = related.size();
      loc["message"] = {{"text", l.message}};
      related.push_back(std::move(loc));
    }
    if (!related.empty()) r["relatedLocations"] = std::move(related);
    // The statement, not its line number, identifies the result.
    const std::string statement = normalise_statement(
        sources.text(d.span.file).substr(d.span.begin, d.span.end - d.span.begin));
    const std::string key = fmt::format("{}\n{}\n{}", sources.name(d.span.file), d.id, statement);
    const std::size_t occurrence = occurrences_[key]++;
    r["partialFingerprints"] = {
        {std::string(fingerprint_key), fingerprint(d.id, statement, occurrence)}};
    if (!d.fixits.empty()) {
      json replacements = json::array();
      for (const FixIt& f : d.fixits)
        replacements.push_back({{"deletedRegion", region_of(sources, f.span)},
                                {"insertedContent", {{"text", f.replacement}}}});
      const std::size_t index = add_artifact(sources.name(d.span.file));
      r["fixes"] = json::array(
          {{{"description", {{"text", d.hint.empty() ? d.message : d.hint}}},
            {"artifactChanges", json::array({{{"artifactLocation",
                                               {{"uri", json_->artifacts[index]["location"]["uri"]},
                                                {"index", index}}},
                                              {"replacements", std::move(replacements)}}})}}});
    }
    json props{{"severity", to_string(d.severity)}};
    if (!d.notes.empty()) props["notes"] = d.notes;
    if (d.rule) props["rule"] = d.rule->to_string();
    if (!d.hint.empty()) props["hint"] = d.hint;
    r["properties"] = std::move(props);
    json_->results.push_back(std::move(r));
  }
  if (engine.dropped() > 0)
    notify(Severity::note, "diagnostics.dropped",
           fmt::format("{} more errors not shown (error limit reached)", engine.dropped()));
}

void RunBuilder::add_result(std::string_view result_json) {
  json_->results.push_back(json::parse(result_json));
}

void RunBuilder::notify(Severity severity, std::string_view id, std::string_view message) {
  // A notification's level has no "none": not checked is a note here.
  json_->notifications.push_back(
      {{"descriptor", {{"id", id}}},
       {"level", severity == Severity::not_checked ? "note" : level(severity)},
       {"message", {{"text", message}}}});
}

void RunBuilder::set_properties(std::string_view properties_json) {
  json_->properties = json::parse(properties_json);
}

std::string RunBuilder::render() const {
  // Rules: those the results name, by id; a result points at its rule by index.
  std::map<std::string, std::size_t, std::less<>> rule_index;
  for (const json& r : json_->results) rule_index.emplace(r["ruleId"].get<std::string>(), 0);
  json rules = json::array();
  for (auto& [id, index] : rule_index) {
    index = rules.size();
    const auto described = catalogue_.find(id);
    const auto seen = json_->seen.find(id);
    const Rule rule = described != catalogue_.end() ? described->second
                      : seen != json_->seen.end()   ? seen->second
                                                    : Rule{id, {}, {}, Severity::warning};
    json descriptor{{"id", id}, {"defaultConfiguration", {{"level", level(rule.severity)}}}};
    if (!rule.description.empty()) descriptor["shortDescription"] = {{"text", rule.description}};
    if (rule.citation) {
      const std::string cited = rule.citation->to_string();
      descriptor["help"] = {{"text", cited}};
      descriptor["properties"] = {
          {"rule", {{"file", rule.citation->file}, {"section", rule.citation->section}}}};
    }
    rules.push_back(std::move(descriptor));
  }
  json results = json_->results;
  for (json& r : results) r["ruleIndex"] = rule_index.at(r["ruleId"].get<std::string>());

  json invocation{{"executionSuccessful", successful_}};
  if (!json_->notifications.empty())
    invocation["toolExecutionNotifications"] = json_->notifications;
  json run{
      {"tool",
       {{"driver",
         {{"name", "umpire"}, {"version", json_->tool_version}, {"rules", std::move(rules)}}}}},
      {"invocations", json::array({std::move(invocation)})},
      {"columnKind", "unicodeCodePoints"}};
  if (!json_->artifacts.empty()) run["artifacts"] = json_->artifacts;
  run["results"] = std::move(results);
  if (!json_->properties.is_null()) run["properties"] = json_->properties;
  json log{{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
           {"version", "2.1.0"},
           {"runs", json::array({std::move(run)})}};
  return log.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}

}  // namespace umpire::sarif

namespace umpire {

std::string render_sarif(const SourceManager& sources, const DiagnosticEngine& engine,
                         std::string_view tool_version) {
  sarif::RunBuilder run(tool_version);
  run.add(sources, engine);
  return run.render();
}

}  // namespace umpire
