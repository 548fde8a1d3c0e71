// The verifier's reports for tools: JSON with every field of every finding,
// and SARIF 2.1.0 for code-scanning viewers through engine/core/sarif.hpp
// (one rule per category, stable fingerprints, locations in the rules
// files, citations as related text).
#include <fmt/format.h>

#include <map>
#include <nlohmann/json.hpp>

#include "engine/core/sarif.hpp"
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
  return sarif::level(f.severity == Severity::not_checked ? Severity::note : f.severity);
}

json location_of(const SourceManager& sources, Span span) {
  const LineColumn b = sources.line_column(span.file, span.begin);
  const LineColumn e = sources.line_column(span.file, span.end);
  return {{"physicalLocation",
           {{"artifactLocation", {{"uri", sarif::artifact_uri(sources.name(span.file))}}},
            {"region",
             {{"startLine", b.line},
              {"startColumn", b.column},
              {"endLine", e.line},
              {"endColumn", e.column}}}}}};
}

json result_of(const SourceManager& sources, const Finding& f) {
  std::string text = f.action.empty() ? f.message : f.action + " " + f.message;
  json r{{"ruleId", std::string(to_string(f.category))},
         {"level", sarif_level(f)},
         {"message", {{"text", text}}},
         {"partialFingerprints",
          {{"umpireFinding/v1", f.fingerprint.empty() ? fingerprint_of(f) : f.fingerprint}}}};
  if (is_coverage_notice(f)) r["kind"] = "informational";
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
  return r;
}

}  // namespace

std::string render_findings_sarif(const SourceManager& sources, const Report& report) {
  sarif::RunBuilder run(version);
  // One rule per category, the kind of finding: what it means as its
  // description, the severity of its first finding as its default level.
  for (const Finding& f : report.findings)
    run.describe({std::string(to_string(f.category)), std::string(describe(f.category)),
                  std::nullopt, is_coverage_notice(f) ? Severity::not_checked : f.severity});
  for (const Finding& f : report.findings) run.add_result(result_of(sources, f).dump());
  // A partial report says so where viewers look: the run did not finish.
  for (const std::string& p : report.partial) run.notify(Severity::warning, "verify.partial", p);
  run.set_execution_successful(report.partial.empty());
  return run.render();
}

}  // namespace umpire::verify
