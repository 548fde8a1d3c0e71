#pragma once
// A roll the log writes for one of the data's tests of 004_b7c666874e8df030.txt
// that no modifier touches (the misfire's 2D6, Montjoie's 2D6, Levy's D6):
// its dice against the test's, and whether it passes, the test's `double`
// lines first (Montjoie's "si double", the misfire's double 1), then its
// score.
#include <cstdint>
#include <optional>
#include <string_view>

#include "engine/core/replay/checker.hpp"
#include "engine/core/replay/dice_source.hpp"
#include "engine/core/replay/lazy_text.hpp"
#include "engine/rulesets/hail_caesar/rules_binding.hpp"
#include "engine/rulesets/hail_caesar_hyw/rules_binding.hpp"

namespace umpire::hyw {

struct WrittenTest {
  std::int64_t total = 0;
  bool passed = false;
  bool double_rolled = false;  // every die shows the same face
};

// Nullopt when the roll is not written with its faces (the caller says
// what that leaves unchecked), or when its dice are not the test's: then a
// violation under `check` at the roll, naming `what`.
std::optional<WrittenTest> judge_written_test(const hail_caesar::RulesBinding& base,
                                              const HywItems& items, Test test,
                                              const replay::WrittenRoll* written,
                                              replay::CheckId check, std::string_view what,
                                              replay::EventChecker& checker);
// The same asked quietly, of a statement already judged (nullopt for any
// roll it could not read).
std::optional<WrittenTest> read_written_test(const hail_caesar::RulesBinding& base,
                                             const HywItems& items, Test test,
                                             const replay::WrittenRoll* written);

// A roll or action the log writes, judged on whether the data says it is
// due: `due`, one of the data's bool values (montjoie_roll_due,
// general_death_roll_due), evaluated on `facts`; when it is false, a
// violation under `check` at `span`, saying `message` with the note
// `note`. Nullopt when the data cannot say (reported by the evaluation).
std::optional<bool> judge_due(const hail_caesar::Facts& facts, const HywItems& items, Value due,
                              replay::CheckId check, Span span, const replay::LazyText& message,
                              const replay::LazyText& note, replay::EventChecker& checker);
// The same of an action the data's permissions allow or forbid
// (plant_stakes): a violation under `check` when they forbid it, `what`
// naming the action asked about. False when it is forbidden.
bool judge_due(const hail_caesar::Facts& facts, const HywItems& items, RuleAction action,
               replay::CheckId check, Span span, const replay::LazyText& what,
               replay::EventChecker& checker);

// The outcome `=> pass|fail` (or `=> result <word>`) a statement states,
// compared with `passed` under `check`; `words` are the result's words for
// a pass and a fail (`double`, `no-double`). Reports nothing when the log
// states none (not checked, at `span`).
void compare_stated(const hail_caesar::Action& a, bool passed, std::string_view pass_word,
                    std::string_view fail_word, replay::CheckId check, std::string_view what,
                    replay::EventChecker& checker);

}  // namespace umpire::hyw
