// `umpire verify`: proofs and findings with witnesses on rule data
// (docs/verification.md). All logic is in verify/; this file loads the
// rulesets (and the base of each variant), runs one verification per
// ruleset on its own thread (one Z3 context each) and prints the report.
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "cli/commands.hpp"
#include "cli/diagnostics.hpp"
#include "cli/ruleset_files.hpp"
#include "engine/core/data_paths.hpp"
#include "engine/core/diagnostic_render.hpp"
#include "engine/core/escape.hpp"
#include "engine/core/mapped_file.hpp"
#include "engine/core/plural.hpp"
#include "engine/core/suggest.hpp"
#include "engine/core/write_file.hpp"
#include "engine/rules/loader.hpp"
#include "verify/baseline.hpp"
#include "verify/verify.hpp"
#include "verify/witness_replay.hpp"

namespace umpire::cli {
namespace {

namespace fs = std::filesystem;

constexpr const char* verify_footer = R"(Examples:
  umpire verify                                   every ruleset of corpus/rulesets/
  umpire verify sabreur-hex                       one ruleset, by id
  umpire verify corpus/rulesets/hail-caesar-hyw.rules --format sarif > hyw.sarif
  umpire verify hail-caesar --format json
  umpire verify --format markdown                 the report of docs/verification.md
  umpire verify sabreur-hex --timeout 10000       allow 10 s per solver query
  umpire verify --explain table-gap:wab:to_wound_chart:no-row
  umpire verify sabreur-hex --emit-log witnesses  witnesses/<finding>.ulog, replayed by the engine
  umpire verify --baseline reviewed.json          only new or changed findings fail
  umpire verify --baseline reviewed.json --update-baseline --reviewer "A. Writer"

A RULESET is an id from corpus/rulesets/ or a path to a .rules file; a
variant is also checked against its base. Findings, one per root cause,
each led by what a rule writer can do: ambiguities (interpretation
switches that decide), gaps and errata, table gaps, range breaches,
impossible and automatic tests, refuted invariants, contradictions,
precedence, order dependence, obligations that cannot be met,
monotonicity, cost without benefit, superseded entries, dead rules,
unusable rows, skill interactions, army lists, variant differences.
Coverage notices (constructs not encoded, queries not proved in time) are
listed apart and not counted. Each witness is re-checked by the evaluator.
Exit status: 0 nothing above a note (with --baseline: nothing new or
changed), 1 findings, 2 bad input, 3 internal error. See
docs/verification.md.)";

enum class VerifyFormat { text, json, sarif, markdown };

struct VerifyOptions {
  std::vector<std::string> targets;
  std::string rulesets_dir;
  VerifyFormat format = VerifyFormat::text;
  std::string explain;
  std::string emit_log;  // folder for the witness logs; empty: none
  bool extremes = false;
  bool timings = false;
  unsigned jobs = 2;
  unsigned timeout_ms = verify::VerifyOptions{}.timeout_ms;
  double budget_seconds = 120;   // the whole verification; then a partial report
  std::size_t budget_mb = 4096;  // resident memory of the process
  std::string baseline;          // reviewed findings; empty: none
  bool update_baseline = false;
  std::string reviewer;
};

fs::path rulesets_dir(const VerifyOptions& o) {
  return paths::rulesets_dir(o.rulesets_dir);
}

std::vector<std::string> known_rulesets(const VerifyOptions& o) {
  return rulesets_in(rulesets_dir(o));
}

struct Loaded {
  rules::Ruleset rs;
  std::optional<rules::Ruleset> base;
};

std::optional<rules::Ruleset> load_path(Session& session, const fs::path& path,
                                        const std::string& arg, const VerifyOptions& o) {
  std::string error;
  SourceManager::LoadFailure why = SourceManager::LoadFailure::unreadable;
  auto file = session.sources.load(path, error, &why);
  if (!file && why != SourceManager::LoadFailure::unreadable) {
    session.report_unloadable(arg, error, why);
    return std::nullopt;
  }
  if (!file) {
    auto d = session.diags.report(cli::Diag::verify_unknown_ruleset, session.find_arg(arg),
                                  "cannot read ruleset '{}': {}", arg, error);
    if (auto best = closest_match(arg, known_rulesets(o)))
      d.hint("did you mean '{}'?", *best);
    else
      d.hint("run 'umpire rules list' for the rulesets in {}", rulesets_dir(o).string());
    return std::nullopt;
  }
  rules::LoadOptions lo;
  lo.check_file_name = true;
  return rules::load_ruleset(session.sources, *file, path.parent_path(), session.diags, lo);
}

int run_verify(Session& session, const VerifyOptions& o) {
  // Ids (and the default, every shipped ruleset) are looked up in the data.
  const bool by_id =
      o.targets.empty() || !std::all_of(o.targets.begin(), o.targets.end(), is_ruleset_path);
  if (by_id && o.rulesets_dir.empty() && !session.require_data()) {
    session.flush_diagnostics(o.format == VerifyFormat::json ? Format::json : Format::text);
    return exit_usage;
  }
  std::vector<std::string> targets = o.targets;
  if (!o.explain.empty() && targets.empty()) {
    // CATEGORY:RULESET:DETAIL (or internal-error:CATEGORY:RULESET:DETAIL): verify only that
    // ruleset.
    std::vector<std::string> parts;
    for (std::size_t at = 0; at <= o.explain.size();) {
      const std::size_t next = std::min(o.explain.find(':', at), o.explain.size());
      parts.push_back(o.explain.substr(at, next - at));
      at = next + 1;
    }
    const std::size_t k = !parts.empty() && parts[0] == "internal-error" ? 2 : 1;
    if (k < parts.size() && fs::exists(rulesets_dir(o) / (parts[k] + ".rules")))
      targets.push_back(parts[k]);
  }
  if (targets.empty()) targets = known_rulesets(o);
  if (targets.empty()) {
    // Nothing to verify is no clean verdict: a folder without rulesets (or
    // that does not exist) is a mistake in the input.
    std::error_code ec;
    const bool exists = fs::is_directory(rulesets_dir(o), ec);
    session.diags
        .report(cli::Diag::verify_no_rulesets, session.find_arg(o.rulesets_dir), "{} '{}'",
                exists ? "no .rules file in" : "no folder", rulesets_dir(o).string())
        .hint(
            "name a ruleset or a .rules file, or the folder of the rulesets with '--rulesets DIR'");
    session.flush_diagnostics(o.format == VerifyFormat::json ? Format::json : Format::text);
    return exit_usage;
  }
  std::vector<std::unique_ptr<Loaded>> loaded;
  bool bad = false;
  for (const std::string& t : targets) {
    const fs::path path = is_ruleset_path(t) ? fs::path(t) : rulesets_dir(o) / (t + ".rules");
    auto rs = load_path(session, path, t, o);
    if (!rs) {
      bad = true;
      continue;
    }
    auto l = std::make_unique<Loaded>(Loaded{std::move(*rs), std::nullopt});
    if (l->rs.lineage.size() > 1) {
      DiagnosticEngine quiet(0);
      l->base = rules::load_ruleset(session.sources,
                                    path.parent_path() / (l->rs.lineage[1] + ".rules"), quiet);
    }
    loaded.push_back(std::move(l));
  }
  if (bad) {
    session.flush_diagnostics(o.format == VerifyFormat::json ? Format::json : Format::text);
    return exit_usage;
  }
  // One thread (and Z3 context) per ruleset, at most `jobs` at a time, all
  // within one time budget and one memory budget.
  verify::set_memory_budget(o.budget_mb);
  const auto deadline = std::chrono::steady_clock::now() +
                        std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                            std::chrono::duration<double>(o.budget_seconds));
  std::vector<verify::Report> parts(loaded.size());
  const unsigned jobs = std::max(1U, o.jobs);
  // The largest rulesets first, each thread taking the next one when it
  // is free: the work ends together instead of in rounds. (The report's
  // order is the rulesets', whatever the order of the work.)
  std::vector<std::size_t> order(loaded.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  auto size_of = [&](std::size_t i) {
    const rules::Ruleset& rs = loaded[i]->rs;
    return rs.values.size() + rs.stacks.size() + rs.tests.size() + rs.permissions.size() +
           4 * rs.switches.size() + (loaded[i]->base ? rs.values.size() : 0);
  };
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return size_of(a) > size_of(b); });
  std::atomic<std::size_t> next{0};
  std::vector<std::thread> threads;
  for (unsigned t = 0; t < jobs && t < loaded.size(); ++t) {
    threads.emplace_back([&] {
      for (std::size_t k = next++; k < order.size(); k = next++) {
        const std::size_t i = order[k];
        const Loaded& l = *loaded[i];
        verify::VerifyOptions vo;
        vo.trace = o.timings;
        vo.timeout_ms = o.timeout_ms;
        vo.deadline = deadline;
        parts[i] = verify::verify_ruleset(l.rs, l.base ? &*l.base : nullptr, vo);
      }
    });
  }
  for (std::thread& t : threads) t.join();
  verify::Report report;
  for (verify::Report& p : parts) verify::merge_report(report, std::move(p));
  verify::fold_inherited(report);
  report.sort();

  std::optional<verify::Baseline> baseline;
  std::optional<verify::BaselineComparison> compared;
  if (!o.baseline.empty()) {
    std::string error;
    const bool exists = fs::exists(o.baseline);
    if (exists) {
      auto file = MappedFile::open(o.baseline, error);
      if (file) baseline = verify::parse_baseline(std::string(file->text()), error);
    } else if (!o.update_baseline) {
      error = "no such file";
    }
    if (!error.empty()) {
      session.diags
          .report(cli::Diag::verify_baseline, session.find_arg(o.baseline),
                  "cannot use baseline '{}': {}", o.baseline, error)
          .hint(exists ? "fix the file, or write a new one with --update-baseline"
                       : "write one with --update-baseline, after reviewing the findings");
      session.flush_diagnostics(o.format == VerifyFormat::json ? Format::json : Format::text);
      return exit_usage;
    }
    if (baseline) compared = verify::apply_baseline(report, *baseline);
    if (o.update_baseline) {
      const std::string written = write_file(
          o.baseline, verify::render_baseline(report, baseline ? &*baseline : nullptr, o.reviewer));
      if (!written.empty()) {
        session.diags.report(cli::Diag::verify_baseline, session.find_arg(o.baseline),
                             "cannot write baseline '{}': {}", o.baseline, written);
        session.flush_diagnostics(Format::text);
        return exit_usage;
      }
    }
  }
  if (!o.emit_log.empty()) {
    const verify::EmitLogResult emitted = verify::emit_witness_logs(report, o.emit_log);
    if (!emitted.error.empty()) {
      session.diags
          .report(cli::Diag::verify_emit_log, session.find_arg(o.emit_log), "{}", emitted.error)
          .hint("--emit-log needs a folder Umpire can create and write");
      session.flush_diagnostics(o.format == VerifyFormat::json ? Format::json : Format::text);
      return exit_usage;
    }
    if (o.format == VerifyFormat::text)
      std::cerr << fmt::format("wrote {} to {}; {} without a log\n",
                               plural(emitted.written, "witness log"), o.emit_log,
                               plural(emitted.refused, "finding"));
  }

  if (!o.explain.empty()) {
    const std::string text = verify::explain_finding(report, o.explain);
    if (text.empty()) {
      std::vector<std::string> ids;
      for (const verify::Finding& f : report.findings) ids.push_back(f.id);
      auto d = session.diags.report(cli::Diag::verify_unknown_finding, session.find_arg(o.explain),
                                    "no finding '{}' in this report", o.explain);
      if (auto best = closest_match(o.explain, ids))
        d.hint("did you mean '{}'?", *best);
      else
        d.hint("run 'umpire verify' for the ids of the findings");
      session.flush_diagnostics(Format::text);
      return exit_usage;
    }
    std::cout << escape_controls(text, true);
    return exit_clean;
  }
  switch (o.format) {
    case VerifyFormat::text:
      std::cout << escape_controls(verify::render_findings_text(report, o.extremes), true);
      break;
    case VerifyFormat::json: {
      // One JSON document: the report, with the loading diagnostics in it.
      nlohmann::json doc = nlohmann::json::parse(verify::render_findings_json(report));
      doc["diagnostics"] = nlohmann::json::parse(render_json(session.sources, session.diags));
      session.diags.clear();
      std::cout << doc.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
      break;
    }
    case VerifyFormat::sarif:
      std::cout << verify::render_findings_sarif(session.sources, report);
      break;
    case VerifyFormat::markdown:
      std::cout << escape_controls(verify::render_findings_markdown(report), true);
      break;
  }
  if (o.format != VerifyFormat::json) session.flush_diagnostics(Format::text);
  if (o.format == VerifyFormat::text) {
    std::cerr << fmt::format("verified {} in {:.1f} s of solver time\n",
                             plural(report.rulesets.size(), "ruleset"), report.seconds);
    if (compared) {
      std::cerr << fmt::format(
          "baseline {}: {} reviewed, {} new, {} changed, {} no longer found{}\n", o.baseline,
          compared->reviewed, compared->fresh.size(), compared->changed.size(),
          compared->gone.size(), o.update_baseline ? " (baseline rewritten)" : "");
    } else if (o.update_baseline) {
      std::cerr << fmt::format("baseline {} written\n", o.baseline);
    }
  }
  bool internal = false, findings = false;
  for (const verify::Finding& f : report.findings) {
    internal = internal || f.category == verify::Category::internal_error;
    const bool counts = !verify::is_coverage_notice(f) && f.review.empty() && !o.update_baseline;
    findings =
        findings || (counts && (f.severity == Severity::warning || f.severity == Severity::error));
  }
  // A partial report is never a clean bill: what did not run may find more.
  return internal                                ? exit_internal
         : (findings || !report.partial.empty()) ? exit_findings
                                                 : exit_clean;
}

}  // namespace

