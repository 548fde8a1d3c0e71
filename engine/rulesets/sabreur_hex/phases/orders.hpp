#pragma once
// Phase A and the activation of groups: 002_87c3dc452f850204.txt § Points
// d'ordre, § Détermination des points d'ordre (PO) en fonction des points
// d'armée (PA).
#include "engine/rulesets/sabreur_hex/context.hpp"

namespace umpire::sabreur {

void order_points(Context& cx, const Action& a);

void activate(Context& cx, const Action& a);

}  // namespace umpire::sabreur
