#pragma once
// The statements a side may write in a Hail Caesar game, from the engine's
// state, each kept only when the engine's own checks accept it (Prober):
// the rules live in the engine and the rules data, never here. Where a
// statement has a measure (how far a move goes), the longest the engine
// accepts is found by bisection, then kept short of the tolerance the
// engine allows, so that no move leans on it.
//
// Generated: orders of one unit by its division's commander (the 2D6 the
// engine throws), moves of an ordered unit towards its nearest enemy and of
// a commander towards his division, shots at each enemy the weapon reaches
// (the engine measures the range), the target's save, and the removal of a
// unit its casualties break.
// Charges and combat are combat_actions.hpp's. Not generated yet: moves by
// initiative; changes of formation; break tests after shooting (the engine
// does not judge when one is due).
#include <optional>
#include <string>
#include <vector>

#include "engine/rulesets/hail_caesar/simulate/prober.hpp"

namespace umpire::hail_caesar::simulate {

struct TurnOf {
  std::uint32_t turn = 1;
  std::uint8_t side = 0;
};

// A statement of `verb` by the side to act, in `phase`.
Action make_action(ActionKind kind, std::string_view verb, TurnOf t, Phase phase);

// A position as a log writes it, a tenth of an inch: the statement applied
// is the one its text reads back as.
Point on_grid(Point p);

// `order u by g`, when the engine accepts it.
std::optional<Action> order_action(Prober& p, TurnOf t, UnitId u, GeneralId g);

// The longest move of `u` towards `goal`, in a straight line keeping its
// facing, that the engine accepts and that ends wholly on the table and at
// least an inch from every other unit; nullopt when none of an inch or
// more does.
std::optional<Action> advance_action(Prober& p, TurnOf t, UnitId u, Point goal);

// The longest move of commander `g` towards `goal` the engine accepts.
std::optional<Action> general_action(Prober& p, TurnOf t, GeneralId g, Point goal);

// The shots of `u` with `weapon` at each enemy on the table the engine
// lets it shoot, nearest first, the range written as measured.
std::vector<Action> shoot_actions(Prober& p, TurnOf t, UnitId u, const std::string& weapon);

// The save of `u` against the hits just inflicted on it.
Action save_action(TurnOf t, UnitId u, Phase phase);

// The removal of each unit the engine owes one (its casualties broke it).
std::vector<Action> removal_actions(Prober& p, TurnOf t, Phase phase);

}  // namespace umpire::hail_caesar::simulate
