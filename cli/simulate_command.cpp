// `umpire simulate --ruleset ID --seed S [--turns N] [-o FILE]`: a complete
// battle log of random legal play by both sides, from the simulator of a
// ruleset of the registry (docs/engine.md § Simulation). The log is checked
// before it is written: what the simulator writes, `umpire check` passes.
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <iostream>

#include "cli/commands.hpp"
#include "cli/diagnostics.hpp"
#include "engine/core/data_paths.hpp"
#include "engine/core/write_file.hpp"
#include "engine/rules/loader.hpp"
#include "engine/rulesets/registry.hpp"
#include "engine/run/run.hpp"

namespace umpire::cli {
namespace {

constexpr const char* simulate_footer =
    R"(The same seed gives the same bytes on every platform. The log is `dice recorded`:
it writes the dice drawn from the seed and every outcome, so that `umpire check`
recomputes them.

Examples:
  umpire simulate --ruleset sabreur-hex --seed 7 -o game.ulog
  umpire simulate --ruleset sabreur-hex --seed 7 --turns 2 > short.ulog
  umpire simulate --ruleset hail-caesar --seed 7 | umpire check -
  umpire simulate --ruleset hail-caesar-hyw --seed 7 -o hyw.ulog)";

struct SimulateCommandOptions {
  std::string ruleset;
  std::uint64_t seed = 1;
  std::uint32_t turns = 6;
  std::string output;
  std::string rules_file;
};

// The rulesets that have a simulator, as the help and the hints name them.
struct Simulated {
  std::string ids;            // "sabreur-hex, wab"
  std::string first, others;  // "sabreur-hex", "wab"
  std::string display_names;  // "Sabreur-hex, Wab"
  std::string data_file;      // "sabreur-hex.rules"; several: "RULESET.rules"
};
Simulated simulated() {
  Simulated out;
  for (const rulesets::RulesetEntry* e : rulesets::all()) {
    if (!e->simulator) continue;
    const bool first = out.ids.empty();
    out.ids += (first ? "" : ", ") + std::string(e->id);
    if (first)
      out.first = e->id;
    else
      out.others += (out.others.empty() ? "" : ", ") + std::string(e->id);
    out.display_names += (first ? "" : ", ") + std::string(e->display_name);
    out.data_file = first ? std::string(e->data_file) : "RULESET.rules";
  }
  return out;
}

int run_simulate_command(Session& session, const SimulateCommandOptions& opt) {
  const rulesets::RulesetEntry* ruleset = rulesets::find(opt.ruleset);
  if (!ruleset || !ruleset->simulator || !ruleset->engine) {
    const Simulated names = simulated();
    session.diags
        .report(cli::Diag::simulate_ruleset, session.find_arg(opt.ruleset),
                "no simulator for '{}' yet", opt.ruleset)
        .hint("umpire simulate --ruleset {}{}", names.first,
              names.others.empty() ? "" : " (or " + names.others + ")");
    session.flush_diagnostics(Format::text);
    return exit_usage;
  }
  if (opt.rules_file.empty() && !session.require_data()) {
    session.flush_diagnostics(Format::text);
    return exit_usage;
  }
  rulesets::SimulateOptions so;
  so.seed = opt.seed;
  so.turns = opt.turns;
  // The rules data first: data that cannot be read or does not load is the
  // user's input (exit 2); only a game that fails afterwards is a bug.
  const std::filesystem::path rules_path = opt.rules_file.empty()
                                               ? paths::rulesets_dir() / ruleset->data_file
                                               : std::filesystem::path(opt.rules_file);
  rules::LoadOptions load;
  load.check_file_name = opt.rules_file.empty();
  const std::size_t errors_before = session.diags.count(Severity::error);
  std::optional<rules::Ruleset> rs =
      rules::load_ruleset(session.sources, rules_path, session.diags, load);
  std::unique_ptr<rulesets::BoundRules> bound;
  if (rs) bound = ruleset->engine->bind(*rs, session.diags, session.find_arg(opt.rules_file));
  if (!bound || session.diags.count(Severity::error) > errors_before) {
    session.diags
        .report(cli::Diag::simulate_rules, session.find_arg(opt.rules_file),
                "the rules data '{}' cannot be used", rules_path.string())
        .hint("check it with 'umpire rules check {}'", rules_path.string());
    session.flush_diagnostics(Format::text);
    return exit_usage;
  }
  const std::optional<std::string> game = ruleset->simulator->simulate(*bound, so, session.diags);
  if (!game) {
    session.flush_diagnostics(Format::text);
    return exit_internal;
  }
  // Check what was simulated before anyone reads it.
  const std::string name = opt.output.empty() ? std::string("<simulated>") : opt.output;
  const FileId file = session.sources.add(name, *game);
  DiagnosticEngine check(0);
  run::RunOptions run_options;
  run_options.rules_file = opt.rules_file;
  const run::RunResult r = run::run_log(session.sources, file, check, run_options);
  if (!r.replayed || r.replay.violations > 0 || check.has_errors()) {
    session.diags.report(cli::Diag::simulate_unchecked, session.find_arg("simulate"),
                         "the simulated game of seed {} does not check clean", opt.seed);
    session.diags.absorb(std::move(check));
    session.flush_diagnostics(Format::text);
    return exit_internal;
  }
  if (opt.output.empty()) {
    std::cout << *game;
  } else if (const std::string err = write_file(opt.output, *game); !err.empty()) {
    session.diags.report(cli::Diag::file_unwritable, session.find_arg(opt.output),
                         "cannot write '{}': {}", opt.output, err);
    session.flush_diagnostics(Format::text);
    return exit_usage;
  }
  return exit_clean;
}

}  // namespace

Command add_simulate_command(CLI::App& root) {
  auto opt = std::make_shared<SimulateCommandOptions>();
  const Simulated names = simulated();
  CLI::App* app = root.add_subcommand(
      "simulate", fmt::format("Write a battle log of random legal play ({})", names.display_names));
  app->add_option("--ruleset", opt->ruleset, fmt::format("Ruleset to play ({})", names.ids))
      ->required();
  add_seed_option(*app, opt->seed, "Seed of the choices and of the dice, 0 to 2^64-1")->required();
  app->add_option("--turns", opt->turns, "Turns of each side (default 6)")
      ->check(CLI::Range(1, 100));
  app->add_option("-o,--output", opt->output,
                  "Write the log to FILE (atomically) instead of stdout");
  app->add_option(
      "--rules", opt->rules_file,
      fmt::format("Rules data to use instead of the shipped corpus/rulesets/{}", names.data_file));
  app->footer(simulate_footer);
  return {app, [opt](Session& session) { return run_simulate_command(session, *opt); }};
}

}  // namespace umpire::cli
