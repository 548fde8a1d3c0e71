// umpire: the command-line front end. All logic lives in the libraries; this
// file parses arguments, turns argument mistakes into diagnostics with
// carets, and maps outcomes to the documented exit codes.
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <cstdlib>
#include <exception>
#include <iostream>

#include "cli/commands.hpp"
#include "cli/diagnostics.hpp"
#include "cli/manual.hpp"
#include "cli/session.hpp"
#include "engine/core/data_paths.hpp"
#include "engine/core/suggest.hpp"
#include "engine/core/version.hpp"

namespace umpire::cli {
namespace {

constexpr const char* examples = R"(Examples:
  umpire dice 2d6 --target 7+        odds of rolling 7 or more on 2D6
  umpire dice 3d6kl2 --target 7-     an Elite morale test against Cd 7
  umpire dice "d6r1" --format json   a D6 re-rolling 1s, as JSON

Exit codes: 0 clean, 1 findings or violations, 2 usage or input error,
3 internal error. Documentation: docs/cli.md, man umpire)";

// Names of the options and subcommands of `app`, for suggestions.
std::vector<std::string> known_names(const CLI::App& app) {
  std::vector<std::string> names;
  for (const CLI::Option* o : app.get_options()) {
    for (const std::string& l : o->get_lnames()) names.push_back("--" + l);
    for (const std::string& s : o->get_snames()) names.push_back("-" + s);
  }
  for (const CLI::App* sub : app.get_subcommands({})) names.push_back(sub->get_name());
  return names;
}

// "umpire rules check": the words that name `app`.
std::string command_path(const CLI::App& app) {
  std::string path = app.get_name();
  for (const CLI::App* p = app.get_parent(); p != nullptr; p = p->get_parent())
    path = p->get_name() + " " + path;
  return path;
}

// The innermost subcommand that was parsed.
CLI::App* innermost(CLI::App& app) {
  for (CLI::App* sub : app.get_subcommands()) return innermost(*sub);
  return &app;
}

void report_parse_error(Session& session, CLI::App& root, const CLI::ParseError& e) {
  CLI::App* app = innermost(root);
  std::string message = e.what();
  if (!message.empty())
    message[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(message[0])));
  // Point at the first argument the message names, preferring unknown ones.
  Span where;
  std::string offending;
  const auto& args = session.args();
  for (std::size_t i = 1; i < args.size() && !where.valid(); ++i) {
    if (!args[i].empty() && message.find(args[i]) != std::string::npos &&
        args[i] != app->get_name()) {
      where = session.arg_span(i);
      offending = args[i];
    }
  }
  // `umpire dcie 2d6`: CLI11 says only that a subcommand is required.
  if (app == &root && root.get_subcommands().empty()) {
    for (std::size_t i = 1; i < args.size(); ++i) {
      if (args[i].empty() || args[i][0] == '-') continue;
      auto d = session.diags.report(cli::Diag::unknown_command, session.arg_span(i),
                                    "unknown command '{}'", args[i]);
      if (auto best = closest_match(args[i], known_names(root)))
        d.hint("did you mean '{}'?", *best);
      else
        d.hint("run 'umpire --help' for the commands");
      return;
    }
  }
  auto d = session.diags.report(cli::Diag::usage, where, "{}", message);
  if (!offending.empty() && offending[0] == '-') {
    const std::string name = offending.substr(0, offending.find('='));
    // An option that exists but was misused needs usage, not a spelling fix.
    const auto best = closest_match(name, known_names(*app));
    if (best && *best != name)
      d.hint("did you mean '{}'?", *best);
    else
      d.hint("run '{} --help' for the options", command_path(*app));
  } else if (!offending.empty() && app == &root) {
    if (auto best = closest_match(offending, known_names(root)))
      d.hint("did you mean '{}'?", *best);
    else
      d.hint("run 'umpire --help' for the commands");
  } else {
    d.hint("run '{} --help' for usage", command_path(*app));
  }
}

int run(int argc, char** argv) {
  Session session(argc, argv);
  const char* no_colour = std::getenv("NO_COLOR");
  session.colour = ::isatty(STDERR_FILENO) && (no_colour == nullptr || *no_colour == '\0');

  CLI::App app{"Umpire: replay, check and verify historical wargames", "umpire"};
  app.set_version_flag("--version", std::string("umpire ") + version);
  app.footer(examples);
  app.require_subcommand(1);
  std::string colour_mode = "auto";
  app.add_option("--color", colour_mode, "Colour diagnostics: auto, always or never")
      ->check(CLI::IsMember({"auto", "always", "never"}));
  std::string data_dir;
  app.add_option("--data", data_dir,
                 "Folder of Umpire's data, holding corpus/rulesets/ (default: UMPIRE_DATA_DIR, "
                 "else PREFIX/share/umpire beside the executable)")
      ->type_name("DIR");
  // The manual page and the shell completion are written from the commands
  // themselves (cli/manual.hpp); the build installs both.
  app.add_option_function<std::string>(
         "--generate",
         [&app](const std::string& what) {
           std::cout << (what == "man" ? man_page(app) : bash_completion(app));
           throw CLI::Success();
         },
         "Print the manual page (man) or the bash completion script (bash-completion)")
      ->check(CLI::IsMember({"man", "bash-completion"}))
      ->type_name("WHAT")
      ->trigger_on_parse();
  std::string max_input;
  app.add_option("--max-input-size", max_input,
                 "Largest input read, like 64M (the default) or 1G; also UMPIRE_MAX_INPUT_SIZE");

  std::vector<Command> commands = add_commands(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::Success& e) {  // --generate
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    report_parse_error(session, app, e);
    session.flush_diagnostics(Format::text);
    return exit_usage;
  }
  if (colour_mode != "auto") session.colour = colour_mode == "always";
  if (!data_dir.empty()) {
    paths::set_data_dir(data_dir);
    if (!session.require_data()) {
      session.flush_diagnostics(Format::text);
      return exit_usage;
    }
  }
  if (!set_input_limit(session, max_input)) {
    session.flush_diagnostics(Format::text);
    return exit_usage;
  }
  for (Command& c : commands) {
    if (c.app->parsed()) return c.run(session);
  }
  return exit_usage;
}

}  // namespace
}  // namespace umpire::cli

int main(int argc, char** argv) {
  try {
    return umpire::cli::run(argc, argv);
  } catch (const std::exception& e) {
    std::cerr << "umpire: internal error: " << e.what()
              << "\nplease report this with the command and input that caused it\n";
  } catch (...) {
    std::cerr << "umpire: internal error\n";
  }
  return umpire::cli::exit_internal;
}
