#include "engine/rulesets/hail_caesar/engine.hpp"

#include "engine/rulesets/hail_caesar/checks.hpp"
#include "engine/rulesets/hail_caesar/phases/break_test.hpp"
#include "engine/rulesets/hail_caesar/phases/charge.hpp"
#include "engine/rulesets/hail_caesar/phases/charge_response.hpp"
#include "engine/rulesets/hail_caesar/phases/combat.hpp"
#include "engine/rulesets/hail_caesar/phases/command.hpp"
#include "engine/rulesets/hail_caesar/phases/deployment.hpp"
#include "engine/rulesets/hail_caesar/phases/division.hpp"
#include "engine/rulesets/hail_caesar/phases/following.hpp"
#include "engine/rulesets/hail_caesar/phases/formation.hpp"
#include "engine/rulesets/hail_caesar/phases/melee.hpp"
#include "engine/rulesets/hail_caesar/phases/movement.hpp"
#include "engine/rulesets/hail_caesar/phases/saves.hpp"
#include "engine/rulesets/hail_caesar/phases/shooting.hpp"
#include "engine/rulesets/hail_caesar/phases/turn.hpp"

namespace umpire::hail_caesar {

Engine::Engine(Setup setup, std::vector<Action> actions, const RulesBinding& rules,
               DiagnosticEngine& diags)
    : TabletopEngine(std::move(setup), std::move(actions), rules) {
  deploy(setup_, state_, diags);
}

const replay::CheckTable& Engine::checks() const {
  return check_table();
}

// The switch on the statement's kind calls the procedure of each part of
// the rules (phases/).
void Engine::apply_action(const Action& a, replay::EventChecker& checker) {
  Context cx = context(checker);
  begin(cx, a);
  settle_before(cx, a);
  for (const std::string& what : a.untyped) cx.checker.not_checked(what, a.span);
  // A variant's own procedure for a statement the base sheet has none for.
  if (const VariantFacts* variant = cx.rules.variant(); variant && variant->apply(cx, a)) return;
  switch (a.kind) {
    case ActionKind::order:
      order(cx, a);
      break;
    case ActionKind::move:
      move(cx, a);
      break;
    case ActionKind::form:
      form(cx, a);
      break;
    case ActionKind::charge:
      charge(cx, a);
      break;
    case ActionKind::respond:
      respond(cx, a);
      break;
    case ActionKind::shoot:
      shoot(cx, a);
      break;
    case ActionKind::attack:
      attack(cx, a);
      break;
    case ActionKind::save:
      save_and_count(cx, a);
      break;
    case ActionKind::combat:
      open_combat(cx, a);
      break;
    case ActionKind::support:
      support(cx, a);
      break;
    case ActionKind::result:
      combat_result(cx, a);
      break;
    case ActionKind::test:
      test(cx, a);
      break;
    case ActionKind::pursue:
      pursue(cx, a);
      break;
    case ActionKind::rally:
      rally(cx, a);
      break;
    default:
      follow(cx, a);
      break;
  }
}

void Engine::finish(replay::EventChecker& checker) {
  Context cx = context(checker);
  settle_at_end(cx);
  settle_combat_at_end(cx);
}

}  // namespace umpire::hail_caesar
