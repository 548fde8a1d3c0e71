#include "engine/rulesets/wab/phases/wounds.hpp"

#include <fmt/format.h>

#include "engine/rulesets/common/d6_pool.hpp"
#include "engine/rulesets/wab/phases/combat_result.hpp"
#include "engine/rulesets/wab/phases/facts.hpp"
#include "engine/rulesets/wab/phases/following.hpp"
#include "engine/rulesets/wab/phases/panic.hpp"

namespace umpire::wab {
namespace {

using rulesets::d6_pool;

std::optional<rules::TestResult> wound_test(Context& cx, Facts& f, const Strike& s) {
  fill_strike(cx, f, s.striker, s.target);
  f.integer(Given::wound_hits, s.hits);
  if (s.shooting) {
    if (!fill_shot(cx, f, s, cx.models_standing(s.striker))) return std::nullopt;
    return eval_test(f, Test::shooting_to_wound, cx.checker);
  }
  return eval_test(f, Test::close_combat_to_wound, cx.checker);
}

}  // namespace

void roll_to_wound(Context& cx, const Action& a) {
  // A response's shots name no target: the charger is the one struck.
  if (!cx.scratch.strike || a.actors.empty() || cx.scratch.strike->striker != a.actors.front() ||
      (!a.targets.empty() && cx.scratch.strike->target != a.targets.front()) ||
      (a.targets.empty() && a.kind != ActionKind::respond)) {
    follow(cx, a);
    return;
  }
  Strike& s = *cx.scratch.strike;
  Facts f(cx.rules);
  const auto test = wound_test(cx, f, s);
  if (!test) return;
  const auto notes = [&] {
    return explain(f, s.shooting ? Test::shooting_to_wound : Test::close_combat_to_wound);
  };
  const replay::WrittenRoll* written = a.roll("wound");
  const Span stated = a.stated.span.valid() ? a.stated.span : a.span;
  if (test->dice_count == 0) {
    // The chart's '-': no roll can wound.
    auto v = cx.checker.violation(
        Check::wound_wounds, written ? written->span : a.span,
        fmt::format("the {} cannot wound {} (Toughness {}): the chart prints '-'",
                    s.shooting ? "shot" : "blows", cx.quoted(s.target),
                    cx.setup.units[s.target].profile.toughness));
    for (std::string& line : notes()) v.note(std::move(line));
    // Reported once: the replay goes on with the wounds the log states.
    s.wounds = a.stated.wounds.value_or(0);
    return;
  }
  auto roll = cx.dice.take(d6_pool(s.hits), written, cx.checker, Check::wound_wounds, [&] {
    return fmt::format("rolls to wound of {} on {}", cx.quoted(s.striker), cx.quoted(s.target));
  });
  if (!roll) return;
  cx.checker.read_roll(d6_pool(s.hits), *roll, [&] {
    return replay::dice_at_least(test->needed, cx.setup.units[s.striker].side,
                                 fmt::format("wounds of {}", cx.quoted(s.striker)));
  });
  s.wounds = cx.checker.outcome(Check::wound_wounds, stated, "wounds", a.stated.wounds,
                                successes(*roll, *test), notes);
}

std::optional<std::int64_t> strike_wounds(Context& cx, Strike& s) {
  if (s.wounds) return s.wounds;
  Facts f(cx.rules);
  const auto test = wound_test(cx, f, s);
  if (!test) return std::nullopt;
  if (test->dice_count == 0 || s.hits == 0) return s.wounds = 0;
  cx.checker
      .violation(Check::wound_wounds, s.span,
                 fmt::format("the {} hits of {} on {} are never rolled to wound", s.hits,
                             cx.quoted(s.striker), cx.quoted(s.target)))
      .note("each hit rolls a D6 to wound, needing {}+ (§ Résultat pour blesser)", test->needed)
      .hint("write the roll on the statement of the hits: 'wound {}d6=...'", s.hits);
  return std::nullopt;
}

void inflict_wounds(Context& cx, const Strike& s, std::int64_t wounds) {
  if (wounds <= 0) return;
  cx.state.units[s.target].wounds_taken += static_cast<std::int32_t>(wounds);
  if (!s.shooting) credit_round_wounds(cx, s.striker, wounds);
  // In the movement phase, the shots of a charge response (§ Phase 2 :
  // Mouvement step 6).
  if (s.shooting && (cx.state.phase == Phase::shooting || cx.state.phase == Phase::movement))
    note_shooting_casualties(cx, s.target, s.span);
  if (cx.models_standing(s.target) == 0) note_destroyed(cx, s.target, s.span);
}

void end_strike(Context& cx) {
  if (!cx.scratch.strike) return;
  Strike& s = *cx.scratch.strike;
  if (const auto wounds = strike_wounds(cx, s)) inflict_wounds(cx, s, *wounds);
  cx.scratch.strike.reset();
}

}  // namespace umpire::wab
