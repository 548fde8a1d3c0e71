#include "cli/session.hpp"

#include <cstdio>
#include <iostream>

#include <CLI/CLI.hpp>

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

void add_format_option(CLI::App& app, Format& format) {
  app.add_option_function<std::string>(
         "--format", [&format](const std::string& name) { format = name == "json" ? Format::json : Format::text; },
         "Output format: text (default) or json")
      ->check(CLI::IsMember({"text", "json"}));
}

}  // namespace umpire::cli
