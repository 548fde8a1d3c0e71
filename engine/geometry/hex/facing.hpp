#pragma once
// The facing of a unit: one of the six VERTICES of its hex.
//
// 002_87c3dc452f850204.txt § Orientation des unités: "toute unité a 6
// orientations possibles : une pour chaque sommet d'hexagone". A unit therefore
// looks at a vertex, and the two hexes sharing that vertex are its two front
// hexes (§ Engager une unité: "l'un des deux hexagones frontaux"). With
// pointy-topped hexes the vertices lie at bearings 0°, 60°, ..., 300°, so the
// facings take the compass names n, ne, se, s, sw, nw, clockwise.
//
// Around a unit facing f the six neighbours are, clockwise from the left
// front: left front, right front, right flank, right rear, left rear, left
// flank (sides f-1, f, f+1, f+2, f+3, f+4 in Direction numbering).
#include <array>
#include <cstdint>

#include "engine/geometry/hex/hex.hpp"

namespace umpire::hex {

enum class Facing : std::uint8_t { n, ne, se, s, sw, nw };

inline constexpr std::array<Facing, 6> kFacings{Facing::n, Facing::ne, Facing::se,
                                                Facing::s, Facing::sw, Facing::nw};

constexpr int index(Facing f) {
  return static_cast<int>(f);
}

constexpr Facing facing_from_index(int i) {
  return static_cast<Facing>(wrap6(i));
}

// Clockwise by `steps` rotations of 60° (negative: anticlockwise).
constexpr Facing rotate(Facing f, int steps) {
  return facing_from_index(index(f) + steps);
}

// The about-face (§ Orientation des unités: "volte-face").
constexpr Facing opposite(Facing f) {
  return rotate(f, 3);
}

// The shortest rotation from `from` to `to` in 60° steps: -2..3, clockwise
// positive; 3 is the 180° about-face. § Manœuvres counts any rotation as one
// hex of movement; which rotations a formation may make is the ruleset's call.
constexpr int rotation_steps(Facing from, Facing to) {
  const int d = wrap6(index(to) - index(from));
  return d > 3 ? d - 6 : d;
}

constexpr int bearing_degrees(Facing f) {
  return 60 * index(f);
}

// Sides (Direction) around a unit facing f.
constexpr Direction left_front(Facing f) {
  return direction_from_index(index(f) - 1);
}
constexpr Direction right_front(Facing f) {
  return direction_from_index(index(f));
}
constexpr Direction right_flank(Facing f) {
  return direction_from_index(index(f) + 1);
}
constexpr Direction right_rear(Facing f) {
  return direction_from_index(index(f) + 2);
}
constexpr Direction left_rear(Facing f) {
  return direction_from_index(index(f) + 3);
}
constexpr Direction left_flank(Facing f) {
  return direction_from_index(index(f) + 4);
}

// The vector from a hex centre to 3× the vertex the facing looks at: the sum
// of the two front directions (cube (2,-1,-1) and its rotations). Scaled by 3
// so vertices have integer coordinates.
constexpr Hex vertex_vector3(Facing f) {
  return vector_of(left_front(f)) + vector_of(right_front(f));
}

// A set of facings as six bits; bit i is facing i.
class FacingSet {
 public:
  constexpr FacingSet() = default;
  static constexpr FacingSet all() { return FacingSet(0x3f); }
  static constexpr FacingSet of(Facing f) {
    return FacingSet(static_cast<std::uint8_t>(1u << index(f)));
  }

  constexpr bool contains(Facing f) const { return (bits_ >> index(f)) & 1u; }
  constexpr bool empty() const { return bits_ == 0; }
  constexpr int size() const {
    int n = 0;
    for (unsigned b = bits_; b != 0; b &= b - 1) ++n;
    return n;
  }
  constexpr void insert(Facing f) { bits_ = static_cast<std::uint8_t>(bits_ | (1u << index(f))); }
  constexpr std::uint8_t bits() const { return bits_; }
  // Every facing turned clockwise by `steps`.
  constexpr FacingSet rotated(int steps) const {
    FacingSet out;
    for (Facing f : kFacings)
      if (contains(f)) out.insert(rotate(f, steps));
    return out;
  }
  friend constexpr bool operator==(FacingSet, FacingSet) = default;

 private:
  constexpr explicit FacingSet(std::uint8_t bits) : bits_(bits) {}
  std::uint8_t bits_ = 0;
};

}  // namespace umpire::hex
