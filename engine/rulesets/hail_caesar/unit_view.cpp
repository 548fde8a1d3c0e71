// The units as `umpire report` draws them (replay::UnitView): the leader's
// point and the facing as the state holds them, stamina left as strength.
#include "engine/rulesets/common/placed_unit_view.hpp"
#include "engine/rulesets/hail_caesar/engine.hpp"

namespace umpire::hail_caesar {

void Engine::view_units(std::vector<replay::UnitView>& out) const {
  out.reserve(out.size() + state_.units.size());
  for (std::size_t u = 0; u < state_.units.size(); ++u) {
    const UnitState& s = state_.units[u];
    const UnitSetup& setup = setup_.units[u];
    replay::UnitView v = rulesets::placed_unit_view(u, s);
    v.formation = std::string(name(s.formation));
    // Stamina less casualties (§ Unité ébranlée: a unit whose casualties
    // reach its stamina is shaken); none drawn for a unit without stamina.
    if (setup.stats.stamina && *setup.stats.stamina > 0) {
      v.initial_strength = *setup.stats.stamina;
      v.strength = std::max(0, *setup.stats.stamina - s.casualties);
    }
    if (s.shaken) v.marks.emplace_back("shaken");
    if (s.disordered) v.marks.emplace_back("disordered");
    if (s.engaged_with >= 0) v.marks.emplace_back("engaged");
    out.push_back(std::move(v));
  }
}

}  // namespace umpire::hail_caesar
