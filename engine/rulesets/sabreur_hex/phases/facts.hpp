#pragma once
// The givens every question to the rules data states about a unit, its
// enemy and its side, and a wood along a hex side as a unit's terrain:
// 002_87c3dc452f850204.txt § Les terrains dans Sabreur, § Effets du terrain.
#include "engine/rulesets/sabreur_hex/context.hpp"

namespace umpire::sabreur {

// The hex side between `u` and `e` in contact (either half of an extended
// line), no_hexside_terrain when they are not: combat.separating_hexside.
HexsideTerrain separating_side(const Context& cx, UnitId u, UnitId e);

// In a combat, a fire or a morale test of `u` confronted with `e`: a
// wood along a side of either unit's hex that separates it from the other
// is its terrain (§ Les terrains dans Sabreur), stated over fill_self's
// and fill_enemy's (facts.cpp). `hexes`: the hexes of u and e
// confronted (a fire's), else their nearer hexes.
void fill_confronted_terrain(const Context& cx, Facts& f, UnitId u, UnitId e,
                             std::optional<std::pair<Hex, Hex>> hexes = std::nullopt);

// The givens of `u` itself (`self.*`, stated when a question reads them).
void fill_self(const Context& cx, Facts& f, UnitId u);

// The givens of the enemy `e` concerned (`enemy.*`); none: the neutral ones.
void fill_enemy(const Context& cx, Facts& f, std::optional<UnitId> e);

// side.order_points_left for a unit of the side whose turn it is.
void fill_side(const Context& cx, Facts& f, UnitId u);

}  // namespace umpire::sabreur
