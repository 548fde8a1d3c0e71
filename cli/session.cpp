#include "cli/session.hpp"

#include <cstdio>
#include <iostream>

#include <CLI/CLI.hpp>

#include "engine/core/data_paths.hpp"
#include "engine/core/diagnostic_render.hpp"

namespace umpire::cli {

Session::Session(int argc, const char* const* argv) {
  // The command line becomes a source of its own, arguments joined by spaces.
  std::string line;
  for (int i = 0; i < argc; ++i) {
    if (i > 0) line += ' ';
    const auto begin = static_cast<std::uint32_t>(line.size());
    line += argv[i];
    args_.emplace_back(argv[i]);
    arg_spans_.push_back({FileId{0}, begin, static_cast<std::uint32_t>(line.size())});
  }
  command_line_ = sources.add("<command line>", std::move(line));
  for (Span& s : arg_spans_) s.file = command_line_;
}

Span Session::find_arg(std::string_view value) const {
  if (value.empty()) return {};
  for (std::size_t i = 1; i < args_.size(); ++i) {
    if (args_[i] == value) return arg_spans_[i];
  }
  for (std::size_t i = 1; i < args_.size(); ++i) {
    const std::size_t at = args_[i].find(value);
    if (at != std::string::npos) {
      Span s = arg_spans_[i];
      s.begin += static_cast<std::uint32_t>(at);
      s.end = s.begin + static_cast<std::uint32_t>(value.size());
      return s;
    }
  }
  return {};
}

std::optional<FileId> Session::load(const std::string& path) {
  std::string error;
  if (auto id = sources.load(path, error)) return id;
  diags.error("cli.file.unreadable", find_arg(path), "cannot read '{}': {}", path, error)
      .hint("check the path and its permissions");
  return std::nullopt;
}

void Session::flush_diagnostics(Format format) {
  if (format == Format::json) {
    std::cout << render_json(sources, diags);
  } else {
    std::cerr << render_text(sources, diags, {colour, 100});
  }
  std::cout.flush();
  diags.clear();
}

bool Session::require_data() {
  const paths::Lookup data = paths::data_dir();
  if (data.dir) return true;
  // A folder the user named that is not one is an error of its own; the
  // caret is under `--data DIR` when it came from there.
  const paths::Place* named = data.named_place_missing ? &data.tried.back() : nullptr;
  auto d = named ? diags.error("cli.data.not-found",
                               named->origin == "--data" ? find_arg(named->dir.string()) : Span{},
                               "'{}' ({}) holds no Umpire data: no corpus/rulesets/ there",
                               named->dir.string(), named->origin)
                 : diags.error("cli.data.not-found", Span{},
                               "cannot find Umpire's data (the folder holding corpus/rulesets/)");
  if (!named) {
    for (const paths::Place& p : data.tried) d.note("looked in {}", paths::describe(p));
    if (data.tried.empty()) d.note("the executable's own location is unknown");
  }
  d.hint(
      "pass --data DIR or set UMPIRE_DATA_DIR to a folder holding corpus/rulesets/ (an "
      "installed umpire reads PREFIX/share/umpire)");
  return false;
}

void add_format_option(CLI::App& app, Format& format) {
  app.add_option_function<std::string>(
         "--format", [&format](const std::string& name) { format = name == "json" ? Format::json : Format::text; },
         "Output format: text (default) or json")
      ->check(CLI::IsMember({"text", "json"}));
}

}  // namespace umpire::cli
