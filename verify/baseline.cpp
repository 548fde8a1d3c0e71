// Reading, applying and writing a reviewer's baseline (baseline.hpp).
#include "verify/baseline.hpp"

#include <fmt/format.h>

#include <map>
#include <nlohmann/json.hpp>

namespace umpire::verify {

using nlohmann::json;

std::optional<Baseline> parse_baseline(const std::string& text, std::string& error) {
  const json doc = json::parse(text, nullptr, false);
  if (doc.is_discarded() || !doc.is_object()) {
    error = "not JSON: a baseline is the file written by 'umpire verify --update-baseline'";
    return std::nullopt;
  }
  if (!doc.contains("umpire-baseline") || !doc.contains("findings") ||
      !doc["findings"].is_array()) {
    error = "not an Umpire baseline: the keys 'umpire-baseline' and 'findings' are missing";
    return std::nullopt;
  }
  Baseline out;
  std::size_t index = 0;
  for (const json& e : doc["findings"]) {
    auto text_of = [&](const char* key) -> std::string {
      return e.is_object() && e.contains(key) && e[key].is_string() ? e[key].get<std::string>()
                                                                    : std::string();
    };
    BaselineEntry entry{text_of("id"),     text_of("fingerprint"), text_of("content"),
                        text_of("status"), text_of("reason"),      text_of("by"),
                        text_of("message")};
    if (entry.id.empty()) {
      error = fmt::format("entry {} of 'findings' has no 'id'", index + 1);
      return std::nullopt;
    }
    if (entry.status != "accepted" && entry.status != "waived") {
      error = fmt::format("finding '{}' has status '{}': write \"accepted\" or \"waived\"",
                          entry.id, entry.status);
      return std::nullopt;
    }
    if (entry.status == "waived" && entry.reason.empty()) {
      error =
          fmt::format("finding '{}' is waived without a reason: say why in \"reason\"", entry.id);
      return std::nullopt;
    }
    out.entries.push_back(std::move(entry));
    ++index;
  }
  return out;
}

BaselineComparison apply_baseline(Report& report, const Baseline& baseline) {
  std::map<std::string, const BaselineEntry*> by_id;
  for (const BaselineEntry& e : baseline.entries) by_id.emplace(e.id, &e);
  BaselineComparison out;
  std::map<std::string, bool> seen;
  for (Finding& f : report.findings) {
    if (is_coverage_notice(f)) continue;
    auto it = by_id.find(f.id);
    if (it == by_id.end()) {
      out.fresh.push_back(f.id);
      continue;
    }
    seen[f.id] = true;
    const BaselineEntry& e = *it->second;
    if (!e.content.empty() && e.content != content_hash_of(f)) {
      out.changed.push_back(f.id);
      continue;
    }
    f.review = e.status == "waived"
                   ? fmt::format("waived{}: {}", e.by.empty() ? "" : " by " + e.by, e.reason)
                   : fmt::format("accepted{}", e.by.empty() ? "" : " by " + e.by);
    ++out.reviewed;
  }
  for (const BaselineEntry& e : baseline.entries) {
    if (!seen.count(e.id)) out.gone.push_back(e.id);
  }
  return out;
}

std::string render_baseline(const Report& report, const Baseline* previous,
                            const std::string& reviewer) {
  std::map<std::string, const BaselineEntry*> old;
  if (previous) {
    for (const BaselineEntry& e : previous->entries) old.emplace(e.id, &e);
  }
  json findings = json::array();
  for (const Finding& f : report.findings) {
    if (is_coverage_notice(f) || f.category == Category::internal_error) continue;
    const std::string content = content_hash_of(f);
    json entry{{"id", f.id},
               {"fingerprint", fingerprint_of(f)},
               {"content", content},
               {"message", f.message}};
    auto it = old.find(f.id);
    if (it != old.end() && (it->second->content.empty() || it->second->content == content)) {
      entry["status"] = it->second->status;
      entry["reason"] = it->second->reason;
      entry["by"] = it->second->by;
    } else {
      entry["status"] = "accepted";
      entry["reason"] = "";
      entry["by"] = reviewer;
    }
    findings.push_back(std::move(entry));
  }
  json doc{{"umpire-baseline", 1}, {"findings", std::move(findings)}};
  return doc.dump(2) + "\n";
}

}  // namespace umpire::verify
