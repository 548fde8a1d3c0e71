// The verifier's text report and `--explain`: each finding as one line
// (severity, id, message), then what to do, the items and their citations,
// the witness, the odds, the other instances of the same cause and the
// explanation. Coverage notices come last, apart, and are not counted.
#include <fmt/format.h>

#include "verify/findings.hpp"

namespace umpire::verify {

namespace {

void finding_text(const Finding& f, std::string& out) {
  out += fmt::format("{} [{}] {}\n", to_string(f.severity), f.id, f.message);
  if (!f.action.empty()) out += fmt::format("    to do: {}\n", f.action);
  for (const FindingItem& item : f.items) {
    out += fmt::format("    {} '{}'{}\n", item.kind, item.name,
                       item.refs.empty() ? "" : "  (" + item.refs.front().text() + ")");
  }
  if (!f.witness.empty()) out += fmt::format("    witness: {}\n", fmt::join(f.witness, ", "));
  if (!f.probability.empty()) out += fmt::format("    {}\n", f.probability);
  for (const std::string& i : f.instances) out += fmt::format("    also: {}\n", i);
  if (!f.explanation.empty()) out += fmt::format("    {}\n", f.explanation);
  if (!f.log.empty()) out += fmt::format("    {}\n", f.log);
  if (!f.review.empty()) out += fmt::format("    reviewed: {}\n", f.review);
}

}  // namespace

std::string render_findings_text(const Report& report, bool with_extremes) {
  std::string out;
  for (const std::string& p : report.partial) out += fmt::format("PARTIAL REPORT: {}\n", p);
  for (const std::string& rs : report.rulesets) {
    out += fmt::format("== {}: {}\n", rs, summary_of(report, &rs));
    for (const Finding& f : report.findings) {
      if (f.ruleset == rs && !is_coverage_notice(f)) finding_text(f, out);
    }
    for (const bool declared : {true, false}) {
      bool any = false;
      for (const Finding& f : report.findings) {
        if (f.ruleset != rs || !is_coverage_notice(f)) continue;
        if ((f.category == Category::variant_intended) != declared) continue;
        if (!any) {
          out += declared
                     ? "  differences the variant declares (not findings):\n"
                     : "  coverage notices (what the verifier could not examine; not findings):\n";
        }
        any = true;
        out += fmt::format("    {} [{}] {}\n", to_string(f.severity), f.id, f.message);
      }
    }
    if (with_extremes) {
      bool first = true;
      for (const Extreme& e : report.extremes) {
        if (e.ruleset != rs) continue;
        if (first) out += "  extreme values (min..max reachable; declared type):\n";
        first = false;
        out += fmt::format("    {}: {}..{}{}  ({})\n", e.item, e.min, e.max,
                           e.exact ? "" : " (bounds, solver gave up)", e.declared);
      }
    }
  }
  out += summary_of(report, nullptr) + "\n";
  return out;
}

std::string explain_finding(const Report& report, const std::string& id) {
  for (const Finding& f : report.findings) {
    if (f.id != id) continue;
    std::string out = fmt::format("{} ({}, {}) in {}\n{}\n", f.id, to_string(f.category),
                                  to_string(f.severity), f.ruleset, f.message);
    if (!f.action.empty()) out += "\nto do: " + f.action + "\n";
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
    if (!f.instances.empty()) {
      out += "\nother instances of the same cause:\n";
      for (const std::string& i : f.instances) out += "  " + i + "\n";
    }
    if (!f.evidence.empty()) {
      out += "\nthe evaluator on the witness:\n";
      for (const std::string& e : f.evidence) out += "  " + e + "\n";
    }
    if (!f.log.empty()) out += "\n" + f.log + "\n";
    if (!f.review.empty()) out += "\nreviewed: " + f.review + "\n";
    out += fmt::format("\nfingerprint {}\n",
                       f.fingerprint.empty() ? fingerprint_of(f) : f.fingerprint);
    return out;
  }
  return {};
}

}  // namespace umpire::verify
