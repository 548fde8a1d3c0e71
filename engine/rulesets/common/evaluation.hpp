#pragma once
// Asking the rules data on a ruleset's facts (basic_facts.hpp): values,
// tests and permissions evaluated, failures reported under the ruleset's
// own diagnostics, and breakdowns written as a diagnostic's notes. The
// ruleset's Binding names those diagnostics and how its checks map the
// data's permissions: `static const EvaluationReports& evaluation_reports()`.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/replay/check_table.hpp"
#include "engine/core/replay/checker.hpp"
#include "engine/core/replay/lazy_text.hpp"
#include "engine/core/span.hpp"
#include "engine/rules/evaluator.hpp"
#include "engine/rulesets/common/basic_facts.hpp"

namespace umpire::rulesets::common {

struct EvaluationReports {
  // The engine asked the data something it could not answer.
  std::string_view evaluation_failed;
  // The data forbids an action by a permission no check of the engine names.
  std::string_view unmapped_permission;
  // The check that reports permission `name`, if one names it.
  std::optional<replay::CheckId> (*check_for_permission)(std::string_view name);
  // The permission whose prohibition implies `name`'s (reported instead
  // when both hold), or "".
  std::string_view (*implied_by)(std::string_view name);
};

// What a permission is asked about ("activating the group 'a1', 'a2'"),
// written only into a diagnostic: most actions are allowed.
using Subject = replay::LazyText;

// The evaluator's breakdown as note lines.
std::vector<std::string> breakdown_notes(const rules::Evaluator& ev);

// The facts as one question reads them, whatever the ruleset.
struct Question {
  const rules::Ruleset& rs;
  const rules::Situation& situation;
  const std::string& facts_error;  // BasicFacts::error
  const EvaluationReports& reports;
};

std::vector<std::string> explain_value(const rules::Ruleset& rs, const rules::Situation& s,
                                       std::uint32_t value);
std::vector<std::string> explain_test(const rules::Ruleset& rs, const rules::Situation& s,
                                      std::uint32_t test);
std::optional<std::int64_t> eval_value(const Question& q, std::uint32_t value,
                                       std::string_view name, replay::EventChecker& checker,
                                       std::vector<std::string>* notes);
std::optional<rules::TestResult> eval_test(const Question& q, std::uint32_t test,
                                           std::string_view name, replay::EventChecker& checker,
                                           std::vector<std::string>* notes);
std::optional<rules::Verdict> verdict(const Question& q,
                                      std::span<const std::uint32_t> permissions);
bool check_permissions(const Question& q, std::span<const std::uint32_t> permissions,
                       std::string_view action, replay::EventChecker& checker, Span span,
                       std::optional<replay::CheckId> fallback, const Subject& subject);

template <class D, class B>
Question question(const BasicFacts<D, B>& facts) {
  return {facts.binding().rs(), facts.situation(), facts.error(), B::evaluation_reports()};
}

// The breakdown of value `v` or test `t` on these facts, evaluated again
// with the trace on: for a diagnostic's notes, built only when one is
// written (replay::Notes).
template <class D, class B>
std::vector<std::string> explain(const BasicFacts<D, B>& facts, typename B::Value v) {
  return explain_value(facts.binding().rs(), facts.situation(), facts.binding().value(v));
}
template <class D, class B>
std::vector<std::string> explain(const BasicFacts<D, B>& facts, typename B::Test t) {
  return explain_test(facts.binding().rs(), facts.situation(), facts.binding().test(t));
}

// Evaluation with failures reported (EvaluationReports::evaluation_failed);
// `notes`, when given, receives the breakdown.
template <class D, class B>
std::optional<std::int64_t> eval_int(const BasicFacts<D, B>& facts, typename B::Value v,
                                     replay::EventChecker& checker,
                                     std::vector<std::string>* notes = nullptr) {
  return eval_value(question(facts), facts.binding().value(v), facts.binding().value_name(v),
                    checker, notes);
}
template <class D, class B>
std::optional<rules::TestResult> eval_test(const BasicFacts<D, B>& facts, typename B::Test t,
                                           replay::EventChecker& checker,
                                           std::vector<std::string>* notes = nullptr) {
  return eval_test(question(facts), facts.binding().test(t), facts.binding().test_name(t), checker,
                   notes);
}

// The data's verdict on action `a` (required, allowed, forbidden), asked
// quietly; nullopt when the facts or the evaluation failed (the caller
// says what that means).
template <class D, class B>
std::optional<rules::Verdict> verdict(const BasicFacts<D, B>& facts, typename B::RuleAction a) {
  return verdict(question(facts), facts.binding().permissions(a));
}

// Evaluates the permissions of action `a` and reports every applicable
// `cannot` not lifted by an applicable `can`, each under the check that
// names its permission (else `fallback`). Returns true when allowed.
template <class D, class B>
bool check_permissions(const BasicFacts<D, B>& facts, typename B::RuleAction a,
                       replay::EventChecker& checker, Span span,
                       std::optional<replay::CheckId> fallback, const Subject& subject) {
  return check_permissions(question(facts), facts.binding().permissions(a),
                           facts.binding().action_name(a), checker, span, fallback, subject);
}

}  // namespace umpire::rulesets::common
