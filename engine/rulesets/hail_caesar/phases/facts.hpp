#pragma once
// The facts of the table the rules data reads (corpus/rulesets/
// hail-caesar.rules, `unit.*` givens), stated for one unit, and the
// measures they come from, made with the tabletop geometry
// (engine/geometry/tabletop/, docs/tabletop-geometry.md).
#include <optional>

#include "engine/rulesets/hail_caesar/context.hpp"

namespace umpire::hail_caesar {

// unit.type, unit.formation, unit.terrain (open ground: the terrain of a
// move is stated by the move), unit.disordered, unit.engaged,
// unit.supporting (supports are not tracked yet: false); then the givens of
// the variant whose data is bound (RulesBinding::variant).
// The terrain a unit stands in: the piece holding more than half of its
// base; open ground elsewhere and in a piece the sheet gives no rule for.
Terrain terrain_under(const Context& cx, UnitId u);

void fill_unit(const Context& cx, Facts& f, UnitId u);

// Whether `u` supports a combat still going on: the unit it supported in
// its last round of support (UnitState::supporting) is still engaged, and
// `u` is not engaged itself.
bool in_support(const Context& cx, UnitId u);

// From `u`'s base to the nearest base of an enemy on the table, closest
// edges (§ I - PHASE DE MOUVEMENT: "si ennemi à 12\" ou moins"); nullopt
// when no enemy is on the table.
std::optional<double> nearest_enemy_distance(const Context& cx, UnitId u);

// The nearest enemy a move by initiative is judged on: now, or where the
// units stood when the turn began for a variant whose text says so
// (VariantFacts::initiative_at_turn_start); stated in `f` as
// enemy_distance (inches begun) and enemy_distance_down (whole inches).
std::optional<double> initiative_enemy_distance(const Context& cx, Facts& f, UnitId u);

// Each unit's nearest enemy as the turn begins, kept for the above when
// the variant asks for it (phases/turn.cpp calls it as a turn starts).
void note_enemies_at_turn_start(Context& cx);

// From commander `g` to the nearest point of `u`'s base (§ Test d'ordre: "de
// distance entre lui et l'unité"): from his position, or from the edge of
// his base when the variant measures from it.
std::optional<double> commander_distance(const Context& cx, GeneralId g, UnitId u);

// The leadership commander `g`'s orders are tested on: his own, or the one
// a variant gave whoever replaced him (GeneralState::replaced_leadership).
std::int32_t commander_leadership(const Context& cx, GeneralId g);

// A distance as the data's integer givens take it: whole inches, down (a
// commander 23.9" away is within one complete 12").
std::int64_t whole_inches(double d);
// The same, up (an enemy 12.1" away is more than 12" away).
std::int64_t whole_inches_up(double d);

}  // namespace umpire::hail_caesar
