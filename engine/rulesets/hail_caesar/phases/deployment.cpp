#include "engine/rulesets/hail_caesar/phases/deployment.hpp"

#include "engine/rulesets/common/tabletop_deployment.hpp"
#include "engine/rulesets/hail_caesar/checks.hpp"

namespace umpire::hail_caesar {

void deploy(const Setup& setup, State& state, DiagnosticEngine& diags) {
  rulesets::deploy_on_table(setup, state, diags, Check::setup_off_table, Check::setup_overlap);
}

}  // namespace umpire::hail_caesar
