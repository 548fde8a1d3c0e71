#pragma once
// What a way meets on its way across the table: the units it passes
// through, the unit it ends on, how far it goes across a piece of terrain.
// Every tabletop ruleset's "traverser une unité" (000_a44b407871cbdad9.txt
// § Se déplacer à travers une unité; 004 § 5-h) asks it of a move, a charge
// and an evasion alike. Defined beside the measures they build on:
// passes_through and stands_on in movement.cpp, length_inside in
// terrain.cpp.
#include "engine/geometry/tabletop/terrain.hpp"
#include "engine/geometry/tabletop/units.hpp"

namespace umpire::tabletop {

// Whether a swept way (movement.hpp) passes through `other`: it overlaps
// the unit shrunk by `slack` on every side (a tape's slack grazing a corner
// or an edge is no crossing).
bool passes_through(const MultiPolygon& swept, const Footprint& other, double slack);

// The same of a unit standing at `end`: it stands on `other` (two bases
// overlapping by more than `slack`), which no move may end with.
bool stands_on(const Footprint& end, const Footprint& other, double slack);

// The length of a line (a leader's way) inside the area: how far across a
// wall or a hedge drawn as an area the way goes.
double length_inside(const Linestring& way, const Area& a);

}  // namespace umpire::tabletop
