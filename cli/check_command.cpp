// `umpire check FILE_OR_DIR...`: replays each battle log against its rules
// and prints the verdict: every rule broken, where and why, the agreed
// rulings, and what is not checked yet; over several logs, a summary table.
// Logs are checked on several threads (engine/run/batch.hpp). The engine is in engine/rulesets;
// this file reads arguments and prints (docs/cli.md, docs/engine.md).
#include <fmt/format.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <iostream>
#include <nlohmann/json.hpp>
#include <thread>

#include "cli/check_report.hpp"
#include "cli/commands.hpp"
#include "cli/diagnostics.hpp"
#include "cli/log_inputs.hpp"
#include "engine/core/data_paths.hpp"
#include "engine/core/diagnostic_render.hpp"
#include "engine/core/sarif.hpp"
#include "engine/core/version.hpp"
#include "engine/rulesets/registry.hpp"
#include "engine/run/batch.hpp"

namespace umpire::cli {
namespace {

enum class CheckFormat { text, json, sarif };

constexpr const char* check_footer =
    R"(Modes: follow-log (default) reports a violation and goes on with the game as
the log played it; stop ends at the first violation; follow-rules goes on with
what the rules give instead.

Examples:
  umpire check replays/sabreur-hex/essling-village.ulog
  umpire check game.ulog --mode stop             stop at the first broken rule
  umpire check a.ulog b.ulog --format json       one JSON document for both
  umpire check -j 4 tournament/                  every .ulog under the folder, 4 at once
  umpire check replays/ --format sarif > check.sarif   for code scanning
  umpire check --list-checks                     every check and its citation (docs/checks.md)

Exit codes: 0 the logs follow the rules, 1 a rule is broken (in the game or at
muster), 2 unreadable or malformed input, 4 a log's ruleset has no engine; over several logs, the
first of 2, 1, 4 that one of them gives. Documentation: docs/cli.md,
docs/engine.md, docs/checks.md)";

struct CheckOptions {
  std::vector<std::string> files;
  std::string mode = "follow-log";
  std::string rules;
  bool list_checks = false;
  unsigned jobs = std::max(1u, std::thread::hardware_concurrency());
  CheckFormat format = CheckFormat::text;
};

replay::ReplayMode mode_of(const std::string& m) {
  if (m == "stop") return replay::ReplayMode::stop_at_first;
  if (m == "follow-rules") return replay::ReplayMode::follow_rules;
  return replay::ReplayMode::follow_log;
}

// "umpire check: 12/197 logs", rewritten in place; only on a terminal,
// where it is erased before the verdicts are printed.
void show_progress(std::size_t done, std::size_t total) {
  std::cerr << fmt::format("\rumpire check: {}/{} logs", done, total) << std::flush;
}

// The verdicts as JSON: the files, the mode, and every diagnostic (those of
// the command line first, then each log's) with their summed counts.
std::string check_json(Session& session, const run::Batch& batch,
                       const std::vector<LogVerdict>& verdicts, replay::ReplayMode mode) {
  using nlohmann::json;
  json files = json::array();
  for (const LogVerdict& v : verdicts)
    if (v.read) files.push_back(json::parse(verdict_json(v)));
  json diagnostics = json::array();
  json summary = json::object();
  auto take = [&](const SourceManager& sources, const DiagnosticEngine& diags) {
    json one = json::parse(render_json(sources, diags));
    for (json& d : one["diagnostics"]) diagnostics.push_back(std::move(d));
    for (auto& [key, n] : one["summary"].items())
      summary[key] = summary.value(key, std::size_t{0}) + n.get<std::size_t>();
  };
  take(session.sources, session.diags);
  for (const run::CheckedLog& log : batch.logs)
    if (log.file) take(*log.sources, log.diags);
  json root;
  root["files"] = std::move(files);
  root["mode"] = std::string(replay::to_string(mode));
  root["diagnostics"] = {{"diagnostics", std::move(diagnostics)}, {"summary", std::move(summary)}};
  return root.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}

// One SARIF run: the checks as rules, each log an artifact with its
// verdict, its diagnostics as results; problems with the arguments are the
// invocation's notifications.
std::string check_sarif(Session& session, const run::Batch& batch,
                        const std::vector<LogVerdict>& verdicts, replay::ReplayMode mode,
                        bool successful) {
  sarif::RunBuilder run(version);
  describe_checks(run);
  for (const LogVerdict& v : verdicts)
    if (v.read) run.add_artifact(v.file, verdict_sarif_properties(v));
  run.add(session.sources, session.diags, session.command_line());
  for (const run::CheckedLog& log : batch.logs)
    if (log.file) run.add(*log.sources, log.diags);
  run.set_properties(nlohmann::json{{"mode", std::string(replay::to_string(mode))}}.dump());
  run.set_execution_successful(successful);
  return run.render();
}

int run_check(Session& session, const CheckOptions& opt) {
  const Format diagnostics_format = opt.format == CheckFormat::text ? Format::text : Format::json;
  if (opt.list_checks) {
    std::cout << rulesets::checks_markdown();
    return exit_clean;
  }
  // Before any log is read: the diagnostics alone, in the format asked.
  auto refuse = [&] {
    if (opt.format == CheckFormat::sarif) {
      std::cout << check_sarif(session, {}, {}, mode_of(opt.mode), false);
      session.diags.clear();
    } else {
      session.flush_diagnostics(diagnostics_format);
    }
    return exit_usage;
  };
  if (opt.files.empty()) {
    session.diags.report(cli::Diag::check_no_file, {}, "no battle log to check")
        .hint("umpire check game.ulog");
    return refuse();
  }
  if (opt.rules.empty() && !session.require_data()) return refuse();
  const LogInputs inputs = find_logs(session, opt.files);
  run::BatchOptions batch_options;
  batch_options.run.mode = mode_of(opt.mode);
  batch_options.run.hash_every_event = false;  // the verdict names the final state only
  if (!opt.rules.empty()) batch_options.run.rules_file = opt.rules;
  // Looked up once, before the threads start (engine/core/data_paths.hpp).
  batch_options.run.rulesets_dir = paths::rulesets_dir();
  batch_options.threads = opt.jobs;
  batch_options.max_input_bytes = session.sources.max_input_bytes();
  const bool progress = inputs.logs.size() > 1 && ::isatty(STDERR_FILENO);
  if (progress) batch_options.progress = show_progress;
  const run::Batch batch = run::check_logs(inputs.logs, batch_options);
  if (progress) std::cerr << "\r\033[K" << std::flush;

  bool usage = inputs.failed, findings = false, unchecked = false;
  std::vector<LogVerdict> verdicts;
  for (const run::CheckedLog& log : batch.logs) {
    if (!log.file) session.report_unloadable(log.path.string(), log.load_error, log.why);
    verdicts.push_back(verdict_of(log));
    const LogVerdict& v = verdicts.back();
    usage = usage || !v.read || v.result->input_errors();
    findings = findings || v.errors > 0;
    unchecked = unchecked || (v.read && v.result->no_engine);
  }
  // Over several logs, the worst of them (docs/cli.md § Exit codes).
  const int exit_code = usage       ? exit_usage
                        : findings  ? exit_findings
                        : unchecked ? exit_not_checked
                                    : exit_clean;
  const replay::ReplayMode mode = batch_options.run.mode;
  switch (opt.format) {
    case CheckFormat::json:
      std::cout << check_json(session, batch, verdicts, mode);
      break;
    case CheckFormat::sarif:
      std::cout << check_sarif(session, batch, verdicts, mode, exit_code != exit_usage);
      break;
    case CheckFormat::text: {
      std::string diagnostics = render_text(session.sources, session.diags, {session.colour, 100});
      for (const run::CheckedLog& log : batch.logs)
        if (log.file) diagnostics += render_text(*log.sources, log.diags, {session.colour, 100});
      std::cerr << diagnostics;
      std::string text;
      for (const LogVerdict& v : verdicts) text += verdict_text(v);
      if (verdicts.size() > 1) text += summary_table(verdicts);
      std::cout << text;
      break;
    }
  }
  session.diags.clear();
  return exit_code;
}

}  // namespace

