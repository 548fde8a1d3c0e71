// Special actions written as statements (`special <unit> <action>`): the
// artillery's transfer of losses to a friend (002_87c3dc452f850204.txt
// § Précisions sur les facteurs de combat ou de tir). The special actions
// that are only a morale test ("sens tactique", "impétueux") are morale.cpp's.
#include "engine/rulesets/sabreur_hex/phases/special_actions.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "engine/core/plural.hpp"
#include "engine/geometry/hex/zone.hpp"
#include "engine/rulesets/sabreur_hex/phases/facts.hpp"
#include "engine/rulesets/sabreur_hex/phases/turn.hpp"

namespace umpire::sabreur {
namespace {

// § Précisions sur les facteurs de combat ou de tir: artillery that "subit
// des pertes à cause d'un tir, d'un combat, ou à cause d'une unité paniquée
// qui la traverse" may have one friendly infantry or cavalry unit take them,
// a neighbour "entièrement sur l'un des flancs de l'unité d'artillerie" that
// "doit aussi réussir un test moral". The losses are those the artillery is
// taking (still pending: begin() and save() keep them for this statement);
// the friend's test follows at once and decides (settle_transfer).
void transfer_losses(Context& cx, const Action& a) {
  const UnitId art = a.actors.front();
  if (a.targets.empty()) {
    cx.checker.not_checked("a transfer of losses with no 'target'", a.span);
    return;
  }
  const UnitId to = a.targets.front();
  if (!on_table(cx, to, a.span)) return;
  if (!cx.state.pending || cx.state.pending->unit != art) {
    // Losses to a panicked unit passing through are taken at once (flight.cpp).
    cx.checker.not_checked(
        fmt::format("a transfer of losses {} has not just taken from a fire or a "
                    "combat (a panicked unit passing through is not followed)",
                    cx.quoted(art)),
        a.span);
    return;
  }
  const PendingLosses p = *cx.state.pending;
  const std::string subject =
      fmt::format("a transfer of {} of {} to {}", plural(p.count, "loss", "losses"), cx.quoted(art),
                  cx.quoted(to));
  bool allowed = true;
  if (cx.setup.units[to].side != cx.setup.units[art].side) {
    allowed = false;
    cx.checker
        .violation(Check::special_transfer, a.span,
                   fmt::format("{} is not allowed: {} is an enemy", subject, cx.quoted(to)))
        .hint("the losses go to \"une et seule unité amie d'infanterie ou de cavalerie\"");
  }
  Facts f(cx.rules);
  fill_self(cx, f, art);
  fill_enemy(cx, f, p.from);
  f.word(Given::losses_cause, name(p.cause));
  f.integer(Given::losses_count, p.count);
  allowed = check_permissions(f, RuleAction::transfer_losses, cx.checker, a.span,
                              Check::special_transfer, subject) &&
            allowed;
  // The receiver: self; its friend the artillery. friend.wholly_on_flank:
  // the receiver stands on the artillery's flank hexes, each of its halves
  // for an extended line ("être entièrement sur l'un des flancs"). Its test
  // comes next: passed here.
  const UnitState& as = cx.state.units[art];
  const UnitState& ts = cx.state.units[to];
  const bool adjacent = cx.board().adjacent(art, to);
  const bool on_flank = hex::in_flank_zone(as.hex, as.facing, ts.hex) &&
                        (!ts.second_hex || hex::in_flank_zone(as.hex, as.facing, *ts.second_hex));
  Facts r(cx.rules);
  fill_self(cx, r, to);
  fill_enemy(cx, r, p.from);
  r.boolean(Given::friend_adjacent, adjacent);
  r.boolean(Given::friend_wholly_on_flank, adjacent && on_flank);
  r.boolean(Given::friend_passed_test, true);
  allowed = check_permissions(r, RuleAction::receive_transferred_losses, cx.checker, a.span,
                              Check::special_transfer, subject) &&
            allowed;
  // Whether the receiver needs its test at all: the data's conditions with
  // the test failed (loss_transfer_conditions = infantry_only lets cavalry
  // take the losses without conditions).
  r.boolean(Given::friend_passed_test, false);
  rules::Evaluator untested(cx.rules.rs(), r.situation());
  untested.set_trace(false);
  const auto without_test =
      untested.action_with(cx.rules.permissions(RuleAction::receive_transferred_losses));
  const bool test_needed = !without_test || without_test->verdict != rules::Verdict::allowed;
  // The losses that count: "les pertes en surplus sont ignorées" (the
  // worked example of § Précisions). The player may hand over part of them
  // ("choisit de transférer avec succès la perte de 2 points de force"), the
  // artillery keeping the rest: any count from 1 to those is the rules'.
  const std::int64_t counted = std::min<std::int64_t>(p.count, as.strength);
  const bool within = a.stated.losses && *a.stated.losses >= 1 && *a.stated.losses <= counted;
  const std::int64_t count = std::max<std::int64_t>(
      0, cx.checker.outcome(
             Check::special_transfer_losses, a.stated.span.valid() ? a.stated.span : a.span,
             "losses", a.stated.losses, within ? *a.stated.losses : counted,
             {fmt::format("{} has just taken {} ({}){}; it may hand over 1 to {}", cx.quoted(art),
                          plural(p.count, "loss", "losses"), name(p.cause),
                          counted < p.count
                              ? fmt::format(", of which its {} strength points count", as.strength)
                              : std::string(),
                          counted)}));
  const auto kept = static_cast<std::int16_t>(std::max<std::int64_t>(0, counted - count));
  const Action* next = cx.next_action(a);
  const bool tested = next && next->kind == ActionKind::test && next->detail == Detail::morale &&
                      !next->actors.empty() && next->actors.front() == to;
  if (!test_needed && allowed) {
    cx.state.pending.reset();
    apply_losses(cx, to, static_cast<int>(count), p.from, LossCause::transferred_losses);
    apply_losses(cx, art, kept, p.from, p.cause);
    return;
  }
  if (!tested) {
    cx.checker
        .violation(Check::special_transfer_test, next ? next->span : a.span,
                   fmt::format("{} takes over the losses of {} without a morale test",
                               cx.quoted(to), cx.quoted(art)))
        .hint("write 'test {} morale …' right after the transfer; failed, {} keeps its losses",
              cx.setup.units[to].id, cx.setup.units[art].id);
    return;  // the artillery takes its losses (begin() of the next statement)
  }
  if (!allowed && cx.checker.mode() == replay::ReplayMode::follow_rules) return;
  cx.state.pending.reset();
  cx.state.transfer =
      LossTransfer{art, to, p.from, static_cast<std::int16_t>(count), p.cause, kept};
  UnitState& receiver = cx.state.units.edit(to);
  receiver.next_test = TestReason::loss_transfer;
  receiver.test_enemy.reset();
}

}  // namespace

// `special <unit> <action>`: the one special action of the text the log
// writes as a statement is artillery's transfer of losses; the tests of the
// others are `test <unit> morale` (special_test).
void special(Context& cx, const Action& a) {
  if (a.detail == Detail::transfer_losses) {
    transfer_losses(cx, a);
    return;
  }
  cx.checker.not_checked(fmt::format("the special action '{}'", a.detail), a.span);
}

bool transfer_follows(const Context& cx, const Action& a, UnitId u) {
  const Action* next = cx.next_action(a);
  return next && next->kind == ActionKind::special && next->detail == Detail::transfer_losses &&
         !next->actors.empty() && next->actors.front() == u;
}

// Passed: the friend takes the losses, which call no test of their own
// (the data's losses_call_for_test reads transferred_losses as none).
// Failed: "aucune conséquence sur cette unité amie"; the artillery takes them.
void settle_transfer(Context& cx, UnitId u, bool passed) {
  if (!cx.state.transfer || cx.state.transfer->receiver != u) return;
  const LossTransfer t = *cx.state.transfer;
  cx.state.transfer.reset();
  if (passed) {
    apply_losses(cx, u, t.count, t.from, LossCause::transferred_losses);
    apply_losses(cx, t.artillery, t.kept, t.from, t.cause);
    return;
  }
  // The combat (combat_sequence.cpp) waits at the strike's losses for the
  // transfer and its test, so the losses kept count there and may call the
  // artillery's test; a combat that has moved on past them is not followed.
  if (t.count > 0 && cx.state.combat && cx.state.combat->step != CombatStep::target_losses &&
      cx.state.combat->step != CombatStep::attacker_losses &&
      (cx.state.combat->attacker == t.artillery || cx.state.combat->defender == t.artillery))
    cx.checker.not_checked(
        fmt::format("whether the losses {} kept after a failed transfer call its "
                    "test in its combat",
                    cx.quoted(t.artillery)),
        cx.checker.event_span());
  apply_losses(cx, t.artillery, t.count + t.kept, t.from, t.cause);
}

}  // namespace umpire::sabreur
