#include "engine/rulesets/wab/phases/close_combat.hpp"

#include <fmt/format.h>

#include <optional>
#include <string>

#include "engine/rulesets/common/d6_pool.hpp"
#include "engine/rulesets/wab/phases/combat_round.hpp"
#include "engine/rulesets/wab/phases/facts.hpp"
#include "engine/rulesets/wab/phases/following.hpp"
#include "engine/rulesets/wab/phases/terrain_cost.hpp"
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
      // The rule broken is Hatred's, not the to-hit chart's the check is filed under.
      cx.checker
          .violation(
              Check::melee_hits, written->span,
              given ? fmt::format("{} re-rolls its attacks with no miss to re-roll", cx.quoted(u))
                    : fmt::format("{} may not re-roll its attacks", cx.quoted(u)))
          .note(
              "§ Haine (Hatred): troops with Hatred re-roll their missed attacks in the first "
              "round of a combat, and no other troops do (the data's hatred_rerolls)")
          .rule(std::string(replay::CheckId(Check::melee_hits).info().file), "Haine");
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

// The most attack dice a unit throws in a round: "Elles combattent avec le
// nombre de leurs attaques multipliée par 2" (§ Frénésie) reads a unit's
// attacks as its models' Attacks characteristic, which the data's
// attack_dice doubles for frenzied troops. Which models fight (those in
// contact, the ranks that fight) the sheet does not say, so the engine
// bounds the dice by every model standing; a mounted unit's mounts strike
// too, with Attacks the log does not write.
void check_attack_count(Context& cx, const Action& a, UnitId u, UnitId t, std::int64_t count) {
  if (!in_open_round(cx, u).value_or(false)) return;
  const UnitSetup& s = cx.setup.units[u];
  if (s.mount != Mount::on_foot) {
    cx.checker.not_checked(
        "the most attack dice of a mounted unit (its mounts' Attacks are not written)", a.span);
    return;
  }
  auto& thrown = cx.scratch.round_attack_dice;
  if (thrown.size() != cx.state.units.size()) thrown.assign(cx.state.units.size(), 0);
  thrown[u] += count;
  Facts f(cx.rules);
  fill_strike(cx, f, u, t);
  const std::int64_t models = cx.models_standing(u);
  f.integer(Given::self_attack_dice, models * s.profile.attacks);
  const auto most = eval_int(f, Value::attack_dice, cx.checker);
  if (!most || thrown[u] <= *most) return;
  cx.checker
      .violation(Check::melee_dice, a.span,
                 fmt::format("{} throws {} attack dice in this round, more than its {} model{} "
                             "standing have: at most {}",
                             cx.quoted(u), thrown[u], models, models == 1 ? "" : "s", *most))
      .note("{} model{} of {} Attack{}{}", models, models == 1 ? "" : "s", s.profile.attacks,
            s.profile.attacks == 1 ? "" : "s",
            *most > models * s.profile.attacks ? ", doubled by frenzy (§ Frénésie)" : "");
}

// Where `u` stands in the strike order as it fights `enemy` (§ Phase 4 :
// Combat au corps à corps: "Combat (Initiative : piques, kontos, charge,
// initiative, armes à 2 mains)"): the data's strike_sequence_key, lower
// first, and the class it strikes in.
struct StrikePlace {
  std::int64_t key = 0;
  std::string how;
};

std::optional<StrikePlace> strike_place(Context& cx, UnitId u, UnitId enemy) {
  const UnitSetup& s = cx.setup.units[u];
  Facts f(cx.rules);
  fill_strike(cx, f, u, enemy);
  f.integer(Given::self_initiative, s.profile.initiative);
  f.set(Given::self_strike_classes, cx.rules.strike_classes(s.weapons));
  const auto key = eval_int(f, Value::strike_sequence_key, cx.checker);
  const auto used = eval_int(f, Value::strike_class_used, cx.checker);
  if (!key || !used) return std::nullopt;
  return StrikePlace{*key, fmt::format("{} as '{}', Initiative {}", cx.quoted(u),
                                       cx.rules.strike_class_name(*used), s.profile.initiative)};
}

