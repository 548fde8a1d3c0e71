#include "cli/check_report.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "engine/core/escape.hpp"
#include "engine/core/plural.hpp"
#include "engine/core/replay/state_hash.hpp"
#include "engine/rulesets/registry.hpp"

namespace umpire::cli {

LogVerdict verdict_of(const run::CheckedLog& log) {
  LogVerdict v;
  v.file = log.path.string();
  if (!log.file) {
    v.verdict = "not read";
    return v;
  }
  v.file = std::string(log.sources->name(*log.file));
  v.read = true;
  v.result = &log.result;
  v.errors = log.diags.count(Severity::error);
  const run::RunResult& r = log.result;
  if (!r.replayed)
    v.verdict = r.syntax_errors || v.errors > 0 ? "not replayed" : "not checked";
  else if (r.replay.violations > 0)
    v.verdict = fmt::format("{} broken", plural(r.replay.violations, "rule"));
  else
    v.verdict = "follows the rules checked";
  return v;
}

std::string verdict_text(const LogVerdict& v) {
  if (!v.read) return {};
  const run::RunResult& r = *v.result;
  const std::string name = escape_controls(v.file);
  std::string text;
  if (r.no_engine && r.mustered) {
    // The armies were checked, the game was not.
    text =
        fmt::format("{}: not checked, no replay engine for '{}' yet: {} read, none replayed; {}",
                    name, r.ruleset, plural(r.events_not_replayed, "event"),
                    r.muster.breaches > 0
                        ? fmt::format("{} broken at muster", plural(r.muster.breaches, "rule"))
                        : fmt::format("{} pass muster", plural(r.muster.armies, "army", "armies")));
  } else if (r.no_engine && v.errors == 0) {
    // Not "0 events, 0 not checked": nothing of the game was checked.
    text = fmt::format("{}: not checked, no replay engine for '{}' yet: {} read, none replayed",
                       name, r.ruleset, plural(r.events_not_replayed, "event"));
  } else {
    text = fmt::format("{}: {}: {} events, {}, {}, {} not checked ({})", name, v.verdict,
                       r.replay.events.size(), plural(r.replay.violations, "violation"),
                       plural(r.replay.agreed, "agreed ruling"), r.replay.not_checked_aspects,
                       plural(r.replay.not_checked, "occurrence"));
  }
  if (r.replayed) text += fmt::format(", final state {}", replay::hash_text(r.replay.final_hash));
  text += '\n';
  // Which data the verdict applied, exactly (docs/log-format.md § The rules data).
  if (!r.data_sha256.empty())
    text +=
        fmt::format("  rules data {} sha256 {}, {}\n", escape_controls(r.data_path), r.data_sha256,
                    r.data_pinned ? "pinned by the log" : "not pinned by the log");
  return text;
}

namespace {

nlohmann::json counts(const run::RunResult& r) {
  nlohmann::json j{{"events", r.replay.events.size()},
                   {"violations", r.replay.violations},
                   {"agreed", r.replay.agreed},
                   {"not_checked", r.replay.not_checked_aspects},
                   {"not_checked_occurrences", r.replay.not_checked},
                   {"stopped", r.replay.stopped},
                   {"events_not_replayed", r.events_not_replayed}};
  // The armies checked against their lists, for a ruleset with a muster.
  if (r.mustered) j["muster"] = {{"armies", r.muster.armies}, {"breaches", r.muster.breaches}};
  return j;
}

}  // namespace

std::string verdict_json(const LogVerdict& v) {
  const run::RunResult& r = *v.result;
  nlohmann::json j{{"file", v.file},
                   {"ruleset", r.ruleset},
                   {"replayed", r.replayed},
                   {"verdict", v.verdict},
                   {"final_hash", r.replayed ? replay::hash_text(r.replay.final_hash) : ""},
                   {"data", r.data_sha256.empty() ? nlohmann::json()
                                                  : nlohmann::json{{"path", r.data_path},
                                                                   {"sha256", r.data_sha256},
                                                                   {"pinned", r.data_pinned}}}};
  j.update(counts(r));
  return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string verdict_sarif_properties(const LogVerdict& v) {
  const run::RunResult& r = *v.result;
  nlohmann::json j{{"ruleset", r.ruleset}, {"replayed", r.replayed}, {"verdict", v.verdict}};
  j.update(counts(r));
  if (r.replayed) j["final_hash"] = replay::hash_text(r.replay.final_hash);
  // The data's path as a URI, as the artifacts' are: relative to the
  // working folder where it lies inside it, so the output does not name
  // the machine's folders.
  if (!r.data_sha256.empty())
    j["data"] = {{"uri", sarif::artifact_uri(r.data_path)},
                 {"sha256", r.data_sha256},
                 {"pinned", r.data_pinned}};
  return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string summary_table(const std::vector<LogVerdict>& verdicts) {
  struct Row {
    std::string file, verdict, violations, not_checked;
  };
  std::vector<Row> rows{{"file", "verdict", "violations", "not checked"}};
  std::size_t broken = 0, follow = 0, other = 0;
  for (const LogVerdict& v : verdicts) {
    if (!v.read) {
      rows.push_back({escape_controls(v.file), v.verdict, "-", "-"});
      ++other;
      continue;
    }
    rows.push_back({escape_controls(v.file), v.verdict, std::to_string(v.result->replay.violations),
                    std::to_string(v.result->replay.not_checked_aspects)});
    if (v.result->replayed && v.result->replay.violations > 0)
      ++broken;
    else if (v.result->replayed && v.errors == 0)
      ++follow;
    else
      ++other;
  }
  std::size_t w_file = 0, w_verdict = 0;
  for (const Row& r : rows) {
    w_file = std::max(w_file, r.file.size());
    w_verdict = std::max(w_verdict, r.verdict.size());
  }
  std::string out = "\n";
  for (const Row& r : rows)
    out += fmt::format("{:<{}}  {:<{}}  {:>10}  {:>11}\n", r.file, w_file, r.verdict, w_verdict,
                       r.violations, r.not_checked);
  out +=
      fmt::format("{}: {} follow the rules checked, {} break a rule, {} not checked or not read\n",
                  plural(verdicts.size(), "log"), follow, broken, other);
  return out;
}

void describe_checks(sarif::RunBuilder& run) {
  auto add = [&run](const replay::CheckInfo& c) {
    sarif::Rule rule{std::string(c.id), std::string(c.what), std::nullopt, c.severity};
    if (!c.file.empty()) rule.citation = RuleRef{std::string(c.file), std::string(c.section)};
    run.describe(std::move(rule));
  };
  for (const rulesets::RulesetEntry* e : rulesets::all())
    if (e->checks)
      for (const replay::CheckInfo& c : e->checks->all()) add(c);
  for (const replay::CheckInfo& c : replay::kCoreChecks) add(c);
}

}  // namespace umpire::cli
