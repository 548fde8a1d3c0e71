#include "engine/rulesets/hail_caesar_hyw/written_test.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "engine/rulesets/common/evaluation.hpp"

namespace umpire::hyw {
namespace {

// `written` read against the test's score and its `double` lines.
WrittenTest read_roll(const rules::Test& data, const rules::TestResult& result,
                      const dice::Roll& roll) {
  const std::vector<std::uint16_t> faces = roll.natural_faces();
  WrittenTest out;
  out.total = roll.total;
  out.double_rolled = faces.size() > 1 && std::all_of(faces.begin(), faces.end(),
                                                      [&](auto d) { return d == faces.front(); });
  out.passed = result.at_least ? out.total >= result.needed : out.total <= result.needed;
  // A `double [N] => success|failure` line decides a double outright.
  if (out.double_rolled)
    for (const rules::Face& face : data.faces)
      if (!face.natural && !face.when && face.outcome != rules::FaceOutcome::item &&
          (face.face == 0 || static_cast<std::int64_t>(faces.front()) == face.face)) {
        out.passed = face.outcome == rules::FaceOutcome::success;
        break;
      }
  return out;
}

}  // namespace

std::optional<WrittenTest> judge_written_test(const hail_caesar::RulesBinding& base,
                                              const HywItems& items, Test test,
                                              const replay::WrittenRoll* written,
                                              replay::CheckId check, std::string_view what,
                                              replay::EventChecker& checker) {
  const hail_caesar::Facts f(base);
  const std::optional<rules::TestResult> result = rulesets::common::eval_test(
      rulesets::common::question(f), items.test(test), items.test_name(test), checker, nullptr);
  if (!result || !written || !written->roll) return std::nullopt;
  const rules::Test& data = base.rs().tests[items.test(test)];
  if (!(written->expr == data.dice)) {
    checker
        .violation(check, written->span,
                   fmt::format("{} throws {}, the rules call for {}", what,
                               dice::to_string(written->expr), dice::to_string(data.dice)))
        .note("the data's {}", items.test_name(test));
    return std::nullopt;
  }
  return read_roll(data, *result, *written->roll);
}

std::optional<WrittenTest> read_written_test(const hail_caesar::RulesBinding& base,
                                             const HywItems& items, Test test,
                                             const replay::WrittenRoll* written) {
  if (!written || !written->roll) return std::nullopt;
  const hail_caesar::Facts f(base);
  const std::optional<rules::TestResult> result =
      rules::Evaluator(base.rs(), f.situation()).test(items.test(test));
  const rules::Test& data = base.rs().tests[items.test(test)];
  if (!result || !(written->expr == data.dice)) return std::nullopt;
  return read_roll(data, *result, *written->roll);
}

std::optional<bool> judge_due(const hail_caesar::Facts& facts, const HywItems& items, Value due,
                              replay::CheckId check, Span span, const replay::LazyText& message,
                              const replay::LazyText& note, replay::EventChecker& checker) {
  const std::optional<std::int64_t> is_due = rulesets::common::eval_value(
      rulesets::common::question(facts), items.value(due), items.value_name(due), checker, nullptr);
  if (!is_due) return std::nullopt;
  if (*is_due == 0) checker.violation(check, span, message.text()).note(note.text());
  return *is_due != 0;
}

bool judge_due(const hail_caesar::Facts& facts, const HywItems& items, RuleAction action,
               replay::CheckId check, Span span, const replay::LazyText& what,
               replay::EventChecker& checker) {
  return rulesets::common::check_permissions(rulesets::common::question(facts),
                                             items.permissions(action), items.action_name(action),
                                             checker, span, check, what);
}

void compare_stated(const hail_caesar::Action& a, bool passed, std::string_view pass_word,
                    std::string_view fail_word, replay::CheckId check, std::string_view what,
                    replay::EventChecker& checker) {
  std::optional<bool> stated = a.stated.passed;
  if (!stated && !a.stated.result.empty()) {
    if (a.stated.result == pass_word) stated = true;
    if (a.stated.result == fail_word) stated = false;
  }
  if (!stated) {
    checker.not_checked(fmt::format("{} whose result the log does not state", what), a.span);
    return;
  }
  if (*stated == passed) return;
  const std::string_view says = *stated ? pass_word : fail_word;
  checker.violation(
      check, a.stated.span.valid() ? a.stated.span : a.span,
      fmt::format("log says '{}', {} gives '{}'", says, what, passed ? pass_word : fail_word));
}

}  // namespace umpire::hyw
