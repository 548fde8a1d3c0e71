#include "engine/rulesets/wab/phases/saves.hpp"

#include <fmt/format.h>

#include "engine/rulesets/common/d6_pool.hpp"
#include "engine/rulesets/wab/phases/facts.hpp"
#include "engine/rulesets/wab/phases/following.hpp"
#include "engine/rulesets/wab/phases/wounds.hpp"

namespace umpire::wab {
namespace {

using rulesets::d6_pool;

// The wounds a save leaves are the target's, and the strike is over.
void take_wounds(Context& cx, std::int64_t unsaved) {
  inflict_wounds(cx, *cx.scratch.strike, unsaved);
  cx.scratch.strike.reset();
}

}  // namespace

void save(Context& cx, const Action& a) {
  if (!cx.scratch.strike || a.actors.empty() || cx.scratch.strike->target != a.actors.front()) {
    follow(cx, a);
    return;
  }
  Strike& s = *cx.scratch.strike;
  const UnitId u = s.target;
  const Span stated = a.stated.span.valid() ? a.stated.span : a.span;
  const std::optional<std::int64_t> wounds = strike_wounds(cx, s);
  if (!wounds) {
    // Reported: the replay goes on with the wounds the log states.
    take_wounds(cx, a.stated.wounds.value_or(0));
    return;
  }
  Facts f(cx.rules);
  fill_strike(cx, f, s.striker, u);
  f.boolean(Given::save_in_close_combat, !s.shooting);
  f.integer(Given::save_wounds, *wounds);
  if (s.shooting) fill_shot(cx, f, s, cx.models_standing(s.striker));
  const auto test = eval_test(f, Test::armour_save, cx.checker);
  if (!test) return;
  const auto notes = [&] { return explain(f, Test::armour_save); };
  if (a.target_score)
    cx.checker.outcome(Check::save_saves, a.span, "armour save", a.target_score, test->target,
                       notes);
  // The written `mod` is the sum of the sheet's modifiers (§ Jet de
  // sauvegarde): what the die can do (a 1 that fails, a 6 that saves) changes
  // the score the dice need, not that sum.
  if (a.modifier) {
    if (const auto listed = eval_int(f, Value::armour_save_listed_modifier, cx.checker))
      cx.checker.outcome(Check::save_saves, a.span, "save modifier", a.modifier, *listed, notes);
  }
  std::int64_t saves = 0;
  if (test->dice_count == 0 && a.roll("")) {
    auto v = cx.checker.violation(
        Check::save_saves, a.roll("")->span,
        fmt::format("{} has no armour save: the chart prints '-' for its armour and shield",
                    cx.quoted(u)));
    for (std::string& line : notes()) v.note(std::move(line));
  } else if (test->dice_count > 0 && *wounds > 0) {
    auto roll = cx.dice.take(d6_pool(*wounds), a.roll(""), cx.checker, Check::save_saves,
                             [&] { return fmt::format("armour saves of {}", cx.quoted(u)); });
    if (!roll) return;
    cx.checker.read_roll(d6_pool(*wounds), *roll, [&] {
      return replay::dice_at_least(test->needed, cx.setup.units[u].side,
                                   fmt::format("armour saves of {}", cx.quoted(u)));
    });
    saves = cx.checker.outcome(Check::save_saves, stated, "saves", a.stated.saves,
                               successes(*roll, *test), notes);
  }
  take_wounds(cx, cx.checker.outcome(Check::save_saves, stated, "wounds", a.stated.wounds,
                                     *wounds - saves));
}

}  // namespace umpire::wab
