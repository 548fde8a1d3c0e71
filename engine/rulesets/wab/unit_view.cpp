// The units as `umpire report` draws them (replay::UnitView): the centre of
// the front edge and the facing as the state holds them, models standing
// as strength.
#include "engine/rulesets/common/placed_unit_view.hpp"
#include "engine/rulesets/wab/engine.hpp"

namespace umpire::wab {

void Engine::view_units(std::vector<replay::UnitView>& out) const {
  rulesets::view_placed_units(
      out, state_.units, setup_.units,
      [](replay::UnitView& v, const UnitState& s, const UnitSetup& setup) {
        v.formation = s.formation == Formation::skirmish ? "skirmish" : "close_order";
        const std::int64_t per_model = std::max<std::int32_t>(1, setup.profile.wounds);
        v.initial_strength = static_cast<std::int32_t>(setup.models);
        v.strength = static_cast<std::int32_t>(
            std::max<std::int64_t>(0, setup.models - s.wounds_taken / per_model));
        if (s.fleeing) v.marks.emplace_back("fleeing");
      });
}

}  // namespace umpire::wab
