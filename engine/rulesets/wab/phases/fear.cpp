#include "engine/rulesets/wab/phases/fear.hpp"

#include "engine/geometry/tabletop/measure.hpp"
#include "engine/rulesets/wab/phases/facts.hpp"

namespace umpire::wab {
namespace {

// Whether the data requires the test of `u` against `enemy` in `context`
// (the data's psychology_context).
std::optional<bool> required(Context& cx, UnitId u, UnitId enemy, std::string_view context,
                             bool terror) {
  Facts f(cx.rules);
  fill_unit(cx, f, u);
  fill_enemy(cx, f, enemy);
  f.word(Given::psych_context, context);
  f.integer(Given::enemy_distance,
            whole_inches_up(tabletop::distance(cx.footprint(u), cx.footprint(enemy),
                                               tabletop::Measure::closest_edges)));
  // A charge declared against the unit is taken as within reach.
  f.boolean(Given::self_enemy_in_charge_range, context == "charged_by_the_cause");
  const auto v =
      eval_int(f, terror ? Value::terror_test_required : Value::fear_test_required, cx.checker);
  if (!v) return std::nullopt;
  return *v != 0;
}

}  // namespace

std::optional<bool> fear_due(Context& cx, UnitId u, bool terror) {
  if (cx.state.phase == Phase::start) {
    for (std::size_t e = 0; e < cx.setup.units.size(); ++e) {
      if (cx.setup.units[e].side == cx.setup.units[u].side || !cx.state.units[e].on_table) continue;
      const auto due =
          required(cx, u, static_cast<UnitId>(e), "cause_nearby_at_turn_start", terror);
      if (!due || *due) return due;
    }
    return false;
  }
  if (cx.state.phase != Phase::movement) return std::nullopt;
  for (const PendingCharge& c : cx.scratch.charges) {
    std::optional<bool> due = false;
    if (c.charger == u) due = required(cx, u, c.target, "charging_the_cause", terror);
    if (c.target == u) due = required(cx, u, c.charger, "charged_by_the_cause", terror);
    if (!due || *due) return due;
  }
  return false;
}

}  // namespace umpire::wab
