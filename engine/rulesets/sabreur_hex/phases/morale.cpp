// Morale tests and rallies: 002_87c3dc452f850204.txt § Test moral,
// § Qualité des unités, § Ralliement.
#include "engine/rulesets/sabreur_hex/phases/morale.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <utility>

#include "engine/core/dice/expr.hpp"
#include "engine/rulesets/sabreur_hex/phases/assault.hpp"
#include "engine/rulesets/sabreur_hex/phases/facts.hpp"
#include "engine/rulesets/sabreur_hex/phases/impetuous.hpp"
#include "engine/rulesets/sabreur_hex/phases/movement.hpp"
#include "engine/rulesets/sabreur_hex/phases/special_actions.hpp"
#include "engine/rulesets/sabreur_hex/phases/turn.hpp"

namespace umpire::sabreur {
namespace {

// The dice of each reading of the data's morale_dice domain.
std::optional<dice::Expr> morale_dice(std::string_view which) {
  dice::DiceTerm t = dice::make_dice(3, 6);
  if (which == "two_d6") {
    t = dice::make_dice(2, 6);
  } else if (which == "three_d6_drop_highest") {
    t.keep = dice::Keep::lowest;
    t.kept = 2;
  } else if (which == "three_d6_drop_lowest") {
    t.keep = dice::Keep::highest;
    t.kept = 2;
  } else {
    return std::nullopt;
  }
  dice::Expr e;
  e.terms.push_back(dice::dice_term(t));
  return e;
}

struct MoraleOutcome {
  bool passed = false;
  std::int64_t margin = 0;  // dice minus modified Cd
};

// A test written with no reason the engine knows (next_test is
// special_action). § Test moral lists what calls a test: a reaction to a
// charge, 3 losses in one fire or fight, a rally, a change of formation near
// the enemy, "une action spéciale". The special actions the text names, and
// the data's conditions for them:
//  - a "sens tactique" unit not yet activated once its side has spent all
//    its order points: a test activates it (§ Points d'ordre, § Les
//    compétences (suite)): the skill's `can activate_by_test`;
//  - an "impétueux" unit bound to charge then: a test cancels the
//    obligation: the data's impetuous_cancellation_test_allowed, and an
//    enemy its `must attack` binds it to;
//  - an infantry or cavalry friend taking over artillery's losses: named by
//    `special <artillery> transfer-losses target <friend>` (its next_test is
//    then loss_transfer, not special_action).
// Only the side whose turn it is spends order points, in its actions phase.
std::optional<TestReason> special_test(Context& cx, UnitId u) {
  if (cx.setup.units[u].side != cx.state.side || cx.state.phase != Phase::actions)
    return std::nullopt;
  Facts f(cx.rules);
  fill_self(cx, f, u);
  fill_enemy(cx, f, std::nullopt);
  fill_side(cx, f, u);
  if (!f.error().empty()) return std::nullopt;
  if (verdict(f, RuleAction::activate_by_test) == rules::Verdict::allowed)
    return TestReason::tactical_sense_activation;
  // A test cancels an obligation that holds: an enemy the data's `must
  // attack` binds it to (impetuous.cpp).
  const auto cancel = eval_int(f, Value::impetuous_cancellation_test_allowed, cx.checker);
  if (cancel && *cancel != 0 && impetuous_bound_to(cx, u, ImpetuousMoment::order_points_spent))
    return TestReason::impetuous_cancellation;
  return std::nullopt;
}

std::optional<MoraleOutcome> morale_test(Context& cx, const Action& a, UnitId u,
                                         TestReason reason) {
  const UnitSetup& s = cx.setup.units[u];
  const UnitState& st = cx.state.units[u];
  Facts f(cx.rules);
  fill_self(cx, f, u);
  fill_enemy(cx, f, st.test_enemy);
  // A test with an adversary (the charger, for its target and for a friend
  // that reacts; the unit whose fire or strike called it): a wood along a
  // side that separates them is the unit's terrain (facts.cpp). A
  // rally or a change of formation has none.
  std::optional<UnitId> adversary;
  if (reason == TestReason::charge_reaction)
    adversary = cx.state.charge ? std::optional<UnitId>(cx.state.charge->charger) : st.test_enemy;
  else if (reason == TestReason::losses_taken)
    adversary = st.test_enemy;
  if (adversary) fill_confronted_terrain(cx, f, u, *adversary);
  f.word(Given::morale_reason, name(reason));
  auto which = eval_int(f, Value::morale_dice_used, cx.checker);
  auto modified = eval_int(f, Value::modified_command_factor, cx.checker);
  if (!which || !modified) return std::nullopt;
  // The breakdown, evaluated again with its trace only for a message.
  const auto notes = [&] {
    std::vector<std::string> lines{
        fmt::format("test of {} ({}), Cd {}", cx.quoted(u), name(reason), s.command)};
    for (const Value v : {Value::morale_dice_used, Value::modified_command_factor}) {
      std::vector<std::string> more = explain(f, v);
      lines.insert(lines.end(), more.begin(), more.end());
    }
    return lines;
  };
  const auto dice_ref = cx.rules.optional_item(OptionalItem::morale_dice);
  const std::string which_name =
      dice_ref ? cx.rules.rs().domains[dice_ref->index].values.at(static_cast<std::size_t>(*which))
               : std::string();
  const auto wanted = morale_dice(which_name);
  if (!wanted) {
    cx.checker.not_checked(fmt::format("morale dice '{}'", which_name), a.span);
    return std::nullopt;
  }
  const std::int64_t modifier = *modified - s.command;
  cx.checker.outcome(Check::morale_modifier, a.span, "as the modifier", a.modifier, modifier,
                     notes);
  // A test its dice cannot change needs none: "inutile de lancer les dés"
  // for a panicked unit (§ Test moral; its modified Cd is 0), "Pas besoin de
  // lancer les dés" for a "harcèlement" unit's rally 5 hexes or more from
  // the enemy (§ Les compétences; its modified Cd is 12). A recorded log may
  // leave them out; a seeded one draws them all the same.
  const bool decided =
      *modified >= dice::max_total(*wanted) || *modified < dice::min_total(*wanted);
  if (decided && !a.roll_or_main("") && cx.dice.mode() == replay::DiceMode::recorded) {
    const bool passed = *modified >= dice::max_total(*wanted);
    const auto decided_notes = [&] {
      return std::vector{fmt::format("no dice: {} against a modified Cd of {} {}",
                                     dice::to_string(*wanted), *modified,
                                     passed ? "always passes" : "always fails")};
    };
    const bool applied =
        cx.checker.outcome(Check::morale_result, a.stated.span.valid() ? a.stated.span : a.span,
                           "the test", a.stated.passed, passed, "passes", "fails", decided_notes);
    return MoraleOutcome{applied, passed ? 0 : dice::min_total(*wanted) - *modified};
  }
  auto roll = cx.dice.take(
      *wanted, a.roll_or_main(""), cx.checker, Check::morale_dice,
      [&] { return fmt::format("morale test of {}", cx.quoted(u)); }, notes);
  if (!roll) return std::nullopt;
  // § Test moral: the test passes when the dice are at most the modified Cd.
  cx.checker.read_roll(*wanted, *roll, [&] {
    replay::RollReading r;
    r.higher_is_better = false;
    r.pass = *modified;
    r.side = cx.setup.units[u].side;
    r.what = fmt::format("morale test of {}", cx.quoted(u));
    return r;
  });
  const std::int64_t total =
      cx.checker.outcome(Check::morale_total, a.stated.span.valid() ? a.stated.span : a.span,
                         "as the total", a.stated.total, roll->total);
  const bool passed = total <= *modified;
  const auto result_notes = [&] {
    return std::vector{fmt::format("dice {} against a modified Cd of {}", total, *modified)};
  };
  const bool applied =
      cx.checker.outcome(Check::morale_result, a.stated.span.valid() ? a.stated.span : a.span,
                         "the test", a.stated.passed, passed, "passes", "fails", result_notes);
  return MoraleOutcome{applied, total - *modified};
}

// § Changements de formation: "Si une unité adverse non paniquée est
// située à 3 cases ou moins… alors l'unité doit passer un test moral"
// (2 with "sens tactique"); otherwise the change needs none.
void report_formation_test_not_due(Context& cx, const Action& a, UnitId u) {
  Facts f(cx.rules);
  fill_self(cx, f, u);
  const auto due_within = eval_int(f, Value::formation_change_test_distance, cx.checker);
  const int nearest = cx.board().nearest_enemy(u, true);
  const bool panicked = cx.state.units[u].panicked;
  auto d = cx.checker.violation(
      Check::morale_not_called_for, a.span,
      panicked ? fmt::format("{} takes a morale test its change of formation did not call for: a "
                             "panicked unit changes formation without one",
                             cx.quoted(u))
               : fmt::format("{} takes a morale test its change of formation did not call for: "
                             "the nearest non-panicked enemy is {} away, more than {}",
                             cx.quoted(u), hexes_text(nearest),
                             hexes_text(static_cast<int>(due_within.value_or(3)))));
  d.note(
      fmt::format("a change of formation calls a test only with a non-panicked enemy at {} or "
                  "less (2 hexes with \"sens tactique\")",
                  hexes_text(static_cast<int>(due_within.value_or(3)))));
  d.note("the change stands whatever the test gives: a failure does not undo it");
  d.hint("leave out the 'test {} morale' after its 'form' statement", cx.setup.units[u].id);
}

}  // namespace

void test(Context& cx, const Action& a) {
  const UnitId u = a.actors.front();
  if (a.detail != Detail::morale) {
    cx.checker.not_checked(fmt::format("'{}' tests", a.detail), a.span);
    return;
  }
  UnitState& st = cx.state.units.edit(u);
  TestReason reason = st.next_test;
  if (reason == TestReason::assault_reaction) {
    assault_reaction_test(cx, a, u);  // passed without dice (assault.cpp)
    return;
  }
  // A test the combat's bilan or shock does not call is reported there.
  const bool combat_said =
      cx.checker.reported(Check::melee_test) || cx.checker.reported(Check::shock_test);
  if (reason == TestReason::special_action && !combat_said) {
    if (auto special = special_test(cx, u)) {
      reason = *special;
    } else {
      cx.checker
          .violation(Check::morale_not_called_for, a.span,
                     fmt::format("{} takes a morale test that nothing called for", cx.quoted(u)))
          .note(
              "a test follows a reaction to a charge, 3 strength points lost in one fire or "
              "one fight, a rally, a change of formation near the enemy, or a special action")
          .hint(
              "a special action's test is taken by a 'sens tactique' or 'impétueux' unit not "
              "yet activated once its side has spent its order points, or by the friend a "
              "'special <artillery> transfer-losses target <friend>' names");
    }
  }
  // A change of formation far from the enemy calls no test: one written is
  // refused, and its failure undoes nothing (§ Changements de formation).
  const bool uncalled_formation_test =
      reason == TestReason::formation_change && !formation_test_due(cx, u);
  if (uncalled_formation_test) report_formation_test_not_due(cx, a, u);
  auto outcome = morale_test(cx, a, u, reason);
  st.next_test = TestReason::special_action;
  const std::optional<Formation> former = std::exchange(st.former_formation, std::nullopt);
  // Canonical while no change awaits its test (the state hash reads it).
  const Facing former_facing = std::exchange(st.former_facing, Facing::n);
  const auto former_hexes = std::exchange(st.former_hexes, std::nullopt);  // extended line
  // A friend's test decides a transfer of artillery's losses, as played.
  if (reason == TestReason::loss_transfer)
    settle_transfer(cx, u, outcome ? outcome->passed : a.stated.passed.value_or(false));
  if (!outcome) return;
  // Special actions (§ Points d'ordre, § Les compétences (suite)): "sens
  // tactique" passed is activated (it may act now; failed, it may not this
  // turn); "impétueux" passed is freed from attacking and not activated
  // (failed, it stays bound: check_impetuous_obligation).
  if (reason == TestReason::tactical_sense_activation && outcome->passed) {
    end_activation(cx, a.span);  // impetuous.cpp
    st.activated = true;
    cx.state.group.assign(1, u);
    bind_impetuous(cx, u);
  }
  if (reason == TestReason::impetuous_cancellation && outcome->passed)
    st.impetuous_test_passed = true;
  // § Changements de formation, § Test moral: "Une unité qui tente de rallier
  // ou de changer de formation ne subit aucune conséquence si le test moral
  // échoue": the change is not made, the unit keeps its former formation.
  if (reason == TestReason::formation_change && !outcome->passed && former &&
      !uncalled_formation_test) {
    st.formation = *former;
    st.facing = former_facing;
    if (former_hexes && *former == Formation::extended_line) {
      // Back on its two hexes (§ Changements de formation: no change made).
      cx.state.place_second(u, std::nullopt);
      cx.state.place(u, former_hexes->first);
      cx.state.place_second(u, former_hexes->second);
    }
    settle_second_hex(cx, u);
  }
  // § La charge et le choc, 4: infantry that "a réagi à une charge de
  // cavalerie en se mettant en carré" (the reaction made: its test passed)
  // lets the cavalry charger evade (flight.cpp); so does a closed column,
  // "considérée comme un carré" (§ Formations spéciales).
  if (reason == TestReason::charge_reaction && outcome->passed && cx.state.charge &&
      u == cx.state.charge->target &&
      (st.reaction == Detail::form_square || st.reaction == Detail::form_closed_column))
    cx.state.charge->target_squared = true;
  // A "tenace" unit that fails its activation test stays where it is, in
  // its formation, for the rest of the turn (§ Points d'ordre).
  if (reason == TestReason::tenacious_activation && !outcome->passed) st.tenacious_failed = true;
  // A unit charged or hit hard that fails either flees or loses the
  // difference (§ Test moral); the next statement says which.
  const bool consequences = reason == TestReason::losses_taken ||
                            (reason == TestReason::charge_reaction && st.is_attack_target);
  if (!outcome->passed && consequences)
    cx.state.failure =
        PendingFailure{u, static_cast<std::int16_t>(std::max<std::int64_t>(0, outcome->margin))};
}

void rally(Context& cx, const Action& a) {
  const UnitId u = a.actors.front();
  check_activated(cx, a, u);
  Facts f(cx.rules);
  fill_self(cx, f, u);
  check_permissions(f, RuleAction::rally, cx.checker, a.span, std::nullopt, [&] {
    return fmt::format("a rally of {} with a non-panicked enemy {} away", cx.quoted(u),
                       hexes_text(cx.board().nearest_enemy(u, true)));
  });
  UnitState& st = cx.state.units.edit(u);
  // § Ralliement: "Lorsqu'on rallie une unité paniquée, celle-ci peut adopter
  // n'importe quelle formation et n'importe quelle orientation": only a
  // panicked unit; a rally of a steady unit restores strength, nothing else.
  if (!st.panicked) {
    const auto formation = parse_formation(a.formation);
    const bool new_formation = formation && *formation != st.formation;
    const bool new_facing = a.facing && *a.facing != st.facing;
    if (new_formation || new_facing)
      cx.checker
          .violation(Check::rally_formation, a.span,
                     fmt::format("{} is not panicked: its rally does not change its {}",
                                 cx.quoted(u), new_formation ? "formation" : "facing"))
          .hint(
              "only a panicked unit rallied takes any formation and facing; a steady unit "
              "changes formation with 'form'");
  }
  auto outcome = morale_test(cx, a, u, TestReason::rally_attempt);
  if (!outcome || !outcome->passed) return;
  if (st.panicked) {
    // A rallied unit may take any formation and facing (§ Ralliement).
    st.panicked = false;
    if (auto formation = parse_formation(a.formation))
      st.formation = *formation;
    else if (st.formation == Formation::horde)
      st.formation = Formation::line;
    settle_second_hex(cx, u);
    if (a.facing) cx.state.face(u, *a.facing);
  } else {
    auto gain = eval_int(f, Value::rally_strength_gain, cx.checker);
    if (gain) st.strength = static_cast<std::int16_t>(st.strength + *gain);
  }
}

}  // namespace umpire::sabreur
