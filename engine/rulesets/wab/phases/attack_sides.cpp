#include "engine/rulesets/wab/phases/attack_sides.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "engine/geometry/tabletop/charge.hpp"
#include "engine/geometry/tabletop/point.hpp"
#include "engine/geometry/tabletop/zones.hpp"
#include "engine/rulesets/wab/phases/engagement.hpp"

namespace umpire::wab {

namespace {

// The side of `d` that `a` charged (phases/charge.cpp), the front when it
// did not charge `d`.
tabletop::Zone side_charged(const Context& cx, UnitId a, UnitId d) {
  const UnitState& as = cx.state.units[a];
  return as.charged_unit == static_cast<std::int32_t>(d) ? as.charged_side : tabletop::Zone::front;
}

// Whether `d` has turned since `a` charged it: it reformed to face its
// charger (§ Redresser les rangs), which it now fights front to front.
bool turned_since_charge(const Context& cx, UnitId a, UnitId d) {
  const double turned = std::abs(tabletop::normalize_signed_deg(
      cx.state.units[d].facing - cx.state.units[a].charged_target_facing));
  return turned >= 1.0;
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
      const tabletop::Zone z = side_charged(cx, a, d);
      if (z != tabletop::Zone::rear && !tabletop::is_flank(z)) continue;
      const std::int64_t models = cx.models_standing(a);
      const bool counts = models >= 5 && as.formation != Formation::skirmish;
      if (turned_since_charge(cx, a, d)) {
        // § Redresser les rangs: "L'unité réformée ne bénéficie pas de ses
        // bonus de rangs pour la durée du combat s'il a été chargé par une
        // unité ennemie d'au moins 5 figurines qui n'est pas en
        // tirailleurs"; facing its charger, it is struck in front.
        if (counts && d == deepest) {
          out.deepest_flanked = true;
          out.why.push_back(fmt::format(
              "{} reformed to face {}, which charged its {}: no ranks for the combat", cx.quoted(d),
              cx.quoted(a), z == tabletop::Zone::rear ? "rear" : "flank"));
        }
        continue;
      }
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

std::vector<tabletop::Zone> sides_engaged(const Context& cx, UnitId d) {
  std::vector<tabletop::Zone> out;
  if (!cx.state.units[d].on_table || cx.state.units[d].fleeing) return out;
  const tabletop::Footprint defender = cx.footprint(d);
  for (UnitId a : enemies_fought(cx, d)) {
    const UnitState& as = cx.state.units[a];
    if (!as.on_table || as.fleeing ||
        !tabletop::in_contact(defender, cx.footprint(a), cx.scratch.tolerance))
      continue;
    const tabletop::Zone z =
        turned_since_charge(cx, a, d) ? tabletop::Zone::front : side_charged(cx, a, d);
    if (std::find(out.begin(), out.end(), z) == out.end()) out.push_back(z);
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
