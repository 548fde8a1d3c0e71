#pragma once
// What every subcommand shares: the sources it read (the command line is one
// of them, so mistakes in arguments get carets too), the diagnostics, and the
// output settings.
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/diagnostic.hpp"
#include "engine/core/source_manager.hpp"

namespace CLI {
class App;
class Option;
}  // namespace CLI

namespace umpire::cli {

// Documented in docs/cli.md; scripts rely on them.
enum ExitCode : int {
  exit_clean = 0,     // nothing to report
  exit_findings = 1,  // violations or findings
  exit_usage = 2,     // bad usage or unreadable, malformed input
  exit_internal = 3,  // a bug in Umpire
  // Nothing of the game was checked: its ruleset has no replay engine. Not
  // 0, so that a script never takes an unchecked game for a clean one.
  exit_not_checked = 4,
};

enum class Format { text, json };

class Session {
 public:
  Session(int argc, const char* const* argv);

  SourceManager sources;
  DiagnosticEngine diags;
  bool colour = false;

  // Span of argv[i] inside the "<command line>" source.
  Span arg_span(std::size_t i) const { return arg_spans_.at(i); }
  // Span of the first argument equal to `value` (or starting with it, for
  // `--opt=value`), or of `value` inside an argument; invalid if absent.
  Span find_arg(std::string_view value) const;
  const std::vector<std::string>& args() const { return args_; }
  FileId command_line() const { return command_line_; }

  // Loads a file named on the command line ("-": standard input); on
  // failure reports `cli.file.unreadable`, `cli.file.not-regular` or
  // `cli.file.too-large` at that argument and returns nullopt.
  std::optional<FileId> load(const std::string& path);
  // The diagnostic of a failed load of `path`, by the failure's kind.
  void report_unloadable(const std::string& path, const std::string& error,
                         SourceManager::LoadFailure why);

  // Prints the diagnostics: caret text on stderr, or JSON on stdout.
  void flush_diagnostics(Format format);

  // Umpire's data (engine/core/data_paths.hpp), for the commands that read
  // the shipped rulesets: when it cannot be found, reports
  // `cli.data.not-found` naming every place tried and returns false (the
  // command then exits 2).
  bool require_data();

 private:
  std::vector<std::string> args_;
  std::vector<Span> arg_spans_;
  FileId command_line_;
};

struct Command {
  CLI::App* app = nullptr;
  std::function<int(Session&)> run;
};

// The input limit (docs/cli.md § Inputs) from `--max-input-size`, else from
// UMPIRE_MAX_INPUT_SIZE, else the default; false after reporting a size
// that does not read ("64M", "1G", "100000" bytes).
bool set_input_limit(Session& session, const std::string& option);
// "64M", "64MiB", "1g", "100000": bytes; nullopt when it is none of these or
// is zero.
std::optional<std::uint64_t> parse_size(std::string_view text);

// A seed as the portable RNG takes it: decimal digits, 0 to 2^64-1;
// nullopt for anything else (a sign, a value out of range), which CLI11
// would otherwise wrap or clamp without a word.
std::optional<std::uint64_t> parse_seed(std::string_view text);
// Adds `--seed` to `app`, refusing what parse_seed refuses (exit 2, with a
// caret under the argument).
CLI::Option* add_seed_option(CLI::App& app, std::uint64_t& seed, const std::string& description);
CLI::Option* add_seed_option(CLI::App& app, std::optional<std::uint64_t>& seed,
                             const std::string& description);

// Adds `--format text|json` to a subcommand that prints data.
void add_format_option(CLI::App& app, Format& format);

}  // namespace umpire::cli
