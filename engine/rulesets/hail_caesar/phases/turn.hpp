#pragma once
// A statement's beginning: a new player turn starts afresh (the orders,
// moves and commanders' failures of the last one are spent), and the phase
// is the one the statement is written in (000_a44b407871cbdad9.txt
// § SÉQUENCE DE JEU).
#include <optional>

#include "engine/rulesets/common/written_placement.hpp"
#include "engine/rulesets/hail_caesar/context.hpp"

namespace umpire::hail_caesar {

void begin(Context& cx, const Action& a);

// § IV - RÉORGANISATION: whether the disordered `u` recovers at the end of
// its side's turn; nullopt when the data asks what the log does not record.
std::optional<bool> recovers_at_end(Context& cx, UnitId u);

// At the end of the log: nothing the engine checks is owed yet.
void settle_at_end(Context& cx);

// Where a move statement ends: its `to`, else the last point of its path.
using rulesets::written_end;

// `u` placed where `a` writes it (its end, its facing, its formation), and
// out of any combat it was in: what a statement the engine does not check
// leaves on the table.
void place_as_written(Context& cx, UnitId u, const Action& a);

}  // namespace umpire::hail_caesar
