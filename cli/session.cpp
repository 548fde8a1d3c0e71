#include "cli/session.hpp"

#include <CLI/CLI.hpp>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <iostream>

#include "cli/diagnostics.hpp"
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
  SourceManager::LoadFailure why = SourceManager::LoadFailure::unreadable;
  if (auto id = sources.load(path, error, &why)) return id;
  report_unloadable(path, error, why);
  return std::nullopt;
}

void Session::report_unloadable(const std::string& path, const std::string& error,
                                SourceManager::LoadFailure why) {
  const Span where = find_arg(path);
  switch (why) {
    case SourceManager::LoadFailure::unreadable:
      diags.report(cli::Diag::file_unreadable, where, "cannot read '{}': {}", path, error)
          .hint("check the path and its permissions");
      return;
    case SourceManager::LoadFailure::not_regular:
      diags.report(cli::Diag::file_not_regular, where, "cannot read '{}': {}", path, error)
          .hint("Umpire reads regular files, and standard input when the file is '-'");
      return;
    case SourceManager::LoadFailure::too_large:
      diags.report(cli::Diag::file_too_large, where, "cannot read '{}': {}", path, error)
          .hint(
              "raise the limit with '--max-input-size SIZE' or UMPIRE_MAX_INPUT_SIZE (docs/cli.md "
              "§ Inputs)");
      return;
  }
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
  auto d = named ? diags.report(cli::Diag::data_not_found,
                                named->origin == "--data" ? find_arg(named->dir.string()) : Span{},
                                "'{}' ({}) holds no Umpire data: no corpus/rulesets/ there",
                                named->dir.string(), named->origin)
                 : diags.report(cli::Diag::data_not_found, Span{},
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

std::optional<std::uint64_t> parse_size(std::string_view text) {
  std::uint64_t n = 0;
  std::size_t i = 0;
  for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i) {
    if (n > (std::uint64_t{1} << 40)) return std::nullopt;
    n = n * 10 + static_cast<std::uint64_t>(text[i] - '0');
  }
  if (i == 0) return std::nullopt;
  std::string unit;
  for (; i < text.size(); ++i)
    unit += static_cast<char>(std::tolower(static_cast<unsigned char>(text[i])));
  unsigned shift = 0;
  if (unit == "k" || unit == "kib")
    shift = 10;
  else if (unit == "m" || unit == "mib")
    shift = 20;
  else if (unit == "g" || unit == "gib")
    shift = 30;
  else if (!unit.empty() && unit != "b")
    return std::nullopt;
  if (n == 0 || n > (std::uint64_t{1} << (40 - shift))) return std::nullopt;
  return n << shift;
}

bool set_input_limit(Session& session, const std::string& option) {
  const char* env = std::getenv("UMPIRE_MAX_INPUT_SIZE");
  const bool from_option = !option.empty();
  const std::string text = from_option ? option : env != nullptr ? env : "";
  if (text.empty()) return true;
  const auto bytes = parse_size(text);
  // Offsets into a source are 32-bit.
  constexpr std::uint64_t most = (std::uint64_t{4} << 30) - 2;
  if (!bytes || *bytes > most) {
    session.diags
        .report(cli::Diag::usage, from_option ? session.find_arg(option) : Span{},
                "bad input size '{}'{}", text, from_option ? "" : " in UMPIRE_MAX_INPUT_SIZE")
        .hint("write a size below 4 GiB like '64M' (the default), '512K' or '1G'");
    return false;
  }
  session.sources.set_max_input_bytes(*bytes);
  return true;
}

std::optional<std::uint64_t> parse_seed(std::string_view text) {
  if (text.empty() || text.size() > 20) return std::nullopt;
  std::uint64_t n = 0;
  for (const char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    const auto digit = static_cast<std::uint64_t>(c - '0');
    if (n > (UINT64_MAX - digit) / 10) return std::nullopt;
    n = n * 10 + digit;
  }
  return n;
}

namespace {

CLI::Validator seed_validator() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        if (parse_seed(text)) return {};
        return "a seed is a whole number from 0 to 18446744073709551615 (2^64-1), not '" + text +
               "'";
      },
      "SEED", "seed");
}

}  // namespace

CLI::Option* add_seed_option(CLI::App& app, std::uint64_t& seed, const std::string& description) {
  return app
      .add_option_function<std::string>(
          "--seed", [&seed](const std::string& text) { seed = parse_seed(text).value_or(0); },
          description)
      ->check(seed_validator());
}

CLI::Option* add_seed_option(CLI::App& app, std::optional<std::uint64_t>& seed,
                             const std::string& description) {
  return app
      .add_option_function<std::string>(
          "--seed", [&seed](const std::string& text) { seed = parse_seed(text); }, description)
      ->check(seed_validator());
}

void add_format_option(CLI::App& app, Format& format) {
  app.add_option_function<std::string>(
         "--format",
         [&format](const std::string& name) {
           format = name == "json" ? Format::json : Format::text;
         },
         "Output format: text (default) or json")
      ->check(CLI::IsMember({"text", "json"}));
}

}  // namespace umpire::cli
