// Rendering of verification reports: findings as diagnostics (caret text and
// SARIF through engine/core), JSON with every field, and `--explain`.
#include "verify/findings.hpp"

#include <algorithm>
#include <map>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "engine/core/diagnostic_render.hpp"
#include "engine/core/version.hpp"

namespace umpire::verify {

std::string_view to_string(Category c) {
  switch (c) {
    case Category::table_gap: return "table-gap";
    case Category::range_breach: return "range-breach";
    case Category::impossible_test: return "impossible-test";
    case Category::automatic_test: return "automatic-test";
    case Category::invariant_refuted: return "invariant-refuted";
    case Category::contradiction: return "contradiction";
    case Category::superseded_entry: return "superseded-entry";
    case Category::dead_rule: return "dead-rule";
    case Category::variant_difference: return "variant-difference";
    case Category::variant_drift: return "variant-drift";
    case Category::skill_interaction: return "skill-interaction";
    case Category::army_list: return "army-list";
    case Category::not_encoded: return "not-encoded";
    case Category::not_proved: return "not-proved";
    case Category::internal_error: return "internal-error";
  }
  return "?";
}

void Report::sort() {
  std::stable_sort(findings.begin(), findings.end(), [](const Finding& a, const Finding& b) {
    return std::tie(a.ruleset, a.category, a.id) < std::tie(b.ruleset, b.category, b.id);
  });
  std::stable_sort(proofs.begin(), proofs.end(),
                   [](const Proof& a, const Proof& b) { return std::tie(a.ruleset, a.what) < std::tie(b.ruleset, b.what); });
  std::stable_sort(extremes.begin(), extremes.end(), [](const Extreme& a, const Extreme& b) {
    return std::tie(a.ruleset, a.item) < std::tie(b.ruleset, b.item);
  });
}

void to_diagnostics(const Report& report, DiagnosticEngine& diags) {
  for (const Finding& f : report.findings) {
    const Span span = f.items.empty() ? Span{} : f.items.front().span;
    auto d = diags.report(f.severity, "verify." + std::string(to_string(f.category)), span, f.message);
    for (std::size_t i = 1; i < f.items.size(); ++i) {
      if (f.items[i].span.valid()) d.label(f.items[i].span, fmt::format("{} '{}'", f.items[i].kind, f.items[i].name));
    }
    d.note("finding {} (umpire verify --explain {})", f.id, f.id);
    if (!f.witness.empty()) d.note("witness: {}", fmt::join(f.witness, ", "));
    if (!f.probability.empty()) d.note("{}", f.probability);
    if (!f.explanation.empty()) d.note(f.explanation);
    if (!f.log.empty()) d.note(f.log);
    for (const FindingItem& item : f.items) {
      if (!item.refs.empty()) {
        d.rule(item.refs.front().file, item.refs.front().section);
        break;
      }
    }
  }
}

namespace {

std::string summary_line(const Report& report) {
  std::map<Category, std::size_t> by;
  for (const Finding& f : report.findings) ++by[f.category];
  std::vector<std::string> parts;
  for (const auto& [c, n] : by) parts.push_back(fmt::format("{} {}", n, to_string(c)));
  return fmt::format("{} finding{}{}{}; {} fact{} proved", report.findings.size(),
                     report.findings.size() == 1 ? "" : "s", parts.empty() ? "" : ": ", fmt::join(parts, ", "),
                     report.proofs.size(), report.proofs.size() == 1 ? "" : "s");
}

}  // namespace

std::string render_findings_text(const Report& report, bool with_extremes) {
  std::string out;
  for (const std::string& rs : report.rulesets) {
    std::vector<const Finding*> mine;
    for (const Finding& f : report.findings) {
      if (f.ruleset == rs) mine.push_back(&f);
    }
    std::size_t proofs = 0;
    for (const Proof& p : report.proofs) proofs += p.ruleset == rs ? 1U : 0U;
    out += fmt::format("== {}: {} finding{}, {} fact{} proved\n", rs, mine.size(), mine.size() == 1 ? "" : "s", proofs,
                       proofs == 1 ? "" : "s");
    for (const Finding* f : mine) {
      out += fmt::format("{} [{}] {}\n", to_string(f->severity), f->id, f->message);
      for (const FindingItem& item : f->items) {
        out += fmt::format("    {} '{}'{}\n", item.kind, item.name,
                           item.refs.empty() ? "" : "  (" + item.refs.front().text() + ")");
      }
      if (!f->witness.empty()) out += fmt::format("    witness: {}\n", fmt::join(f->witness, ", "));
      if (!f->probability.empty()) out += fmt::format("    {}\n", f->probability);
      if (!f->explanation.empty()) out += fmt::format("    {}\n", f->explanation);
      if (!f->log.empty()) out += fmt::format("    {}\n", f->log);
    }
    if (with_extremes) {
      bool any = false;
      for (const Extreme& e : report.extremes) {
        if (e.ruleset != rs) continue;
        if (!any) out += "  extreme values (min..max reachable; declared type):\n";
        any = true;
        out += fmt::format("    {}: {}..{}{}  ({})\n", e.item, e.min, e.max, e.exact ? "" : " (bounds, solver gave up)",
                           e.declared);
      }
    }
  }
  out += summary_line(report) + "\n";
  return out;
}

std::string render_findings_json(const Report& report) {
  using nlohmann::json;
  json findings = json::array();
  for (const Finding& f : report.findings) {
    json items = json::array();
    for (const FindingItem& i : f.items) {
      json refs = json::array();
      for (const rules::Citation& c : i.refs) refs.push_back(c.text());
      items.push_back({{"name", i.name}, {"kind", i.kind}, {"refs", refs}});
    }
    findings.push_back({{"id", f.id},
                        {"category", to_string(f.category)},
                        {"severity", to_string(f.severity)},
                        {"ruleset", f.ruleset},
                        {"message", f.message},
                        {"items", items},
                        {"witness", f.witness},
                        {"probability", f.probability},
                        {"explanation", f.explanation},
                        {"evidence", f.evidence}});
    if (!f.log.empty()) findings.back()["log"] = f.log;
  }
  json proofs = json::array();
  for (const Proof& p : report.proofs) proofs.push_back({{"ruleset", p.ruleset}, {"proved", p.what}});
  json extremes = json::array();
  for (const Extreme& e : report.extremes) {
    extremes.push_back({{"ruleset", e.ruleset}, {"item", e.item}, {"declared", e.declared}, {"min", e.min},
                        {"max", e.max}, {"exact", e.exact}});
  }
  json out{{"rulesets", report.rulesets}, {"findings", findings}, {"proved", proofs}, {"extremes", extremes},
           {"summary", summary_line(report)}};
  return out.dump(2) + "\n";
}

namespace {
// Markdown table cells: no pipes or line breaks inside.
std::string cell(const std::string& s) {
  std::string out;
  for (char ch : s) {
    if (ch == '|') out += "\\|";
    else if (ch == '\n') out += ' ';
    else out += ch;
  }
  return out;
}
}  // namespace

std::string render_findings_markdown(const Report& report) {
  std::string out;
  for (const std::string& rs : report.rulesets) {
    std::vector<const Finding*> mine;
    std::map<Category, std::size_t> by;
    for (const Finding& f : report.findings) {
      if (f.ruleset != rs) continue;
      mine.push_back(&f);
      ++by[f.category];
    }
    std::vector<const Proof*> proofs;
    for (const Proof& p : report.proofs) {
      if (p.ruleset == rs) proofs.push_back(&p);
    }
    out += fmt::format("### {}\n\n", rs);
    std::vector<std::string> parts;
    for (const auto& [c, n] : by) parts.push_back(fmt::format("{} {}", n, to_string(c)));
    out += fmt::format("{} finding{}{}{}; {} fact{} proved.\n\n", mine.size(), mine.size() == 1 ? "" : "s",
                       parts.empty() ? "" : ": ", fmt::join(parts, ", "), proofs.size(), proofs.size() == 1 ? "" : "s");
    if (!mine.empty()) {
      out += "| severity | finding | message |\n|---|---|---|\n";
      for (const Finding* f : mine) {
        out += fmt::format("| {} | `{}` | {} |\n", to_string(f->severity), f->id, cell(f->message));
      }
      out += "\n";
    }
    for (const Finding* f : mine) {
      if (f->severity == Severity::note || f->category == Category::not_encoded) continue;
      out += fmt::format("#### `{}`\n\n{}\n\n", f->id, f->message);
      for (const FindingItem& item : f->items) {
        out += fmt::format("- {} `{}`{}\n", item.kind, item.name,
                           item.refs.empty() ? "" : " (" + item.refs.front().text() + ")");
      }
      if (!f->witness.empty()) out += fmt::format("- witness: `{}`\n", fmt::join(f->witness, "`, `"));
      if (!f->probability.empty()) out += fmt::format("- {}\n", f->probability);
      if (!f->explanation.empty()) out += fmt::format("\n{}\n", f->explanation);
      out += "\n";
    }
    if (!proofs.empty()) {
      out += "Proved:\n\n";
      for (const Proof* p : proofs) out += fmt::format("- {}\n", p->what);
      out += "\n";
    }
    bool any = false;
    for (const Extreme& e : report.extremes) {
      if (e.ruleset != rs) continue;
      if (!any) out += "| quantity | reachable | declared |\n|---|---|---|\n";
      any = true;
      out += fmt::format("| `{}` | {}..{}{} | {} |\n", cell(e.item), e.min, e.max, e.exact ? "" : " (bounds)",
                         cell(e.declared));
    }
    if (any) out += "\n";
  }
  out += summary_line(report) + ".\n";
  return out;
}

std::string render_findings_sarif(const SourceManager& sources, const Report& report) {
  DiagnosticEngine diags(0);
  to_diagnostics(report, diags);
  return render_sarif(sources, diags, version);
}

std::string explain_finding(const Report& report, const std::string& id) {
  for (const Finding& f : report.findings) {
    if (f.id != id) continue;
    std::string out = fmt::format("{} ({}, {}) in {}\n{}\n", f.id, to_string(f.category), to_string(f.severity),
                                  f.ruleset, f.message);
    if (!f.explanation.empty()) out += "\n" + f.explanation + "\n";
    if (!f.items.empty()) out += "\nitems:\n";
    for (const FindingItem& i : f.items) {
      out += fmt::format("  {} '{}'\n", i.kind, i.name);
      for (const rules::Citation& c : i.refs) out += fmt::format("    cites {}\n", c.text());
    }
    if (!f.witness.empty()) {
      out += "\nwitness situation:\n";
      for (const std::string& w : f.witness) out += "  " + w + "\n";
    }
    if (!f.probability.empty()) out += "\n" + f.probability + "\n";
    if (!f.evidence.empty()) {
      out += "\nthe evaluator on the witness:\n";
      for (const std::string& e : f.evidence) out += "  " + e + "\n";
    }
    if (!f.log.empty()) out += "\n" + f.log + "\n";
    return out;
  }
  return {};
}

}  // namespace umpire::verify
