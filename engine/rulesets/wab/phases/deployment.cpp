#include "engine/rulesets/wab/phases/deployment.hpp"

#include "engine/rulesets/common/tabletop_deployment.hpp"
#include "engine/rulesets/wab/checks.hpp"

namespace umpire::wab {

void deploy(const Setup& setup, State& state, DiagnosticEngine& diags) {
  rulesets::deploy_on_table(setup, state, diags, Check::setup_off_table, Check::setup_overlap);
}

}  // namespace umpire::wab
