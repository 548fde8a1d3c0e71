#include "engine/rulesets/sabreur_hex/engine.hpp"

#include "engine/rulesets/common/action_description.hpp"
#include "engine/rulesets/sabreur_hex/checks.hpp"
#include "engine/rulesets/sabreur_hex/phases/action_choice.hpp"
#include "engine/rulesets/sabreur_hex/phases/assault.hpp"
#include "engine/rulesets/sabreur_hex/phases/cancelled_attack.hpp"
#include "engine/rulesets/sabreur_hex/phases/charge.hpp"
#include "engine/rulesets/sabreur_hex/phases/combat.hpp"
#include "engine/rulesets/sabreur_hex/phases/combat_sequence.hpp"
#include "engine/rulesets/sabreur_hex/phases/deployment.hpp"
#include "engine/rulesets/sabreur_hex/phases/fire.hpp"
#include "engine/rulesets/sabreur_hex/phases/flight.hpp"
#include "engine/rulesets/sabreur_hex/phases/following.hpp"
#include "engine/rulesets/sabreur_hex/phases/impetuous.hpp"
#include "engine/rulesets/sabreur_hex/phases/morale.hpp"
#include "engine/rulesets/sabreur_hex/phases/movement.hpp"
#include "engine/rulesets/sabreur_hex/phases/orders.hpp"
#include "engine/rulesets/sabreur_hex/phases/pursuit.hpp"
#include "engine/rulesets/sabreur_hex/phases/reaction_effects.hpp"
#include "engine/rulesets/sabreur_hex/phases/reactions.hpp"
#include "engine/rulesets/sabreur_hex/phases/roster.hpp"
#include "engine/rulesets/sabreur_hex/phases/skirmishers_aside.hpp"
#include "engine/rulesets/sabreur_hex/phases/special_actions.hpp"
#include "engine/rulesets/sabreur_hex/phases/turn.hpp"

namespace umpire::sabreur {

Engine::Engine(Setup setup, std::vector<Action> actions, const RulesBinding& rules,
               DiagnosticEngine& diags)
    : setup_(std::move(setup)),
      actions_(std::move(actions)),
      rules_(rules),
      terrain_(rules.terrain_rules()),
      state_(setup_),
      dice_(setup_.dice, setup_.seed) {
  deploy(setup_, terrain_, state_, diags);
}

const replay::CheckTable& Engine::checks() const {
  return check_table();
}

std::string Engine::describe_event(std::size_t i) const {
  return rulesets::describe_action(setup_, actions_[i]);
}

void Engine::write_state(replay::StateWriter& out) const {
  state_.write(out);
  dice_.write_state(out);
}

std::uint64_t Engine::state_hash() const {
  replay::Hasher out;
  state_.write_hashed(out, unit_digests_);
  dice_.write_state(out);
  return out.hash();
}

std::uint64_t Engine::state_hash_from_scratch() const {
  UnitDigests fresh;
  replay::Hasher out;
  state_.write_hashed(out, fresh);
  dice_.write_state(out);
  return out.hash();
}

void Engine::apply(std::size_t i, replay::EventChecker& checker) {
  if (i == 0) {
    Context cx = context(checker);
    check_rosters(cx);  // roster.cpp: before turn 1
    check_deployed_formations(cx);
  }
  apply_action(actions_[i], checker);
}

// The switch on the statement's kind calls the procedure of each part of
// the rules (phases/). It is written here, not in a function of its own:
// a refused statement (the simulator's trials) unwinds one frame fewer.
void Engine::apply_action(const Action& a, replay::EventChecker& checker) {
  Context cx = context(checker);
  begin(cx, a);
  for (const std::string& what : a.untyped) cx.checker.not_checked(what, a.span);
  // The impetuous charger's chance to pursue passes with the first
  // statement outside the charge's procedure (pursuit.cpp).
  check_impetuous_pursuit(cx, &a);
  check_impetuous_strike(cx, &a);  // impetuous.cpp
  // A friendly skirmisher put back belongs to the move that displaced it,
  // not an action of its own; it may be off the table until then
  // (skirmishers_aside.cpp).
  if (a.kind == ActionKind::move && a.detail == Detail::aside && !a.actors.empty()) {
    put_back_skirmisher(cx, a);
    return;
  }
  if (!actors_present(cx, a)) return;
  // After a cancelled charge or assault (cancelled_attack.cpp): a reaction
  // to it is reported and not made; a further action of its unit is
  // reported once, then followed as played, with no choice of action again.
  const bool after_cancelled = acts_after_cancelled(cx, a);
  if (after_cancelled && a.kind == ActionKind::respond) return;
  cx.scratch.fired_before.reset();
  if (!after_cancelled) choose_action(cx, a);
  // A failed reaction test undoes a rotation or a square (reaction_effects.cpp).
  const auto reaction_before = reaction_before_test(cx, a);
  check_displaced_idle(cx, a);  // skirmishers_aside.cpp
  displace_skirmishers(cx, a);  // before the march that goes through them
  switch (a.kind) {
    case ActionKind::order_points:
      order_points(cx, a);
      break;
    case ActionKind::activate:
      activate(cx, a);
      break;
    case ActionKind::move:
      move(cx, a);
      break;
    case ActionKind::form:
      change_formation(cx, a);
      break;
    case ActionKind::charge:
      charge(cx, a);
      break;
    case ActionKind::shoot:
      shoot(cx, a);
      break;
    case ActionKind::save:
      save(cx, a);
      break;
    case ActionKind::test:
      test(cx, a);
      break;
    case ActionKind::rally:
      rally(cx, a);
      break;
    case ActionKind::respond:
      respond(cx, a);
      break;
    case ActionKind::flee:
      flee(cx, a);
      break;
    case ActionKind::evade:
      evade(cx, a);
      break;
    case ActionKind::attack:
      attack(cx, a);
      break;
    case ActionKind::combat:
      name_combat(cx, a);
      break;
    // Assaults and pursuits (assault.cpp, pursuit.cpp).
    case ActionKind::assault:
      assault(cx, a);
      break;
    case ActionKind::pursue:
      pursue(cx, a);
      break;
    case ActionKind::special:
      special(cx, a);
      break;
    default:
      follow(cx, a);
      break;
  }
  settle_reaction_test(cx, a, reaction_before);
  // A flight, an evade or a test may open a pursuit or end the charge.
  note_flight(cx, a);
  // A flight off the table still gives the enemy half its points.
  note_fled_off_table(cx, a);
}

void Engine::finish(replay::EventChecker& checker) {
  Context cx = context(checker);
  settle_at_end(cx, actions_.empty());
}

}  // namespace umpire::sabreur
