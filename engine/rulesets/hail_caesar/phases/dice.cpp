#include "engine/rulesets/hail_caesar/phases/dice.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <limits>

namespace umpire::hail_caesar {

dice::Expr d6s(std::int64_t count) {
  dice::Expr e;
  const auto n = static_cast<std::uint16_t>(
      std::clamp<std::int64_t>(count, 0, std::numeric_limits<std::uint16_t>::max()));
  e.terms.push_back(dice::dice_term(dice::make_dice(n, 6)));
  return e;
}

std::optional<std::int64_t> written_share(const Action& a, std::int64_t most) {
  const replay::WrittenRoll* written = a.roll("hit");
  if (!written) return std::nullopt;
  for (std::int64_t n = 1; n <= most; ++n)
    if (written->expr == d6s(n)) return n;
  return std::nullopt;
}

NaturalFaces natural_faces(const Facts& facts, Test test) {
  NaturalFaces out;
  const RulesBinding& b = facts.binding();
  const rules::Test& t = b.rs().tests[b.test(test)];
  if (t.faces.empty()) return out;
  rules::Evaluator ev(b.rs(), facts.situation());
  for (const rules::Face& f : t.faces) {
    if (!f.natural || f.face < 1 || f.face > 6 || f.outcome == rules::FaceOutcome::item) continue;
    if (f.when) {
      const std::optional<rules::Val> holds = ev.eval(*f.when);
      if (!holds || holds->number == 0) continue;
    }
    auto& slot = out.outcome[static_cast<std::size_t>(f.face)];
    if (!slot) slot = f.outcome == rules::FaceOutcome::success;
  }
  return out;
}

bool die_succeeds(const NaturalFaces& naturals, const rules::TestResult& test, std::int64_t face) {
  if (face >= 1 && face <= 6)
    if (const std::optional<bool> o = naturals.outcome[static_cast<std::size_t>(face)]) return *o;
  // `needed` is the score to reach whether the modifiers are on the roll
  // (target less modifier) or on the target (the target they make).
  return test.at_least ? face >= test.needed : face <= test.needed;
}

std::int64_t rerolled_successes(Context& cx, const Action& a, const rules::TestResult& test,
                                const NaturalFaces& naturals, std::int64_t failures, Check check,
                                std::string_view what) {
  const replay::WrittenRoll* written = a.roll("reroll");
  const bool given = test.reroll && test.reroll->scope != rules::RerollScope::any;
  // The data's re-roll is thrown once (HYW 004 § 1-c Stubborn: "Relance un
  // test de moral raté"): a second `reroll` is none it gives.
  if (const replay::WrittenRoll* again = a.roll("reroll", 1))
    cx.checker
        .violation(check, again->span,
                   fmt::format("a second re-roll of {}: the rules data gives one at most", what))
        .note("a re-roll comes from a special rule of the unit (a skill's 'reroll'), once");
  if (!given || failures == 0) {
    if (written)
      cx.checker
          .violation(check, written->span,
                     given ? fmt::format("a re-roll of {} without a failed die", what)
                           : fmt::format("a re-roll of {} the rules data does not give", what))
          .note("a re-roll comes from a special rule of the unit (a skill's 'reroll')");
    else if (test.reroll && test.reroll->scope == rules::RerollScope::any)
      cx.checker.not_checked("re-rolls of any die", a.span);
    return 0;
  }
  if (!written) return 0;  // the re-roll is the player's to take
  const std::int64_t count =
      test.reroll->scope == rules::RerollScope::one_failed_die ? 1 : failures;
  auto roll = cx.dice.take(d6s(count), written, cx.checker, check,
                           [&] { return fmt::format("re-roll of {}", what); });
  if (!roll) return 0;
  std::int64_t successes = 0;
  for (const auto& die : roll->dice)
    if (die_succeeds(naturals, test, die.faces.face())) ++successes;
  return successes;
}

}  // namespace umpire::hail_caesar
