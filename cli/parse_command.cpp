// umpire parse: parse a battle log and show what the front end understood,
// as the syntax tree or as the lowered event stream.
#include <iostream>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "cli/commands.hpp"
#include "cli/log_rules.hpp"
#include "engine/core/diagnostic_render.hpp"
#include "engine/events/events_json.hpp"
#include "engine/events/lower.hpp"
#include "grammar/log/dump.hpp"
#include "grammar/log/parser.hpp"

namespace umpire::cli {
namespace {

constexpr const char* parse_examples = R"(Examples:
  umpire parse game.ulog                          events, one line each
  umpire parse game.ulog --dump ast               the syntax tree, one line per statement
  umpire parse game.ulog --dump events --format json

Syntax errors exit 2 (nothing is lowered); semantic errors (unknown unit,
wrong number of dice, turn out of order...) exit 1. The format is described
in docs/log-format.md.)";

struct ParseOptions {
  std::string file;
  std::string dump = "events";
  Format format = Format::text;
};

int run_parse(Session& session, const ParseOptions& opt) {
  auto file = session.load(opt.file);
  if (!file) {
    session.flush_diagnostics(opt.format);
    return exit_usage;
  }
  bool syntax_errors = false;
  std::string output;
  if (opt.dump == "ast") {
    const log::ast::Log ast = log::parse_log(session.sources, *file, session.diags);
    syntax_errors = session.diags.has_errors();
    output = opt.format == Format::json ? log::dump_ast_json(ast, true) : log::dump_ast_text(session.sources, ast);
  } else {
    // Events only: each line is lowered as it is parsed and its syntax tree
    // dropped, so memory is the text and the battle, not a whole tree.
    const auto profiles = profile_catalogue_for_log(session.sources.text(*file));  // docs/log-format.md § Unit profiles
    const auto battle = events::parse_and_lower(session.sources.text(*file), *file, {profiles.get()}, session.diags);
    syntax_errors = !battle;
    if (battle && opt.format == Format::json) {
      output = events::battle_json(session.sources, *battle);
    } else if (battle) {
      // Written as it goes, before the diagnostics as before.
      events::write_battle_text(std::cout, session.sources, *battle);
    }
  }
  const bool errors = session.diags.has_errors();
  if (opt.format == Format::json) {
    // One JSON document: what was parsed and the diagnostics beside it.
    nlohmann::json root;
    root[opt.dump] = output.empty() ? nlohmann::json(nullptr) : nlohmann::json::parse(output);
    root["diagnostics"] = nlohmann::json::parse(render_json(session.sources, session.diags));
    std::cout << root.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
    session.diags.clear();
  } else {
    std::cout << output;
    session.flush_diagnostics(opt.format);
  }
  if (syntax_errors) return exit_usage;
  return errors ? exit_findings : exit_clean;
}

}  // namespace

Command add_parse_command(CLI::App& root) {
  auto opt = std::make_shared<ParseOptions>();
  CLI::App* app = root.add_subcommand("parse", "Parse a battle log (.ulog) and show its syntax tree or events");
  app->add_option("file", opt->file, "Battle log")->required();
  app->add_option("--dump", opt->dump, "What to show: ast or events")
      ->check(CLI::IsMember({"ast", "events"}))
      ->default_str("events");
  add_format_option(*app, opt->format);
  app->footer(parse_examples);
  return {app, [opt](Session& session) { return run_parse(session, *opt); }};
}

}  // namespace umpire::cli
