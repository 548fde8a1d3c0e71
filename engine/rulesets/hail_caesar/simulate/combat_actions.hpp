#pragma once
// The statements of a charge and of hand-to-hand combat in a Hail Caesar
// game, each kept only when the engine's own checks accept it (Prober).
// Where the log states an outcome the engine computes but does not trace
// (a round's winner, a break test's result, a blunder's), every value the
// data allows is proposed and the one the engine accepts is written: the
// dice are the engine's, drawn again alike for each proposal (the state,
// dice included, is restored after each).
#include <optional>
#include <vector>

#include "engine/rulesets/hail_caesar/simulate/legal_actions.hpp"

namespace umpire::hail_caesar::simulate {

// `charge u t on front to P`: `u`, facing `t`'s front, ends with its front
// edge on `t`'s (P, the target's leader), when the engine accepts it and no
// other unit stands where it ends.
std::optional<Action> charge_action(Prober& p, TurnOf t, UnitId u, UnitId target);

// `respond t hold`, when the engine accepts it.
std::optional<Action> hold_action(Prober& p, TurnOf t, UnitId target);

// `respond t closing-shots`, when the engine accepts it (a long-range
// shooter, within its weapon's reach of where the charger set out from).
std::optional<Action> closing_shots_action(Prober& p, TurnOf t, UnitId target);

// `combat a vs b round N` in the combat phase.
Action combat_action(TurnOf t, UnitId a, UnitId b, std::int64_t round);

// `attack u e` of the round open.
Action attack_action(TurnOf t, UnitId u, UnitId enemy);

// The round's `result`: a draw or a winner and margin, the one the engine
// accepts; nullopt when it accepts none.
std::optional<Action> result_action(Prober& p, TurnOf t, UnitId a, UnitId b);

// `test u break [mod -D]` with the chart's result the engine accepts
// (`results`, the data's break_result words); nullopt when none.
std::optional<Action> break_test_action(Prober& p, TurnOf t, UnitId u, std::int64_t difference,
                                        const std::vector<std::string>& results,
                                        Phase phase = Phase::combat);

// The statements that carry out what `u` owes after its test (the
// engine's DueOutcome): its removal, its move back straight away from its
// facing (`move u give-ground to P`; removed when P is off the table), or
// its disorder.
std::vector<Action> outcome_actions(Prober& p, TurnOf t, UnitId u, Phase phase = Phase::combat);

// The result words a log writes for the data's `domain` values
// (`give-ground`).
std::vector<std::string> domain_words(const RulesBinding& rules, Domain domain);

}  // namespace umpire::hail_caesar::simulate
