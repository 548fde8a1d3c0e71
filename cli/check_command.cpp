// `umpire check FILE...`: replays each battle log against its rules and
// prints the verdict: every rule broken, where and why, the agreed rulings,
// and what is not checked yet. The engine is in engine/rulesets; this file
// reads arguments and prints (docs/cli.md, docs/engine.md).
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/commands.hpp"
#include "cli/diagnostics.hpp"
#include "engine/core/diagnostic_render.hpp"
#include "engine/core/escape.hpp"
#include "engine/core/plural.hpp"
#include "engine/rulesets/registry.hpp"
#include "engine/run/run.hpp"

namespace umpire::cli {
namespace {

constexpr const char* check_footer =
    R"(Modes: follow-log (default) reports a violation and goes on with the game as
the log played it; stop ends at the first violation; follow-rules goes on with
what the rules give instead.

Examples:
  umpire check replays/sabreur-hex/essling-village.ulog
  umpire check game.ulog --mode stop             stop at the first broken rule
  umpire check a.ulog b.ulog --format json       one JSON document for both
  umpire check --list-checks                     every check and its citation (docs/checks.md)

Exit codes: 0 the logs follow the rules, 1 a rule is broken (in the game or
at muster), 2 unreadable or malformed input, 4 not checked (no replay engine
for the log's ruleset). Documentation: docs/engine.md, docs/checks.md)";

struct CheckOptions {
  std::vector<std::string> files;
  std::string mode = "follow-log";
  std::string rules;
  bool list_checks = false;
  Format format = Format::text;
};

replay::ReplayMode mode_of(const std::string& m) {
  if (m == "stop") return replay::ReplayMode::stop_at_first;
  if (m == "follow-rules") return replay::ReplayMode::follow_rules;
  return replay::ReplayMode::follow_log;
}

std::string verdict(const run::RunResult& r, std::size_t errors) {
  if (!r.replayed) return r.syntax_errors || errors > 0 ? "not replayed" : "not checked";
  if (r.replay.violations > 0) return fmt::format("{} broken", plural(r.replay.violations, "rule"));
  return "follows the rules checked";
}

int run_check(Session& session, const CheckOptions& opt) {
  if (opt.list_checks) {
    std::cout << rulesets::checks_markdown();
    return exit_clean;
  }
  if (opt.files.empty()) {
    session.diags.report(cli::Diag::check_no_file, {}, "no battle log to check")
        .hint("umpire check game.ulog");
    session.flush_diagnostics(opt.format);
    return exit_usage;
  }
  if (opt.rules.empty() && !session.require_data()) {
    session.flush_diagnostics(opt.format);
    return exit_usage;
  }
  run::RunOptions run_options;
  run_options.mode = mode_of(opt.mode);
  run_options.hash_every_event = false;  // the verdict names the final state only
  if (!opt.rules.empty()) run_options.rules_file = opt.rules;
  run::RulesCache rules_cache;  // one load of the rules data for all the files
  run_options.rules_cache = &rules_cache;
  bool usage = false, findings = false, unchecked = false;
  nlohmann::json files = nlohmann::json::array();
  std::string text;
  for (const std::string& path : opt.files) {
    auto file = session.load(path);
    if (!file) {
      usage = true;
      continue;
    }
    const std::size_t errors_before = session.diags.count(Severity::error);
    const run::RunResult r = run::run_log(session.sources, *file, session.diags, run_options);
    const std::size_t errors = session.diags.count(Severity::error) - errors_before;
    usage = usage || r.input_errors();
    findings = findings || errors > 0;
    const std::string v = verdict(r, errors);
    const std::uint64_t final_hash = r.replay.final_hash;
    const std::string name = escape_controls(session.sources.name(*file));
    unchecked = unchecked || r.no_engine;
    if (r.no_engine && r.mustered) {
      // The armies were checked, the game was not.
      text += fmt::format(
          "{}: not checked, no replay engine for '{}' yet: {} read, none replayed; {}", name,
          r.ruleset, plural(r.events_not_replayed, "event"),
          r.muster.breaches > 0
              ? fmt::format("{} broken at muster", plural(r.muster.breaches, "rule"))
              : fmt::format("{} pass muster", plural(r.muster.armies, "army", "armies")));
    } else if (r.no_engine && errors == 0) {
      // Not "0 events, 0 not checked": nothing of the game was checked.
      text += fmt::format("{}: not checked, no replay engine for '{}' yet: {} read, none replayed",
                          name, r.ruleset, plural(r.events_not_replayed, "event"));
    } else {
      text += fmt::format("{}: {}: {} events, {}, {}, {} not checked ({})", name, v,
                          r.replay.events.size(), plural(r.replay.violations, "violation"),
                          plural(r.replay.agreed, "agreed ruling"), r.replay.not_checked_aspects,
                          plural(r.replay.not_checked, "occurrence"));
    }
    if (r.replayed) text += fmt::format(", final state {}", replay::hash_text(final_hash));
    text += '\n';
    // Which data the verdict applied, exactly (docs/log-format.md § The rules data).
    if (!r.data_sha256.empty())
      text +=
          fmt::format("  rules data {} sha256 {}, {}\n", escape_controls(r.data_path),
                      r.data_sha256, r.data_pinned ? "pinned by the log" : "not pinned by the log");
    files.push_back({{"file", std::string(session.sources.name(*file))},
                     {"ruleset", r.ruleset},
                     {"replayed", r.replayed},
                     {"verdict", v},
                     {"events", r.replay.events.size()},
                     {"violations", r.replay.violations},
                     {"agreed", r.replay.agreed},
                     {"not_checked", r.replay.not_checked_aspects},
                     {"not_checked_occurrences", r.replay.not_checked},
                     {"stopped", r.replay.stopped},
                     {"events_not_replayed", r.events_not_replayed},
                     {"muster", r.mustered ? nlohmann::json{{"armies", r.muster.armies},
                                                            {"breaches", r.muster.breaches}}
                                           : nlohmann::json()},
                     {"final_hash", r.replayed ? replay::hash_text(final_hash) : std::string()},
                     {"data", r.data_sha256.empty() ? nlohmann::json()
                                                    : nlohmann::json{{"path", r.data_path},
                                                                     {"sha256", r.data_sha256},
                                                                     {"pinned", r.data_pinned}}}});
  }
  if (opt.format == Format::json) {
    nlohmann::json root;
    root["files"] = files;
    root["mode"] = std::string(replay::to_string(run_options.mode));
    root["diagnostics"] = nlohmann::json::parse(render_json(session.sources, session.diags));
    std::cout << root.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
    session.diags.clear();
  } else {
    session.flush_diagnostics(opt.format);
    std::cout << text;
  }
  if (usage) return exit_usage;
  if (findings) return exit_findings;
  return unchecked ? exit_not_checked : exit_clean;
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
  add_format_option(*app, opt->format);
  app->footer(check_footer);
  return {app, [opt](Session& session) { return run_check(session, *opt); }};
}

}  // namespace umpire::cli
