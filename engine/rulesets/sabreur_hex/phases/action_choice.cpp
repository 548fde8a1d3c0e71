// One choice per unit among the 14 actions: 002_87c3dc452f850204.txt
// § Déroulement d'un tour de jeu ("chaque unité a 1 seul choix parmi les 14
// actions suivantes") and § Le tir ("il est impossible de combiner le tir
// avec d'autres actions" except in five cases).
//
// Each statement by which a unit acts in its own actions phase adds to what
// it has chosen this turn (UnitState::choice): a march, a fire, a change of
// formation, a charge, an assault, a rally, an evade. Two of them make one
// of the combined actions the list allows (march then fire, double fire,
// change of formation then fire, fire then charge or assault, march then
// change of formation), whose conditions are the data's permissions of that
// action; any other pair is a second choice. What belongs to an action is
// not a choice: the attacks, pursuit, saves and tests of a charge or an
// assault, reactions and return fire in the enemy's turn, and the flights a
// failed test forces (a flight nothing forced is the unit's choice).
#include "engine/rulesets/sabreur_hex/phases/action_choice.hpp"

#include <fmt/format.h>

#include "engine/rulesets/sabreur_hex/phases/facts.hpp"
#include "engine/rulesets/sabreur_hex/phases/turn.hpp"

