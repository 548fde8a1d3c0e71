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

}  // namespace umpire::hyw
