#pragma once
// The set-up of a simulated Hail Caesar: Hundred Years War game: each side
// an army of one of the data's army lists, its units entries of the list
// at their profile's points, its generals as the bundled game writes them
// (a commander-in-chief and division generals), kept only when the
// ruleset's own muster (muster.hpp) finds no breach of the list. Draws
// favour the entries a list asks a share of (its `>=` constraints), so that
// few armies are drawn again.
#include <cstdint>
#include <optional>

#include "engine/core/dice/rng.hpp"
#include "engine/rules/model.hpp"
#include "engine/rulesets/hail_caesar/simulate/roster.hpp"

namespace umpire::hyw::simulate {

// Nullopt when no army drawn within a bound of tries passed the muster (a
// data problem: lists no army can meet).
std::optional<hail_caesar::simulate::SimulatedRoster> hyw_roster(const rules::Ruleset& data,
                                                                 dice::Rng& rng,
                                                                 std::uint64_t seed);

}  // namespace umpire::hyw::simulate
