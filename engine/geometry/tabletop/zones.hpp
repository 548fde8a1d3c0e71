#pragma once
// Front, flanks and rear of a unit, and the arcs it sees and shoots in.
//
// The texts name the zones without drawing them, so the lines that bound
// them are a parameter (docs/tabletop-geometry.md has the pictures):
// - ZoneRule::diagonals: the unit's two diagonals extended beyond its
//   corners cut the plane in four; the quarter holding the front edge is its
//   front. Hail Caesar's "arc frontal", "flanc droit ou gauche" and
//   "derrière elle" (004_b7c666874e8df030.txt § 5-j Déplacer les unités en
//   charge) are read this way: the printed rulebook's quarters, which the
//   two sheets at hand leave undrawn.
// - ZoneRule::edge_lines: the front is the 90° arc opening from the front
//   edge, bounded by lines at 45° from its two corners (the "angle de tir :
//   90°" of 003_54822f0a7c7b7ce7.txt § Phase 3 : Tir); the rear is behind
//   the rear edge extended; the flanks are what is left, each side. This is
//   Warhammer Ancient Battles' reading of a charge's side (003 § Phase 2,
//   2.1 Déclaration de charges 5: "chargés par le flanc ou par l'arrière").
// Both partition the plane outside the unit: every point there is in exactly
// one zone. A point on a boundary line goes to the front first, then the
// rear, then the flank, so the answer never depends on rounding order.
#include <array>
#include <cstdint>

#include "engine/geometry/tabletop/units.hpp"

namespace umpire::tabletop {

enum class Zone : std::uint8_t { inside, front, right_flank, rear, left_flank };
const char* to_string(Zone z);
constexpr bool is_flank(Zone z) {
  return z == Zone::left_flank || z == Zone::right_flank;
}

enum class ZoneRule : std::uint8_t { diagonals, edge_lines };

// Which point of another unit decides the zone it is in.
enum class ZoneReference : std::uint8_t {
  leader,        // the centre of its front edge ("meneur", 004 § 5-j)
  centre,        // the centre of its footprint
  greater_part,  // the zone holding the largest part of its area
};

Zone zone_of(const Footprint& unit, Point p, ZoneRule rule);
Zone zone_of(const Footprint& unit, const Footprint& other, ZoneRule rule, ZoneReference ref);

// The zone's region clipped to a square of half-side `reach` round the
// unit's centre (the unit's own rectangle excluded): for pictures, and for
// the greater-part reference, which intersects a footprint with each.
Polygon zone_region(const Footprint& unit, Zone z, ZoneRule rule, double reach);

// The arc a unit sees or shoots in.
enum class Arc : std::uint8_t {
  front_half_plane,  // 180° from its front: a formed unit's sight (004 § 4-b Ligne de vue)
  front_90,          // 90° from its front edge: fire (003 § Phase 3 : Tir, "angle de tir : 90°")
  all_round,         // 360°: skirmishers (004 § 4-b)
};
// p lies in the arc (boundaries included). The unit's own area counts as
// outside every arc but all_round.
bool in_arc(const Footprint& unit, Point p, Arc arc);
// Some part of `other` lies in the arc: "même partiellement" (004 § 5-g).
bool in_arc(const Footprint& unit, const Footprint& other, Arc arc);

}  // namespace umpire::tabletop
