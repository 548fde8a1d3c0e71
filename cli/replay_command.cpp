// `umpire replay FILE`: the game event by event, with the state hash after
// each (docs/engine-internals.md § State hash), the violations each event caused and
// the diagnostics. Golden hash sequences are recorded from its output.
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/commands.hpp"
#include "engine/core/diagnostic_render.hpp"
#include "engine/core/escape.hpp"
#include "engine/core/plural.hpp"
#include "engine/run/run.hpp"

namespace umpire::cli {
namespace {

constexpr const char* replay_footer =
    R"(Each line: event number, log line, state hash after the event (--hashes), the
event, and how many violations it caused. The hash is hash64, eight bytes at a
time, over the canonical state bytes (docs/engine-internals.md § State hash), the same on every platform.

Examples:
  umpire replay replays/sabreur-hex/essling-village.ulog --hashes
  umpire replay game.ulog --hashes --format json
  umpire replay game.ulog --mode follow-rules    continue with what the rules give)";

struct ReplayCommandOptions {
  std::string file;
  std::string mode = "follow-log";
  bool hashes = false;
  Format format = Format::text;
};

int run_replay_command(Session& session, const ReplayCommandOptions& opt) {
  auto file = session.load(opt.file);
  if (!file) {
    session.flush_diagnostics(opt.format);
    return exit_usage;
  }
  if (!session.require_data()) {
    session.flush_diagnostics(opt.format);
    return exit_usage;
  }
  run::RunOptions run_options;
  run_options.mode = opt.mode == "stop"           ? replay::ReplayMode::stop_at_first
                     : opt.mode == "follow-rules" ? replay::ReplayMode::follow_rules
                                                  : replay::ReplayMode::follow_log;
  run_options.hash_every_event = opt.hashes;
  const run::RunResult r = run::run_log(session.sources, *file, session.diags, run_options);
  const bool errors = session.diags.has_errors();
  if (opt.format == Format::json) {
    nlohmann::json events = nlohmann::json::array();
    for (const replay::EventRecord& e : r.replay.events) {
      nlohmann::json j{{"index", e.index},
                       {"line", session.sources.line_column(e.span.file, e.span.begin).line},
                       {"event", r.events.at(e.index)},
                       {"violations", e.violations}};
      if (opt.hashes) j["hash"] = replay::hash_text(*e.hash);
      events.push_back(std::move(j));
    }
    nlohmann::json root{{"file", opt.file}, {"replayed", r.replayed}, {"events", events}};
    if (!r.data_sha256.empty())
      root["data"] = {{"path", r.data_path}, {"sha256", r.data_sha256}, {"pinned", r.data_pinned}};
    if (opt.hashes) root["initial_hash"] = replay::hash_text(r.replay.initial_hash);
    root["diagnostics"] = nlohmann::json::parse(render_json(session.sources, session.diags));
    std::cout << root.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
    session.diags.clear();
  } else {
    std::string out;
    if (r.replayed && opt.hashes)
      out += fmt::format("   -     -  {}  deployment\n", replay::hash_text(r.replay.initial_hash));
    for (const replay::EventRecord& e : r.replay.events) {
      const auto line = session.sources.line_column(e.span.file, e.span.begin).line;
      out += fmt::format("{:4} {:5}  ", e.index + 1, line);
      if (opt.hashes) out += replay::hash_text(*e.hash) + "  ";
      out += r.events.at(e.index);
      if (e.violations > 0) out += fmt::format("  [{}]", plural(e.violations, "violation"));
      out += '\n';
    }
    std::cout << escape_controls(out, true);
    session.flush_diagnostics(opt.format);
  }
  if (r.input_errors()) return exit_usage;
  if (errors) return exit_findings;
  return r.no_engine ? exit_not_checked : exit_clean;
}

}  // namespace

Command add_replay_command(CLI::App& root) {
  auto opt = std::make_shared<ReplayCommandOptions>();
  CLI::App* app =
      root.add_subcommand("replay", "Replay a battle log event by event, with state hashes");
  app->add_option("file", opt->file, "Battle log (.ulog)")->required();
  app->add_flag("--hashes", opt->hashes, "Print the state hash after every event");
  app->add_option("--mode", opt->mode,
                  "After a violation: follow-log (default), stop, or follow-rules")
      ->check(CLI::IsMember({"follow-log", "stop", "follow-rules"}))
      ->default_str("follow-log");
  add_format_option(*app, opt->format);
  app->footer(replay_footer);
  return {app, [opt](Session& session) { return run_replay_command(session, *opt); }};
}

}  // namespace umpire::cli
