#pragma once
// The turn sequence as the log writes it: a new player turn, its phases
// (§ Phase 1 : Début du tour to § Phase 4 : Combat au corps à corps), and
// where a statement leaves its units.
#include <optional>

#include "engine/geometry/tabletop/point.hpp"
#include "engine/rulesets/common/written_placement.hpp"
#include "engine/rulesets/wab/context.hpp"

namespace umpire::wab {

// Before each statement: a new player turn starts, the phase is the
// statement's, and a strike not taken up by this statement is over.
void begin(Context& cx, const Action& a);

// How far the nearest enemy of `u` stood when the player turn began,
// between closest edges; nullopt when `u` or every enemy was off the table.
// An enemy General on the table is an enemy model like any (§ Marche: "un
// ennemi").
std::optional<double> nearest_enemy_at_turn_start(const Context& cx, UnitId u);

// The same, now.
std::optional<double> nearest_enemy_now(const Context& cx, UnitId u);

// The nearest an enemy of `u`, where it stands now, comes to `swept` (the
// area `u` covered on its way), when it is nearer than `below`; nullopt when
// none is (or none is on the table).
std::optional<double> nearest_enemy_on_way(const Context& cx, UnitId u,
                                           const tabletop::MultiPolygon& swept,
                                           std::optional<double> below);

// The last point a statement writes (`to`, else the path's end).
using rulesets::written_end;

// Moves unit `u` where `a` writes it, as the log states it.
void place_as_written(Context& cx, UnitId u, const Action& a);

}  // namespace umpire::wab
