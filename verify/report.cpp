// What turns the analyses' raw findings into a report a rule writer reads:
// one finding per root cause, a variant's inherited findings folded into its
// base's, stable fingerprints.
#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "verify/findings.hpp"

namespace umpire::verify {

namespace {

// FNV-1a, 64 bits: the same value on every platform and compiler.
std::uint64_t fnv1a(std::string_view text) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (const char ch : text) {
    h ^= static_cast<unsigned char>(ch);
    h *= 0x100000001b3ULL;
  }
  return h;
}

std::string hex(std::uint64_t h) {
  return fmt::format("{:016x}", h);
}

// A switch finding's switch and readings with the passages they cite.
std::vector<std::string> passages_of(const Finding& f) {
  std::vector<std::string> out;
  for (const FindingItem& i : f.items) {
    if (i.kind != "switch" && i.kind != "reading") continue;
    std::string line = i.kind + " " + i.name;
    for (const rules::Citation& c : i.refs) line += " | " + c.text();
    out.push_back(std::move(line));
  }
  return out;
}

}  // namespace

bool is_coverage_notice(const Finding& f) {
  return f.category == Category::not_encoded || f.category == Category::not_proved ||
         f.category == Category::variant_intended;
}

std::string fingerprint_of(const Finding& f) {
  return hex(fnv1a(f.id));
}

std::string content_hash_of(const Finding& f) {
  std::string text = f.id + "\n" + f.message;
  for (const FindingItem& i : f.items) text += "\n" + i.kind + " " + i.name;
  return hex(fnv1a(text));
}

void group_by_cause(Report& report) {
  report.sort();
  std::map<std::pair<std::string, std::string>, std::size_t> first_of_cause;
  std::vector<Finding> kept;
  for (Finding& f : report.findings) {
    if (f.cause.empty()) {
      kept.push_back(std::move(f));
      continue;
    }
    const auto key = std::make_pair(f.ruleset, f.cause);
    auto it = first_of_cause.find(key);
    if (it == first_of_cause.end()) {
      first_of_cause.emplace(key, kept.size());
      kept.push_back(std::move(f));
      continue;
    }
    Finding& lead = kept[it->second];
    // A note of the data's author that is the cause leads (a gap note, with
    // the switches that fill it folded in); else a finding with a witness
    // says more than one without: it leads.
    const auto is_root = [](const Finding& g) {
      return g.id == g.cause && !g.items.empty() && g.items.front().kind == "note";
    };
    const bool root_comes = !is_root(lead) && is_root(f);
    if (root_comes || (!is_root(lead) && lead.witness.empty() && !f.witness.empty())) {
      std::swap(lead, f);
      // The finding that led until now is one instance, with its own.
      if (root_comes) lead.instances.push_back(fmt::format("same cause, {}: {}", f.id, f.message));
      lead.instances.insert(lead.instances.end(), f.instances.begin(), f.instances.end());
      f.instances.clear();
    }
    if (!root_comes) lead.instances.push_back(fmt::format("same cause, {}: {}", f.id, f.message));
    // A root without a witness shows its first instance's, with what that
    // instance found in the same situation.
    if (is_root(lead) && lead.witness.empty() && !f.witness.empty()) {
      lead.witness = std::move(f.witness);
      lead.evidence = std::move(f.evidence);
      lead.probability = std::move(f.probability);
      lead.instances.insert(lead.instances.end(), f.instances.begin(), f.instances.end());
    }
    // The most severe instance sets the severity of the cause.
    // (Severity grows from note to error.)
    if (static_cast<int>(f.severity) > static_cast<int>(lead.severity)) lead.severity = f.severity;
    for (FindingItem& item : f.items) {
      const bool known = std::any_of(
          lead.items.begin(), lead.items.end(),
          [&](const FindingItem& i) { return i.kind == item.kind && i.name == item.name; });
      if (!known) lead.items.push_back(std::move(item));
    }
  }
  report.findings = std::move(kept);
  for (Finding& f : report.findings) f.fingerprint = fingerprint_of(f);
}

void fold_inherited(Report& report) {
  if (report.bases.empty()) return;
  std::map<std::string, std::string> base_of(report.bases.begin(), report.bases.end());
  auto in_report = [&](const std::string& id) {
    return std::find(report.rulesets.begin(), report.rulesets.end(), id) != report.rulesets.end();
  };
  // The finding of `ruleset` with this id detail and message, if any.
  std::map<std::tuple<std::string, std::string, std::string>, std::size_t> by_text;
  auto detail_of = [](const Finding& f) {
    const std::string prefix = fmt::format("{}:{}:", to_string(f.category), f.ruleset);
    return f.id.rfind(prefix, 0) == 0
               ? fmt::format("{}:{}", to_string(f.category), f.id.substr(prefix.size()))
               : f.id;
  };
  for (std::size_t i = 0; i < report.findings.size(); ++i) {
    const Finding& f = report.findings[i];
    by_text.emplace(std::make_tuple(f.ruleset, detail_of(f), f.message), i);
  }
  std::vector<bool> drop(report.findings.size());
  for (std::size_t i = 0; i < report.findings.size(); ++i) {
    const Finding& f = report.findings[i];
    auto b = base_of.find(f.ruleset);
    if (b == base_of.end() || !in_report(b->second)) continue;
    auto it = by_text.find(std::make_tuple(b->second, detail_of(f), f.message));
    if (it != by_text.end()) {
      report.findings[it->second].instances.push_back(
          fmt::format("also in '{}', which inherits the passage unchanged", f.ruleset));
      drop[i] = true;
      continue;
    }
    // An inherited switch, its readings and their passages unchanged: the
    // base's finding asks the question, whatever item shows it first.
    if (f.category == Category::ambiguity && f.severity != Severity::note) {
      bool folded = false;
      for (Finding& g : report.findings) {
        if (g.ruleset != b->second || detail_of(g) != detail_of(f) ||
            g.severity == Severity::note || passages_of(f).empty() ||
            passages_of(g) != passages_of(f))
          continue;
        g.instances.push_back(fmt::format("also in '{}', which inherits the passage unchanged: {}",
                                          f.ruleset, f.message));
        folded = true;
      }
      if (folded) {
        drop[i] = true;
        continue;
      }
    }
    // An inherited switch that decides nothing in the variant: the variant
    // rules what the base leaves open, which the base's finding says.
    if (f.category == Category::ambiguity && f.severity == Severity::note) {
      for (Finding& g : report.findings) {
        if (g.ruleset != b->second || detail_of(g) != detail_of(f) || g.severity == Severity::note)
          continue;
        g.instances.push_back(fmt::format(
            "in '{}' the readings no longer decide anything: the variant settles it", f.ruleset));
        drop[i] = true;
      }
    }
  }
  std::vector<Finding> kept;
  for (std::size_t i = 0; i < report.findings.size(); ++i) {
    if (!drop[i]) kept.push_back(std::move(report.findings[i]));
  }
  report.findings = std::move(kept);
}

}  // namespace umpire::verify
