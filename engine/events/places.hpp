#pragma once
// Where and who, as events and the set-up name them: hexes, tabletop points,
// locations and facings as written, and references to units, generals and
// divisions (indices into the battle's rosters).
#include <cstdint>
#include <string_view>

#include "engine/core/span.hpp"

namespace umpire::events {

// Hexes are column,row on a grid of pointy-topped hexes, even rows shifted
// half a hex east, both counted from 1 at the south-west corner
// (engine/geometry/hex/offset.hpp converts them to axial coordinates).
struct Hex {
  std::int32_t col = 0;
  std::int32_t row = 0;
  friend constexpr bool operator==(Hex, Hex) = default;
};
// Tabletop points in inches from the south-west corner, x east, y north.
struct Point {
  double x = 0;
  double y = 0;
};

// The table edge a unit left by (`to off-table north`); none when not written.
enum class Edge : std::uint8_t { none, north, south, east, west };
std::string_view to_string(Edge edge);

// Where a unit is or goes: a hex of the map (`is_hex`), a tabletop point, or
// off the battlefield (`to off-table [edge]`: a flight, retreat or pursuit
// that leaves the map or table; `hex` and `point` are then unset).
struct Location {
  Span span;
  bool is_hex = false;
  bool is_off_table = false;
  Edge edge = Edge::none;  // when off the table and the edge was written
  Hex hex;
  Point point;
  bool off_table() const { return is_off_table; }
};

// Hex facings point at one of the six vertices of a pointy-topped hex
// (002 § Orientation des unités): n, ne, se, s, sw, nw. Tabletop facings are
// degrees clockwise from north, in [0, 360).
enum class HexFacing : std::uint8_t { n, ne, se, s, sw, nw };
std::string_view to_string(HexFacing facing);
struct Facing {
  Span span;
  bool is_hex = false;
  HexFacing hex = HexFacing::n;
  double degrees = 0;
};

enum class ForceKind : std::uint8_t { unit, general, division };
struct ForceRef {
  Span span;
  ForceKind kind = ForceKind::unit;
  std::uint32_t index = 0;
  friend constexpr bool operator==(const ForceRef& a, const ForceRef& b) {
    return a.kind == b.kind && a.index == b.index;
  }
};

}  // namespace umpire::events
