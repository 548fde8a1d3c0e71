#pragma once
// The statements a side may write in a WAB game, each kept only when the
// engine's own checks accept it (Prober): the rules live in the engine and
// the rules data, never here. A statement's dice are written as the engine
// draws them (fitted), and its stated outcomes, where the log must state
// them (a pursuit's), as the engine computes them.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "engine/rulesets/wab/simulate/prober.hpp"

namespace umpire::wab::simulate {

// A statement of `verb` by the side to act, in `phase`.
Action statement(ActionKind kind, std::string_view verb, TurnOf t, Phase phase);

// A roll of `dice` D6 written under `label` (`hit`, `wound`; "" unlabelled),
// its faces left to the engine's draw.
replay::WrittenRoll roll_of(std::string_view label, std::int64_t dice);

// `a` with each roll written as the engine draws it: the dice it drew in a
// probe, in order; a later label it drew no dice for (the wounds of no
// hits) is dropped. Nullopt when it drew none for the first: the statement
// would be one the engine only follows (a shot out of range).
std::optional<Action> fitted(Prober& p, Action a);
// `a` fitted, when the engine then accepts it.
std::optional<Action> legal_fitted(Prober& p, const Action& a);

// `test u <kind>` (`panic`, `break`) on 2D6, when the engine accepts it (it
// owes it).
std::optional<Action> test_action(Prober& p, TurnOf t, UnitId u, std::string_view kind,
                                  Phase phase);

// The rally test of fleeing `u`, when the engine allows one.
std::optional<Action> rally_action(Prober& p, TurnOf t, UnitId u);

// The flight of `u`: its flee dice, and its move straight back towards its
// own edge by their total, stopped at the edge.
std::optional<Action> flight_action(Prober& p, TurnOf t, UnitId u, Phase phase);

// The pursuit of `fled` by `pursuer`, its distance and whether it destroys
// `fled` stated as the engine computes them.
std::optional<Action> pursuit_action(Prober& p, TurnOf t, UnitId pursuer, UnitId fled);

// The result of the round of `a` and `b` the engine accepts: a draw, or a
// winner (the margin is the engine's, written from its outcome).
std::optional<Action> result_action(Prober& p, TurnOf t, UnitId a, UnitId b);

// The save of `u` against the wounds just rolled, when it has one (a unit
// the chart gives no save takes its wounds at the next statement).
std::optional<Action> save_action(Prober& p, TurnOf t, UnitId u, Phase phase);

// The shot of `u` at `target` with `weapon` (the log's word) over `range`
// inches, `dice` D6 offered, with its roll to wound.
std::optional<Action> shot_action(Prober& p, TurnOf t, UnitId u, UnitId target,
                                  const std::string& weapon, double range, std::int64_t dice);

// `respond u stand-and-shoot`, `dice` D6 offered, with its roll to wound.
std::optional<Action> stand_and_shoot_action(Prober& p, TurnOf t, UnitId u, std::int64_t dice);

// The roll to wound of the `hits` of the attack `hit` just played.
std::optional<Action> wound_action(Prober& p, const Action& hit, std::int64_t hits);

}  // namespace umpire::wab::simulate
