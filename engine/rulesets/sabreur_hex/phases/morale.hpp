#pragma once
// Morale tests and rallies: 002_87c3dc452f850204.txt § Test moral,
// § Qualité des unités, § Ralliement.
#include "engine/rulesets/sabreur_hex/context.hpp"

namespace umpire::sabreur {

void test(Context& cx, const Action& a);

void rally(Context& cx, const Action& a);

}  // namespace umpire::sabreur
