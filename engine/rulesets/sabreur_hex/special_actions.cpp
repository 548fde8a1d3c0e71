// Special actions written as statements (`special <unit> <action>`): the
// artillery's transfer of losses to a friend (002_87c3dc452f850204.txt
// § Précisions sur les facteurs de combat ou de tir). The special actions
// that are only a morale test ("sens tactique", "impétueux") are morale.cpp's.
#include <algorithm>

#include <fmt/format.h>

#include "engine/core/plural.hpp"
#include "engine/geometry/hex/zone.hpp"
#include "engine/rulesets/sabreur_hex/engine.hpp"

namespace umpire::sabreur {

// `special <unit> <action>`: the one special action of the text the log
// writes as a statement is artillery's transfer of losses; the tests of the
// others are `test <unit> morale` (special_test).
void Engine::special(const Action& a, replay::EventChecker& checker) {
  if (a.detail == Detail::transfer_losses) {
    transfer_losses(a, checker);
    return;
  }
  checker.not_checked(fmt::format("the special action '{}'", a.detail), a.span);
}

bool Engine::transfer_follows(const Action& a, UnitId u) const {
  const Action* next = next_action(a);
  return next && next->kind == ActionKind::special && next->detail == Detail::transfer_losses &&
         !next->actors.empty() && next->actors.front() == u;
}

// § Précisions sur les facteurs de combat ou de tir: artillery that "subit
// des pertes à cause d'un tir, d'un combat, ou à cause d'une unité paniquée
// qui la traverse" may have one friendly infantry or cavalry unit take them,
// a neighbour "entièrement sur l'un des flancs de l'unité d'artillerie" that
// "doit aussi réussir un test moral". The losses are those the artillery is
// taking (still pending: begin() and save() keep them for this statement);
// the friend's test follows at once and decides (settle_transfer).
void Engine::transfer_losses(const Action& a, replay::EventChecker& checker) {
  const UnitId art = a.actors.front();
  if (a.targets.empty()) {
    checker.not_checked("a transfer of losses with no 'target'", a.span);
    return;
  }
  const UnitId to = a.targets.front();
  if (!on_table(to, a.span, checker)) return;
  if (!state_.pending || state_.pending->unit != art) {
    // Losses to a panicked unit passing through are taken at once (flight.cpp).
    checker.not_checked(fmt::format("a transfer of losses {} has not just taken from a fire or a "
                                    "combat (a panicked unit passing through is not followed)",
                                    quoted(art)),
                        a.span);
    return;
  }
  const PendingLosses p = *state_.pending;
  const std::string subject =
      fmt::format("a transfer of {} of {} to {}", plural(p.count, "loss", "losses"), quoted(art),
                  quoted(to));
  bool allowed = true;
  if (setup_.units[to].side != setup_.units[art].side) {
    allowed = false;
    checker
        .violation(Check::special_transfer, a.span,
                   fmt::format("{} is not allowed: {} is an enemy", subject, quoted(to)))
        .hint("the losses go to \"une et seule unité amie d'infanterie ou de cavalerie\"");
  }
  Facts f(rules_);
  fill_self(f, art);
  fill_enemy(f, p.from);
  f.word(Given::losses_cause, name(p.cause));
  f.integer(Given::losses_count, p.count);
  allowed = check_permissions(f, RuleAction::transfer_losses, checker, a.span,
                              Check::special_transfer, subject) &&
            allowed;
  // The receiver: self; its friend the artillery. friend.wholly_on_flank:
  // the receiver stands on one of the artillery's two flank hexes (a
  // neighbour wholly in a flank zone). Its test comes next: passed here.
  const UnitState& as = state_.units[art];
  const UnitState& ts = state_.units[to];
  const bool adjacent = hex::adjacent(as.hex, ts.hex);
  Facts r(rules_);
  fill_self(r, to);
  fill_enemy(r, p.from);
  r.boolean(Given::friend_adjacent, adjacent);
  r.boolean(Given::friend_wholly_on_flank,
            adjacent && hex::in_flank_zone(as.hex, as.facing, ts.hex));
  r.boolean(Given::friend_passed_test, true);
  allowed = check_permissions(r, RuleAction::receive_transferred_losses, checker, a.span,
                              Check::special_transfer, subject) &&
            allowed;
  // Whether the receiver needs its test at all: the data's conditions with
  // the test failed (loss_transfer_conditions = infantry_only lets cavalry
  // take the losses without conditions).
  r.boolean(Given::friend_passed_test, false);
  rules::Evaluator untested(rules_.rs(), r.situation());
  untested.set_trace(false);
  const auto without_test =
      untested.action_with(rules_.permissions(RuleAction::receive_transferred_losses));
  const bool test_needed = !without_test || without_test->verdict != rules::Verdict::allowed;
  const std::int64_t count =
      checker.outcome(Check::special_transfer_losses,
                      a.stated.span.valid() ? a.stated.span : a.span, "losses", a.stated.losses,
                      p.count, {fmt::format("{} has just taken {} ({})", quoted(art),
                                            plural(p.count, "loss", "losses"), name(p.cause))});
  const Action* next = next_action(a);
  const bool tested = next && next->kind == ActionKind::test && next->detail == Detail::morale &&
                      !next->actors.empty() && next->actors.front() == to;
  if (!test_needed && allowed) {
    state_.pending.reset();
    apply_losses(to, static_cast<int>(std::max<std::int64_t>(0, count)), p.from,
                 LossCause::transferred_losses, checker);
    return;
  }
  if (!tested) {
    checker
        .violation(Check::special_transfer_test, next ? next->span : a.span,
                   fmt::format("{} takes over the losses of {} without a morale test", quoted(to),
                               quoted(art)))
        .hint("write 'test {} morale …' right after the transfer; failed, {} keeps its losses",
              setup_.units[to].id, setup_.units[art].id);
    return;  // the artillery takes its losses (begin() of the next statement)
  }
  if (!allowed && checker.mode() == replay::ReplayMode::follow_rules) return;
  state_.pending.reset();
  state_.transfer =
      LossTransfer{art, to, p.from, static_cast<std::int16_t>(std::max<std::int64_t>(0, count)),
                   p.cause};
  UnitState& receiver = state_.units.edit(to);
  receiver.next_test = TestReason::loss_transfer;
  receiver.test_enemy.reset();
}

// Passed: the friend takes the losses, which call no test of their own
// (the data's losses_call_for_test reads transferred_losses as none).
// Failed: "aucune conséquence sur cette unité amie"; the artillery takes them.
void Engine::settle_transfer(UnitId u, bool passed, replay::EventChecker& checker) {
  if (!state_.transfer || state_.transfer->receiver != u) return;
  const LossTransfer t = *state_.transfer;
  state_.transfer.reset();
  if (passed) {
    apply_losses(u, t.count, t.from, LossCause::transferred_losses, checker);
    return;
  }
  // The combat (combat_sequence.cpp) waits at the strike's losses for the
  // transfer and its test, so the losses kept count there and may call the
  // artillery's test; a combat that has moved on past them is not followed.
  if (t.count > 0 && state_.combat && state_.combat->step != CombatStep::target_losses &&
      state_.combat->step != CombatStep::attacker_losses &&
      (state_.combat->attacker == t.artillery || state_.combat->defender == t.artillery))
    checker.not_checked(fmt::format("whether the losses {} kept after a failed transfer call its "
                                    "test in its combat",
                                    quoted(t.artillery)),
                        checker.event_span());
  apply_losses(t.artillery, t.count, t.from, t.cause, checker);
}

}  // namespace umpire::sabreur
