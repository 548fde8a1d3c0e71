#include "engine/rulesets/hail_caesar_hyw/misfire.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "engine/rulesets/common/evaluation.hpp"
#include "engine/rulesets/hail_caesar_hyw/checks.hpp"
#include "engine/rulesets/hail_caesar_hyw/gun_move.hpp"
#include "engine/rulesets/hail_caesar_hyw/written_test.hpp"

namespace umpire::hyw {
namespace {

using hail_caesar::Action;
using hail_caesar::ActionKind;
using hail_caesar::UnitId;

// The piece's misfire roll on shot `a`: the piece survives it (nullopt
// when it is not written or not the test's dice).
std::optional<bool> survives(const Binding& rules, const Action& a, replay::EventChecker& checker) {
  const std::optional<WrittenTest> t =
      judge_written_test(rules.base, rules.facts->items(), Test::artillery_misfire,
                         a.roll("misfire"), Check::misfire, "the misfire roll", checker);
  if (!t) return std::nullopt;
  return t->passed;
}

// The earlier shot whose misfire destroyed `u`, if any.
const Action* destroyed_by(std::span<const Action> log, std::size_t now, UnitId u,
                           const Binding& rules) {
  for (std::size_t i = 0; i < now; ++i) {
    const Action& a = log[i];
    if (a.kind != ActionKind::shoot || a.actors.empty() || a.actors.front() != u) continue;
    const replay::WrittenRoll* w = a.roll("misfire");
    if (!w || !w->roll) continue;
    // Read quietly: the shot itself reported its roll.
    const std::optional<WrittenTest> t =
        read_written_test(rules.base, rules.facts->items(), Test::artillery_misfire, w);
    if (t && !t->passed) return &a;
  }
  return nullptr;
}

}  // namespace

void check_misfire(const hail_caesar::Engine& game, const Binding& rules, std::size_t now,
                   replay::EventChecker& checker) {
  const Action& a = game.action(now);
  if (a.actors.empty()) return;
  const UnitId u = a.actors.front();
  // Only a gun has the rules (the lists' Bombarde and Ribaudequin); any
  // other unit's shot is asked only whether it writes a misfire roll.
  const bool gun = is_gun(game.setup(), u);
  if (!gun && !(a.kind == ActionKind::shoot && a.roll("misfire"))) return;
  const std::span<const Action> log(&game.action(0), game.event_count());
  // A piece its misfire destroyed does nothing more.
  if (gun && a.kind != ActionKind::remove)
    if (const Action* shot = destroyed_by(log, now, u, rules))
      checker
          .violation(Check::misfire, a.span,
                     fmt::format("'{}' was destroyed by the double 1 of its misfire roll",
                                 game.setup().units[u].id))
          .note("the shot at {}", shot->span.begin);
  if (a.kind != ActionKind::shoot) return;
  const HywItems& items = rules.facts->items();
  hail_caesar::Facts f(rules.base);
  f.data_given(items.given(Given::unit_special),
               special_rules(rules.base.rs(), game.setup().units[u]));
  // The shot being made is the turn's shot that calls for the roll.
  f.data_given(items.given(Given::unit_shot_this_turn), rules::Val::boolean(true));
  const std::optional<rules::Verdict> due = rulesets::common::verdict(
      rulesets::common::question(f), items.permissions(RuleAction::roll_misfire));
  if (!due) return;
  const bool required = *due == rules::Verdict::required;
  const replay::WrittenRoll* written = a.roll("misfire");
  const std::string_view unit = game.setup().units[u].id;
  if (!written) {
    if (!required) return;
    if (game.setup().dice == replay::DiceMode::seeded) {
      checker.not_checked("a seeded gun's misfire roll, which the engine does not draw", a.span);
      return;
    }
    checker
        .violation(Check::misfire, a.span,
                   fmt::format("'{}' shoots without its misfire roll: a Bombarde or Ribaudequin "
                               "throws 2D6 beside each shot",
                               unit))
        .note("write it as `misfire 2d6=a,b`");
    return;
  }
  if (!required) {
    checker.violation(Check::misfire, written->span,
                      fmt::format("'{}' has neither Bombarde nor Ribaudequin: its shot throws no "
                                  "misfire roll",
                                  unit));
    return;
  }
  survives(rules, a, checker);
}

}  // namespace umpire::hyw
