// umpire parse: parse a battle log and show what the front end understood,
// as the syntax tree or as the lowered event stream.
#include <CLI/CLI.hpp>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/commands.hpp"
#include "cli/log_rules.hpp"
#include "engine/core/diagnostic_render.hpp"
#include "engine/core/escape.hpp"
#include "engine/events/events_json.hpp"
#include "engine/events/lower.hpp"
#include "grammar/log/dump.hpp"
#include "grammar/log/parser.hpp"

namespace umpire::cli {
namespace {

// The diagnostics as the JSON document's "diagnostics" member prints them.
std::string render_json_value(const Session& session) {
  return nlohmann::json::parse(render_json(session.sources, session.diags))
      .dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
}

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

// `text` (one JSON value as nlohmann::json prints it at two spaces a level)
// nested one level deep, as the document's member values are.
void write_member_value(std::ostream& out, std::string_view text) {
  std::size_t from = 0;
  for (std::size_t nl; (nl = text.find('\n', from)) != std::string_view::npos; from = nl + 1) {
    out << text.substr(from, nl + 1 - from) << "  ";
  }
  out << text.substr(from);
}

// The syntax tree, one line at a time: each line is parsed, written and
// dropped, so memory stays that of the text (`fmt` needs the whole tree;
// a dump does not).
void dump_ast(std::ostream& out, Session& session, FileId file, Format format) {
  const std::string_view text = session.sources.text(file);
  log::ast::Log scratch;
  log::LineReader reader(text, file, session.diags);
  std::string chunk;
  bool first = true;
  const auto flush = [&](std::size_t at_least) {
    if (chunk.size() < at_least) return;
    out.write(chunk.data(), static_cast<std::streamsize>(chunk.size()));
    chunk.clear();
  };
  if (format == Format::json) chunk += "{\n    \"lines\": [";
  while (reader.next(scratch)) {
    if (format == Format::json) {
      // "lines" is two levels deep in the document.
      const std::string line = log::dump_line_json(scratch, scratch.lines.back(), true);
      chunk += first ? "\n      " : ",\n      ";
      for (char c : line) {
        chunk.push_back(c);
        if (c == '\n') chunk += "      ";
      }
    } else {
      chunk += escape_controls(log::dump_ast_text(session.sources, scratch), true);
    }
    first = false;
    scratch.clear();
    flush(64 * 1024);
  }
  if (format == Format::json) chunk += first ? "]\n  }" : "\n    ]\n  }";
  flush(0);
}

int run_parse(Session& session, const ParseOptions& opt) {
  auto file = session.load(opt.file);
  if (!file) {
    session.flush_diagnostics(opt.format);
    return exit_usage;
  }
  // JSON: one document, {"ast" or "events": ..., "diagnostics": [...]}, keys
  // in order, written as it goes (the diagnostics are complete once the
  // events are lowered; the tree is written before them).
  std::ostream& out = std::cout;
  const bool json = opt.format == Format::json;
  bool syntax_errors = false;
  bool data_errors = false;
  if (opt.dump == "ast") {
    if (json) out << "{\n  \"ast\": ";
    dump_ast(out, session, *file, opt.format);
    syntax_errors = session.diags.has_errors();
  } else {
    // Events only: each line is lowered as it is parsed and its syntax tree
    // dropped, so memory is the text and the battle, not a whole tree.
    // docs/log-format.md § Unit profiles, § The rules data
    const LogRules rules = rules_for_log(session.sources.text(*file), *file,
                                         session.sources.name(*file), session.diags);
    data_errors = rules.data_errors;
    const auto& profiles = rules.profiles;
    // A large log is mapped: the pages the reader has passed are given back.
    const auto battle =
        events::parse_and_lower(session.sources.text(*file), *file, {profiles.get()}, session.diags,
                                [&](std::size_t end) { session.sources.release(*file, end); });
    syntax_errors = !battle;
    if (json) {
      out << "{\n  \"diagnostics\": ";
      write_member_value(out, render_json_value(session));
      out << ",\n  \"events\": ";
      if (battle)
        events::write_battle_json(out, session.sources, *battle, 2, 1);
      else
        out << "null";
      out << "\n}\n";
    } else if (battle) {
      // Written as it goes, before the diagnostics.
      events::write_battle_text(out, session.sources, *battle);
    }
  }
  const bool errors = session.diags.has_errors();
  if (json) {
    if (opt.dump == "ast") {
      out << ",\n  \"diagnostics\": ";
      write_member_value(out, render_json_value(session));
      out << "\n}\n";
    }
    session.diags.clear();
  } else {
    session.flush_diagnostics(opt.format);
  }
  if (syntax_errors || data_errors) return exit_usage;
  return errors ? exit_findings : exit_clean;
}

}  // namespace

Command add_parse_command(CLI::App& root) {
  auto opt = std::make_shared<ParseOptions>();
  CLI::App* app =
      root.add_subcommand("parse", "Parse a battle log (.ulog) and show its syntax tree or events");
  app->add_option("file", opt->file, "Battle log")->required();
  app->add_option("--dump", opt->dump, "What to show: ast or events")
      ->check(CLI::IsMember({"ast", "events"}))
      ->default_str("events");
  add_format_option(*app, opt->format);
  app->footer(parse_examples);
  return {app, [opt](Session& session) { return run_parse(session, *opt); }};
}

}  // namespace umpire::cli
