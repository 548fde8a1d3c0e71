#pragma once
// One choice per unit among the 14 actions: 002_87c3dc452f850204.txt
// § Déroulement d'un tour de jeu, § Le tir (the five combinations).
#include "engine/rulesets/sabreur_hex/context.hpp"

namespace umpire::sabreur {

void choose_action(Context& cx, const Action& a);

}  // namespace umpire::sabreur
