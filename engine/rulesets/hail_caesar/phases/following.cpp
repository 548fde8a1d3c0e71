#include "engine/rulesets/hail_caesar/phases/following.hpp"

#include <fmt/format.h>

#include "engine/rulesets/hail_caesar/phases/turn.hpp"

namespace umpire::hail_caesar {
namespace {

// `state u disordered shaken`, `state u steady`.
void apply_states(Context& cx, UnitId u, const Action& a) {
  UnitState& st = cx.state.units[u];
  for (const std::string& w : a.states) {
    if (w == "disordered") st.disordered = true;
    if (w == "shaken") st.shaken = true;
    if (w == "steady" || w == "reformed") st.disordered = false;
  }
}

// A move taken as written: in its own movement phase it is still a move
// (the shooting that forbids moving first reads it: unit.moved).
void place_moved(Context& cx, const Action& a) {
  using tabletop::operator-;
  for (UnitId m : a.actors) {
    const Point before = cx.state.units[m].at;
    place_as_written(cx, m, a);
    UnitState& st = cx.state.units[m];
    if (a.phase == Phase::movement && !a.off_table)
      st.used_milli += milli(tabletop::length(st.at - before));
  }
}

// What a statement taken as written leaves unchecked. A removal, a state
// or a move back that settled what a result owed was checked there
// (phases/combat.cpp, settle_before): nothing.
void report_followed(Context& cx, const Action& a) {
  if (cx.scratch.settled) return;
  if (a.kind == ActionKind::move && !a.detail.empty())
    cx.checker.not_checked(
        fmt::format("'{}' moves that no break test owes (§ Résultat du test de panique)", a.detail),
        a.span);
  else if (a.kind == ActionKind::move)
    cx.checker.not_checked("moves outside the movement phase or off the table", a.span);
  else if (a.kind == ActionKind::remove)
    cx.checker.not_checked(
        "a removal that no break test, casualties twice the stamina (§ Unité brisée) or blocked "
        "move back owes",
        a.span);
  else if (a.kind == ActionKind::state)
    cx.checker.not_checked(
        "a state that no result owes: only the disorder a break test's result owes, and a shaken "
        "unit's casualties, are checked",
        a.span);
  else
    cx.checker.not_checked(fmt::format("'{}' statements", a.verb), a.span);
}

}  // namespace

void follow(Context& cx, const Action& a) {
  report_followed(cx, a);
  if (a.off_table && a.kind == ActionKind::move)
    for (UnitId m : a.actors) {
      cx.scratch.left_table.resize(cx.setup.units.size());
      cx.scratch.left_table[m] = true;
    }
  for (GeneralId g : a.generals) {
    if (auto end = written_end(a)) cx.state.generals[g].at = *end;
    if (a.off_table) cx.state.generals[g].on_table = false;
  }
  if (a.actors.empty()) return;
  const UnitId u = a.actors.front();
  switch (a.kind) {
    case ActionKind::combat:
      // `combat a vs b`: the two are engaged until one moves away.
      if (!a.targets.empty()) {
        cx.state.units[u].engaged_with = a.targets.front();
        cx.state.units[a.targets.front()].engaged_with = u;
      }
      break;
    case ActionKind::save:
      if (a.stated.casualties)
        cx.state.units[u].casualties += static_cast<std::int32_t>(*a.stated.casualties);
      break;
    case ActionKind::charge:
      // The charger, and a unit that countercharges it, "a chargé ou contre
      // chargé" (§ Modificateurs du jet pour toucher au corps à corps (4+)).
      for (UnitId m : a.actors) place_as_written(cx, m, a);
      cx.state.units[u].charged = true;
      cx.state.units[u].charged_into_combat = true;
      cx.state.units[u].flank_charged_in_combat = false;
      break;
    case ActionKind::respond:
      place_as_written(cx, u, a);
      if (a.detail == "countercharge") {
        cx.state.units[u].charged = true;
        cx.state.units[u].charged_into_combat = true;
        cx.state.units[u].flank_charged_in_combat = false;
      }
      break;
    case ActionKind::remove: {
      // A unit removed leaves its combat: its enemy is no longer engaged
      // (it may receive orders and charge again).
      UnitState& st = cx.state.units[u];
      if (st.engaged_with >= 0) {
        UnitState& enemy = cx.state.units[static_cast<std::size_t>(st.engaged_with)];
        if (enemy.engaged_with == static_cast<std::int32_t>(u)) {
          enemy.engaged_with = -1;
          enemy.combat_rounds = 0;
          enemy.charged_into_combat = false;
          enemy.flank_charged_in_combat = false;
        }
        st.engaged_with = -1;
      }
      st.on_table = false;
      break;
    }
    case ActionKind::state:
      apply_states(cx, u, a);
      break;
    case ActionKind::move:
      place_moved(cx, a);
      break;
    default:
      // A variant may hand a move over as a statement of no kind (HYW's
      // guns, 004 § 5-i): still a move.
      if (a.verb == "move") {
        place_moved(cx, a);
        break;
      }
      for (UnitId m : a.actors) place_as_written(cx, m, a);
      break;
  }
}

}  // namespace umpire::hail_caesar
