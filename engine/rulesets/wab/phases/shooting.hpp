#pragma once
// Shooting (003_54822f0a7c7b7ce7.txt § Phase 3 : Tir, § Table des armes de
// tirs, § Résultat pour toucher): the range against the weapon's, the dice
// against the shooting models, the hits against the BS chart with the
// sheet's modifiers. A `wound` roll on the same statement goes on to the
// roll to wound (phases/wounds.hpp).
#include "engine/rulesets/wab/context.hpp"

namespace umpire::wab {

void shoot(Context& cx, const Action& a);

// The shots of a charge response (`respond u stand-and-shoot|fire-and-flee
// hit Nd6=… [wound Nd6=…] => hits H`, § Phase 2 : Mouvement step 6): the
// unit's missile weapon at the charger, measured from where the charger
// stood when it declared (the sheet gives no other range: the data's gap
// stand_and_shoot_range), as any shot. False when `a` is no such shot, or
// when the unit carries several missile weapons (the response names none).
bool response_shot(Context& cx, const Action& a);

// § Raté d'allumage 1-2: true, and a violation, when `a` moves a war machine
// its misfire destroyed with its crew, or makes it a target.
bool refuse_destroyed_machine(Context& cx, const Action& a);

}  // namespace umpire::wab
