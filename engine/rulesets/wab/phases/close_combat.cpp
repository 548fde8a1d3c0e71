#include "engine/rulesets/wab/phases/close_combat.hpp"

#include <fmt/format.h>

#include "engine/rulesets/common/d6_pool.hpp"
#include "engine/rulesets/wab/phases/facts.hpp"
#include "engine/rulesets/wab/phases/following.hpp"
#include "engine/rulesets/wab/phases/wounds.hpp"

namespace umpire::wab {

void attack(Context& cx, const Action& a) {
  if (a.actors.empty() || a.targets.empty()) {
    follow(cx, a);
    return;
  }
  const replay::WrittenRoll* written = a.roll("hit");
  if (!written) {
    if (a.roll("wound"))
      roll_to_wound(cx, a);
    else
      follow(cx, a);
    return;
  }
  const UnitId u = a.actors.front();
  const UnitId t = a.targets.front();
  cx.checker.not_checked(
      "the attacks: models in contact and fighting ranks, the order of strikes, obstacles (taken "
      "as none), and the first round's re-rolls of Hatred",
      a.span);
  const std::int64_t count = dice::dice_count(written->expr);
  Facts f(cx.rules);
  fill_strike(cx, f, u, t);
  f.integer(Given::self_attack_dice, count);
  const auto test = eval_test(f, Test::close_combat_to_hit, cx.checker);
  if (!test) return;
  auto roll = cx.dice.take(rulesets::d6_pool(count), written, cx.checker, Check::melee_hits,
                           [&] { return fmt::format("attacks of {}", cx.quoted(u)); });
  if (!roll) return;
  cx.checker.read_roll(rulesets::d6_pool(count), *roll, [&] {
    return replay::dice_at_least(test->needed, cx.setup.units[u].side,
                                 fmt::format("attacks of {}", cx.quoted(u)));
  });
  const auto notes = [&] { return explain(f, Test::close_combat_to_hit); };
  const Span stated = a.stated.span.valid() ? a.stated.span : a.span;
  Strike strike{a.span, u, t, false, "", 0, 0, std::nullopt};
  strike.hits = cx.checker.outcome(Check::melee_hits, stated, "hits", a.stated.hits,
                                   successes(*roll, *test), notes);
  cx.scratch.strike = strike;
  if (a.roll("wound")) roll_to_wound(cx, a);
}

}  // namespace umpire::wab
