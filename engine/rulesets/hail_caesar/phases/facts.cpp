#include "engine/rulesets/hail_caesar/phases/facts.hpp"

#include <algorithm>
#include <boost/geometry/algorithms/disjoint.hpp>
#include <cmath>
#include <limits>

#include "engine/geometry/tabletop/bounds.hpp"
#include "engine/geometry/tabletop/measure.hpp"
#include "engine/geometry/tabletop/terrain.hpp"
#include "engine/rulesets/common/nearest_enemy.hpp"

namespace umpire::hail_caesar {
Terrain terrain_under(const Context& cx, UnitId u) {
  if (cx.setup.terrain.empty()) return Terrain::open_ground;
  auto& cache = cx.scratch.standing;
  if (cache.size() != cx.setup.units.size()) cache.assign(cx.setup.units.size(), {});
  Scratch::Standing& known = cache[u];
  const UnitState& st = cx.state.units[u];
  if (known.facing == st.facing && known.at.x() == st.at.x() && known.at.y() == st.at.y())
    return known.terrain;
  const tabletop::Footprint base = cx.footprint(u);
  const tabletop::Box box = tabletop::bounds(base.polygon());
  Terrain found = Terrain::open_ground;
  for (const TerrainSetup& t : cx.setup.terrain) {
    if (!t.terrain || boost::geometry::disjoint(box, t.envelope)) continue;
    if (tabletop::fraction_inside(base, t.area) > 0.5) {
      found = *t.terrain;
      break;
    }
  }
  known = {st.at, st.facing, found};
  return found;
}

void fill_unit(const Context& cx, Facts& f, UnitId u) {
  const UnitSetup& s = cx.setup.units[u];
  const UnitState& st = cx.state.units[u];
  f.set(Given::unit_type, cx.rules.type(s.type));
  f.set(Given::unit_formation, cx.rules.formation(st.formation));
  f.set(Given::unit_terrain, cx.rules.terrain(terrain_under(cx, u)));
  f.boolean(Given::unit_disordered, st.disordered);
  f.boolean(Given::unit_engaged, st.engaged_with >= 0);
  f.boolean(Given::unit_made_initiative_move, st.initiative);
  f.boolean(Given::unit_supporting, false);
  if (const VariantFacts* variant = cx.rules.variant()) variant->fill_unit(cx, f, u);
}

bool in_support(const Context& cx, UnitId u) {
  const UnitState& st = cx.state.units[u];
  if (st.supporting < 0 || st.engaged_with >= 0) return false;
  const UnitState& supported = cx.state.units[static_cast<std::size_t>(st.supporting)];
  return supported.on_table && supported.engaged_with >= 0;
}

std::optional<double> nearest_enemy_distance(const Context& cx, UnitId u) {
  return rulesets::nearest_enemy_distance(cx, u);
}

std::optional<double> initiative_enemy_distance(const Context& cx, Facts& f, UnitId u) {
  const auto& start = cx.scratch.enemy_at_turn_start;
  const std::optional<double> d = u < start.size() ? start[u] : nearest_enemy_distance(cx, u);
  f.integer(Given::enemy_distance, d ? whole_inches_up(*d) : 1000);
  f.integer(Given::enemy_distance_down, d ? whole_inches(*d) : 1000);
  return d;
}

void note_enemies_at_turn_start(Context& cx) {
  auto& start = cx.scratch.enemy_at_turn_start;
  start.clear();
  const VariantFacts* variant = cx.rules.variant();
  if (!variant || !variant->initiative_at_turn_start()) return;
  for (std::size_t i = 0; i < cx.setup.units.size(); ++i)
    start.push_back(nearest_enemy_distance(cx, static_cast<UnitId>(i)));
}

std::optional<double> commander_distance(const Context& cx, GeneralId g, UnitId u) {
  const GeneralState& gs = cx.state.generals[g];
  if (!gs.on_table) return std::nullopt;
  const double d = tabletop::distance(cx.footprint(u), gs.at, tabletop::Measure::closest_edges);
  // A variant may measure from the edge of the general's base.
  const VariantFacts* variant = cx.rules.variant();
  return std::max(0.0, d - (variant ? variant->order_base_radius(cx) : 0.0));
}

std::int32_t commander_leadership(const Context& cx, GeneralId g) {
  const std::int32_t replaced = cx.state.generals[g].replaced_leadership;
  return replaced != 0 ? replaced : cx.setup.generals[g].leadership;
}

std::int64_t whole_inches(double d) {
  if (!(d < 1e9)) return std::numeric_limits<std::int32_t>::max();
  // A thousandth of an inch is below any tape: 11.9996" is 12".
  return static_cast<std::int64_t>(std::floor(std::max(0.0, d) + 0.001));
}

std::int64_t whole_inches_up(double d) {
  if (!(d < 1e9)) return std::numeric_limits<std::int32_t>::max();
  // A thousandth of an inch is below any tape: 12.0004" is 12".
  return static_cast<std::int64_t>(std::ceil(std::max(0.0, d) - 0.001));
}

}  // namespace umpire::hail_caesar
