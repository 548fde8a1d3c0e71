#pragma once
// Broken divisions: 000_a44b407871cbdad9.txt § Unité d'une division
// démoralisée. A division is broken when more than half its units are off
// the table, destroyed or shaken (the data's division_broken); its units do
// not charge (broken_division_no_charge), checked at each `charge`
// (phases/charge.cpp), and may countercharge. A unit that fails its order
// owes its free move towards the nearest table edge ("devront faire un
// mouvement gratuit"): a movement phase that ends without it is
// hc.division.free-move. The free move of a unit that receives no order or
// is disordered (broken_division_must_leave) is not judged yet: a unit that
// made none is reported not checked when the movement phase ends.
#include "engine/rulesets/hail_caesar/context.hpp"

namespace umpire::hail_caesar {

// Whether `u`'s division is broken now.
bool in_broken_division(Context& cx, UnitId u);

// A charge by `u`, a unit of a broken division: reported under
// hc.division.no-charge at `a`; true when so.
bool refuse_charge_of_broken_division(Context& cx, const Action& a, UnitId u);

// `rally u …`: "Ne peut être ralliée (quand elle est ébranlée)" of a unit
// of a broken division (the data's rally permissions, hc.division.no-rally);
// the rally itself the sheet never describes (gap rally_undefined), and it
// is followed as written.
void rally(Context& cx, const Action& a);

// The order `a` that `u`, of a broken division, failed: it owes its free
// move this movement phase.
void owe_free_move(Context& cx, const Action& a, UnitId u);
// A move of `u` this movement phase: its free move, made.
void free_move_made(Context& cx, UnitId u);
// The end of a movement phase (the next statement is of another phase or
// turn, or the log ends): each free move still owed is reported at the
// order that owed it.
void settle_free_moves(Context& cx);
// The end of a movement phase: each unit of the side playing, of a broken
// division, on the table and not engaged, that received no order and did
// not move is reported not checked at `at`: whether it owed its free move
// is not judged yet (the simulator never leaves such a unit standing).
void note_unordered_in_broken_division(Context& cx, Span at);
// The same for player turn `turn` of `side`, which the log writes with no
// statement: none of its units received an order or moved.
void note_unordered_in_empty_turn(Context& cx, Span at, std::uint32_t turn, std::uint8_t side);

}  // namespace umpire::hail_caesar
