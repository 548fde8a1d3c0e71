#include "engine/rulesets/wab/phases/deployment.hpp"

#include "engine/rulesets/common/tabletop_deployment.hpp"
#include "engine/rulesets/wab/checks.hpp"

namespace umpire::wab {

void deploy(const Setup& setup, State& state, DiagnosticEngine& diags) {
  rulesets::TabletopDeployment bases(diags, setup.width, setup.depth, Check::setup_off_table,
                                     Check::setup_overlap);
  for (const DeploymentSetup& d : setup.deployment) {
    const UnitSetup& s = setup.units[d.unit];
    UnitState& u = state.units[d.unit];
    u.at = d.at;
    u.facing = tabletop::normalize_bearing(d.facing);
    u.formation = d.formation;
    u.on_table = true;
    bases.place({d.span, s.id, u.at, u.facing, s.frontage, s.depth});
  }
}

}  // namespace umpire::wab
