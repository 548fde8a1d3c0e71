#pragma once
// Whether a unit or a piece of terrain stands on a unit's straight way: what
// may turn a move aside ("si possible"), which the engines do not weigh, so
// a direction check on such a way is reported `not checked`. Hail Caesar's
// free moves and blunders (000 § Unité d'une division démoralisée, § D6
// Fiasco de commandement) and WAB's flights and pursuits (003 § Fuite) ask
// it. A template over the engine's Context, as nearest_enemy.hpp.
#include <boost/geometry/algorithms/disjoint.hpp>
#include <cstddef>
#include <optional>

#include "engine/geometry/tabletop/bounds.hpp"
#include "engine/geometry/tabletop/terrain.hpp"
#include "engine/geometry/tabletop/units.hpp"

namespace umpire::rulesets {

// A unit on the table other than `u` and `ignored`, or a terrain piece not
// of kind `open` (or of no kind the engine knows), on the way of `start`
// moved `inches` along `dir`.
template <typename Context, typename UnitId, typename Ground>
bool straight_way_blocked(const Context& cx, UnitId u, const tabletop::Footprint& start,
                          tabletop::Point dir, double inches, Ground open,
                          std::optional<UnitId> ignored = std::nullopt) {
  return tabletop::straight_way_blocked(start, dir, inches, [&](const tabletop::Footprint& f) {
    for (std::size_t o = 0; o < cx.setup.units.size(); ++o)
      if (o != u && (!ignored || o != *ignored) && cx.state.units[o].on_table &&
          tabletop::overlap(f, cx.footprint(static_cast<UnitId>(o))))
        return true;
    for (const auto& piece : cx.setup.terrain)
      if ((!piece.terrain || *piece.terrain != open) &&
          !boost::geometry::disjoint(tabletop::bounds(f.polygon()), piece.envelope) &&
          tabletop::enters(f, piece.area))
        return true;
    return false;
  });
}

}  // namespace umpire::rulesets
