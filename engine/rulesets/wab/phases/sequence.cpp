#include "engine/rulesets/wab/phases/sequence.hpp"

#include <fmt/format.h>

#include <string_view>

#include "engine/rulesets/wab/phases/combat_round.hpp"

namespace umpire::wab {
namespace {

std::string_view phase_name(Phase p) {
  switch (p) {
    case Phase::start:
      return "start";
    case Phase::movement:
      return "movement";
    case Phase::shooting:
      return "shooting";
    case Phase::combat:
      return "combat";
    default:
      return "";
  }
}

// The phase a statement of kind `kind` belongs to; none when it may stand
// in several. An attack or shot with no dice to hit takes up the strike
// before it and stands where that one does.
Phase phase_of(const Action& a) {
  switch (a.kind) {
    case ActionKind::combat:
    case ActionKind::result:
      return Phase::combat;
    case ActionKind::attack:
      return a.roll("hit") ? Phase::combat : Phase::none;
    case ActionKind::shoot:
      return a.roll("hit") ? Phase::shooting : Phase::none;
    default:
      return Phase::none;
  }
}

// Whether `a` is a statement only the units of the side whose turn it is
// make: charges, rallies, shots, and moves in the movement phase (the
// other side's units move in it only as a charge response, written on the
// `respond` line, or fleeing).
bool only_in_its_turn(const Context& cx, const Action& a) {
  switch (a.kind) {
    case ActionKind::charge:
    case ActionKind::rally:
      return true;
    case ActionKind::shoot:
      return a.roll("hit") != nullptr;
    case ActionKind::move:
      return cx.state.phase == Phase::movement;
    default:
      return false;
  }
}

bool check_phase(Context& cx, const Action& a) {
  const Phase wanted = phase_of(a);
  const std::string_view here = phase_name(cx.state.phase);
  if (wanted == Phase::none || here.empty() || cx.state.phase == wanted) return false;
  // The blows and result of a round stand where its `combat` line does,
  // which was judged.
  if (a.kind != ActionKind::combat && wanted == Phase::combat && round_open(cx)) return false;
  cx.checker
      .violation(Check::turn_phase, a.span,
                 fmt::format("'{}' in the {} phase: {} belongs to the {} phase", a.verb, here,
                             wanted == Phase::combat ? "a round of close combat" : "a shot",
                             phase_name(wanted)))
      .note(wanted == Phase::combat
                ? "§ Phase 4 : Combat au corps à corps: the blows, the result, the break tests"
                : "§ Phase 3 : Tir: 'Annonce des unités qui tirent et de leur cible' (a charge "
                  "response's shots are written on its 'respond' line)")
      .hint("write it after 'phase {}'", phase_name(wanted));
  return true;
}

bool check_side(Context& cx, const Action& a) {
  if (a.actors.empty() || !only_in_its_turn(cx, a)) return false;
  for (UnitId u : a.actors) {
    if (cx.setup.units[u].side == cx.state.side) continue;
    cx.checker
        .violation(Check::turn_side, a.span,
                   fmt::format("{} {} in the turn of the other side", cx.quoted(u),
                               a.kind == ActionKind::charge  ? "charges"
                               : a.kind == ActionKind::rally ? "rallies"
                               : a.kind == ActionKind::shoot ? "shoots"
                                                             : "moves"))
        .note(
            "§ Phase 2 : Mouvement, § Phase 3 : Tir: the side whose turn it is charges, rallies, "
            "moves and shoots; the other answers its charges (2.1 step 2), flees, pursues and "
            "fights");
    return true;
  }
  return false;
}

}  // namespace

bool check_sequence(Context& cx, const Action& a) {
  const bool phase = check_phase(cx, a);
  return check_side(cx, a) || phase;
}

}  // namespace umpire::wab
