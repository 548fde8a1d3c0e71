#pragma once
// The armies as mustered, checked once before turn 1: 002_87c3dc452f850204.txt
// § Force des unités et coûts des unités, § Coût du commandement (Cd) des
// unités, § Qualité des unités, § Les compétences.
#include "engine/rulesets/sabreur_hex/context.hpp"

namespace umpire::sabreur {

// A unit's points as the rules give them (nullopt: they do not).
std::optional<std::int64_t> unit_points(const Context& cx, UnitId u);

// The armies as mustered (§ Force des unités et coûts des
// unités, § Coût du commandement (Cd) des unités, § Qualité des unités),
// checked once before turn 1, with the first event.
void check_rosters(Context& cx);

}  // namespace umpire::sabreur
