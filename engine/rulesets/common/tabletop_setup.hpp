#pragma once
// The parts of a game's set-up that every tabletop engine (Hail Caesar's,
// WAB's) holds alike, read by common/tabletop_reading.hpp: the table and
// its dice and sides, its terrain pieces, and where deployment places a
// unit, in the engine's own formations.
#include <boost/geometry/geometries/box.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/replay/dice_source.hpp"
#include "engine/core/span.hpp"
#include "engine/geometry/tabletop/point.hpp"
#include "engine/geometry/tabletop/terrain.hpp"
#include "engine/geometry/tabletop/tolerance.hpp"

namespace umpire::rulesets {

struct TabletopSide {
  Span span;
  std::string id;
  std::string home_edge;  // north, south, east, west (`edge … home <side>`); empty: none named
};

// The head of an engine's Setup: the table a game is played on, how it
// throws its dice, and its sides.
struct TabletopTable {
  replay::DiceMode dice = replay::DiceMode::recorded;
  std::uint64_t seed = 0;
  Span table_span;
  double width = 0, depth = 0;  // inches
  // The tolerance of the log's `tolerance` line (inches), else the default.
  double tolerance = tabletop::kDefaultTolerance;
  std::vector<TabletopSide> sides;
};

// A terrain piece as the log places it, of the engine's own kinds.
template <typename Kind>
struct TerrainSetup {
  Span span;
  std::string kind, name;
  std::optional<Kind> terrain;  // none: a kind the sheet gives no rule for
  tabletop::Area area;
  // Of the area, to skip the pieces far from a move.
  boost::geometry::model::box<tabletop::Point> envelope;
};

template <typename Formation, typename UnitId = std::uint16_t>
struct PlacedDeployment {
  Span span;
  UnitId unit = 0;
  tabletop::Point at;  // the leader's point: the centre of the front edge
  double facing = 0;
  Formation formation = Formation::close_order;
};

}  // namespace umpire::rulesets
