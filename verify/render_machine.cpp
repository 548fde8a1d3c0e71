// The verifier's reports for tools: JSON with every field of every finding,
// and SARIF 2.1.0 for code-scanning viewers (one rule per category, stable
// fingerprints, locations in the rules files, citations as related text).
#include <fmt/format.h>

#include <map>
#include <nlohmann/json.hpp>

#include "engine/core/version.hpp"
#include "verify/findings.hpp"

namespace umpire::verify {

using nlohmann::json;

std::string render_findings_json(const Report& report) {
  json findings = json::array();
  for (const Finding& f : report.findings) {
    json items = json::array();
    for (const FindingItem& i : f.items) {
      json refs = json::array();
      for (const rules::Citation& c : i.refs) refs.push_back(c.text());
      items.push_back({{"name", i.name}, {"kind", i.kind}, {"refs", refs}});
    }
    findings.push_back(
        {{"id", f.id},
         {"category", to_string(f.category)},
         {"severity", to_string(f.severity)},
         {"ruleset", f.ruleset},
         {"action", f.action},
         {"message", f.message},
         {"items", items},
         {"witness", f.witness},
         {"probability", f.probability},
         {"instances", f.instances},
         {"explanation", f.explanation},
         {"evidence", f.evidence},
         {"counted", !is_coverage_notice(f)},
         {"fingerprint", f.fingerprint.empty() ? fingerprint_of(f) : f.fingerprint}});
    if (!f.log.empty()) findings.back()["log"] = f.log;
    if (!f.review.empty()) findings.back()["review"] = f.review;
  }
  json proofs = json::array();
  for (const Proof& p : report.proofs)
    proofs.push_back({{"ruleset", p.ruleset}, {"proved", p.what}});
  json extremes = json::array();
  for (const Extreme& e : report.extremes) {
    extremes.push_back({{"ruleset", e.ruleset},
                        {"item", e.item},
                        {"declared", e.declared},
                        {"min", e.min},
                        {"max", e.max},
                        {"exact", e.exact}});
  }
  json out{{"rulesets", report.rulesets},
           {"findings", findings},
           {"proved", proofs},
           {"extremes", extremes},
           {"summary", summary_of(report, nullptr)},
           {"partial", report.partial}};
  return out.dump(2) + "\n";
}

namespace {

std::string_view sarif_level(const Finding& f) {
  if (is_coverage_notice(f)) return "none";
  switch (f.severity) {
    case Severity::error:
      return "error";
    case Severity::warning:
      return "warning";
    default:
      return "note";
  }
}

json location_of(const SourceManager& sources, Span span) {
  const LineColumn b = sources.line_column(span.file, span.begin);
  const LineColumn e = sources.line_column(span.file, span.end);
  return {{"physicalLocation",
           {{"artifactLocation", {{"uri", sources.name(span.file)}}},
            {"region",
             {{"startLine", b.line},
              {"startColumn", b.column},
              {"endLine", e.line},
              {"endColumn", e.column}}}}}};
}

}  // namespace

std::string render_findings_sarif(const SourceManager& sources, const Report& report) {
  // One rule per category the report uses, in the categories' order.
  std::map<Category, std::size_t> rule_index;
  for (const Finding& f : report.findings) rule_index.emplace(f.category, 0);
  json rules = json::array();
  for (auto& [category, index] : rule_index) {
    index = rules.size();
    const std::string name(to_string(category));
    rules.push_back({{"id", name},
                     {"name", name},
                     {"shortDescription", {{"text", std::string(describe(category))}}}});
  }
  json results = json::array();
  for (const Finding& f : report.findings) {
    std::string text = f.action.empty() ? f.message : f.action + " " + f.message;
    json r{{"ruleId", std::string(to_string(f.category))},
           {"ruleIndex", rule_index.at(f.category)},
           {"level", sarif_level(f)},
           {"message", {{"text", text}}},
           {"partialFingerprints",
            {{"umpireFinding/v1", f.fingerprint.empty() ? fingerprint_of(f) : f.fingerprint}}}};
    json locations = json::array(), related = json::array();
    for (const FindingItem& item : f.items) {
      if (!item.span.valid()) continue;
      json loc = location_of(sources, item.span);
      std::string cites;
      for (const rules::Citation& c : item.refs) cites += (cites.empty() ? "" : "; ") + c.text();
      loc["message"] = {{"text", fmt::format("{} '{}'{}", item.kind, item.name,
                                             cites.empty() ? "" : " cites " + cites)}};
      if (locations.empty())
        locations.push_back(loc);
      else {
        loc["id"] = related.size();
        related.push_back(std::move(loc));
      }
    }
    if (!locations.empty()) r["locations"] = std::move(locations);
    if (!related.empty()) r["relatedLocations"] = std::move(related);
    json props{{"finding", f.id}, {"ruleset", f.ruleset}};
    if (!f.witness.empty()) props["witness"] = f.witness;
    if (!f.probability.empty()) props["probability"] = f.probability;
    if (!f.instances.empty()) props["instances"] = f.instances;
    if (!f.explanation.empty()) props["explanation"] = f.explanation;
    if (!f.review.empty()) {
      props["review"] = f.review;
      r["suppressions"] = json::array({{{"kind", "external"}, {"justification", f.review}}});
    }
    r["properties"] = std::move(props);
    results.push_back(std::move(r));
  }
  // A partial report says so where viewers look: the run did not finish.
  json notifications = json::array();
  for (const std::string& p : report.partial)
    notifications.push_back({{"level", "warning"}, {"message", {{"text", p}}}});
  json invocation{{"executionSuccessful", report.partial.empty()}};
  if (!notifications.empty()) invocation["toolExecutionNotifications"] = std::move(notifications);
  json sarif{
      {"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
      {"version", "2.1.0"},
      {"runs",
       json::array({{{"tool",
                      {{"driver",
                        {{"name", "umpire"}, {"version", version}, {"rules", std::move(rules)}}}}},
                     {"invocations", json::array({invocation})},
                     {"results", std::move(results)}}})}};
  return sarif.dump(2) + "\n";
}

}  // namespace umpire::verify
