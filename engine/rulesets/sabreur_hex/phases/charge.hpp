#pragma once
// Charges as they are declared, and the restrictions charges and assaults
// share: 002_87c3dc452f850204.txt § Conditions pour qu'une charge soit
// valide, § Restrictions sur les assauts et les charges, § La charge et le choc.
#include "engine/rulesets/sabreur_hex/context.hpp"

namespace umpire::sabreur {

// A charge or an assault of `u` at `t` as it stands at its declaration.
ChargeInProgress declaration(const Context& cx, UnitId u, UnitId t);

// ChargeInProgress::path_open of a charge or pursuit from `start` along `path`.
ChargeInProgress::PathOpenness path_openness(const Context& cx, Hex start,
                                             std::span<const Hex> path);

// The restrictions charges and assaults share (§ Restrictions
// sur les assauts et les charges: the data's `attack`). When they forbid
// the attack, the unit's move is applied as written and false returned.
bool attack_allowed(Context& cx, const Action& a, UnitId u, const Facts& f, const Subject& subject);

// `t` is the target of `u`'s charge or assault, owing the reaction test
// `reaction_test`; an "impétueux" attacker now owes its strike.
void mark_attack_target(Context& cx, UnitId u, UnitId t, TestReason reaction_test);

void charge(Context& cx, const Action& a);

}  // namespace umpire::sabreur
