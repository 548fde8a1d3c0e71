#pragma once
// Line of sight from hex centre to hex centre, computed exactly.
//
// 002_87c3dc452f850204.txt § Le tir: "Une ligne de vue, ou LdV, rejoint le
// centre de la case de l'unité qui tire et le centre de la case de l'unité
// cible. Si cette LdV traverse ou frôle une case occupée par une unité amie ou
// ennemie, un bois, un village, un point fortifié, ou une colline, alors il
// n'y a pas de visibilité." A hex the line only touches (through a vertex,
// or running along a side) is "frôlée" and counts like a crossed one; the
// example "La LdV frôle la case de l'unité B. Donc le tir est impossible."
// shows it. Hex sides may carry features too (§ Les terrains dans Sabreur:
// a wood can lie along a side), so the sides the line meets are reported.
//
// Geometry only: what blocks is the ruleset's decision (terrain in the
// firer's or the target's hex does not block, units on hills, ...).
//
// Exactness: in cube coordinates the closed hex of centre c is
// |Δq-Δr| <= 1, |Δr-Δs| <= 1, |Δs-Δq| <= 1 and its vertices are c plus
// (2,-1,-1)/3 and rotations. Scaling by 3 makes every centre and vertex an
// integer point, and a segment meets a closed convex polygon iff no
// separating axis exists among the polygon's three side normals and the
// segment's normal. All tests are integer comparisons (int64, no floating
// point), so ties at vertices are decided exactly and identically on every
// compiler. trace_sight walks from hex to hex with the same integers: O(n)
// for a line of n hexes.
#include <cstdint>
#include <optional>
#include <vector>

#include "engine/geometry/hex/hex.hpp"

namespace umpire::hex {

enum class Contact : std::uint8_t {
  crossed,  // through the interior ("traverse")
  grazed,   // only the boundary: a vertex or along a side ("frôle")
};

struct SightHex {
  Hex hex;
  Contact contact = Contact::crossed;
  friend constexpr bool operator==(const SightHex&, const SightHex&) = default;
};

// The side between neighbours a and b. A crossed side is crossed from a to
// b; for a grazed side the order of a and b carries no meaning.
struct SightSide {
  Hex a;
  Hex b;
  Contact contact = Contact::crossed;  // crossed: through the side's interior
  friend constexpr bool operator==(const SightSide&, const SightSide&) = default;
};

struct SightLine {
  // Hexes met between the two ends (the ends excluded), in the order the
  // line meets them. At a vertex the hex only touched comes before the one
  // the line enters; two hexes touched along a side come in (q, r) order.
  std::vector<SightHex> hexes;
  // Every side met, including sides of the two end hexes, each once, in the
  // order the line meets them.
  std::vector<SightSide> sides;
};

// How the segment between the centres of `from` and `to` meets the closed
// hex `h` (nullopt: not at all). The end hexes are crossed.
std::optional<Contact> sight_contact(Hex from, Hex to, Hex h);

// How that segment meets the side between neighbours a and b (nullopt: not
// at all, or a and b are not neighbours).
std::optional<Contact> sight_side_contact(Hex from, Hex to, Hex a, Hex b);

// Everything the line meets. The overload filling `out` reuses its buffers.
// Requires in_coordinate_range(from) and in_coordinate_range(to).
void trace_sight(Hex from, Hex to, SightLine& out);
SightLine trace_sight(Hex from, Hex to);

}  // namespace umpire::hex