Command add_check_command(CLI::App& root) {
  auto opt = std::make_shared<CheckOptions>();
  CLI::App* app =
      root.add_subcommand("check", "Check battle logs against their rules and print the verdict");
  app->add_option("files", opt->files, "Battle logs (.ulog)");
  app->add_option("--mode", opt->mode,
                  "After a violation: follow-log (default), stop, or follow-rules")
      ->check(CLI::IsMember({"follow-log", "stop", "follow-rules"}))
      ->default_str("follow-log");
  app->add_option("--rules", opt->rules,
                  "Rules data to use instead of the data the log names (a log's pin still holds)");
  app->add_flag("--list-checks", opt->list_checks,
                "Print every check with its rule citation (docs/checks.md)");
  app->add_option("-j,--jobs", opt->jobs,
                  "Logs checked at once (default: the machine's hardware threads); the output "
                  "is the same whatever the number")
      ->check(CLI::Range(1u, 1024u));
  app->add_option_function<std::string>(
         "--format",
         [opt](const std::string& name) {
           opt->format = name == "json"    ? CheckFormat::json
                         : name == "sarif" ? CheckFormat::sarif
                                           : CheckFormat::text;
         },
         "Output format: text (default), json, or sarif (SARIF 2.1.0 for code scanning)")
      ->check(CLI::IsMember({"text", "json", "sarif"}));
  app->footer(check_footer);
  return {app, [opt](Session& session) { return run_check(session, *opt); }};
}

}  // namespace umpire::cli
