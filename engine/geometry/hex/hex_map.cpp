// Terrain per hex, features per side, bounds and table edges.
#include "engine/geometry/hex/hex_map.hpp"

#include <algorithm>

namespace umpire::hex {
namespace {

int clamp_size(int n, int max) {
  return n < 1 ? 0 : std::min(n, max);
}

}  // namespace

HexMap::HexMap(int columns, int rows)
    : columns_(clamp_size(columns, kMaxColumns)), rows_(clamp_size(rows, kMaxRows)) {
  if (columns_ == 0 || rows_ == 0) columns_ = rows_ = 0;
  const auto n = static_cast<std::size_t>(columns_) * static_cast<std::size_t>(rows_);
  terrain_.assign(n, TerrainId{});
  sides_.assign(3 * n, SideFeatureId{});
}

Hex HexMap::hex_at(std::size_t index) const {
  const auto cols = static_cast<std::size_t>(columns_);
  return from_offset({static_cast<int>(index % cols) + 1, static_cast<int>(index / cols) + 1});
}

TerrainId HexMap::terrain(Hex h) const {
  return contains(h) ? terrain_[index_of(h)] : TerrainId{};
}

bool HexMap::set_terrain(Hex h, TerrainId t) {
  if (!contains(h)) return false;
  terrain_[index_of(h)] = t;
  return true;
}

std::optional<std::size_t> HexMap::side_slot(Hex a, Hex b) const {
  if (!contains(a) || !contains(b)) return std::nullopt;
  const std::optional<Direction> d = direction_between(a, b);
  if (!d) return std::nullopt;
  Hex owner = a;
  Direction side = *d;
  if (side != Direction::e && side != Direction::se && side != Direction::sw) {
    owner = b;
    side = opposite(side);
  }
  return 3 * index_of(owner) + static_cast<std::size_t>(index(side) - index(Direction::e));
}

SideFeatureId HexMap::side_feature(Hex a, Hex b) const {
  const std::optional<std::size_t> slot = side_slot(a, b);
  return slot ? sides_[*slot] : SideFeatureId{};
}

bool HexMap::set_side_feature(Hex a, Hex b, SideFeatureId f) {
  const std::optional<std::size_t> slot = side_slot(a, b);
  if (!slot) return false;
  sides_[*slot] = f;
  if (f.value < 64) side_kinds_written_ |= std::uint64_t{1} << f.value;
  return true;
}

EdgeSet HexMap::edges_of(Hex h) const {
  EdgeSet out;
  if (!contains(h)) return out;
  const OffsetCoord c = to_offset(h);
  const auto add = [&out](Edge e) {
    out.bits = static_cast<std::uint8_t>(out.bits | (1u << static_cast<unsigned>(e)));
  };
  if (c.row == rows_) add(Edge::north);
  if (c.column == columns_) add(Edge::east);
  if (c.row == 1) add(Edge::south);
  if (c.column == 1) add(Edge::west);
  return out;
}

int HexMap::distance_to_edge(Hex h, Edge e) const {
  // Each step changes the row by at most one, and the column by at most one
  // (w/e by one, the diagonals by zero or one), so these counts are exact.
  const OffsetCoord c = to_offset(h);
  switch (e) {
    case Edge::north:
      return rows_ - c.row;
    case Edge::east:
      return columns_ - c.column;
    case Edge::south:
      return c.row - 1;
    case Edge::west:
      return c.column - 1;
  }
  return 0;
}

FacingSet facings_toward(Edge e) {
  FacingSet out;
  switch (e) {
    case Edge::north:
      out.insert(Facing::n);
      break;
    case Edge::east:
      out.insert(Facing::ne);
      out.insert(Facing::se);
      break;
    case Edge::south:
      out.insert(Facing::s);
      break;
    case Edge::west:
      out.insert(Facing::sw);
      out.insert(Facing::nw);
      break;
  }
  return out;
}

}  // namespace umpire::hex
