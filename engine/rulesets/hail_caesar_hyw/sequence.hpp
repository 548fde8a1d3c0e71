#pragma once
// The order of the movement phase of 004_b7c666874e8df030.txt § 5, which
// the base sheet does not set: moves by initiative first, then the orders,
// one division at a time, each general moving once his orders are over
// (5-b), a unit ordered by its own division's general (5-e), a charge
// order naming its target (5-d). Read from the statements of the turn
// written before the one applied, as the HYW engine (engine.hpp) checks
// each statement before the Hail Caesar engine applies it.
#include <cstddef>

#include "engine/core/replay/checker.hpp"
#include "engine/rulesets/hail_caesar/engine.hpp"

namespace umpire::hyw {

void check_sequence(const hail_caesar::Engine& game, std::size_t now,
                    replay::EventChecker& checker);

// After the Hail Caesar engine applied statement `now`: a move or charge it
// read as by initiative (an unordered unit of a division not broken, the
// move written without `by initiative`) once an order of the phase was
// given is hyw.move.sequence (5: "Mouvement par initiative - Mouvement par
// ordre"). A move written `by initiative` is judged before (check_sequence).
void check_initiative_read(const hail_caesar::Engine& game, std::size_t now,
                           replay::EventChecker& checker);

}  // namespace umpire::hyw
