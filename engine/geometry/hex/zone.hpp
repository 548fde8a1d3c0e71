#pragma once
// Front, flank and rear of a unit in its hex, and the cones of a facing.
//
// 002_87c3dc452f850204.txt names, around a unit facing a vertex:
// - the two front hexes, sharing the faced vertex (§ Engager une unité);
// - the two flank hexes, one each side (§ Conditions pour qu'une charge soit
//   valide: "l'une des 2 cases de flanc");
// - the two rear hexes, sharing the opposite vertex (§ Manœuvres, esquive:
//   "l'un des deux hexagones de dos");
// - the front cone: where frontal moves lead, entering each time one of the
//   two front hexes (§ Manœuvres). It is the 60° wedge bounded by the two hex
//   rows through the front hexes, those rows included; it is also the angle
//   of fire and of view (§ Le tir: "l'angle de vue (le cône frontal en
//   réalité)");
// - the rear cone: the same wedge behind (§ Manœuvres, fuite; § Charge ou
//   assaut à travers tirailleurs amis);
// - the left and right flanks: what lies between the two cones (§ Flancs
//   protégés: "entièrement dans le flanc droit (resp. gauche)").
// These zones partition the plane around the unit's hex. The text gives every
// formation the same zones (a square uses the vertex it is virtually given to
// fire, § Le tir); what a formation may do with them is the ruleset's part.
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "engine/geometry/hex/facing.hpp"
#include "engine/geometry/hex/hex.hpp"

namespace umpire::hex {

enum class Zone : std::uint8_t { own, front, right_flank, rear, left_flank };

// An offset p from the unit written in the basis of its two front directions:
// p = left·vector(left_front(f)) + right·vector(right_front(f)). The front
// cone is left >= 0 && right >= 0, the rear cone left <= 0 && right <= 0.
struct ConeCoordinates {
  int left = 0;
  int right = 0;
};

constexpr ConeCoordinates cone_coordinates(Facing f, Hex offset) {
  // Turn the offset anticlockwise so that f becomes north; facing north the
  // left front is nw (0,-1) and the right front ne (1,-1), so left = s and
  // right = q.
  const Hex p = rotate(offset, -index(f));
  return {p.s(), p.q};
}

constexpr Zone zone_of(Hex unit, Facing f, Hex other) {
  if (other == unit) return Zone::own;
  const ConeCoordinates c = cone_coordinates(f, other - unit);
  if (c.left >= 0 && c.right >= 0) return Zone::front;
  if (c.left <= 0 && c.right <= 0) return Zone::rear;
  return c.right > 0 ? Zone::right_flank : Zone::left_flank;
}

constexpr bool in_front_cone(Hex unit, Facing f, Hex other) {
  return zone_of(unit, f, other) == Zone::front;
}
constexpr bool in_rear_cone(Hex unit, Facing f, Hex other) {
  return zone_of(unit, f, other) == Zone::rear;
}
constexpr bool in_flank_zone(Hex unit, Facing f, Hex other) {
  const Zone z = zone_of(unit, f, other);
  return z == Zone::left_flank || z == Zone::right_flank;
}

// The vectors to the six neighbours by role, per facing, each pair ordered
// left then right: made once from the sides (facing.hpp), since every
// engagement test asks for them.
struct RoleVectors {
  std::array<Hex, 2> front, flank, rear;
};
inline constexpr std::array<RoleVectors, 6> kRoleVectors = [] {
  std::array<RoleVectors, 6> out{};
  for (const Facing f : kFacings)
    out[static_cast<std::size_t>(index(f))] = {
        {vector_of(left_front(f)), vector_of(right_front(f))},
        {vector_of(left_flank(f)), vector_of(right_flank(f))},
        {vector_of(left_rear(f)), vector_of(right_rear(f))}};
  return out;
}();
constexpr const RoleVectors& role_vectors(Facing f) {
  return kRoleVectors[static_cast<std::size_t>(index(f))];
}

// The six neighbours by role, each pair ordered left then right.
constexpr std::array<Hex, 2> front_hexes(Hex h, Facing f) {
  const auto& v = role_vectors(f).front;
  return {h + v[0], h + v[1]};
}
constexpr std::array<Hex, 2> flank_hexes(Hex h, Facing f) {
  const auto& v = role_vectors(f).flank;
  return {h + v[0], h + v[1]};
}
constexpr std::array<Hex, 2> rear_hexes(Hex h, Facing f) {
  const auto& v = role_vectors(f).rear;
  return {h + v[0], h + v[1]};
}

// `other` is one of the two front hexes of a unit at h facing f: the
// geometric core of "engager" (§ Engager une unité) and of every frontal step.
constexpr bool in_front_hexes(Hex h, Facing f, Hex other) {
  const auto fr = front_hexes(h, f);
  return other == fr[0] || other == fr[1];
}
constexpr bool in_flank_hexes(Hex h, Facing f, Hex other) {
  const auto fl = flank_hexes(h, f);
  return other == fl[0] || other == fl[1];
}
constexpr bool in_rear_hexes(Hex h, Facing f, Hex other) {
  const auto re = rear_hexes(h, f);
  return other == re[0] || other == re[1];
}

// Facings a unit at `unit` could take to have `target` in its front cone
// (one facing, or two when the target lies on a row through a front hex).
constexpr FacingSet facings_with_in_front_cone(Hex unit, Hex target) {
  FacingSet out;
  if (unit == target) return out;
  for (Facing f : kFacings)
    if (in_front_cone(unit, f, target)) out.insert(f);
  return out;
}

// Facings that put `danger` in the rear cone: a fleeing unit turns its back
// to the nearest danger (§ Manœuvres, fuite). The rear cone of f is the
// front cone of opposite(f).
constexpr FacingSet facings_with_in_rear_cone(Hex unit, Hex danger) {
  return facings_with_in_front_cone(unit, danger).rotated(3);
}

// Hexes of the front (or rear) cone from distance 1 to `range`, by distance
// then from left to right: range·(range+3)/2 hexes. The fire arc of
// § Le tir is front_cone(h, f, fire range).
std::vector<Hex> front_cone(Hex h, Facing f, int range);
std::vector<Hex> rear_cone(Hex h, Facing f, int range);

// How a move steps from hex to hex.
enum class StepKind : std::uint8_t {
  frontal,   // into a front hex each time: marche frontale, charge, pursuit, flight (§ Manœuvres)
  rearward,  // into a rear hex each time: esquive (§ Manœuvres)
  straight,  // one direction, no change of direction: marche indirecte (§ Manœuvres)
};

// Checks a path written hex by hex (the start not repeated) for a unit at
// `start` facing f. Returns the index of the first step that breaks the
// kind, or path.size() when every step is valid. Terrain, units and lengths
// are the ruleset's business.
std::size_t first_invalid_step(Hex start, Facing f, std::span<const Hex> path, StepKind kind);

}  // namespace umpire::hex
