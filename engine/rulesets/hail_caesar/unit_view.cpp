// The units as `umpire report` draws them (replay::UnitView): the leader's
// point and the facing as the state holds them, stamina left as strength.
#include "engine/rulesets/common/placed_unit_view.hpp"
#include "engine/rulesets/hail_caesar/engine.hpp"

namespace umpire::hail_caesar {

void Engine::view_units(std::vector<replay::UnitView>& out) const {
  rulesets::view_placed_units(out, state_.units, setup_.units,
                              [](replay::UnitView& v, const UnitState& s, const UnitSetup& setup) {
                                v.formation = std::string(name(s.formation));
                                // Stamina less casualties (§ Unité ébranlée: a unit whose
                                // casualties reach its stamina is shaken); none drawn for a unit
                                // without stamina.
                                if (setup.stats.stamina && *setup.stats.stamina > 0) {
                                  v.initial_strength = *setup.stats.stamina;
                                  v.strength = std::max(0, *setup.stats.stamina - s.casualties);
                                }
                                if (s.shaken) v.marks.emplace_back("shaken");
                                if (s.disordered) v.marks.emplace_back("disordered");
                              });
}

}  // namespace umpire::hail_caesar
