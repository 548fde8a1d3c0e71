#pragma once
// A hex of the grid and the six directions to its neighbours.
//
// Hexes are "pointy-topped": a vertex points north, so the six sides face
// bearings 30°, 90°, ..., 330° and the six vertices bearings 0°, 60°, ...,
// 300° (pictures in docs/hex-geometry.md). Coordinates are axial (q, r) with
// the implied cube coordinate s = -q - r: q grows to the east along a row, r
// grows southwards, one per row. Cube coordinates make distance, rotation and
// the cones of a facing one-line sign tests.
//
// Coordinates are valid while |q|, |r| <= kMaxCoordinate: the exact sight
// computations multiply scaled coordinates and stay inside 64 bits there.
#include <array>
#include <compare>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <optional>

namespace umpire::hex {

inline constexpr int kMaxCoordinate = 1 << 20;

struct Hex {
  int q = 0;
  int r = 0;

  constexpr int s() const { return -q - r; }

  friend constexpr Hex operator+(Hex a, Hex b) { return {a.q + b.q, a.r + b.r}; }
  friend constexpr Hex operator-(Hex a, Hex b) { return {a.q - b.q, a.r - b.r}; }
  friend constexpr Hex operator-(Hex a) { return {-a.q, -a.r}; }
  friend constexpr Hex operator*(Hex a, int k) { return {a.q * k, a.r * k}; }
  friend constexpr Hex operator*(int k, Hex a) { return {a.q * k, a.r * k}; }
  // Lexicographic (q, r): a deterministic order for sets and sorted output.
  friend constexpr auto operator<=>(Hex, Hex) = default;
};

// For unordered containers keyed by hex.
struct HexHash {
  constexpr std::size_t operator()(Hex h) const {
    return static_cast<std::size_t>(static_cast<std::uint32_t>(h.q)) * 0x9E3779B97F4A7C15ull ^
           static_cast<std::size_t>(static_cast<std::uint32_t>(h.r));
  }
};

constexpr int abs_int(int v) {
  return v < 0 ? -v : v;
}

// Hexes from the origin: the number of hex steps to reach h.
constexpr int length(Hex h) {
  return (abs_int(h.q) + abs_int(h.r) + abs_int(h.s())) / 2;
}

// Distance as 002_87c3dc452f850204.txt § Comment mesurer la distance entre
// unités ? counts it: the hexes between two units, counting one unit's hex
// and not the other's, so neighbours are at distance 1.
constexpr int distance(Hex a, Hex b) {
  return length(a - b);
}

constexpr bool adjacent(Hex a, Hex b) {
  return distance(a, b) == 1;
}

// The six sides of a hex, clockwise from the north-east side (bearing 30°).
// Named by compass bearing of the side's outward normal; the neighbour across
// side d is `neighbour(h, d)`.
enum class Direction : std::uint8_t { ne, e, se, sw, w, nw };

inline constexpr std::array<Direction, 6> kDirections{Direction::ne, Direction::e, Direction::se,
                                                      Direction::sw, Direction::w, Direction::nw};

constexpr int index(Direction d) {
  return static_cast<int>(d);
}

// i modulo 6, in 0..5 for any i (one division: directions are wrapped on
// every step of every walk).
constexpr int wrap6(int i) {
  const int r = i % 6;
  return r < 0 ? r + 6 : r;
}

constexpr Direction direction_from_index(int i) {
  return static_cast<Direction>(wrap6(i));
}

// Clockwise by `steps` sixths of a turn (negative: anticlockwise).
constexpr Direction rotate(Direction d, int steps) {
  return direction_from_index(index(d) + steps);
}

constexpr Direction opposite(Direction d) {
  return rotate(d, 3);
}

// Unit vectors in axial coordinates, indexed by Direction.
inline constexpr std::array<Hex, 6> kDirectionVectors{
    Hex{1, -1},  // ne
    Hex{1, 0},   // e
    Hex{0, 1},   // se
    Hex{-1, 1},  // sw
    Hex{-1, 0},  // w
    Hex{0, -1},  // nw
};

constexpr Hex vector_of(Direction d) {
  return kDirectionVectors[static_cast<std::size_t>(index(d))];
}

constexpr Hex neighbour(Hex h, Direction d) {
  return h + vector_of(d);
}

// The hex `n` steps from h in direction d.
constexpr Hex step(Hex h, Direction d, int n) {
  return h + vector_of(d) * n;
}

// Rotation about the origin by `steps` sixths of a turn clockwise. In cube
// coordinates one clockwise step maps (q, r, s) to (-r, -s, -q).
constexpr Hex rotate(Hex h, int steps) {
  switch (wrap6(steps)) {
    case 0:
      return h;
    case 1:
      return {-h.r, -h.s()};
    case 2:
      return {h.s(), h.q};
    case 3:
      return {-h.q, -h.r};
    case 4:
      return {h.r, h.s()};
    default:
      return {-h.s(), -h.q};
  }
}

// Rotation about `centre`.
constexpr Hex rotate_about(Hex h, Hex centre, int steps) {
  return centre + rotate(h - centre, steps);
}

// The direction from a to b when b is a neighbour of a.
constexpr std::optional<Direction> direction_between(Hex a, Hex b) {
  // Neighbours differ by -1, 0 or 1 in q and in r: the difference picks the
  // direction from a table (the side look-ups of every path ask this).
  const Hex d = b - a;
  if (d.q < -1 || d.q > 1 || d.r < -1 || d.r > 1) return std::nullopt;
  constexpr std::array<std::optional<Direction>, 9> by_difference = [] {
    std::array<std::optional<Direction>, 9> out{};
    for (Direction dir : kDirections) {
      const Hex v = kDirectionVectors[static_cast<std::size_t>(dir)];
      out[static_cast<std::size_t>((v.q + 1) * 3 + (v.r + 1))] = dir;
    }
    return out;
  }();
  return by_difference[static_cast<std::size_t>((d.q + 1) * 3 + (d.r + 1))];
}

// The direction of the straight hex row from a to b (b = a + k·d, k >= 1).
constexpr std::optional<Direction> straight_direction(Hex a, Hex b) {
  const Hex d = b - a;
  const int k = length(d);
  if (k == 0) return std::nullopt;
  for (Direction dir : kDirections) {
    if (vector_of(dir) * k == d) return dir;
  }
  return std::nullopt;
}

constexpr bool in_coordinate_range(Hex h) {
  return abs_int(h.q) <= kMaxCoordinate && abs_int(h.r) <= kMaxCoordinate &&
         abs_int(h.s()) <= kMaxCoordinate;
}

}  // namespace umpire::hex
