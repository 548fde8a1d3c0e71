#pragma once
// The armies deployed before the first event: each unit on a free hex of
// the map, an extended line on two (002_87c3dc452f850204.txt § Formations
// spéciales).
#include "engine/core/diagnostic.hpp"
#include "engine/rulesets/sabreur_hex/board.hpp"
#include "engine/rulesets/sabreur_hex/context.hpp"
#include "engine/rulesets/sabreur_hex/state.hpp"
#include "engine/rulesets/sabreur_hex/types.hpp"

namespace umpire::sabreur {

// Places the units of `setup` in `state`, reporting set-up problems
// (`sabreur.setup.*`) in `diags`; a unit wrongly deployed stays off the map.
void deploy(const Setup& setup, const TerrainRules& terrain, State& state, DiagnosticEngine& diags);

// Each deployed unit's formation is one its type and skills allow (the
// data's hold_formation; § Présentation, § Les compétences (suite)):
// `sabreur.setup.formation` at its `deploy` line. Asked before turn 1.
void check_deployed_formations(Context& cx);

}  // namespace umpire::sabreur
