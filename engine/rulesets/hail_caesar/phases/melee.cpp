#include "engine/rulesets/hail_caesar/phases/melee.hpp"

#include <fmt/format.h>

#include "engine/rulesets/common/higher_ground.hpp"
#include "engine/rulesets/hail_caesar/phases/attack_shares.hpp"
#include "engine/rulesets/hail_caesar/phases/combat.hpp"
#include "engine/rulesets/hail_caesar/phases/dice.hpp"
#include "engine/rulesets/hail_caesar/phases/facts.hpp"
#include "engine/rulesets/hail_caesar/phases/following.hpp"

namespace umpire::hail_caesar {
namespace {

// "chargée de flanc et/ou de dos": charged this player turn on a flank or
// the rear by a unit that still stands there (a unit that turned to face
// its charger has it before its front).
bool charged_in_flank_or_rear(const Context& cx, const Action& a, UnitId u) {
  for (const PendingCharge& pc : cx.scratch.charges) {
    if (pc.target != u || pc.turn != a.turn || pc.side != a.side) continue;
    if (pc.face == tabletop::Zone::front || !cx.state.units[pc.charger].on_table) continue;
    if (tabletop::zone_of(cx.footprint(u), cx.footprint(pc.charger), tabletop::ZoneRule::diagonals,
                          tabletop::ZoneReference::centre) != tabletop::Zone::front)
      return true;
  }
  return false;
}

// The dice the rules call for: the data's melee_attack_dice in the round
// being fought; nullopt outside a round the log opened.
std::optional<std::int64_t> attack_dice(Context& cx, const Action& a, UnitId u) {
  if (!cx.scratch.combat || cx.scratch.combat->resolved) {
    cx.checker.not_checked("the number of attack dice outside a round opened by 'combat'", a.span);
    return std::nullopt;
  }
  const UnitSetup& s = cx.setup.units[u];
  if (!s.stats.clash || !s.stats.sustained) {
    cx.checker.not_checked("the attack dice of a unit without clash and sustained values", a.span);
    return std::nullopt;
  }
  Facts f(cx.rules);
  fill_unit(cx, f, u);
  f.integer(Given::unit_clash, *s.stats.clash);
  f.integer(Given::unit_sustained, *s.stats.sustained);
  f.integer(Given::combat_round, cx.scratch.combat->round);
  // "Attaques de tir en formation coin ou dans un bâtiment - 2 dés par face"
  // (§ Modificateurs des dés d'attaques) is labelled a shooting line, and a
  // unit's faces are defined nowhere: the profile's dice and two a face
  // engaged are both readings, and the dice written are taken.
  if (const auto per_face = eval_int(f, Value::melee_attack_dice_per_face, cx.checker);
      per_face && *per_face > 0) {
    cx.checker.not_checked(
        fmt::format("the attack dice of {} in a wedge or a building: the profile's, or \"2 dés "
                    "par face\" of a line labelled \"Attaques de tir\" on faces the sheet does "
                    "not define (erratum melee_dice_lines_say_shooting)",
                    cx.quoted(u)),
        a.span);
    return std::nullopt;
  }
  return eval_int(f, Value::melee_attack_dice, cx.checker);
}

}  // namespace

void attack(Context& cx, const Action& a) {
  const replay::WrittenRoll* written = a.roll("hit");
  if (a.actors.empty() || a.targets.empty()) {
    follow(cx, a);
    return;
  }
  const UnitId u = a.actors.front();
  const UnitState& st = cx.state.units[u];
  std::optional<std::int64_t> count = attack_dice(cx, a, u);
  // In a round: this statement's share of the unit's dice (attack_shares.hpp).
  const bool in_round = count.has_value();
  if (count && *count > 0) count = attack_share(cx, a, u, a.targets.front(), *count);
  if (!count && written && written->roll)
    count = static_cast<std::int64_t>(written->roll->dice.size());
  // No dice (a profile of 0): nothing to throw or to compare.
  if (!count || *count <= 0) {
    follow(cx, a);
    return;
  }
  Facts f(cx.rules);
  fill_unit(cx, f, u);
  f.boolean(Given::unit_shaken, shaken_as_the_round_began(cx, u));
  f.boolean(Given::unit_charged, st.charged);
  f.boolean(Given::unit_won_last_round, st.won_last_round);
  // "+1 Si l'unité est sur une position surélevée": above the enemy it
  // strikes (common/higher_ground.hpp).
  const rulesets::HigherGround high = rulesets::higher_ground(cx, u, a.targets.front());
  f.boolean(Given::unit_higher_ground, high.height == rulesets::Height::higher);
  // "a chargé ou contre chargé", "a été chargée de flanc et/ou de dos": a
  // charge of this turn, or (the data's switch charge_bonus_duration) one
  // of an earlier round of the same combat, which the state keeps.
  const bool flank_now = charged_in_flank_or_rear(cx, a, u);
  const bool later_round = cx.scratch.combat && cx.scratch.combat->round > 1;
  f.boolean(Given::unit_charged_in_flank_or_rear, flank_now);
  f.boolean(Given::unit_charged_in_earlier_round,
            later_round && st.charged_into_combat && !st.charged);
  f.boolean(Given::unit_flank_charged_in_earlier_round,
            later_round && st.flank_charged_in_combat && !flank_now);
  if (flank_now) cx.state.units[u].flank_charged_in_combat = true;
  cx.checker.not_checked("the parts of a front engaged", a.span);
  auto test = eval_test(f, Test::melee_to_hit, cx.checker);
  if (!test) return;
  // Where the engine cannot tell, the +1 is taken when the log's modifier
  // (or, with none written, its hits) says so.
  std::optional<rules::TestResult> on_high;
  if (high.height == rulesets::Height::unsure) {
    Facts higher = f;
    higher.boolean(Given::unit_higher_ground, true);
    on_high = eval_test(higher, Test::melee_to_hit, cx.checker);
    if (on_high && on_high->modifier == test->modifier) on_high.reset();
    if (on_high)
      cx.checker.not_checked(
          fmt::format("whether {} fights from higher ground than {}: {} (§ Modificateurs du jet "
                      "pour toucher au corps à corps: \"+1 Si l'unité est sur une position "
                      "surélevée\"): the log's reading is taken",
                      cx.quoted(u), cx.quoted(a.targets.front()), high.why),
          a.span);
    if (on_high && a.modifier) {
      if (*a.modifier == on_high->modifier) {
        test = on_high;
        f.boolean(Given::unit_higher_ground, true);
      }
      on_high.reset();
    }
  }
  // "+1 Lorsqu'une unité engagée a gagné un round de combat, elle bénéficie
  // de ce bonus lors du round de combat suivant": the unit's next round,
  // whoever it fights. A round won in an earlier combat, for the first
  // round of a new one, reads either way (the same enemy's next round, or
  // the unit's): the log's choice is taken and reported.
  // With no modifier written, the stated hits show the reading (below).
  std::optional<rules::TestResult> without_win;
  if (st.won_last_round && cx.scratch.combat && cx.scratch.combat->round == 1) {
    Facts without = f;
    without.boolean(Given::unit_won_last_round, false);
    const auto other = eval_test(without, Test::melee_to_hit, cx.checker);
    if (other && other->modifier != test->modifier) {
      cx.checker.not_checked(
          "whether a round won in an earlier combat gives its +1 in the first round against a "
          "new enemy (\"lors du round de combat suivant\"): either reading is taken",
          a.span);
      if (a.modifier && *a.modifier == other->modifier) {
        test = other;
        f = without;
      } else if (!a.modifier) {
        without_win = other;
      }
    }
  }
  const auto share = [&] { return share_notes(cx, u); };
  auto roll = cx.dice.take(
      d6s(*count), written, cx.checker, Check::melee_dice,
      [&] { return fmt::format("attack dice of {}", cx.quoted(u)); }, share);
  if (!roll) return;
  if (in_round) record_share(cx, a, u, a.targets.front(), *count, a.roll("reroll") != nullptr);
  cx.checker.read_roll(d6s(*count), *roll, [&] {
    return replay::dice_at_least(static_cast<std::int32_t>(test->target - test->modifier),
                                 cx.setup.units[u].side,
                                 fmt::format("attacks of {}", cx.quoted(u)));
  });
  const auto notes = [&] { return explain(f, Test::melee_to_hit); };
  if (a.modifier)
    cx.checker.outcome(Check::melee_hits, a.span, "to-hit modifier", a.modifier, test->modifier,
                       notes);
  const NaturalFaces naturals = natural_faces(f, Test::melee_to_hit);
  const auto first_hits = [&](const rules::TestResult& t) {
    std::int64_t n = 0;
    for (const auto& die : roll->dice)
      if (die_succeeds(naturals, t, die.faces.face())) ++n;
    return n;
  };
  if (on_high && a.stated.hits && first_hits(*on_high) == *a.stated.hits &&
      first_hits(*test) != *a.stated.hits) {
    test = on_high;
    f.boolean(Given::unit_higher_ground, true);
  }
  if (without_win && a.stated.hits && first_hits(*without_win) == *a.stated.hits &&
      first_hits(*test) != *a.stated.hits) {
    test = without_win;
    f.boolean(Given::unit_won_last_round, false);
  }
  std::int64_t hits = first_hits(*test);
  hits += rerolled_successes(cx, a, *test, naturals,
                             static_cast<std::int64_t>(roll->dice.size()) - hits, Check::melee_hits,
                             fmt::format("the attacks of {}", cx.quoted(u)));
  const std::int64_t go_on =
      cx.checker.outcome(Check::melee_hits, a.stated.span.valid() ? a.stated.span : a.span, "hits",
                         a.stated.hits, hits, notes);
  cx.scratch.hits = PendingHits{a.targets.front(), go_on, {}, std::nullopt};
  cx.scratch.hits_from_support = false;
}

}  // namespace umpire::hail_caesar
