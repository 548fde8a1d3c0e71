#include "engine/rulesets/hail_caesar/phases/deployment.hpp"

#include <fmt/format.h>

#include <cmath>

#include "engine/geometry/tabletop/terrain.hpp"
#include "engine/geometry/tabletop/tolerance.hpp"
#include "engine/rulesets/hail_caesar/checks.hpp"

namespace umpire::hail_caesar {
namespace {

// A deployment that breaks `check`: reported before any event, at the
// check's severity, citing its rule.
template <typename... Args>
DiagnosticBuilder setup_breach(DiagnosticEngine& diags, Check check, Span span,
                               fmt::format_string<Args...> format, Args&&... args) {
  const replay::CheckInfo& c = check_info(check);
  auto b = diags.report(c.severity, c.id, span, fmt::format(format, std::forward<Args>(args)...));
  b.rule(std::string(c.file), std::string(c.section));
  return b;
}

}  // namespace

void deploy(const Setup& setup, State& state, DiagnosticEngine& diags) {
  const tabletop::Table table(setup.width, setup.depth);
  std::vector<UnitId> placed;
  for (const DeploymentSetup& d : setup.deployment) {
    const UnitSetup& s = setup.units[d.unit];
    UnitState& u = state.units[d.unit];
    u.at = d.at;
    u.facing = tabletop::normalize_bearing(d.facing);
    u.formation = d.formation;
    u.on_table = true;
    try {
      const tabletop::Footprint f = u.footprint(s);
      if (const double over = table.overhang(f); over > 0) {
        setup_breach(diags, Check::setup_off_table, d.span,
                     "'{}' is deployed {} past the edge of the {}x{} table", s.id,
                     tabletop::inches(over), tabletop::inches(setup.width),
                     tabletop::inches(setup.depth))
            .note("written: its front edge's centre at {}, facing {:g}; its base {} by {}",
                  tabletop::to_string(d.at), u.facing, tabletop::inches(s.frontage),
                  tabletop::inches(s.depth));
      }
      for (UnitId other : placed) {
        const tabletop::Footprint g = state.units[other].footprint(setup.units[other]);
        // Bases whose circumscribed circles are apart cannot share an area:
        // the overlay is asked only of neighbours.
        if (tabletop::length(tabletop::operator-(f.centre(), g.centre())) >
            (std::hypot(f.frontage(), f.depth()) + std::hypot(g.frontage(), g.depth())) / 2)
          continue;
        if (!tabletop::overlap(f, g)) continue;
        setup_breach(diags, Check::setup_overlap, d.span, "'{}' is deployed on top of '{}'", s.id,
                     setup.units[other].id)
            .note("'{}' covers its base from {}, '{}' from {}: their bases share an area", s.id,
                  tabletop::to_string(d.at), setup.units[other].id,
                  tabletop::to_string(state.units[other].at));
      }
    } catch (const tabletop::GeometryError& e) {
      diags.not_checked("replay.not-checked", d.span, "the position of '{}': {}", s.id, e.what());
      continue;
    }
    placed.push_back(d.unit);
  }
}

}  // namespace umpire::hail_caesar
