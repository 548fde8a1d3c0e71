#pragma once
// The coordinates a battle log writes: `column,row`, e.g. `5,7`.
//
// Convention (docs/log-format.md § 3. Battlefield, docs/hex-geometry.md § Map
// coordinates): pointy-topped hexes in horizontal rows, counted from 1 at the
// south-west corner: columns grow eastwards, rows grow northwards. Even rows
// (2, 4, ...) sit half a hex east of odd rows. Hex `1,1` is the axial origin
// (0, 0); axial r grows southwards, so r = 1 - row. Any integers convert, so
// hexes off the table (column 0, row -3, ...) still have coordinates; whether
// a hex is on the table is HexMap::contains.
#include <compare>

#include "engine/geometry/hex/hex.hpp"

namespace umpire::hex {

struct OffsetCoord {
  int column = 1;
  int row = 1;
  friend constexpr auto operator<=>(const OffsetCoord&, const OffsetCoord&) = default;
};

// floor(a / 2) for any sign of a.
constexpr int floor_half(int a) {
  return a >= 0 ? a / 2 : -((1 - a) / 2);
}

// A hex centre lies (q + r/2) hex widths east of `1,1`; on an odd row that
// is column - 1, on an even row half a hex more.
constexpr Hex from_offset(OffsetCoord c) {
  return {c.column - 1 + floor_half(c.row), 1 - c.row};
}

constexpr OffsetCoord to_offset(Hex h) {
  const int row = 1 - h.r;
  return {h.q - floor_half(row) + 1, row};
}

}  // namespace umpire::hex
