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
#include <optional>

#include "engine/rulesets/wab/context.hpp"

namespace umpire::wab {

void charge(Context& cx, const Action& a);

// A move of unit `u` that charged this turn, as part of its charge; false
// when `u` has no charge of this phase (the caller measures the move).
bool charge_move(Context& cx, const Action& a, UnitId u);

// § Phase 2 : Mouvement step 3: charger `u` failed its fear test of its
// target. Where the data forbids it to charge (failed_fear_test_charger_stays)
// its charge is withdrawn and it stays where it stood at its declaration
// (a way written with the declaration is undone) for the rest of the phase.
void hold_after_failed_fear(Context& cx, UnitId u);

// A move or charge of unit `u` held by fear this phase: reported
// (wab.charge.move), true when it is refused.
bool refuse_held_by_fear(Context& cx, const Action& a, UnitId u);

// The last charge of this phase declared against unit `target`, if any.
const PendingCharge* charge_against(const Context& cx, UnitId target);

// The charger of the last redirected charge against `target` this movement
// phase (§ Phase 2 : Mouvement step 8), if any.
std::optional<UnitId> redirected_charger(const Context& cx, UnitId target);

// The end of the movement phase: each charge that did not reach its
// target is checked against the normal move.
void settle_charges(Context& cx);

}  // namespace umpire::wab