Command add_verify_command(CLI::App& root) {
  auto o = std::make_shared<VerifyOptions>();
  CLI::App* app = root.add_subcommand(
      "verify", "Prove properties of rule data and report findings with witnesses");
  app->add_option("rulesets", o->targets,
                  "Ruleset ids or .rules paths (default: every shipped ruleset)");
  app->add_option("--rulesets", o->rulesets_dir,
                  "Folder of the rulesets (default: corpus/rulesets of the data)")
      ->type_name("DIR");
  app->add_option_function<std::string>(
         "--format",
         [o](const std::string& name) {
           o->format = name == "json"       ? VerifyFormat::json
                       : name == "sarif"    ? VerifyFormat::sarif
                       : name == "markdown" ? VerifyFormat::markdown
                                            : VerifyFormat::text;
         },
         "Output format: text (default), json, sarif, or markdown (the report of "
         "docs/verification.md)")
      ->check(CLI::IsMember({"text", "json", "sarif", "markdown"}));
  app->add_option("--explain", o->explain, "Print everything about one finding, by id");
  app->add_option("--emit-log", o->emit_log,
                  "Write each Sabreur-hex witness as a replay log DIR/<finding>.ulog, replay it, "
                  "and say what it shows")
      ->type_name("DIR");
  CLI::Option* baseline = app->add_option("--baseline", o->baseline,
                                          "Findings already reviewed (JSON): only new or changed "
                                          "findings count toward the exit status");
  app->add_flag("--update-baseline", o->update_baseline,
                "Write the --baseline file (atomically) with every current finding, keeping "
                "earlier reviews")
      ->needs(baseline);
  app->add_option("--reviewer", o->reviewer, "Who reviewed the findings --update-baseline adds");
  app->add_flag("--extremes", o->extremes,
                "Also list the extreme values of every modified quantity (text)");
  app->add_flag("--timings", o->timings, "Print the time each analysis takes on stderr as it ends");
  app->add_option(
         "--timeout", o->timeout_ms,
         "Work per solver query, in solver resource units worth MS milliseconds, the same on every "
         "machine; a query still open then is reported 'not proved' (default 2000)")
      ->check(CLI::Range(1U, 3600000U));
  app->add_option(
         "--budget-seconds", o->budget_seconds,
         "Time for the whole verification; past it the report is partial and says where it stopped "
         "(default 120)")
      ->check(CLI::Range(0.001, 86400.0));
  app->add_option("--budget-mb", o->budget_mb,
                  "Memory the verification may hold; past it the report is partial (default 4096)")
      ->check(CLI::Range(std::size_t{64}, std::size_t{1} << 20));
  app->add_option("--jobs,-j", o->jobs, "Rulesets verified at once, one thread each (default 2)")
      ->check(CLI::Range(1U, 64U));
  app->footer(verify_footer);
  return {app, [o](Session& session) { return run_verify(session, *o); }};
}

}  // namespace umpire::cli
