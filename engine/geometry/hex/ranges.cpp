// Rings, discs and rows of hexes.
#include "engine/geometry/hex/ranges.hpp"

#include <cstddef>

namespace umpire::hex {
namespace {

void append_ring(std::vector<Hex>& out, Hex centre, int radius) {
  if (radius == 0) {
    out.push_back(centre);
    return;
  }
  // From the west corner of the ring, six legs of `radius` steps clockwise:
  // ne, e, se, sw, w, nw brings the walk back to the start.
  Hex h = step(centre, Direction::w, radius);
  for (Direction d : kDirections)
    for (int i = 0; i < radius; ++i) {
      out.push_back(h);
      h = neighbour(h, d);
    }
}

}  // namespace

std::vector<Hex> ring(Hex centre, int radius) {
  std::vector<Hex> out;
  if (radius < 0) return out;
  out.reserve(radius == 0 ? 1 : static_cast<std::size_t>(6 * radius));
  append_ring(out, centre, radius);
  return out;
}

std::vector<Hex> disc(Hex centre, int radius) {
  std::vector<Hex> out;
  if (radius < 0) return out;
  out.reserve(static_cast<std::size_t>(1 + 3 * radius * (radius + 1)));
  for (int k = 0; k <= radius; ++k) append_ring(out, centre, k);
  return out;
}

std::vector<Hex> row(Hex start, Direction d, int count) {
  std::vector<Hex> out;
  if (count < 0) return out;
  out.reserve(static_cast<std::size_t>(count) + 1);
  for (int i = 0; i <= count; ++i) out.push_back(step(start, d, i));
  return out;
}

}  // namespace umpire::hex
