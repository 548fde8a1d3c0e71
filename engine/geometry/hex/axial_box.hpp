#pragma once
// Cells for the hexes of a map and their neighbours, numbered in axial
// coordinates: a box from the smallest to the largest q and r of the map,
// one hex wider all round. A hex's cell is two comparisons and a
// multiply-add away (HexMap::contains and HexMap::index_of each convert to
// offset coordinates), and every neighbour of a hex on the map has a cell.
// An engine keeps what stands on each hex in such cells
// (sabreur::State::unit_at): the board's questions look at every neighbour
// of a unit, thousands of times per game. Cells of hexes off the map are
// there too; the owner leaves them empty.
#include <algorithm>
#include <cstddef>
#include <limits>
#include <optional>

#include "engine/geometry/hex/hex.hpp"
#include "engine/geometry/hex/hex_map.hpp"
#include "engine/geometry/hex/offset.hpp"

namespace umpire::hex {

class AxialBox {
 public:
  AxialBox() = default;  // no cells
  explicit AxialBox(const HexMap& map) {
    if (map.columns() == 0 || map.rows() == 0) return;
    // q and r are each monotonic along a row and along a column, so the
    // extremes lie on the map's edge.
    int q_lo = std::numeric_limits<int>::max(), q_hi = std::numeric_limits<int>::min();
    int r_lo = q_lo, r_hi = q_hi;
    const auto take = [&](int column, int row) {
      const Hex h = from_offset({column, row});
      q_lo = std::min(q_lo, h.q);
      q_hi = std::max(q_hi, h.q);
      r_lo = std::min(r_lo, h.r);
      r_hi = std::max(r_hi, h.r);
    };
    for (int c = 1; c <= map.columns(); ++c) {
      take(c, 1);
      take(c, map.rows());
    }
    for (int r = 1; r <= map.rows(); ++r) {
      take(1, r);
      take(map.columns(), r);
    }
    q0_ = q_lo - 1;
    r0_ = r_lo - 1;
    q_span_ = static_cast<unsigned>(q_hi - q_lo + 3);
    r_span_ = static_cast<unsigned>(r_hi - r_lo + 3);
  }

  std::size_t size() const { return std::size_t{q_span_} * r_span_; }
  // The cell of `h`, or nullopt outside the box (far off the map).
  std::optional<std::size_t> cell(Hex h) const {
    // Unsigned differences: a hex left of or below the box wraps past the span.
    const unsigned dq = static_cast<unsigned>(h.q) - static_cast<unsigned>(q0_);
    const unsigned dr = static_cast<unsigned>(h.r) - static_cast<unsigned>(r0_);
    if (dq >= q_span_ || dr >= r_span_) return std::nullopt;
    return std::size_t{dq} * r_span_ + dr;
  }

 private:
  int q0_ = 0, r0_ = 0;  // the box's corner: the smallest q and r, less one
  unsigned q_span_ = 0, r_span_ = 0;
};

}  // namespace umpire::hex
