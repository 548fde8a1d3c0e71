#include "engine/rulesets/common/evaluation.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "engine/rules/assumption_watch.hpp"

namespace umpire::rulesets::common {
namespace {

bool facts_ok(const Question& q, replay::EventChecker& checker) {
  if (q.facts_error.empty()) return true;
  checker.problem(q.reports.evaluation_failed, checker.event_span(),
                  fmt::format("the engine could not state the situation: {}", q.facts_error));
  return false;
}

// A name of the rules data as words: `square_from_three_hexes` is "square
// from three hexes".
std::string in_words(std::string_view name) {
  std::string out(name);
  std::replace(out.begin(), out.end(), '_', ' ');
  return out;
}

void evaluation_failed(const Question& q, const rules::Evaluator& ev, std::string_view what,
                       replay::EventChecker& checker) {
  // A fact read on demand (BasicFacts::read_on_demand) that did not fit its given.
  if (!facts_ok(q, checker)) return;
  auto b = checker.problem(
      q.reports.evaluation_failed, checker.event_span(),
      fmt::format("the rules data could not evaluate '{}': {}", what,
                  ev.error() ? ev.error()->message : std::string("unknown failure")));
  if (ev.error() && !ev.error()->hint.empty()) b.hint(ev.error()->hint);
}

}  // namespace

std::vector<std::string> breakdown_notes(const rules::Evaluator& ev) {
  std::vector<std::string> out;
  for (const rules::Step& s : ev.breakdown()) {
    std::string line(static_cast<std::size_t>(2 * s.depth), ' ');
    line += s.text;
    if (!s.refs.empty()) line += fmt::format(" ({})", s.refs.front().text());
    out.push_back(std::move(line));
  }
  return out;
}

std::vector<std::string> explain_value(const rules::Ruleset& rs, const rules::Situation& s,
                                       std::uint32_t value) {
  rules::Evaluator ev(rs, s);
  ev.value(value);
  return breakdown_notes(ev);
}

std::vector<std::string> explain_test(const rules::Ruleset& rs, const rules::Situation& s,
                                      std::uint32_t test) {
  rules::Evaluator ev(rs, s);
  ev.test(test);
  return breakdown_notes(ev);
}

namespace {
// The evaluator's breakdown added to `notes`, when the caller keeps notes.
void append_breakdown(const rules::Evaluator& ev, std::vector<std::string>* notes) {
  if (!notes) return;
  auto lines = breakdown_notes(ev);
  notes->insert(notes->end(), lines.begin(), lines.end());
}
}  // namespace

std::optional<std::int64_t> eval_value(const Question& q, std::uint32_t value,
                                       std::string_view name, replay::EventChecker& checker,
                                       std::vector<std::string>* notes) {
  if (!facts_ok(q, checker)) return std::nullopt;
  rules::watch_assumptions(q.rs, q.situation);
  rules::Evaluator ev(q.rs, q.situation);
  ev.set_trace(notes != nullptr);
  auto r = ev.value(value);
  if (!r) {
    evaluation_failed(q, ev, name, checker);
    return std::nullopt;
  }
  append_breakdown(ev, notes);
  return r->number;
}

std::optional<rules::Verdict> verdict(const Question& q,
                                      std::span<const std::uint32_t> permissions) {
  if (!q.facts_error.empty()) return std::nullopt;
  rules::watch_assumptions(q.rs, q.situation);
  rules::Evaluator ev(q.rs, q.situation);
  ev.set_trace(false);
  const auto r = ev.action_with(permissions);
  if (!r) return std::nullopt;
  return r->verdict;
}

std::optional<rules::TestResult> eval_test(const Question& q, std::uint32_t test,
                                           std::string_view name, replay::EventChecker& checker,
                                           std::vector<std::string>* notes) {
  if (!facts_ok(q, checker)) return std::nullopt;
  rules::watch_assumptions(q.rs, q.situation);
  rules::Evaluator ev(q.rs, q.situation);
  ev.set_trace(notes != nullptr);
  ev.set_odds(false);  // the engine judges scores; the odds are for `umpire rules`
  auto r = ev.test(test);
  if (!r) {
    evaluation_failed(q, ev, name, checker);
    return std::nullopt;
  }
  append_breakdown(ev, notes);
  return r;
}

bool check_permissions(const Question& q, std::span<const std::uint32_t> permissions,
                       std::string_view action, replay::EventChecker& checker, Span span,
                       std::optional<replay::CheckId> fallback, const Subject& subject) {
  if (!facts_ok(q, checker)) return false;
  const rules::Ruleset& rs = q.rs;
  rules::watch_assumptions(rs, q.situation);
  rules::Evaluator ev(rs, q.situation);
  ev.set_trace(false);  // most actions are allowed: explained only when not
  auto r = ev.action_with(permissions);
  if (!r) {
    evaluation_failed(q, ev, action, checker);
    return false;
  }
  // The prohibitions that hold and that no permission lifts.
  std::vector<std::string_view> forbidding;
  std::vector<std::uint32_t> forbidding_ids;
  for (std::uint32_t i : r->applicable) {
    const rules::Permission& p = rs.permissions[i];
    if (p.modality != rules::Modality::cannot) continue;
    const bool lifted =
        std::any_of(r->applicable.begin(), r->applicable.end(), [&](std::uint32_t j) {
          const auto& l = rs.permissions[j].lifts;
          return std::find(l.begin(), l.end(), i) != l.end();
        });
    if (lifted) continue;
    forbidding.push_back(p.name);
    forbidding_ids.push_back(i);
  }
  const bool allowed = forbidding.empty();
  std::optional<std::vector<std::string>> why;  // the breakdown, evaluated again with it
  for (std::uint32_t i : forbidding_ids) {
    const rules::Permission& p = rs.permissions[i];
    // One breach is written once: a prohibition that a more specific one
    // implies, or whose check this statement already reported, adds nothing.
    const std::string_view stronger = q.reports.implied_by(p.name);
    if (!stronger.empty() &&
        std::find(forbidding.begin(), forbidding.end(), stronger) != forbidding.end())
      continue;
    std::optional<replay::CheckId> check = q.reports.check_for_permission(p.name);
    if (!check) check = fallback;
    if (!check) {
      checker.problem(q.reports.unmapped_permission, span,
                      fmt::format("{} is forbidden by '{}' of the rules data, which no check of "
                                  "the engine names",
                                  subject.text(), p.name));
      continue;
    }
    if (checker.reported(*check)) continue;
    if (checker.refusing()) {  // a trial: refused, with no message to make
      checker.violation(*check, span, {});
      return false;
    }
    // The first line says why in words: the prohibition's name, which the
    // data chooses to say it (`square_from_three_hexes`); its condition and
    // the facts that made it hold follow as notes.
    auto b = checker.violation(
        *check, span, fmt::format("{} is not allowed: {}", subject.text(), in_words(p.name)));
    b.note("forbidden by '{}' of the rules data{}", p.name,
           p.refs.empty() ? std::string() : fmt::format(" ({})", p.refs.front().text()));
    // The passage broken is the prohibition's, which may be more precise
    // than the check's section (a check gathers several prohibitions).
    if (!p.refs.empty()) b.rule(p.refs.front().file, p.refs.front().section);
    if (!why) {
      rules::Evaluator traced(rs, q.situation);
      traced.action_with(permissions);
      why = breakdown_notes(traced);
    }
    for (const std::string& line : *why) b.note(line);
  }
  return allowed;
}

}  // namespace umpire::rulesets::common
