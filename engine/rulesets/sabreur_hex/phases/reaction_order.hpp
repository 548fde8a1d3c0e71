#pragma once
// The order of the reactions to a charge or an assault, read from the log
// (002_87c3dc452f850204.txt § Réactions face à une charge): the charged
// unit declares one reaction, and only one, right after the charge's march;
// a friend's countercharge or defensive fire comes after it.
#include "engine/rulesets/sabreur_hex/context.hpp"

namespace umpire::sabreur {

// At a `respond` of unit `u` to the charge or assault in progress: a second
// reaction of the target, or a friend's before the target's, is refused.
void check_reaction_order(Context& cx, const Action& a, UnitId u);

// At an attack of `u` on `t`: the charger's (or assaulting unit's) attack
// on its target before the target declared its reaction is refused.
void check_target_reacted(Context& cx, const Action& a, UnitId u, UnitId t);

}  // namespace umpire::sabreur
