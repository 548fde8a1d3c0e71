#include "engine/rulesets/hail_caesar/phases/proximity.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <optional>

#include "engine/geometry/tabletop/measure.hpp"
#include "engine/geometry/tabletop/tolerance.hpp"
#include "engine/geometry/tabletop/zones.hpp"

namespace umpire::hail_caesar {
namespace {

// The nearest enemy unit some part of which lies before the front of
// `start` within `reach`.
std::optional<UnitId> faced_enemy(const Context& cx, UnitId u, const tabletop::Footprint& start,
                                  double reach) {
  std::optional<UnitId> out;
  double best = reach;
  for (UnitId o = 0; o < cx.setup.units.size(); ++o) {
    if (!cx.state.units[o].on_table || cx.setup.units[o].side == cx.setup.units[u].side) continue;
    const tabletop::Footprint other = cx.footprint(o);
    const double d = tabletop::distance(start, other, tabletop::Measure::closest_edges);
    if (d > best + cx.scratch.tolerance ||
        !tabletop::in_arc(start, other, tabletop::Arc::front_half_plane))
      continue;
    best = std::min(best, d);
    out = o;
  }
  return out;
}

}  // namespace

void check_proximity(Context& cx, const Action& a, UnitId u, const Facts& f,
                     const tabletop::Footprint& start) {
  const auto reach = eval_int(f, Value::proximity_distance, cx.checker);
  if (!reach || *reach <= 0 ||
      eval_int(f, Value::proximity_holds_unit, cx.checker).value_or(0) == 0)
    return;
  const std::optional<UnitId> enemy = faced_enemy(cx, u, start, static_cast<double>(*reach));
  if (!enemy) return;
  if (a.facing && std::abs(tabletop::normalize_signed_deg(*a.facing - start.facing())) > 0.001) {
    cx.checker.not_checked(
        fmt::format("the turn of {} to face {}, within {}\" before its front (proximity)",
                    cx.quoted(u), cx.quoted(*enemy), *reach),
        a.span);
    return;
  }
  using tabletop::operator-;
  double off = 0;
  const auto across = [&](Point p) {
    const Point d = p - start.leader();
    off = std::max(off, std::abs(d.x() * start.right().x() + d.y() * start.right().y()));
  };
  for (const Point& p : a.path) across(p);
  if (a.to) across(*a.to);
  if (off <= cx.scratch.tolerance) return;
  cx.checker
      .violation(Check::move_not_allowed, a.span,
                 fmt::format("{}, facing {} within {}\", moves {} across its front", cx.quoted(u),
                             cx.quoted(*enemy), *reach, tabletop::inches(off)))
      .note(
          "a unit facing an enemy within the proximity distance only advances towards it or "
          "falls back from it, still facing it (004 § 5-g)");
}

}  // namespace umpire::hail_caesar
