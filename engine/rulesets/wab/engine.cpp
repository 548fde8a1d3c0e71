#include "engine/rulesets/wab/engine.hpp"

#include <algorithm>

#include "engine/rulesets/wab/checks.hpp"
#include "engine/rulesets/wab/phases/break_test.hpp"
#include "engine/rulesets/wab/phases/charge.hpp"
#include "engine/rulesets/wab/phases/close_combat.hpp"
#include "engine/rulesets/wab/phases/combat_result.hpp"
#include "engine/rulesets/wab/phases/combat_round.hpp"
#include "engine/rulesets/wab/phases/deployment.hpp"
#include "engine/rulesets/wab/phases/flight.hpp"
#include "engine/rulesets/wab/phases/following.hpp"
#include "engine/rulesets/wab/phases/movement.hpp"
#include "engine/rulesets/wab/phases/off_table.hpp"
#include "engine/rulesets/wab/phases/panic.hpp"
#include "engine/rulesets/wab/phases/psychology.hpp"
#include "engine/rulesets/wab/phases/saves.hpp"
#include "engine/rulesets/wab/phases/sequence.hpp"
#include "engine/rulesets/wab/phases/shooting.hpp"
#include "engine/rulesets/wab/phases/turn.hpp"
#include "engine/rulesets/wab/phases/wounds.hpp"

namespace umpire::wab {

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
  check_sequence(cx, a);
  for (const std::string& what : a.untyped) cx.checker.not_checked(what, a.span);
  if (refuse_off_table(cx, a) || refuse_destroyed_machine(cx, a)) return;
  switch (a.kind) {
    case ActionKind::move:
      move(cx, a);
      break;
    case ActionKind::charge:
      charge(cx, a);
      break;
    case ActionKind::shoot:
      shoot(cx, a);
      break;
    case ActionKind::attack:
      attack(cx, a);
      break;
    case ActionKind::save:
      save(cx, a);
      break;
    case ActionKind::combat:
      open_round(cx, a);
      break;
    case ActionKind::result:
      resolve_round(cx, a);
      break;
    case ActionKind::test:
      if (a.detail == "break")
        break_test(cx, a);
      else
        psychology_test(cx, a);
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
    case ActionKind::pursue:
      pursue(cx, a);
      break;
    default:
      follow(cx, a);
      break;
  }
}

void Engine::finish(replay::EventChecker& checker) {
  Context cx = context(checker);
  end_strike(cx);
  settle_charges(cx);
  settle_break_tests(cx);
  settle_pursuits(cx);
  settle_start_panic(cx, cx.log.empty() ? Span{} : cx.log.back().span);
  settle_start_impetuosity(cx, cx.log.empty() ? Span{} : cx.log.back().span);
  end_phase_panic(cx, true);
  // The player turn of the last statement is over when the log writes a
  // turn after it (with nothing played in it) or ended in its combat
  // phase; a log that stops before may be a game cut short.
  const auto& turns = setup_.turns;
  const auto here = std::find_if(turns.rbegin(), turns.rend(), [&](const Setup::Turn& t) {
    return t.number == cx.state.turn && t.side == cx.state.side;
  });
  const bool turn_over = here != turns.rend() && here != turns.rbegin();
  if (turn_over && before_shooting(cx.state.phase))
    settle_owed_flights(cx, cx.log.empty() ? Span{} : cx.log.back().span);
  if (turn_over || cx.state.phase == Phase::combat)
    settle_turn_combats(cx, cx.log.empty() ? Span{} : cx.log.back().span);
}

}  // namespace umpire::wab
