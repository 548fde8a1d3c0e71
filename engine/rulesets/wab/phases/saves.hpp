#pragma once
// Armour saves (003_54822f0a7c7b7ce7.txt § Jet de sauvegarde, § Modificateur
// de force): one D6 per wound of the strike in progress, against the save
// chart's score for the target's armour and shield, with its mount's bonus
// and the Strength modifier of the blow.
#include "engine/rulesets/wab/context.hpp"

namespace umpire::wab {

void save(Context& cx, const Action& a);

}  // namespace umpire::wab
