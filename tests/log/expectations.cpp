#include "tests/log/expectations.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>

namespace umpire::log::testing {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
    s.remove_suffix(1);
  return s;
}

}  // namespace

std::vector<Expectation> read_expectations(std::string_view text) {
  std::vector<Expectation> out;
  std::vector<std::string_view> lines;
  for (std::size_t start = 0; start <= text.size();) {
    std::size_t nl = text.find('\n', start);
    if (nl == std::string_view::npos) nl = text.size();
    lines.push_back(text.substr(start, nl - start));
    start = nl + 1;
  }
  const std::pair<std::string_view, Severity> kinds[] = {
      {"expect-error", Severity::error},
      {"expect-warning", Severity::warning},
      {"expect-note", Severity::note},
      {"expect-not-checked", Severity::not_checked}};
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string_view line = lines[i];
    const std::size_t hash = line.find("# expect-");
    if (hash == std::string_view::npos) continue;
    std::string_view rest = line.substr(hash + 2);
    for (const auto& [word, severity] : kinds) {
      if (rest.substr(0, word.size()) != word) continue;
      const char next = rest.size() > word.size() ? rest[word.size()] : '\0';
      if (next != ':' && next != '@') continue;
      rest.remove_prefix(word.size());
      const bool standalone = trim(line.substr(0, hash)).empty();
      auto target = static_cast<std::uint32_t>(standalone ? i + 2 : i + 1);
      if (rest.front() == '@') {
        rest.remove_prefix(1);
        const bool relative = rest.front() == '+';
        if (relative) rest.remove_prefix(1);
        std::uint32_t n = 0;
        const auto r = std::from_chars(rest.data(), rest.data() + rest.size(), n);
        rest.remove_prefix(static_cast<std::size_t>(r.ptr - rest.data()));
        target = relative ? static_cast<std::uint32_t>(i + 1) + n : n;
      }
      if (!rest.empty() && rest.front() == ':') rest.remove_prefix(1);
      out.push_back({severity, std::string(trim(rest)), target});
      break;
    }
  }
  return out;
}

std::string compare(const std::vector<Expectation>& expected, const SourceManager& sources,
                    const DiagnosticEngine& diags) {
  const auto expects = [&](Severity s) {
    return std::any_of(expected.begin(), expected.end(),
                       [&](const Expectation& e) { return e.severity == s; });
  };
  std::vector<Expectation> actual;
  for (const Diagnostic& d : diags.diagnostics()) {
    if ((d.severity == Severity::note || d.severity == Severity::not_checked) &&
        !expects(d.severity))
      continue;
    const std::uint32_t line =
        d.span.valid() ? sources.line_column(d.span.file, d.span.begin).line : 0;
    actual.push_back({d.severity, d.id, line});
  }
  std::vector<Expectation> missing = expected;
  std::string report;
  for (const Expectation& a : actual) {
    auto it = std::find(missing.begin(), missing.end(), a);
    if (it != missing.end()) {
      missing.erase(it);
    } else {
      report += fmt::format("unexpected {} {} at line {}\n", to_string(a.severity), a.id, a.line);
    }
  }
  for (const Expectation& m : missing) {
    report += fmt::format("missing {} {} at line {}\n", to_string(m.severity), m.id, m.line);
  }
  return report;
}

}  // namespace umpire::log::testing
