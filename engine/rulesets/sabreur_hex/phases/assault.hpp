#pragma once
// Assaults: 002_87c3dc452f850204.txt § L'assaut et la mêlée, § Conditions
// pour qu'un assaut soit valide, § Réactions face à un assaut.
#include "engine/rulesets/sabreur_hex/context.hpp"

namespace umpire::sabreur {

void assault(Context& cx, const Action& a);

void assault_reaction_test(Context& cx, const Action& a, UnitId u);

}  // namespace umpire::sabreur
