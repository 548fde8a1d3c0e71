#pragma once
// Shooting (003_54822f0a7c7b7ce7.txt § Phase 3 : Tir, § Table des armes de
// tirs, § Résultat pour toucher): the range against the weapon's, the dice
// against the shooting models, the hits against the BS chart with the
// sheet's modifiers. A `wound` roll on the same statement goes on to the
// roll to wound (phases/wounds.hpp).
#include "engine/rulesets/wab/context.hpp"

namespace umpire::wab {

void shoot(Context& cx, const Action& a);

}  // namespace umpire::wab
