#pragma once
// The checks every tabletop ruleset makes of its deployment before the
// first event: each unit's base wholly on the table, and no two bases on
// top of each other, reported with the written and computed values under
// the ruleset's own checks (each cites its own rule text).
#include <string_view>
#include <vector>

#include "engine/core/diagnostic.hpp"
#include "engine/core/replay/check_table.hpp"
#include "engine/geometry/tabletop/point.hpp"
#include "engine/geometry/tabletop/units.hpp"

namespace umpire::rulesets {

// A unit's base as a deploy line sets it: its leader (the centre of its
// front edge), facing, frontage and depth in inches.
struct DeployedBase {
  Span span;  // the deploy line
  std::string_view id;
  tabletop::Point at;
  double facing = 0;
  double frontage = 0, depth = 0;
};

class TabletopDeployment {
 public:
  TabletopDeployment(DiagnosticEngine& diags, double width, double depth, replay::CheckId off_table,
                     replay::CheckId overlap)
      : diags_(diags), width_(width), depth_(depth), off_table_(off_table), overlap_(overlap) {}

  // Checks `base` against the table and the bases placed before it; false
  // (reported `not checked`) when its geometry cannot be measured, and the
  // base is then not placed.
  bool place(const DeployedBase& base);

 private:
  DiagnosticEngine& diags_;
  double width_, depth_;
  replay::CheckId off_table_, overlap_;
  std::vector<DeployedBase> placed_;
};

// Every deploy line of an engine's Setup applied to its State: the unit
// on the table where, facing where and in the formation written, its base
// checked. The same for every tabletop engine whose units keep a leader's
// point, a facing and a formation (Hail Caesar's, WAB's).
template <typename Setup, typename State>
void deploy_on_table(const Setup& setup, State& state, DiagnosticEngine& diags,
                     replay::CheckId off_table, replay::CheckId overlap) {
  TabletopDeployment bases(diags, setup.width, setup.depth, off_table, overlap);
  for (const auto& d : setup.deployment) {
    const auto& s = setup.units[d.unit];
    auto& u = state.units[d.unit];
    u.at = d.at;
    u.facing = tabletop::normalize_bearing(d.facing);
    u.formation = d.formation;
    u.on_table = true;
    bases.place({d.span, s.id, u.at, u.facing, s.frontage, s.depth});
  }
}

}  // namespace umpire::rulesets
