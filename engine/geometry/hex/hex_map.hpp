#pragma once
// The battlefield of a hex game: its size, what each hex contains and what
// lies along each hex side, and the table edges.
//
// 002_87c3dc452f850204.txt § Les terrains dans Sabreur: "Chaque case du champ
// de bataille peut contenir un type de terrain. Le côté d'un terrain peut
// aussi être occupé par des terrains particuliers (rivière, gué, pont,
// etc...)." The map stores opaque ids; the ruleset gives them meaning (a
// hill topped by a wood is one id of its choosing). Id 0 is "nothing": open
// ground in a hex, no feature on a side.
//
// A map of C columns and R rows holds the hexes `1,1` .. `C,R` of
// offset.hpp. Sides are keyed by the pair of hexes they separate, in either
// order; each side is stored once, by the hex from which it lies in
// direction e, se or sw.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "engine/geometry/hex/facing.hpp"
#include "engine/geometry/hex/hex.hpp"
#include "engine/geometry/hex/offset.hpp"

namespace umpire::hex {

struct TerrainId {
  std::uint16_t value = 0;
  friend constexpr bool operator==(TerrainId, TerrainId) = default;
};

struct SideFeatureId {
  std::uint16_t value = 0;
  friend constexpr bool operator==(SideFeatureId, SideFeatureId) = default;
};

enum class Edge : std::uint8_t { north, east, south, west };

// Which table edges a hex touches, as bits 1 << Edge.
struct EdgeSet {
  std::uint8_t bits = 0;
  constexpr bool contains(Edge e) const { return (bits >> static_cast<unsigned>(e)) & 1u; }
  constexpr bool empty() const { return bits == 0; }
};

class HexMap {
 public:
  // Sizes below 1 make an empty map (contains() is false everywhere);
  // sizes above kMaxColumns / kMaxRows are clamped to them.
  static constexpr int kMaxColumns = 4096;
  static constexpr int kMaxRows = 4096;
  HexMap(int columns, int rows);

  int columns() const { return columns_; }
  int rows() const { return rows_; }
  std::size_t hex_count() const { return terrain_.size(); }

  // Inline: the occupancy look-ups of a replay call these for every
  // neighbour of every unit a rule asks about.
  bool contains(Hex h) const { return in_coordinate_range(h) && contains(to_offset(h)); }
  bool contains(OffsetCoord c) const {
    return c.column >= 1 && c.column <= columns_ && c.row >= 1 && c.row <= rows_;
  }

  // Row-major index (row 1, the south row, first; west to east) of an
  // on-map hex.
  std::size_t index_of(Hex h) const {
    const OffsetCoord c = to_offset(h);
    return static_cast<std::size_t>(c.row - 1) * static_cast<std::size_t>(columns_) +
           static_cast<std::size_t>(c.column - 1);
  }
  Hex hex_at(std::size_t index) const;

  // Off-map hexes read as TerrainId{0}; writing them returns false.
  TerrainId terrain(Hex h) const;
  [[nodiscard]] bool set_terrain(Hex h, TerrainId t);

  // The feature on the side between neighbours a and b (either order). Reads
  // SideFeatureId{0} when a and b are not neighbours or not both on the map;
  // writing such a pair returns false.
  SideFeatureId side_feature(Hex a, Hex b) const;
  [[nodiscard]] bool set_side_feature(Hex a, Hex b, SideFeatureId f);
  SideFeatureId side_feature(Hex h, Direction d) const { return side_feature(h, neighbour(h, d)); }
  // Whether feature `f` was ever written on a side: most maps have few kinds
  // of side feature, and a question about one absent kind needs no look.
  bool may_have_side_feature(SideFeatureId f) const {
    return f.value >= 64 || (side_kinds_written_ >> f.value & 1U) != 0;
  }

  // Edges of the table an on-map hex lies along (empty for off-map hexes).
  EdgeSet edges_of(Hex h) const;
  // Steps from an on-map hex to the nearest hex along edge e (0 on it).
  int distance_to_edge(Hex h, Edge e) const;
  // The neighbour across side d is off the table: moving that way leaves it
  // (§ Manœuvres: "Si une unité est amenée à fuir hors de la table de jeu").
  bool leaves_table(Hex h, Direction d) const { return contains(h) && !contains(neighbour(h, d)); }

 private:
  std::optional<std::size_t> side_slot(Hex a, Hex b) const;

  int columns_;
  int rows_;
  std::vector<TerrainId> terrain_;
  std::vector<SideFeatureId> sides_;      // 3 per hex: e, se, sw
  std::uint64_t side_kinds_written_ = 0;  // bit f: feature f (< 64) was written
};

// Facings that look straight at a table edge: n for the north edge, s for
// the south edge; ne and se look east, sw and nw look west (hex rows run
// east-west, so no vertex points due east or west).
FacingSet facings_toward(Edge e);

}  // namespace umpire::hex
