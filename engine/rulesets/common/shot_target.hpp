#pragma once
// Where a shooter's target stands among the enemies it sees: in its arc of
// sight, and whether a nearer enemy is seen in that arc. What 004 § 4-b
// (a formed unit sees 180° from its front, skirmishers all round) and 6-a
// ("doit automatiquement prendre pour cible l'unité visible la plus proche
// (située dans son arc frontal), en mesurant la portée depuis le meneur")
// ask of a shot. A template over the engine's Context, like
// nearest_enemy.hpp: setup.units[i].side, state.units[i].on_table and
// footprint(u) mean the same in every tabletop engine.
#include <algorithm>
#include <cstddef>
#include <vector>

#include "engine/geometry/tabletop/measure.hpp"
#include "engine/geometry/tabletop/sight.hpp"
#include "engine/geometry/tabletop/zones.hpp"

namespace umpire::rulesets {

struct ShotTarget {
  bool in_arc = true;   // some part of the target lies in the shooter's arc
  bool nearest = true;  // no other enemy seen in the arc is nearer, beyond `tolerance`
  // Some line from the shooter's leader reaches the target through no other
  // unit (004 § 6-a: "Il est interdit de tirer par-dessus une unité").
  bool seen = true;
  // From the leader to the nearest enemy seen in the arc (the target, when
  // none is nearer), in inches.
  double nearest_distance = 0;
};

// Distances from the shooter's leader to the nearest point of each unit;
// sight from the leader, blocked by every other unit on the table (the
// terrain that hides is not read). An enemy for which `ignored(e)` holds
// is passed over (004 § 6-a: "On peut ignorer les unités en tirailleurs").
template <typename Context, typename UnitId, typename Ignored>
ShotTarget judge_shot_target(const Context& cx, UnitId u, UnitId t, tabletop::Arc arc,
                             double tolerance, Ignored ignored) {
  const tabletop::Footprint mine = cx.footprint(u);
  // Every unit on the table but the shooter and `but` blocks the sight.
  const auto blockers_but = [&](std::size_t but) {
    std::vector<tabletop::Polygon> blockers;
    for (std::size_t j = 0; j < cx.setup.units.size(); ++j)
      if (j != but && j != static_cast<std::size_t>(u) && cx.state.units[j].on_table)
        blockers.push_back(cx.footprint(static_cast<UnitId>(j)).polygon());
    return blockers;
  };
  tabletop::SightQuery q;
  q.from = tabletop::SightFrom::leader;
  q.arc = arc;
  q.visible_only = true;
  ShotTarget out;
  out.in_arc = tabletop::in_arc(mine, cx.footprint(t), arc);
  const double to_target =
      tabletop::distance(cx.footprint(t), mine.leader(), tabletop::Measure::closest_edges);
  out.nearest_distance = to_target;
  out.seen = !out.in_arc || tabletop::line_of_sight(mine, cx.footprint(t),
                                                    blockers_but(static_cast<std::size_t>(t)), q)
                                .visible;
  for (std::size_t i = 0; i < cx.setup.units.size(); ++i) {
    const auto e = static_cast<UnitId>(i);
    if (e == t || cx.setup.units[i].side == cx.setup.units[u].side || !cx.state.units[i].on_table ||
        ignored(e))
      continue;
    const tabletop::Footprint other = cx.footprint(e);
    const double to_other =
        tabletop::distance(other, mine.leader(), tabletop::Measure::closest_edges);
    const bool nearer = to_other < to_target - tolerance;
    if (!nearer && to_other >= out.nearest_distance) continue;
    if (!tabletop::line_of_sight(mine, other, blockers_but(i), q).visible) continue;
    if (nearer) out.nearest = false;
    out.nearest_distance = std::min(out.nearest_distance, to_other);
  }
  return out;
}

}  // namespace umpire::rulesets
