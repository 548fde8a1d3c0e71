#pragma once
// Charges: 003_54822f0a7c7b7ce7.txt § 2.1 Déclaration de charges, § 2.4
// Mouvements des unités en charge, § Manœuvres (Roue).
//
// `charge <unit> <target> [to … | path …] [facing F]` declares the charge
// and, with a way written, moves the charger: its change of facing is its
// one wheel, measured at the outer model. The moves written for the
// charger later in the phase (after its target's response) are part of
// the charge: a turn is refused by the data's `turn` permissions
// (`charger_no_turn`), a second wheel by its `wheel` permissions
// (`charger_single_wheel`). When the
// movement phase ends, a charger not in contact with its target failed
// its charge, and everything it moved is within the data's
// failed_charge_allowance, its normal move, within the tolerance
// (wab.charge.move). How far a charge may reach the sheet never says
// (the data's gap charge_range): a charge that ends in contact is
// reported `not checked` for its reach. The charger counts as charging
// for the shooting chart (phases/shooting.hpp).
#include "engine/rulesets/wab/context.hpp"

namespace umpire::wab {

void charge(Context& cx, const Action& a);

// A move of unit `u` that charged this turn, as part of its charge; false
// when `u` has no charge of this phase (the caller measures the move).
bool charge_move(Context& cx, const Action& a, UnitId u);

// The last charge of this phase declared against unit `target`, if any.
const PendingCharge* charge_against(const Context& cx, UnitId target);

// The end of the movement phase: each charge that did not reach its
// target is checked against the normal move.
void settle_charges(Context& cx);

}  // namespace umpire::wab
