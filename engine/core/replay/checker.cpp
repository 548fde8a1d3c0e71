#include "engine/core/replay/checker.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "engine/core/plural.hpp"
#include "engine/core/replay/diagnostics.hpp"

namespace umpire::replay {

std::string_view to_string(ReplayMode mode) {
  switch (mode) {
    case ReplayMode::follow_log:
      return "follow-log";
    case ReplayMode::stop_at_first:
      return "stop";
    case ReplayMode::follow_rules:
      return "follow-rules";
  }
  return "follow-log";
}

void NotCheckedLog::add(std::string_view aspect, Span span) {
  ++total_;
  auto it = entries_.find(aspect);
  if (it == entries_.end()) {
    it = entries_.emplace(std::string(aspect), Entry{span, 0, entries_.size()}).first;
  }
  ++it->second.count;
  if (!it->second.first.valid()) it->second.first = span;
}

void NotCheckedLog::report(DiagnosticEngine& diags) const {
  // In order of first occurrence, so the report reads like the game.
  std::vector<const std::pair<const std::string, Entry>*> order;
  order.reserve(entries_.size());
  for (const auto& e : entries_) order.push_back(&e);
  std::sort(order.begin(), order.end(),
            [](auto* a, auto* b) { return a->second.order < b->second.order; });
  for (const auto* e : order) {
    const std::size_t n = e->second.count;
    diags.report(replay::Diag::not_checked, e->second.first, "{}", e->first)
        .note("{} in this log", plural(n, "occurrence"))
        .hint("the engine does not enforce this yet; docs/checks.md lists what it enforces");
  }
}

DiagnosticBuilder EventChecker::violation(CheckId check, Span span, std::string message) {
  if (refuse_ && !agreed_) return refuse();
  const CheckInfo& info = check.info();
  if (!span.valid()) span = event_span_;
  reported_.push_back(check);
  // A core check that the ruleset's table does not cite has no file.
  const auto cite = [&](DiagnosticBuilder& b) {
    if (!info.file.empty()) b.rule(std::string(info.file), std::string(info.section));
  };
  if (agreed_) {
    ++agreed_breaches_;
    auto b = diags_.report(replay::Diag::agreed, span, "agreed ruling: {}", message);
    b.note("the players agreed to this although it breaks [{}]", info.id);
    if (!agreed_note_.empty()) b.note("agreed: \"{}\"", agreed_note_);
    cite(b);
    return b;
  }
  ++violations_;
  auto b = diags_.report(info.severity, info.id, span, std::move(message));
  cite(b);
  return b;
}

DiagnosticBuilder EventChecker::refuse() {
  if (!defer_) throw Refused{};
  refused_ = true;
  return DiagnosticBuilder(nullptr, 0);
}

bool EventChecker::reported(CheckId check) const {
  return std::find(reported_.begin(), reported_.end(), check) != reported_.end();
}

DiagnosticBuilder EventChecker::info(std::string_view id, Span span, std::string message) {
  return diags_.report(Severity::note, id, span.valid() ? span : event_span_, std::move(message));
}

DiagnosticBuilder EventChecker::problem(std::string_view id, Span span, std::string message) {
  if (refuse_) return refuse();
  ++violations_;
  return diags_.report(Severity::error, id, span.valid() ? span : event_span_, std::move(message));
}

std::int64_t EventChecker::outcome(CheckId check, Span span, std::string_view what,
                                   std::optional<std::int64_t> stated, std::int64_t computed,
                                   const Notes& notes) {
  if (outcomes_) outcomes_->push_back({check, computed});
  if (!stated) return computed;
  if (*stated != computed) {
    auto b = violation(check, span,
                       fmt::format("log says {} {}, rules give {}", *stated, what, computed));
    for (const std::string& n : notes.lines()) b.note(n);
    if (mode_ == ReplayMode::follow_log)
      b.note("the replay goes on with the log's {} {}", *stated, what);
  }
  return mode_ == ReplayMode::follow_log ? *stated : computed;
}

bool EventChecker::outcome(CheckId check, Span span, std::string_view what,
                           std::optional<bool> stated, bool computed, std::string_view yes,
                           std::string_view no, const Notes& notes) {
  if (outcomes_) outcomes_->push_back({check, computed ? 1 : 0});
  if (!stated) return computed;
  if (*stated != computed) {
    auto b = violation(check, span,
                       fmt::format("log says {} {}, rules give {}", what, *stated ? yes : no,
                                   computed ? yes : no));
    for (const std::string& n : notes.lines()) b.note(n);
  }
  return mode_ == ReplayMode::follow_log ? *stated : computed;
}

void EventChecker::not_checked(std::string_view aspect, Span span) {
  if (refuse_unchecked_) {
    refuse();
    return;
  }
  unchecked_.add(aspect, span.valid() ? span : event_span_);
}

}  // namespace umpire::replay
