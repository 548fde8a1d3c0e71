#pragma once
// The legal actions of the side to act in a Sabreur-hex game, from the
// engine's state. Candidates are enumerated from the board (every facing,
// every frontal path, every straight indirect march, every enemy as a
// target...) and each is kept only when the engine's own checks accept it
// (Prober): the rules live in the engine and the rules data, never here.
//
// Generated: order points (the 1 D3 and 2 D6 formulas), group activations
// of one or two chained units, frontal marches (a rotation then up to three
// steps), indirect marches, changes of formation (an extended line's second
// half written `to` either flank hex; a line leaving it keeping either
// half), fire and return fire,
// saves, morale tests after losses or a formation change, rallies; flights
// (after a failed test, and as a reaction to a charge), charges and
// assaults with the reactions the engine checks, the reaction test, the
// strikes of a shock or a mêlée and their saves and tests, pursuits and
// the attack a pursuit may make.
// The combat that follows a charge or an assault is the simulator's
// (simulator.cpp), statement by statement, each probed here.
// Also: evades as an action, the special actions' morale tests (a test
// the engine accepts of a unit not activated, test_actions) and the
// transfer of artillery's losses to a friend, played with the friend's test
// (Prober::apply_sequence).
// Not generated: whatever the engine reports `not checked` (docs/checks.md),
// since the prober refuses it; a friend joining a pursuit.
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

// `order-points` with the dice of the 1 D3 formula, and with those of the
// 2 D6 formula when the army's size allows it.
std::vector<Action> order_point_actions(Prober& p, TurnOf t);
// `activate` a group of one unit, or two chained units (each pair once).
std::vector<Action> activation_actions(Prober& p, TurnOf t);
// What unit `u` of the group activated last may do: march, evade, change
// formation, fire, rally, charge, assault.
std::vector<Action> unit_actions(Prober& p, TurnOf t, UnitId u);
// The return fires (§ Le tir, "Tir de riposte") at `shooter`, whose fire
// was just resolved: every unit of the side not to act, at it.
std::vector<Action> return_fire_actions(Prober& p, TurnOf t, UnitId shooter);
// A save by `u` against the losses just inflicted on it.
std::vector<Action> save_actions(Prober& p, TurnOf t, UnitId u);
// A morale test of `u` the rules call for now.
std::vector<Action> test_actions(Prober& p, TurnOf t, UnitId u);
// The flights of `u`: every facing, then every frontal path of up to the
// length its die gives (the die the engine draws, read from a first probe),
// on the table or leaving it (`to off-table`) from a hex at its edge.
std::vector<Action> flight_actions(Prober& p, TurnOf t, UnitId u);

// Charges of `u`: every enemy a frontal march of up to 5 hexes (the largest
// movement factor) can reach, every facing and every path that ends next to
// it; and assaults: every enemy within 2 hexes, in place or after one hex
// in each direction.
std::vector<Action> charge_actions(Prober& p, TurnOf t, UnitId u);
std::vector<Action> assault_actions(Prober& p, TurnOf t, UnitId u);
// The reactions of `target` to the charge or assault of `charger`: `respond`
// with each reaction word (a countercharge along its frontal paths, a
// rotation to each facing), and, to a charge, a flight.
std::vector<Action> reaction_actions(Prober& p, TurnOf t, UnitId target, UnitId charger);
// The evades of `u` after it chose to evade: every rearward path of 1 to 5
// hexes; of 1 to `max_steps` hexes for the second.
std::vector<Action> evade_actions(Prober& p, TurnOf t, UnitId u);
std::vector<Action> evade_actions(Prober& p, TurnOf t, UnitId u, int max_steps);
// The transfers of the losses `u` is taking (State::pending) to each friend
// next to it (`special <u> transfer-losses target <friend>`, § Précisions sur les
// facteurs de combat ou de tir), those the engine accepts but for the
// friend's test, which must follow: a candidate is played only with that
// test (and the save before it), Prober::apply_sequence.
std::vector<Action> transfer_actions(Prober& p, TurnOf t, UnitId u);
// The strikes of `u` at each enemy next to it.
std::vector<Action> attack_actions(Prober& p, TurnOf t, UnitId u);
// The pursuits of `u`: the length its die gives (read from a first probe),
// every frontal path without rotation up to it, on the table or leaving it,
// naming `fled` or no target.
std::vector<Action> pursuit_actions(Prober& p, TurnOf t, UnitId u, std::optional<UnitId> fled);

// Every legal action of the side to act in the actions phase, as a perft
// count sees it: activations, and the unit actions of the group activated
// last.
std::vector<Action> legal_actions(Prober& p, TurnOf t);

}  // namespace umpire::sabreur::simulate
