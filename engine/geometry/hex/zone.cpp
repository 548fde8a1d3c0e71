// Cone enumeration and path checks; the per-hex tests are constexpr in
// zone.hpp.
#include "engine/geometry/hex/zone.hpp"

namespace umpire::hex {
namespace {

// Hexes left·L + right·R with 1 <= left + right <= range, by distance, then
// from the left row to the right row.
std::vector<Hex> wedge(Hex h, Direction left, Direction right, int range) {
  std::vector<Hex> out;
  if (range <= 0) return out;
  out.reserve(static_cast<std::size_t>(range) * static_cast<std::size_t>(range + 3) / 2);
  const Hex l = vector_of(left);
  const Hex r = vector_of(right);
  for (int d = 1; d <= range; ++d)
    for (int i = d; i >= 0; --i) out.push_back(h + l * i + r * (d - i));
  return out;
}

}  // namespace

std::vector<Hex> front_cone(Hex h, Facing f, int range) {
  return wedge(h, left_front(f), right_front(f), range);
}

std::vector<Hex> rear_cone(Hex h, Facing f, int range) {
  // Seen from the unit, the left rear row is on the left of the picture.
  return wedge(h, left_rear(f), right_rear(f), range);
}

std::size_t first_invalid_step(Hex start, Facing f, std::span<const Hex> path, StepKind kind) {
  Hex at = start;
  std::optional<Direction> line;
  for (std::size_t i = 0; i < path.size(); ++i) {
    const Hex next = path[i];
    bool ok = false;
    switch (kind) {
      case StepKind::frontal:
        ok = in_front_hexes(at, f, next);
        break;
      case StepKind::rearward:
        ok = in_rear_hexes(at, f, next);
        break;
      case StepKind::straight: {
        const std::optional<Direction> d = direction_between(at, next);
        ok = d.has_value() && (!line || *line == *d);
        if (ok) line = d;
        break;
      }
    }
    if (!ok) return i;
    at = next;
  }
  return path.size();
}

}  // namespace umpire::hex
