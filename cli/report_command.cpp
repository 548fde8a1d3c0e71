// `umpire report GAME.ulog [-o GAME.html]`: the game as one self-contained
// page to look at (report/): the battlefield after every event, the
// verdict's diagnostics pinned where and when they happened, and the log.
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <filesystem>
#include <iostream>
#include <set>

#include "cli/commands.hpp"
#include "cli/diagnostics.hpp"
#include "engine/core/escape.hpp"
#include "engine/core/plural.hpp"
#include "engine/core/write_file.hpp"
#include "engine/rulesets/registry.hpp"
#include "engine/run/run.hpp"
#include "report/game_recorder.hpp"
#include "report/html_page.hpp"
#include "report/index_page.hpp"

namespace umpire::cli {
namespace {

constexpr const char* report_footer =
    R"(The page is one HTML file with everything inside it (no network): open it in
any browser, mail it, attach it to a tournament's results. Arrow keys step
through the events; a click on a diagnostic or a log line goes to its event.

Examples:
  umpire report replays/sabreur-hex/essling-village.ulog -o essling.html
  umpire report game.ulog                    writes game.html here
  umpire report round2/*.ulog -o round2-reports   a page per game and index.html

Exit codes as for check: 0 clean, 1 a rule is broken, 2 unreadable or
malformed input (the page is written all the same, with the errors), 4 not
checked (a ruleset without a replay engine: the page has the map and the log).)";

struct ReportOptions {
  std::vector<std::string> files;
  std::string output;
};

std::string summary(const run::RunResult& r) {
  if (r.no_engine) return fmt::format("not checked (no replay engine for '{}' yet)", r.ruleset);
  if (!r.replayed) return "not replayed";
  return fmt::format("{}, {}, {} not checked", plural(r.replay.violations, "violation"),
                     plural(r.replay.agreed, "agreed ruling"), r.replay.not_checked_aspects);
}

// The worst of two exit codes, as for check over several files: input
// errors, then findings, then not checked.
int worse(int a, int b) {
  const auto rank = [](int code) {
    switch (code) {
      case exit_clean:
        return 0;
      case exit_not_checked:
        return 1;
      case exit_findings:
        return 2;
      case exit_usage:
        return 3;
      default:
        return 4;
    }
  };
  return rank(a) >= rank(b) ? a : b;
}

bool write_page(Session& session, const std::filesystem::path& path, const std::string& page,
                const std::string& arg) {
  if (const std::string err = write_file(path, page); !err.empty()) {
    session.diags.report(cli::Diag::file_unwritable, session.find_arg(arg),
                         "cannot write the report '{}': {}", path.string(), err);
    session.flush_diagnostics(Format::text);
    return false;
  }
  return true;
}

// One log's page; its exit code as `check` would give it.
int report_one(Session& session, const std::string& log, const std::filesystem::path& output,
               const std::string& output_arg, std::vector<reports::IndexEntry>* index) {
  auto file = session.load(log);
  if (!file) {
    session.flush_diagnostics(Format::text);
    return exit_usage;
  }
  reports::GameRecorder recorder(session.sources, *file);
  run::RunOptions run_options;
  run_options.hash_every_event = false;
  run_options.observer = &recorder;
  run_options.rolls = recorder.rolls();
  const run::RunResult r = run::run_log(session.sources, *file, session.diags, run_options);
  const rulesets::RulesetEntry* entry = rulesets::find(r.ruleset);
  nlohmann::json game = recorder.finish(r, session.diags, entry ? entry->display_name : r.ruleset);
  const bool errors = session.diags.has_errors();
  // The diagnostics are on the page; the terminal gets them only when the
  // log could not be read, the one case the page cannot show a game.
  if (r.input_errors())
    session.flush_diagnostics(Format::text);
  else
    session.diags.clear();
  if (!write_page(session, output, reports::html_page(game), output_arg)) return exit_usage;
  std::cout << fmt::format("{}: {}; report written to {}\n", escape_controls(log), summary(r),
                           escape_controls(output.string()));
  if (index) index->push_back({output.filename().string(), std::move(game)});
  if (r.input_errors()) return exit_usage;
  if (errors) return exit_findings;
  return r.no_engine ? exit_not_checked : exit_clean;
}

int run_report(Session& session, const ReportOptions& opt) {
  if (!session.require_data()) {
    session.flush_diagnostics(Format::text);
    return exit_usage;
  }
  if (opt.files.size() == 1) {
    std::filesystem::path output = opt.output;
    if (output.empty())
      output = std::filesystem::path(opt.files[0]).filename().replace_extension(".html");
    return report_one(session, opt.files[0], output, opt.output, nullptr);
  }
  // Several logs: a page each and an index, in the folder -o names.
  const std::filesystem::path dir = opt.output.empty() ? "." : opt.output;
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec || !std::filesystem::is_directory(dir)) {
    session.diags.report(cli::Diag::file_unwritable, session.find_arg(opt.output),
                         "cannot make the folder '{}' for the reports{}", dir.string(),
                         ec ? ": " + ec.message() : std::string());
    session.flush_diagnostics(Format::text);
    return exit_usage;
  }
  std::vector<reports::IndexEntry> index;
  std::set<std::string> taken{"index.html"};
  int status = exit_clean;
  for (const std::string& log : opt.files) {
    // Logs of the same name in different folders get -2, -3... in order.
    const std::string stem = std::filesystem::path(log).stem().string();
    std::string name = stem + ".html";
    for (int n = 2; taken.contains(name); ++n) name = fmt::format("{}-{}.html", stem, n);
    taken.insert(name);
    status = worse(status, report_one(session, log, dir / name, opt.output, &index));
  }
  const std::filesystem::path index_path = dir / "index.html";
  if (!write_page(session, index_path, reports::index_page(index), opt.output)) return exit_usage;
  std::cout << fmt::format("index of {} written to {}\n", plural(index.size(), "report"),
                           escape_controls(index_path.string()));
  return status;
}

}  // namespace

Command add_report_command(CLI::App& root) {
  auto opt = std::make_shared<ReportOptions>();
  CLI::App* app = root.add_subcommand(
      "report", "Write a battle log's game as a page to look at (HTML, self-contained)");
  app->add_option("files", opt->files, "Battle logs (.ulog)")->required();
  app->add_option("-o,--output", opt->output,
                  "The page to write (default: the log's name with .html, here); with several "
                  "logs, the folder for their pages and index.html (default: here)");
  app->footer(report_footer);
  return {app, [opt](Session& session) { return run_report(session, *opt); }};
}

}  // namespace umpire::cli
