#pragma once
// Combat dice of a shock or a mêlée: 002_87c3dc452f850204.txt § Précisions
// sur les facteurs de combat ou de tir, § La charge et le choc.
#include "engine/rulesets/sabreur_hex/context.hpp"

namespace umpire::sabreur {

void attack(Context& cx, const Action& a);

}  // namespace umpire::sabreur
