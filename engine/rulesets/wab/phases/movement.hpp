#pragma once
// Moves of the movement phase: 003_54822f0a7c7b7ce7.txt § 2.5 Autres
// mouvements, § Manœuvres, § Marche, § Figurine individuelle, § Colonne
// par un.
//
// `move <unit> [march|wheel|march-wheel] to … [path …] [facing F]` in the
// movement phase: the way written is measured on the table from the unit's
// leader (common/written_way.hpp), after the manoeuvre its change of facing
// makes: a wheel (`wheel` or `march-wheel` written, or any change that is
// not a quarter or half turn) measured at its outer model, or a turn in
// place ("Demi-tour", 90° or 180°). The way is within the data's movement_allowance (M, twice when
// marching, M*3 for a single model) less its manoeuvre_cost (a quarter of
// the move a turn; nothing for a single model, a column by one or drilled
// troops turning at the start of the move), within
// the log's tolerance (wab.move.distance). A march asks the data's `march`
// permissions with the nearest enemy at the start of the turn and the
// nearest it comes on its way (the area it sweeps); a turn asks `turn` (no turn when marching or
// charging). A unit that charged this turn moves as part of its charge (phases/charge.hpp). Moves
// outside the movement phase, of generals, and `reform` are applied as written
// (phases/following.hpp).
#include <optional>

#include "engine/geometry/tabletop/movement.hpp"
#include "engine/rulesets/wab/context.hpp"
#include "engine/rulesets/wab/phases/terrain_cost.hpp"

namespace umpire::wab {

void move(Context& cx, const Action& a);

// The way of unit `u` as statement `a` writes it: its manoeuvre (a charge
// reads any change of facing as its one wheel), then straight legs.
struct Way {
  double distance = 0;  // inches, the wheel's outer arc included
  int turns = 0, wheels = 0;
  bool oblique = false;      // a leg that is not straight ahead
  bool free_facing = false;  // skirmishers: the change of facing is not measured
  GroundCovered ground;      // the difficult ground and obstacles of its legs
  // Every point the unit covers on its way, its start included: how near
  // an enemy a march comes (§ Marche: "Si elle arrive à cette distance
  // elle doit s'arrêter immédiatement").
  tabletop::MultiPolygon swept;
};
Way read_way(const Context& cx, UnitId u, const Action& a, bool charging);

// The facts of a unit that moves (`self`, `move.*` without ground).
void fill_mover(const Context& cx, Facts& f, UnitId u, const Way& way, bool marching);

// Inches of open ground in a quarter-inch amount of the data: its
// ground_cost of one open inch (docs: "costs in quarter inches").
std::optional<double> inches_of(Context& cx, std::int64_t cost);
// The data's ground_cost of so many inches of each ground (0 when the
// data cannot say).
std::int64_t ground_cost(Context& cx, std::int64_t open, std::int64_t difficult,
                         std::int64_t very_difficult);

// The nearest enemy within the tolerance, as the data's whole inches.
std::int64_t enemy_inches(const Context& cx, std::optional<double> d);

// Placed where the statement writes it, moved (and marched) this turn.
void place_moved(Context& cx, UnitId u, const Action& a, bool marching);

}  // namespace umpire::wab
