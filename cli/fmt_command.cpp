// umpire fmt: print battle logs in their canonical form, check that they are
// in it, or rewrite them in place. A file that does not parse is never
// written: its diagnostics are printed instead.
#include <CLI/CLI.hpp>
#include <iostream>

#include "cli/commands.hpp"
#include "cli/diagnostics.hpp"
#include "engine/core/write_file.hpp"
#include "grammar/log/diagnostics.hpp"
#include "grammar/log/parser.hpp"
#include "grammar/log/printer.hpp"

namespace umpire::cli {
namespace {

constexpr const char* fmt_examples = R"(Examples:
  umpire fmt game.ulog                      print the canonical form on stdout
  umpire fmt --check replays/*/*.ulog       exit 1 if any log is not canonical
  umpire fmt --in-place game.ulog           rewrite the file (atomically)

A log with syntax errors is reported and left untouched (exit 2).
The format is described in docs/log-format.md.)";

struct FmtOptions {
  std::vector<std::string> files;
  bool check = false;
  bool in_place = false;
  Format format = Format::text;
};

// Span of the first line where `text` and `canonical` differ.
Span first_difference(const SourceManager& sources, FileId file, std::string_view canonical) {
  const std::string_view text = sources.text(file);
  std::size_t i = 0;
  while (i < text.size() && i < canonical.size() && text[i] == canonical[i]) ++i;
  std::size_t line_start = text.rfind('\n', i == 0 ? 0 : i - 1);
  line_start = (line_start == std::string_view::npos || i == 0) ? 0 : line_start + 1;
  std::size_t line_end = text.find('\n', line_start);
  if (line_end == std::string_view::npos) line_end = text.size();
  return {file, static_cast<std::uint32_t>(line_start), static_cast<std::uint32_t>(line_end)};
}

int run_fmt(Session& session, const FmtOptions& opt) {
  bool syntax_errors = false;
  bool not_canonical = false;
  for (const std::string& path : opt.files) {
    if (opt.in_place && path == "-") {
      // '-' is standard input (docs/cli.md § Inputs), not a file to rewrite.
      session.diags
          .report(cli::Diag::fmt_stdin, session.find_arg(path),
                  "'--in-place' rewrites files, not standard input")
          .hint("write the canonical form to standard output: 'umpire fmt -'");
      syntax_errors = true;
      continue;
    }
    auto file = session.load(path);
    if (!file) {
      syntax_errors = true;
      continue;
    }
    DiagnosticEngine local;
    // Parsed and printed line by line: a large log's tree is never whole.
    const std::optional<std::string> printed =
        log::format_log(session.sources.text(*file), *file, local);
    const bool failed = local.has_errors() || !printed;
    session.diags.absorb(std::move(local));
    if (failed) {
      syntax_errors = true;
      continue;
    }
    const std::string& canonical = *printed;
    const bool same = canonical == session.sources.text(*file);
    if (opt.check) {
      if (!same) {
        not_canonical = true;
        log::report(session.diags, log::Diag::fmt_not_canonical,
                    first_difference(session.sources, *file, canonical),
                    "'{}' is not in canonical form", path)
            .hint("run 'umpire fmt --in-place {}'", path);
      }
    } else if (opt.in_place) {
      if (!same) {
        if (std::string err = write_file(path, canonical); !err.empty()) {
          session.diags
              .report(cli::Diag::file_unwritable, session.find_arg(path), "cannot write '{}': {}",
                      path, err)
              .hint("check the permissions of the file and its folder");
          syntax_errors = true;
        }
      }
    } else {
      std::cout << canonical;
    }
  }
  session.flush_diagnostics(opt.format);
  if (syntax_errors) return exit_usage;
  return not_canonical ? exit_findings : exit_clean;
}

}  // namespace

Command add_fmt_command(CLI::App& root) {
  auto opt = std::make_shared<FmtOptions>();
  CLI::App* app = root.add_subcommand("fmt", "Print battle logs (.ulog) in canonical form");
  app->add_option("files", opt->files, "Battle logs to format")->required();
  auto* check =
      app->add_flag("--check", opt->check, "Only check; exit 1 if a file is not canonical");
  app->add_flag("--in-place,-i", opt->in_place, "Rewrite each file atomically")->excludes(check);
  add_format_option(*app, opt->format);
  app->footer(fmt_examples);
  return {app, [opt](Session& session) { return run_fmt(session, *opt); }};
}

}  // namespace umpire::cli
