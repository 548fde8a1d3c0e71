#include "engine/rulesets/hail_caesar/phases/melee.hpp"

#include <fmt/format.h>

#include "engine/rulesets/hail_caesar/phases/dice.hpp"
#include "engine/rulesets/hail_caesar/phases/facts.hpp"
#include "engine/rulesets/hail_caesar/phases/following.hpp"

namespace umpire::hail_caesar {

void attack(Context& cx, const Action& a) {
  const replay::WrittenRoll* written = a.roll("hit");
  if (a.actors.empty() || a.targets.empty() || !written || !written->roll) {
    follow(cx, a);
    return;
  }
  const UnitId u = a.actors.front();
  const UnitState& st = cx.state.units[u];
  Facts f(cx.rules);
  fill_unit(cx, f, u);
  f.boolean(Given::unit_shaken, st.shaken);
  f.boolean(Given::unit_charged, st.charged);
  f.boolean(Given::unit_won_last_round, false);
  f.boolean(Given::unit_higher_ground, false);
  f.boolean(Given::unit_charged_in_flank_or_rear, false);
  f.boolean(Given::unit_charged_in_earlier_round, false);
  f.boolean(Given::unit_flank_charged_in_earlier_round, false);
  cx.checker.not_checked(
      "the number of attack dice, the last round's victory bonus, higher ground and flank charges "
      "in hand to hand",
      a.span);
  const auto test = eval_test(f, Test::melee_to_hit, cx.checker);
  if (!test) return;
  const auto notes = [&] { return explain(f, Test::melee_to_hit); };
  if (a.modifier)
    cx.checker.outcome(Check::melee_hits, a.span, "to-hit modifier", a.modifier, test->modifier,
                       notes);
  const NaturalFaces naturals = natural_faces(f, Test::melee_to_hit);
  std::int64_t hits = 0;
  for (const auto& die : written->roll->dice)
    if (die_succeeds(naturals, *test, die.faces.face())) ++hits;
  hits += rerolled_successes(cx, a, *test, naturals,
                             static_cast<std::int64_t>(written->roll->dice.size()) - hits,
                             Check::melee_hits, fmt::format("the attacks of {}", cx.quoted(u)));
  const std::int64_t go_on =
      cx.checker.outcome(Check::melee_hits, a.stated.span.valid() ? a.stated.span : a.span, "hits",
                         a.stated.hits, hits, notes);
  cx.scratch.hits = PendingHits{a.targets.front(), go_on, {}};
}

}  // namespace umpire::hail_caesar
