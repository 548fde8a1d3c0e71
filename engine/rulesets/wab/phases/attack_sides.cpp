#include "engine/rulesets/wab/phases/attack_sides.hpp"

#include <fmt/format.h>

#include <cmath>

#include "engine/geometry/tabletop/charge.hpp"
#include "engine/geometry/tabletop/point.hpp"
#include "engine/geometry/tabletop/zones.hpp"

namespace umpire::wab {

namespace {

// The side of `d` that `a` strikes: the side it charged from (phases/
// charge.cpp) while `d` still faces as it did then; the front otherwise
// (a unit that did not charge `d` fights it front to front, and a unit
// that turned to face its charger faces it).
tabletop::Zone side_struck(const Context& cx, UnitId a, UnitId d) {
  const UnitState& as = cx.state.units[a];
  if (as.charged_unit != static_cast<std::int32_t>(d)) return tabletop::Zone::front;
  const double turned =
      std::abs(tabletop::normalize_signed_deg(cx.state.units[d].facing - as.charged_target_facing));
  return turned < 1.0 ? as.charged_side : tabletop::Zone::front;
}

}  // namespace

Attacks attacks_on(const Context& cx, std::span<const UnitId> attackers,
                   std::span<const UnitId> defenders, UnitId deepest) {
  Attacks out;
  for (UnitId d : defenders) {
    const UnitState& ds = cx.state.units[d];
    if (!ds.on_table) continue;
    const tabletop::Footprint defender = cx.footprint(d);
    bool left = false, right = false;
    for (UnitId a : attackers) {
      const UnitState& as = cx.state.units[a];
      if (!as.on_table || as.fleeing) continue;
      const tabletop::Footprint attacker = cx.footprint(a);
      if (!tabletop::in_contact(defender, attacker, cx.scratch.tolerance)) continue;
      const tabletop::Zone z = side_struck(cx, a, d);
      if (z != tabletop::Zone::rear && !tabletop::is_flank(z)) continue;
      const std::int64_t models = cx.models_standing(a);
      const bool counts = models >= 5 && as.formation != Formation::skirmish;
      out.why.push_back(fmt::format("{} touches the {} of {} ({} model{}{})", cx.quoted(a),
                                    z == tabletop::Zone::rear ? "rear" : "flank", cx.quoted(d),
                                    models, models == 1 ? "" : "s",
                                    as.formation == Formation::skirmish ? ", skirmishing" : ""));
      if (z == tabletop::Zone::rear) {
        out.rear = true;
        out.rear_by_5_plus = out.rear_by_5_plus || counts;
      } else if (counts) {
        out.flank = true;
        (z == tabletop::Zone::left_flank ? left : right) = true;
      }
      if (counts && d == deepest) out.deepest_flanked = true;
    }
    out.second_flank = out.second_flank || (left && right);
  }
  return out;
}

void fill_attacks(Facts& attacker_side, Facts& defender_side, const Attacks& a) {
  attacker_side.boolean(Given::side_flank_attack, a.flank);
  attacker_side.boolean(Given::side_second_flank_attack, a.second_flank);
  attacker_side.boolean(Given::side_rear_attack, a.rear);
  attacker_side.boolean(Given::side_rear_attack_by_5_plus, a.rear_by_5_plus);
  defender_side.boolean(Given::side_charged_in_flank_or_rear_by_5_plus, a.deepest_flanked);
}

}  // namespace umpire::wab
