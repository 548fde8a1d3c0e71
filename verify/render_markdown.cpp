// The report for rule writers (docs/verification.md § Report): per ruleset a
// summary table, then each finding led by the sentence that says what to do,
// then its message, items, witness, odds, instances and explanation.
#include <fmt/format.h>

#include <map>

#include "verify/findings.hpp"

namespace umpire::verify {

namespace {

// Markdown table cells: no pipes or line breaks inside.
std::string cell(const std::string& s) {
  std::string out;
  for (char ch : s) {
    if (ch == '|')
      out += "\\|";
    else if (ch == '\n')
      out += ' ';
    else
      out += ch;
  }
  return out;
}

void finding_markdown(const Finding& f, std::string& out) {
  out += fmt::format("#### `{}`\n\n", f.id);
  if (!f.action.empty()) out += fmt::format("**{}**\n\n", f.action);
  out += fmt::format("{}\n\n", f.message);
  for (const FindingItem& item : f.items) {
    out += fmt::format("- {} `{}`{}\n", item.kind, item.name,
                       item.refs.empty() ? "" : " (" + item.refs.front().text() + ")");
  }
  if (!f.witness.empty()) out += fmt::format("- witness: `{}`\n", fmt::join(f.witness, "`, `"));
  if (!f.probability.empty()) out += fmt::format("- {}\n", f.probability);
  for (const std::string& i : f.instances) out += fmt::format("- also: {}\n", i);
  if (!f.explanation.empty()) out += fmt::format("\n{}\n", f.explanation);
  out += "\n";
}

}  // namespace

std::string render_findings_markdown(const Report& report) {
  std::string out;
  for (const std::string& p : report.partial) out += fmt::format("**Partial report**: {}.\n\n", p);
  for (const std::string& rs : report.rulesets) {
    out += fmt::format("### {}\n\n{}.\n\n", rs, summary_of(report, &rs));
    std::vector<const Finding*> mine, notices;
    for (const Finding& f : report.findings) {
      if (f.ruleset != rs) continue;
      (is_coverage_notice(f) ? notices : mine).push_back(&f);
    }
    if (!mine.empty()) {
      out += "| severity | finding | what to do |\n|---|---|---|\n";
      for (const Finding* f : mine) {
        out += fmt::format("| {} | `{}` | {} |\n", to_string(f->severity), f->id,
                           cell(f->action.empty() ? f->message : f->action));
      }
      out += "\n";
    }
    for (const Finding* f : mine) finding_markdown(*f, out);
    for (const bool declared : {true, false}) {
      bool any = false;
      for (const Finding* f : notices) {
        if ((f->category == Category::variant_intended) != declared) continue;
        if (!any) {
          out += declared
                     ? "Differences the variant declares (not findings):\n\n"
                     : "Coverage notices (what the verifier could not examine; not findings):\n\n";
        }
        any = true;
        out += fmt::format("- `{}`: {}\n", f->id, f->message);
      }
      if (any) out += "\n";
    }
    bool any = false;
    for (const Proof& p : report.proofs) {
      if (p.ruleset != rs) continue;
      if (!any) out += "Proved:\n\n";
      any = true;
      out += fmt::format("- {}\n", p.what);
    }
    if (any) out += "\n";
    any = false;
    for (const Extreme& e : report.extremes) {
      if (e.ruleset != rs) continue;
      if (!any) out += "| quantity | reachable | declared |\n|---|---|---|\n";
      any = true;
      out += fmt::format("| `{}` | {}..{}{} | {} |\n", cell(e.item), e.min, e.max,
                         e.exact ? "" : " (bounds)", cell(e.declared));
    }
    if (any) out += "\n";
  }
  out += summary_of(report, nullptr) + ".\n";
  return out;
}

}  // namespace umpire::verify
