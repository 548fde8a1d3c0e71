#pragma once
// Reactions to a charge: 002_87c3dc452f850204.txt § Réactions face à une
// charge (which reaction a unit may choose; a countercharge, a defensive
// fire).
#include "engine/rulesets/sabreur_hex/context.hpp"

namespace umpire::sabreur {

void respond(Context& cx, const Action& a);

}  // namespace umpire::sabreur
