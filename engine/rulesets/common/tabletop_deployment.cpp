#include "engine/rulesets/common/tabletop_deployment.hpp"

#include <fmt/format.h>

#include <cmath>
#include <string>

#include "engine/geometry/tabletop/terrain.hpp"
#include "engine/geometry/tabletop/tolerance.hpp"

namespace umpire::rulesets {
namespace {

tabletop::Footprint footprint_of(const DeployedBase& b) {
  return {b.at, b.facing, b.frontage, b.depth};
}

template <typename... Args>
DiagnosticBuilder breach(DiagnosticEngine& diags, replay::CheckId check, Span span,
                         fmt::format_string<Args...> format, Args&&... args) {
  const replay::CheckInfo& c = check.info();
  auto b = diags.report(c.severity, c.id, span, fmt::format(format, std::forward<Args>(args)...));
  b.rule(std::string(c.file), std::string(c.section));
  return b;
}

}  // namespace

bool TabletopDeployment::place(const DeployedBase& base) {
  const tabletop::Table table(width_, depth_);
  try {
    const tabletop::Footprint f = footprint_of(base);
    if (const double over = table.overhang(f); over > 0) {
      breach(diags_, off_table_, base.span, "'{}' is deployed {} past the edge of the {}x{} table",
             base.id, tabletop::inches(over), tabletop::inches(width_), tabletop::inches(depth_))
          .note("written: its front edge's centre at {}, facing {:g}; its base {} by {}",
                tabletop::to_string(base.at), base.facing, tabletop::inches(base.frontage),
                tabletop::inches(base.depth));
    }
    for (const DeployedBase& other : placed_) {
      const tabletop::Footprint g = footprint_of(other);
      // Bases whose circumscribed circles are apart cannot share an area:
      // the overlay is asked only of neighbours.
      if (tabletop::length(tabletop::operator-(f.centre(), g.centre())) >
          (std::hypot(f.frontage(), f.depth()) + std::hypot(g.frontage(), g.depth())) / 2)
        continue;
      if (!tabletop::overlap(f, g)) continue;
      breach(diags_, overlap_, base.span, "'{}' is deployed on top of '{}'", base.id, other.id)
          .note("'{}' covers its base from {}, '{}' from {}: their bases share an area", base.id,
                tabletop::to_string(base.at), other.id, tabletop::to_string(other.at));
    }
  } catch (const tabletop::GeometryError& e) {
    diags_.not_checked("replay.not-checked", base.span, "the position of '{}': {}", base.id,
                       e.what());
    return false;
  }
  placed_.push_back(base);
  return true;
}

}  // namespace umpire::rulesets
