#pragma once
// The hexes a unit covers: one, or two for the extended line.
//
// 002_87c3dc452f850204.txt § Formations spéciales: "Une ligne étendue est
// disposée ... sur 2 hexagones voisins ... Les deux demi-unités doivent être
// orientés vers la même direction." Side by side, so each half stands on a
// flank hex of the other. § Orientation des unités: to turn, one half pivots
// in its hex and the other "tourne autour de la première"; the about-face
// leaves both halves in place.
//
// Zones of a two-hex unit: front = either half's front cone, rear = either
// half's rear cone, and the flanks are those of the outer halves. These sets
// partition the plane (tested in tests/geometry), so the single-hex notions
// extend without special cases.
#include <array>
#include <cstdint>
#include <optional>

#include "engine/geometry/hex/facing.hpp"
#include "engine/geometry/hex/hex.hpp"
#include "engine/geometry/hex/zone.hpp"

namespace umpire::hex {

class Footprint {
 public:
  constexpr explicit Footprint(Hex h) : hexes_{h, h}, size_(1) {}
  // Two hexes; a and b must be neighbours (check with is_extended_line).
  constexpr Footprint(Hex a, Hex b) : hexes_{a, b}, size_(a == b ? 1 : 2) {}

  constexpr int size() const { return size_; }
  constexpr Hex operator[](int i) const { return hexes_[static_cast<std::size_t>(i)]; }
  constexpr const Hex* begin() const { return hexes_.data(); }
  constexpr const Hex* end() const { return hexes_.data() + size_; }
  constexpr bool contains(Hex h) const { return h == hexes_[0] || (size_ == 2 && h == hexes_[1]); }

 private:
  std::array<Hex, 2> hexes_;
  int size_;
};

enum class Side : std::uint8_t { left, right };

// The other half of an extended line whose `pivot` half faces f.
constexpr Hex extended_line_partner(Hex pivot, Facing f, Side side) {
  return neighbour(pivot, side == Side::left ? left_flank(f) : right_flank(f));
}

// Two halves facing f stand side by side (either order).
constexpr bool is_extended_line(Hex a, Hex b, Facing f) {
  return in_flank_hexes(a, f, b);
}

// The partner's hex after the line turns `steps` × 60° clockwise about
// `pivot`, which stays in its hex (§ Orientation des unités).
constexpr Hex rotate_extended_line(Hex pivot, Hex partner, int steps) {
  return rotate_about(partner, pivot, steps);
}

// Least distance between any hex of a and any hex of b.
constexpr int distance(const Footprint& a, const Footprint& b) {
  int best = distance(a[0], b[0]);
  for (Hex x : a)
    for (Hex y : b)
      if (const int d = distance(x, y); d < best) best = d;
  return best;
}

constexpr int distance(const Footprint& a, Hex b) {
  return distance(a, Footprint(b));
}

constexpr Zone zone_of(const Footprint& unit, Facing f, Hex other) {
  if (unit.contains(other)) return Zone::own;
  Zone flank = Zone::own;
  for (Hex h : unit) {
    const Zone z = zone_of(h, f, other);
    if (z == Zone::front || z == Zone::rear) return z;
    flank = z;
  }
  return flank;
}

// Every hex of `other` is in zone z of `unit` ("entièrement dans le flanc",
// § Flancs protégés; "entièrement sur l'un des flancs", § Précisions sur les
// facteurs de combat ou de tir).
constexpr bool entirely_in(const Footprint& unit, Facing f, const Footprint& other, Zone z) {
  for (Hex h : other)
    if (zone_of(unit, f, h) != z) return false;
  return true;
}

}  // namespace umpire::hex