// The order of strikes: a unit strikes after an enemy of its round only
// when the strike order puts it after. Checked when the later of two
// strikes is written, so an enemy that never strikes (none of its models
// left) is not waited for.
void check_strike_order(Context& cx, const Action& a, UnitId u, UnitId t) {
  if (!in_open_round(cx, u).value_or(false)) return;
  auto& struck = cx.scratch.round_struck;
  if (struck.size() != cx.state.units.size()) struck.assign(cx.state.units.size(), false);
  const std::uint8_t side = cx.state.units[u].round_side;
  for (UnitId v = 0; v < cx.state.units.size(); ++v) {
    if (!struck[v] || struck[u] || cx.state.units[v].round_side == 0 ||
        cx.state.units[v].round_side == side)
      continue;
    const auto mine = strike_place(cx, u, t);
    const auto theirs = strike_place(cx, v, u);
    if (!mine || !theirs) break;
    if (mine->key > theirs->key) continue;
    if (mine->key == theirs->key) {
      cx.checker.not_checked(
          fmt::format("who strikes first of {} and {} (§ Phase 4 : Combat au corps à corps: "
                      "the strike order does not settle a tie, gap equal_strike_order)",
                      mine->how, theirs->how),
          a.span);
      continue;
    }
    cx.checker
        .violation(Check::melee_order, a.span,
                   fmt::format("{} strikes after {}, but the strike order puts it first",
                               cx.quoted(u), cx.quoted(v)))
        .note(
            "{} strikes before {} (§ Phase 4 : Combat au corps à corps: \"Combat (Initiative : "
            "piques, kontos, charge, initiative, armes à 2 mains)\", the data's "
            "strike_sequence_key: {} against {}, lower first)",
            mine->how, theirs->how, mine->key, theirs->key)
        .hint("write the attacks of {} before those of {}", cx.quoted(u), cx.quoted(v));
  }
  struck[u] = true;
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
  // Which models fight (those in contact, how many ranks) the sheet never
  // says: the dice are only bounded by every model standing (above).
  cx.checker.not_checked(
      "the attacks: which models fight, those in contact and the fighting ranks (the sheet does "
      "not say; the dice of a unit on foot are bounded by its models standing, wab.melee.dice)",
      a.span);
  check_strike_order(cx, a, u, t);
  const std::int64_t count = dice::dice_count(written->expr);
  check_attack_count(cx, a, u, t, count);
  Facts f(cx.rules);
  fill_strike(cx, f, u, t);
  f.integer(Given::self_attack_dice, count);
  // "Un 6 est nécessaire pour toucher un troupe derrière un obstacle"
  // (§ Résultat pour toucher): where the engine cannot tell whether the
  // target stands behind a hill or a ford, the reading the log's hits
  // agree with is taken.
  const Behind behind = obstacle_between(cx, u, t);
  f.word(Given::target_behind, behind.unsure ? "no_obstacle" : behind.word);
  auto test = eval_test(f, Test::close_combat_to_hit, cx.checker);
  if (!test) return;
  std::optional<Facts> behind_facts;
  std::optional<rules::TestResult> behind_test;
  if (behind.unsure) {
    behind_facts = f;
    behind_facts->word(Given::target_behind, behind.word);
    behind_test = eval_test(*behind_facts, Test::close_combat_to_hit, cx.checker);
    if (behind_test && behind_test->needed == test->needed) behind_test.reset();
    if (behind_test)
      cx.checker.not_checked(
          fmt::format("whether {} stands behind the {} '{}' as {} strikes it (§ Résultat pour "
                      "toucher: \"Un 6 est nécessaire pour toucher un troupe derrière un "
                      "obstacle\"): the reading the stated hits agree with is taken",
                      cx.quoted(t), behind.word, behind.piece, cx.quoted(u)),
          a.span);
  }
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
  std::int64_t first = successes(*roll, *test);
  if (behind_test && a.stated.hits && first != *a.stated.hits &&
      successes(*roll, *behind_test) == *a.stated.hits) {
    test = behind_test;
    f = *behind_facts;
    first = successes(*roll, *test);
  }
  const std::int64_t hits = first + rerolled_hits(cx, a, *test, count - first, u);
  strike.hits = cx.checker.outcome(Check::melee_hits, stated, "hits", a.stated.hits, hits, notes);
  cx.scratch.strike = strike;
  if (a.roll("wound")) roll_to_wound(cx, a);
}

}  // namespace umpire::wab
