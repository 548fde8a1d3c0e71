#pragma once
// The victory points at the end of the game, and the score and winner `end`
// states: 002_87c3dc452f850204.txt § Déroulement d'un tour de jeu (Phase C)
// and § Manœuvres (a unit fled off the table gives half its points).
#include "engine/rulesets/sabreur_hex/context.hpp"

namespace umpire::sabreur {

// `end`: tallies each side's victory points; checks `score (...)` against
// them and the winner against the highest once the log gives victory points
// (`vp` on a unit, or a score).
void victory(Context& cx, const Action& a);

}  // namespace umpire::sabreur
