#include "engine/rulesets/wab/phases/close_combat.hpp"

#include <fmt/format.h>

#include <optional>

#include "engine/rulesets/common/d6_pool.hpp"
#include "engine/rulesets/wab/phases/combat_round.hpp"
#include "engine/rulesets/wab/phases/facts.hpp"
#include "engine/rulesets/wab/phases/following.hpp"
#include "engine/rulesets/wab/phases/wounds.hpp"

namespace umpire::wab {
namespace {

// § Haine (Hatred): "Le premier tour de corps à corps elles relancent
// toute attaque ayant échoué", the data's `reroll close_combat_to_hit`.
// The re-roll is written `reroll Nd6=…`, a die for each miss; its hits
// add to the first roll's. A re-roll the data does not give, or with no
// miss to re-roll, is refused; one given and not written is not checked.
std::int64_t rerolled_hits(Context& cx, const Action& a, const rules::TestResult& test,
                           std::int64_t misses, UnitId u) {
  const replay::WrittenRoll* written = a.roll("reroll");
  const bool given = test.reroll && test.reroll->scope != rules::RerollScope::any;
  if (!given || misses == 0) {
    if (written)
      cx.checker
          .violation(
              Check::melee_hits, written->span,
              given ? fmt::format("{} re-rolls its attacks with no miss to re-roll", cx.quoted(u))
                    : fmt::format("{} may not re-roll its attacks", cx.quoted(u)))
          .note(
              "§ Haine (Hatred): troops with Hatred re-roll their missed attacks in the first "
              "round of a combat, and no other troops do (the data's hatred_rerolls)");
    return 0;
  }
  if (!written) {
    cx.checker.not_checked(
        "the re-roll of the missed attacks Hatred gives in the first round (no 'reroll' dice "
        "written)",
        a.span);
    return 0;
  }
  const std::int64_t count = test.reroll->scope == rules::RerollScope::one_failed_die ? 1 : misses;
  auto roll = cx.dice.take(rulesets::d6_pool(count), written, cx.checker, Check::melee_hits, [&] {
    return fmt::format("re-roll of the attacks of {}", cx.quoted(u));
  });
  return roll ? successes(*roll, test) : 0;
}

// Whether `u` fights in the round `combat …` opened in this combat phase;
// nullopt when no round is open.
std::optional<bool> in_open_round(const Context& cx, UnitId u) {
  if (!round_open(cx)) return std::nullopt;
  return cx.state.units[u].round_side != 0 && cx.state.units[u].fought_this_turn;
}

}  // namespace

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
  // § Résultat du combat: "pour chaque mêlée": the blows of a round are
  // struck by and at the units of its combat.
  for (const UnitId w : {u, t}) {
    const std::optional<bool> fights = in_open_round(cx, w);
    if (!fights || *fights) continue;
    cx.checker
        .violation(Check::melee_hits, a.span,
                   fmt::format("{} fights in no side of the round opened by 'combat': it {}",
                               cx.quoted(w), w == u ? "strikes no blow" : "takes no blow"))
        .note("§ Phase 4 : Combat au corps à corps, § Résultat du combat: 'pour chaque mêlée'")
        .hint("name it in the 'combat' line of its round");
    return;
  }
  // "les blessures effectuées sur l'adversaire": blows fall on the other
  // side of the round only.
  if (in_open_round(cx, u).value_or(false) &&
      cx.state.units[u].round_side == cx.state.units[t].round_side) {
    cx.checker
        .violation(Check::melee_hits, a.span,
                   fmt::format("{} strikes {}, a unit of its own side in the round", cx.quoted(u),
                               cx.quoted(t)))
        .note(
            "§ Résultat du combat: 'Au nombre de blessures effectuées sur l'adversaire'; a unit "
            "strikes the enemy it fights")
        .hint("name a unit of the other side of the 'combat' line");
    return;
  }
  cx.checker.not_checked(
      "the attacks: models in contact and fighting ranks, the order of strikes, obstacles (taken "
      "as none)",
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
  const std::int64_t first = successes(*roll, *test);
  const std::int64_t hits = first + rerolled_hits(cx, a, *test, count - first, u);
  strike.hits = cx.checker.outcome(Check::melee_hits, stated, "hits", a.stated.hits, hits, notes);
  cx.scratch.strike = strike;
  if (a.roll("wound")) roll_to_wound(cx, a);
}

}  // namespace umpire::wab
