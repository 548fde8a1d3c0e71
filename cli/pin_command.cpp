// `umpire pin LOG... [--rules FILE]`: writes in each log's header the pin of
// the rules data it is checked against, `data "PATH" sha256 "DIGEST"`
// (docs/log-format.md § The rules data), so that the verdict on the game
// stays the verdict on the data it was played with. The line is replaced,
// or added after the `ruleset` line; the log is rewritten atomically, and a
// log that does not parse is left untouched.
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <filesystem>
#include <iostream>

#include "cli/commands.hpp"
#include "cli/diagnostics.hpp"
#include "engine/core/data_paths.hpp"
#include "engine/core/escape.hpp"
#include "engine/core/sha256.hpp"
#include "engine/core/write_file.hpp"
#include "engine/rules/data_pin.hpp"
#include "engine/rules/loader.hpp"
#include "engine/rulesets/registry.hpp"
#include "grammar/log/diagnostics.hpp"
#include "grammar/log/parser.hpp"

namespace umpire::cli {
namespace {

namespace fs = std::filesystem;

constexpr const char* pin_footer =
    R"(The data pinned is the data 'umpire check' would use: '--rules FILE', else
the file the log's 'data' line names, else the bundled data of its ruleset.
Its path is written relative to the log, or as corpus/rulesets/NAME for the
rules data folder; data elsewhere cannot be named by a log (copy it beside
the log). The log is rewritten atomically; one with syntax errors is left
as it is (exit 2).

Examples:
  umpire pin game.ulog                          pin the data the log is checked against
  umpire pin game.ulog --rules variant.rules    pin other data (beside the log)
  umpire check game.ulog                        the verdict names the data and its digest)";

struct PinOptions {
  std::vector<std::string> files;
  std::string rules;
};

// A path or a text inside the quotes of a log.
std::string log_quoted(std::string_view text) {
  std::string out = "\"";
  for (const char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + '"';
}

// The header statements the pin reads and rewrites.
struct PinnedHeader {
  const log::ast::Line* ruleset = nullptr;
  const log::ast::Line* data = nullptr;
};

PinnedHeader pinned_header_of(const log::ast::Log& log) {
  PinnedHeader h;
  for (const log::ast::Line& line : log.lines) {
    if (!line.has_statement) continue;
    if (line.statement.verb == log::ast::Verb::ruleset && !h.ruleset) h.ruleset = &line;
    if (line.statement.verb == log::ast::Verb::data && !h.data) h.data = &line;
  }
  return h;
}

// "add 'ruleset ID' (or ID, ID) after 'ulog 1'": a ruleset with an engine
// first, then the others of the registry.
std::string ruleset_line_hint() {
  const auto all = rulesets::all();
  const auto with_engine =
      std::find_if(all.begin(), all.end(), [](const auto* e) { return e->engine != nullptr; });
  const rulesets::RulesetEntry* shown = with_engine == all.end() ? all.front() : *with_engine;
  std::string others;
  for (const rulesets::RulesetEntry* e : all)
    if (e != shown) others += (others.empty() ? "" : ", ") + std::string(e->id);
  return fmt::format("add 'ruleset {}'{} after 'ulog 1'", shown->id,
                     others.empty() ? "" : " (or " + others + ")");
}

// Pins one log; false after an error (reported).
bool pin_one(Session& session, const std::string& path, const PinOptions& opt) {
  const Span arg = session.find_arg(path);
  if (path == "-") {
    session.diags
        .report(cli::Diag::pin_stdin, arg, "'umpire pin' rewrites a log file, not standard input")
        .hint("save the log to a file first");
    return false;
  }
  auto file = session.load(path);
  if (!file) return false;
  const std::size_t errors = session.diags.count(Severity::error);
  const log::ast::Log log = log::parse_log(session.sources, *file, session.diags);
  if (session.diags.count(Severity::error) > errors) return false;
  const PinnedHeader h = pinned_header_of(log);
  if (!h.ruleset) {
    log::report(session.diags, log::Diag::header_missing, Span{*file, 0, 0},
                "the header has no 'ruleset': the log names no rules")
        .hint("{}", ruleset_line_hint());
    return false;
  }
  const std::string_view ruleset = log.args(h.ruleset->statement)[0].text;
  const fs::path log_dir =
      fs::path(path).parent_path().empty() ? fs::path(".") : fs::path(path).parent_path();
  const fs::path rulesets_dir = paths::rulesets_dir();

  // Which data, and how the log names it.
  fs::path data;
  std::string written;
  if (!opt.rules.empty()) {
    data = opt.rules;
    const auto named = rules::data_path_for_log(data, log_dir, rulesets_dir);
    if (!named) {
      session.diags
          .report(cli::Diag::pin_outside, session.find_arg(opt.rules),
                  "a log cannot name '{}': it is outside the log's "
                  "folder and the rules data folder",
                  opt.rules)
          .hint("copy the data beside the log ('{}') and pin that copy", log_dir.string());
      return false;
    }
    written = *named;
  } else if (h.data) {
    const log::ast::Value& v = log.args(h.data->statement)[0];
    written = std::string(v.text);
    std::string why;
    const auto resolved = rules::resolve_data_path(written, log_dir, rulesets_dir, why);
    if (!resolved) {
      log::report(session.diags, log::Diag::data_not_found, v.span,
                  "cannot pin the rules data '{}': {}", written, why)
          .hint("give the data to pin with '--rules FILE'");
      return false;
    }
    data = *resolved;
  } else {
    data = rulesets_dir / (std::string(ruleset) + ".rules");
    written = std::string(rules::rulesets_prefix) + std::string(ruleset) + ".rules";
  }

  // The data must load, and be of the log's ruleset: a pin of data the
  // log cannot be checked against would only move the error.
  std::string error;
  SourceManager::LoadFailure why = SourceManager::LoadFailure::unreadable;
  const std::optional<FileId> data_file = session.sources.load(data, error, &why);
  if (!data_file) {
    session.report_unloadable(data.string(), error, why);
    return false;
  }
  const std::string digest = sha256_hex(session.sources.text(*data_file));
  rules::LoadOptions load;
  load.check_file_name = false;
  const auto rs =
      rules::load_ruleset(session.sources, *data_file, data.parent_path(), session.diags, load);
  if (!rs) return false;
  if (std::find(rs->lineage.begin(), rs->lineage.end(), ruleset) == rs->lineage.end()) {
    log::report(session.diags, log::Diag::data_other_ruleset,
                log.args(h.ruleset->statement)[0].span,
                "the rules data '{}' is the ruleset '{}', not '{}'", rules::shown_path(data),
                rs->id, ruleset)
        .hint("pin data of the log's ruleset, or a variant that extends it");
    return false;
  }

  // The new header line, in place of the old one (its comment kept) or
  // after the `ruleset` line.
  const std::string_view text = session.sources.text(*file);
  std::string statement = fmt::format("data {} sha256 \"{}\"", log_quoted(written), digest);
  std::string updated;
  if (h.data) {
    const log::ast::Statement& st = h.data->statement;
    for (const log::ast::Clause& c : log.clauses_of(st)) {
      if (c.key == log::ast::Word::version)
        statement += " " + std::string(session.sources.text(c.span));
    }
    updated = std::string(text.substr(0, st.span.begin)) + statement +
              std::string(text.substr(st.span.end));
  } else {
    std::size_t end = text.find('\n', h.ruleset->span.end);
    const bool crlf = end != std::string_view::npos && end > 0 && text[end - 1] == '\r';
    end = end == std::string_view::npos ? text.size() : end + 1;
    const std::string before(text.substr(0, end));
    updated = before + (before.empty() || before.back() == '\n' ? "" : "\n") + statement +
              (crlf ? "\r\n" : "\n") + std::string(text.substr(end));
  }
  if (updated == text) {
    std::cout << fmt::format("{}: already pinned: {} sha256 {}\n", escape_controls(path),
                             escape_controls(written), digest);
    return true;
  }
  if (const std::string err = write_file(path, updated); !err.empty()) {
    session.diags.report(cli::Diag::file_unwritable, arg, "cannot write '{}': {}", path, err)
        .hint("check the permissions of the file and its folder");
    return false;
  }
  std::cout << fmt::format("{}: pinned {} sha256 {}\n", escape_controls(path),
                           escape_controls(written), digest);
  return true;
}

int run_pin(Session& session, const PinOptions& opt) {
  bool ok = true;
  for (const std::string& path : opt.files) ok = pin_one(session, path, opt) && ok;
  session.flush_diagnostics(Format::text);
  return ok ? exit_clean : exit_usage;
}

}  // namespace

Command add_pin_command(CLI::App& root) {
  auto opt = std::make_shared<PinOptions>();
  CLI::App* app = root.add_subcommand(
      "pin", "Pin battle logs to the rules data they are checked against (sha256)");
  app->add_option("files", opt->files, "Battle logs (.ulog) to rewrite")->required();
  app->add_option("--rules", opt->rules, "Rules data to pin instead of the data the log names");
  app->footer(pin_footer);
  return {app, [opt](Session& session) { return run_pin(session, *opt); }};
}

}  // namespace umpire::cli
