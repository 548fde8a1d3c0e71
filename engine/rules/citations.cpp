#include "engine/rules/citations.hpp"

#include <map>
#include <optional>
#include <string_view>

#include "engine/core/source_manager.hpp"
#include "engine/core/suggest.hpp"
#include "grammar/rules/diagnostics.hpp"

namespace umpire::rules {

std::string normalise_heading(std::string_view text) {
  std::string out;
  bool space = false;
  std::size_t i = 0;
  while (i < text.size() && (text[i] == '#' || text[i] == ' ' || text[i] == '\t')) ++i;
  if (text.substr(i, 2) == "- ") i += 2;
  for (; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '*' || c == '\r') continue;
    if (c == ' ' || c == '\t') {
      space = true;
      continue;
    }
    if (space && !out.empty()) out += ' ';
    space = false;
    out += c;
  }
  return out;
}

void for_each_citation(const Ruleset& rs, const std::function<void(const Citation&)>& f) {
  auto all = [&](const Citations& cs) {
    for (const Citation& c : cs) f(c);
  };
  for (const auto& [name, ref] : rs.items) all(rs.refs_of(ref));
  for (const Switch& s : rs.switches)
    for (const SwitchOption& o : s.options) all(o.refs);
  for (const Table& t : rs.tables)
    for (const Row& r : t.rows) all(r.refs);
  for (const Stack& s : rs.stacks) {
    for (const Stage& st : s.stages) {
      for (const Entry& e : st.entries) {
        if (!e.skill) all(e.refs);
      }
    }
  }
  for (const ArmyList& a : rs.army_lists)
    for (const Constraint& c : a.constraints) all(c.refs);
  for (const Difference& d : rs.differences) all(d.refs);
}

namespace {

struct TextIndex {
  bool readable = false;
  std::vector<std::string> lines;     // normalised
  std::vector<std::string> headings;  // lines that look like headings, for hints
};

TextIndex read_text(const std::filesystem::path& path) {
  TextIndex out;
  // Read as every input is: a regular file within the input limit.
  SourceManager sources;
  std::string error;
  const std::optional<FileId> file = sources.load(path, error);
  if (!file) return out;
  out.readable = true;
  std::string_view rest = sources.text(*file);
  while (!rest.empty()) {
    const std::size_t end = rest.find('\n');
    const std::string_view line = rest.substr(0, end);
    rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);
    std::string n = normalise_heading(line);
    if (n.empty()) continue;
    if (line.rfind('#', 0) == 0 || n.size() < 60) out.headings.push_back(n);
    out.lines.push_back(std::move(n));
  }
  return out;
}

}  // namespace

void lint_citations(const Ruleset& rs, const std::filesystem::path& texts_dir,
                    DiagnosticEngine& diags) {
  std::map<std::string, TextIndex> texts;
  std::vector<std::string> available;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(texts_dir, ec)) {
    if (entry.path().extension() == ".txt") available.push_back(entry.path().filename().string());
  }
  for_each_citation(rs, [&](const Citation& c) {
    if (c.file.empty()) return;  // already reported by the resolver
    const bool plain = c.file.find('/') == std::string::npos &&
                       c.file.find('\\') == std::string::npos && c.file != "." && c.file != "..";
    auto it = texts.find(c.file);
    if (it == texts.end()) {
      it = texts.emplace(c.file, plain ? read_text(texts_dir / c.file) : TextIndex{}).first;
    }
    if (!it->second.readable) {
      auto d = diags.report(rules::Diag::ref_bad_file, c.span, "no rule text named '{}'", c.file);
      if (auto best = closest_match(c.file, available))
        d.hint("did you mean '{}'?", *best);
      else
        d.hint("rule texts are looked for in '{}'", texts_dir.string());
      return;
    }
    const std::string want = normalise_heading(c.section);
    for (const std::string& line : it->second.lines) {
      if (line.rfind(want, 0) == 0) return;
    }
    auto d = diags.report(rules::Diag::ref_bad_section, c.span, "'{}' has no section starting '{}'",
                          c.file, c.section);
    if (auto best = closest_match(want, it->second.headings, want.size() / 3 + 1)) {
      d.hint("did you mean '{}'?", *best);
    } else {
      d.hint("quote the heading as it appears in the text");
    }
  });
}

}  // namespace umpire::rules
