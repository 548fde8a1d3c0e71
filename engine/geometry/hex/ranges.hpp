#pragma once
// Sets of hexes around a hex or along a row, in a documented order so that
// output built from them is deterministic.
#include <vector>

#include "engine/geometry/hex/hex.hpp"

namespace umpire::hex {

// The 6·radius hexes at exactly `radius` from `centre` (just `centre` for
// radius 0, nothing for a negative radius). Starts `radius` hexes due west
// of the centre and walks clockwise around it (first leg towards ne).
std::vector<Hex> ring(Hex centre, int radius);

// Every hex within `radius` of `centre`: 1 + 3·radius·(radius+1) hexes,
// centre first, then ring 1, ring 2, ... each in ring() order.
std::vector<Hex> disc(Hex centre, int radius);

// `start` then `count` more hexes in direction d: a straight row, as a
// "marche indirecte" of several hexes follows (no change of direction,
// 002_87c3dc452f850204.txt § Manœuvres).
std::vector<Hex> row(Hex start, Direction d, int count);

}  // namespace umpire::hex
