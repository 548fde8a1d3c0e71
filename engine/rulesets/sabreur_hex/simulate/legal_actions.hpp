#pragma once
// The legal actions of the side to act in a Sabreur-hex game, from the
// engine's state. Candidates are enumerated from the board (every facing,
// every frontal path, every straight indirect march, every enemy as a
// target...) and each is kept only when the engine's own checks accept it
// (Prober): the rules live in the engine and the rules data, never here.
//
// Generated: order points (the 1 D3 formula), group activations of one or
// two chained units, frontal marches (a rotation then up to three steps),
// indirect marches, changes of formation, fire, saves, morale tests after
// losses or a formation change, rallies. Not generated, because the engine
// does not check them yet (docs/checks.md, `not checked`): charges and
// assaults with their reactions, mêlée and combat, pursuit, flight,
// evasion, special actions, 2 D6 order points (armies above 2000 points).
#include <cstdint>
#include <vector>

#include "engine/rulesets/sabreur_hex/simulate/prober.hpp"

namespace umpire::sabreur::simulate {

struct TurnOf {
  std::uint32_t turn = 1;
  std::uint8_t side = 0;
};

// An action of `verb` by the side to act, in `phase`.
Action make_action(ActionKind kind, std::string_view verb, TurnOf t, Phase phase);

// `order-points` with the dice of the 1 D3 formula.
std::vector<Action> order_point_actions(Prober& p, TurnOf t);
// `activate` a group of one unit, or two chained units (each pair once).
std::vector<Action> activation_actions(Prober& p, TurnOf t);
// What unit `u` of the group activated last may do: march, change
// formation, fire, rally.
std::vector<Action> unit_actions(Prober& p, TurnOf t, UnitId u);
// A save by `u` against the losses just inflicted on it.
std::vector<Action> save_actions(Prober& p, TurnOf t, UnitId u);
// A morale test of `u` the rules call for now.
std::vector<Action> test_actions(Prober& p, TurnOf t, UnitId u);

// Every legal action of the side to act in the actions phase, as a perft
// count sees it: activations, and the unit actions of the group activated
// last.
std::vector<Action> legal_actions(Prober& p, TurnOf t);

}  // namespace umpire::sabreur::simulate
