#pragma once
// A charge or an assault that could not engage its target, written
// `=> cancelled`: 002_87c3dc452f850204.txt § Conditions pour qu'une charge
// soit valide (6), § Conditions pour qu'un assaut soit valide (2).
#include "engine/rulesets/sabreur_hex/context.hpp"

namespace umpire::sabreur {

// The charge or assault `a` of `u` at `t`, declared and written cancelled:
// a cancellation whose attack could engage is reported; the unit stays at
// its start and loses cancelled_attack_loss strength points, no reaction
// follows, and the unit does nothing more this turn.
void cancel_attack(Context& cx, const Action& a, UnitId u, UnitId t);

// A statement of a unit whose attack was cancelled this turn, or a reaction
// to that attack: reported (sabreur.action.after-cancelled), true then.
bool acts_after_cancelled(Context& cx, const Action& a);

}  // namespace umpire::sabreur