namespace umpire::sabreur {
namespace {

// What a statement chooses, if it is one of the 14 actions.
std::optional<ActionChoice> choice_of(const Action& a) {
  switch (a.kind) {
    case ActionKind::move:
      if (a.detail == Detail::forced) return ActionChoice::forced_march;
      return ActionChoice::march;
    case ActionKind::shoot:
      return ActionChoice::fire;
    case ActionKind::form:
      return ActionChoice::change_formation;
    case ActionKind::charge:
      return ActionChoice::charge;
    case ActionKind::assault:
      return ActionChoice::assault;
    case ActionKind::rally:
      return ActionChoice::rally;
    case ActionKind::evade:
      return ActionChoice::evade;
    default:
      return std::nullopt;
  }
}

std::string_view words(ActionChoice c) {
  switch (c) {
    case ActionChoice::none:
      return "nothing";
    case ActionChoice::march:
      return "a march";
    case ActionChoice::forced_march:
      return "a forced march";
    case ActionChoice::evade:
      return "an evade";
    case ActionChoice::fire:
      return "a fire";
    case ActionChoice::change_formation:
      return "a change of formation";
    case ActionChoice::charge:
      return "a charge";
    case ActionChoice::assault:
      return "an assault";
    case ActionChoice::rally:
      return "a rally";
    case ActionChoice::march_then_fire:
      return "a march then a fire";
    case ActionChoice::double_fire:
      return "a double fire";
    case ActionChoice::change_formation_then_fire:
      return "a change of formation then a fire";
    case ActionChoice::fire_then_charge_or_assault:
      return "a fire then a charge or an assault";
    case ActionChoice::march_then_change_formation:
      return "a march then a change of formation";
    case ActionChoice::flight:
      return "a flight";
  }
  return "an action";
}

bool is_march(ActionChoice c) {
  return c == ActionChoice::march || c == ActionChoice::forced_march;
}

// The combined action that `next` after `before` makes, with the data's
// action that rules it (nullopt: the engine checks it elsewhere); none when
// the pair is not one of the actions of the list.
struct Combined {
  ActionChoice choice;
  std::optional<RuleAction> action;
};
std::optional<Combined> combine(ActionChoice before, ActionChoice next) {
  if (before == ActionChoice::none) return Combined{next, std::nullopt};
  if (is_march(before) && next == ActionChoice::fire)
    return Combined{ActionChoice::march_then_fire, RuleAction::march_then_fire};
  // A march then a change of formation: change_formation() already asks
  // the data (manoeuvre_or_formation: infantry in column only).
  if (is_march(before) && next == ActionChoice::change_formation)
    return Combined{ActionChoice::march_then_change_formation, std::nullopt};
  if (before == ActionChoice::fire && next == ActionChoice::fire)
    return Combined{ActionChoice::double_fire, RuleAction::double_fire};
  if (before == ActionChoice::change_formation && next == ActionChoice::fire)
    return Combined{ActionChoice::change_formation_then_fire,
                    RuleAction::change_formation_then_fire};
  if (before == ActionChoice::fire &&
      (next == ActionChoice::charge || next == ActionChoice::assault))
    return Combined{ActionChoice::fire_then_charge_or_assault,
                    RuleAction::fire_then_charge_or_assault};
  return std::nullopt;
}

// "Les unités dont ce n'est pas le tour peuvent néanmoins réagir aux
// actions adverses avec les réactions suivantes" (§ Déroulement d'un tour
// de jeu): square, defensive fire, rotation and countercharge are written
// `respond`, evade and flight `evade` and `flee`, return fire `shoot`
// (checked by sabreur.fire.return-answers); tests, saves and strikes follow
// them. The statements that are only ever a unit's own action are refused.
// A flight or an evade is such a reaction only when something calls for it:
// the flight that a failed test calls, or the flight or evade declared as
// the reaction to a charge or an assault (`respond … flee|evade`); one with
// nothing to react to is an action of the unit's own, refused out of its
// turn (sabreur.action.out-of-turn, or sabreur.reaction.failed-test for
// the friend whose countercharge or defensive fire failed its test).
bool causeless_flight(Context& cx, const Action& a, UnitId u) {
  const UnitState& st = cx.state.units[u];
  if (a.kind == ActionKind::flee) return !cx.scratch.flight_forced && st.reaction != Detail::flee;
  if (a.kind == ActionKind::evade) return st.reaction != Detail::evade;
  return false;
}

// The friend of a charged unit whose countercharge or defensive fire, written
// earlier in this turn, failed its test (the target's own failure is pending
// instead, and calls the flight): the `respond` that declared it.
const Action* failed_friend_reaction(const Context& cx, const Action& a, UnitId u) {
  if (!cx.in_log(a)) return nullptr;
  bool failed = false;
  for (const Action* b = &a; b != cx.log.data();) {
    --b;
    if (b->turn != a.turn || b->side != a.side) return nullptr;
    if (b->actors.empty() || b->actors.front() != u) continue;
    if (b->kind == ActionKind::test && !failed) {
      if (!b->stated.passed || *b->stated.passed) return nullptr;
      failed = true;
      continue;
    }
    if (b->kind != ActionKind::respond) continue;
    const bool friend_reaction =
        b->detail == Detail::countercharge || b->detail == Detail::defensive_fire;
    const bool target = cx.state.charge && cx.state.charge->target == u;
    return failed && friend_reaction && !target ? b : nullptr;
  }
  return nullptr;
}

void check_out_of_turn(Context& cx, const Action& a, UnitId u) {
  if (causeless_flight(cx, a, u)) {
    const bool flee = a.kind == ActionKind::flee;
    // § Réactions face à une charge: "Sinon elle ne l'est pas, mais il n'y a
    // pas d'autres conséquences pour cette unité amie"; § Test moral: "Une
    // unité qui n'est pas la cible d'une charge, et qui a déclaré une
    // contre-charge ou un tir défensif sur l'unité qui charge, ne subit
    // aucune conséquence si elle échoue au test moral".
    if (const Action* declared = failed_friend_reaction(cx, a, u)) {
      cx.checker
          .violation(Check::reaction_failed_test, a.span,
                     fmt::format("{} {} after the failed test of its {}: a friend of the charged "
                                 "unit whose reaction test fails suffers no other consequence",
                                 cx.quoted(u), flee ? "flees" : "evades",
                                 declared->detail == Detail::countercharge ? "countercharge"
                                                                           : "defensive fire"))
          .label(declared->span, "its reaction, declared here")
          .note(
              "\"Sinon elle ne l'est pas, mais il n'y a pas d'autres conséquences pour cette "
              "unité amie\" (002_87c3dc452f850204.txt § Réactions face à une charge; § Test "
              "moral: \"ne subit aucune conséquence si elle échoue au test moral\")")
          .note(
              "only 2 units react to a charge: its target, and one friend by a countercharge or "
              "a defensive fire; the friend's {} would be a third reaction",
              flee ? "flight" : "evade")
          .hint("leave out the {}: {} stays where it is", a.verb, cx.setup.units[u].id);
      return;
    }
    // "Les unités dont ce n'est pas le tour peuvent néanmoins réagir aux
    // actions adverses" (§ Déroulement d'un tour de jeu): a flight or an
    // evade with nothing to react to is no reaction.
    cx.checker
        .violation(
            Check::action_out_of_turn, a.span,
            fmt::format("{} of '{}' {} in turn {} of '{}' with nothing to react to: out of "
                        "its turn a unit only reacts",
                        cx.quoted(u), cx.setup.sides[cx.setup.units[u].side].id,
                        flee ? "flees" : "evades", cx.state.turn, cx.setup.sides[cx.state.side].id))
        .note(
            "out of its turn a unit flees after a failed morale test that calls a flight, or "
            "flees or evades as its declared reaction to a charge or an assault on it ('respond "
            "{} {}')",
            cx.setup.units[u].id, flee ? "flee" : "evade")
        .hint("write the {} in a turn of '{}', or after the enemy action it answers", a.verb,
              cx.setup.sides[cx.setup.units[u].side].id);
    return;
  }
  const bool own_action_only = a.kind == ActionKind::move || a.kind == ActionKind::form ||
                               a.kind == ActionKind::charge || a.kind == ActionKind::assault ||
                               a.kind == ActionKind::rally;
  if (!own_action_only) return;
  const std::optional<ActionChoice> c = choice_of(a);
  cx.checker
      .violation(Check::action_out_of_turn, a.span,
                 fmt::format("{} of '{}' makes {} in turn {} of '{}': out of its turn a unit only "
                             "reacts",
                             cx.quoted(u), cx.setup.sides[cx.setup.units[u].side].id,
                             c ? words(*c) : std::string_view("an action"), cx.state.turn,
                             cx.setup.sides[cx.state.side].id))
      .note(
          "the reactions are: square, defensive fire, rotation, countercharge (written "
          "'respond'), evade, flight and return fire")
      .hint("write the {} in a turn of '{}'", a.verb, cx.setup.sides[cx.setup.units[u].side].id);
}

// "On ne peut faire agir une unité que si les actions de l'unité
// précédente sont entièrement terminées" (§ Déroulement d'un tour de jeu),
// read from the log since the side's last activation: a unit's action or
// attack after another unit of its side began its own (a statement among
// the 14 actions) resumes an action that was over. What follows an action
// as its consequence (tests, saves, flights, a friend joining a pursuit) is
// no action begun. The simulator plays each unit of a group to its end.
void check_one_after_another(Context& cx, const Action& a, UnitId u) {
  if (!cx.in_log(a) || (!choice_of(a) && a.kind != ActionKind::attack)) return;
  const Action* begun = nullptr;  // the latest action begun by another unit of the side
  for (const Action* b = &a; b != cx.log.data();) {
    --b;
    if (b->turn != a.turn || b->side != a.side || b->kind == ActionKind::activate) return;
    if (b->actors.empty() || b->phase != Phase::actions) continue;
    const UnitId v = b->actors.front();
    if (cx.setup.units[v].side != a.side) continue;
    if (v != u) {
      if (!begun && choice_of(*b)) begun = b;
      continue;
    }
    if (!choice_of(*b) && b->kind != ActionKind::attack) continue;
    if (!begun) return;
    const UnitId w = begun->actors.front();
    const std::optional<ActionChoice> c = choice_of(*begun);
    cx.checker
        .violation(Check::action_one_after_another, a.span,
                   fmt::format("{} acts again after {} began {}: the units of a group act one "
                               "after another",
                               cx.quoted(u), cx.quoted(w), words(*c)))
        .label(b->span, fmt::format("{} acted here", cx.quoted(u)))
        .label(begun->span, fmt::format("then {} began its action", cx.quoted(w)))
        .note("a unit acts only once the actions of the previous unit are entirely over")
        .hint("write all of {}'s action before {}'s", cx.setup.units[u].id, cx.setup.units[w].id);
    return;
  }
}

}  // namespace

void choose_action(Context& cx, const Action& a) {
  if (a.actors.empty()) return;
  const UnitId u = a.actors.front();
  // Reactions, return fire and evades against a charge come in the enemy's turn.
  if (cx.setup.units[u].side != cx.state.side) {
    if (cx.state.turn != 0) check_out_of_turn(cx, a, u);
    return;
  }
  if (a.phase != Phase::actions) return;
  check_one_after_another(cx, a, u);
  std::optional<ActionChoice> next = choice_of(a);
  // "Fuite" is one of the 14 actions: a flight in the unit's own actions
  // phase that no failed test called for is its choice of the turn (a
  // forced one, which a failed test calls as often as it comes, is not; nor
  // is it an action begun for check_one_after_another).
  if (a.kind == ActionKind::flee && !cx.scratch.flight_forced) {
    next = ActionChoice::flight;
    // "Pour faire agir ses unités, il est nécessaire d'utiliser des "points
    // d'ordre"" (§ Points d'ordre): a chosen flight is an action of the
    // activated group like any other; only a panicked unit's ""fuite", qui
    // ne nécessite pas d'ordres" (§ Actions des unités paniquées) needs none.
    if (!cx.state.units[u].panicked) check_activated(cx, a, u);  // turn.cpp
  }
  if (!next) return;
  // The charger's evade before a square ends its charge (§ La charge et le
  // choc, 4): part of the charge, not a second choice; flight.cpp checks it.
  if (a.kind == ActionKind::evade && cx.state.charge && cx.state.charge->charger == u &&
      !cx.state.charge->pursuit)
    return;
  UnitState& st = cx.state.units.edit(u);
  const ActionChoice before = st.choice;
  if (*next == ActionChoice::fire && !a.targets.empty()) {
    // The losses dealt count for one target (turn.cpp's apply_losses).
    if (st.fired_at != a.targets.front()) st.fire_losses_dealt = 0;
    cx.scratch.fired_before = st.fired_at;
    st.fired_at = a.targets.front();
  }
  const std::optional<Combined> c = combine(before, *next);
  if (!c) {
    cx.checker
        .violation(Check::action_one_choice, a.span,
                   fmt::format("{} has already made {} this turn: {} is a second action",
                               cx.quoted(u), words(before), words(*next)))
        .note(
            "each unit has one choice among the 14 actions; fire combines only as march then "
            "fire, double fire, change of formation then fire, fire then charge or assault")
        .hint(
            "a unit acts once per turn; what belongs to a charge or an assault (its attacks, "
            "pursuit, saves and tests) is part of that one action");
    st.choice = *next;  // follow the log: the next statement is judged against this one
    return;
  }
  st.choice = c->choice;
  // A panicked unit's fire, charge and assault are refused as such, and a
  // square's second fire by the square's own rule (sabreur.fire.square-once).
  if (!c->action || st.panicked) return;
  if (c->choice == ActionChoice::double_fire && cx.board().square_like(u)) return;
  Facts f(cx.rules);
  fill_self(cx, f, u);
  if (!a.targets.empty()) fill_enemy(cx, f, a.targets.front());
  f.boolean(Given::move_forced, before == ActionChoice::forced_march);
  // § Le tir: "Une demi-unité n'a pas le droit de tirer si l'autre
  // demi-unité engage ou est engagée par une unité adverse" — for either
  // half of the double fire, so neither may be.
  const Board b = cx.board();
  f.boolean(Given::fire_other_half_engaged,
            c->choice == ActionChoice::double_fire && st.second_hex &&
                (b.half_in_engagement(u, st.hex) || b.half_in_engagement(u, *st.second_hex)));
  const std::optional<UnitId> fired_at = st.fired_at;
  f.boolean(Given::fire_attack_on_fire_target,
            fired_at && !a.targets.empty() && *fired_at == a.targets.front());
  check_permissions(f, *c->action, cx.checker, a.span, Check::action_combination,
                    [&] { return fmt::format("{} by {}", words(c->choice), cx.quoted(u)); });
}

}  // namespace umpire::sabreur
