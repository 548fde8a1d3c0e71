// Exact line of sight (method in sight.hpp and docs/hex-geometry.md § Line of
// sight).
#include "engine/geometry/hex/sight.hpp"

#include <algorithm>
#include <array>
#include <cstddef>

#include "engine/geometry/hex/facing.hpp"

namespace umpire::hex {
namespace {

using i64 = std::int64_t;

i64 abs64(i64 v) {
  return v < 0 ? -v : v;
}

struct Vec {
  i64 q = 0;
  i64 r = 0;
  i64 s() const { return -q - r; }
};

Vec vec(Hex h) {
  return {h.q, h.r};
}
Vec operator-(Vec a, Vec b) {
  return {a.q - b.q, a.r - b.r};
}
Vec operator+(Vec a, Vec b) {
  return {a.q + b.q, a.r + b.r};
}
Vec times(Vec a, i64 k) {
  return {a.q * k, a.r * k};
}

// Cross product in the axial frame: a fixed non-zero multiple of the true
// one, so it is zero exactly when the true one is and its sign is consistent.
i64 cross(Vec a, Vec b) {
  return a.q * b.r - a.r * b.q;
}

int sign(i64 v) {
  return (v > 0) - (v < 0);
}

// Dot product in cube coordinates: proportional to the Euclidean one.
i64 dot(Vec a, Vec b) {
  return a.q * b.q + a.r * b.r + a.s() * b.s();
}

// The segment A→B, precomputed once per trace.
struct Segment {
  Vec a;
  Vec b;
  Vec d;
  i64 reach = 0;  // max over hex vertices v (×3) of |cross(d, v)|
  std::array<i64, 3> lo{};
  std::array<i64, 3> hi{};

  Segment(Hex from, Hex to) : a(vec(from)), b(vec(to)), d(vec(to) - vec(from)) {
    reach = std::max({abs64(2 * d.q + d.r), abs64(d.q + 2 * d.r), abs64(d.q - d.r)});
    const std::array<i64, 3> pa = axes(a);
    const std::array<i64, 3> pb = axes(b);
    for (std::size_t k = 0; k < 3; ++k) {
      lo[k] = std::min(pa[k], pb[k]);
      hi[k] = std::max(pa[k], pb[k]);
    }
  }

  // The three side normals of a hex: q-r, r-s, s-q. A hex spans ±1 on each.
  static std::array<i64, 3> axes(Vec p) { return {p.q - p.r, p.r - p.s(), p.s() - p.q}; }

  std::optional<Contact> contact(Hex h) const {
    const Vec c = vec(h);
    const std::array<i64, 3> pc = axes(c);
    bool interior = true;
    for (std::size_t k = 0; k < 3; ++k) {
      if (hi[k] < pc[k] - 1 || lo[k] > pc[k] + 1) return std::nullopt;
      if (hi[k] == pc[k] - 1 || lo[k] == pc[k] + 1) interior = false;
    }
    // Distance of the centre from the line against the hex's half-width
    // along the line's normal; vertices are at c + v/3, hence the 3.
    const i64 off = 3 * abs64(cross(d, c - a));
    if (off > reach) return std::nullopt;
    if (off == reach) interior = false;
    return interior ? Contact::crossed : Contact::grazed;
  }
};

bool on_segment(Vec p, Vec q, Vec x) {
  // x is collinear with p, q: inside their bounding box means on the segment.
  return std::min(p.q, q.q) <= x.q && x.q <= std::max(p.q, q.q) && std::min(p.r, q.r) <= x.r &&
         x.r <= std::max(p.r, q.r);
}

// Closed segments p1p2 and q1q2 (integer points): nullopt if disjoint,
// crossed if they cross at a point interior to both, grazed otherwise.
std::optional<Contact> segments_contact(Vec p1, Vec p2, Vec q1, Vec q2) {
  const int o1 = sign(cross(p2 - p1, q1 - p1));
  const int o2 = sign(cross(p2 - p1, q2 - p1));
  const int o3 = sign(cross(q2 - q1, p1 - q1));
  const int o4 = sign(cross(q2 - q1, p2 - q1));
  if (o1 * o2 < 0 && o3 * o4 < 0) return Contact::crossed;
  if ((o1 == 0 && on_segment(p1, p2, q1)) || (o2 == 0 && on_segment(p1, p2, q2)) ||
      (o3 == 0 && on_segment(q1, q2, p1)) || (o4 == 0 && on_segment(q1, q2, p2)))
    return Contact::grazed;
  return std::nullopt;
}

// The side of hex h towards direction dir, as two vertices scaled by 3: the
// side at bearing 30° + 60°·k lies between the vertices of facings k, k+1.
std::array<Vec, 2> side_vertices3(Hex h, Direction dir) {
  const Vec c3 = times(vec(h), 3);
  return {c3 + vec(vertex_vector3(facing_from_index(index(dir)))),
          c3 + vec(vertex_vector3(facing_from_index(index(dir) + 1)))};
}

std::optional<Contact> side_contact(const Segment& seg, Hex h, Direction dir) {
  const auto [v1, v2] = side_vertices3(h, dir);
  return segments_contact(times(seg.a, 3), times(seg.b, 3), v1, v2);
}

}  // namespace

std::optional<Contact> sight_contact(Hex from, Hex to, Hex h) {
  return Segment(from, to).contact(h);
}

std::optional<Contact> sight_side_contact(Hex from, Hex to, Hex a, Hex b) {
  const std::optional<Direction> dir = direction_between(a, b);
  if (!dir) return std::nullopt;
  return side_contact(Segment(from, to), a, *dir);
}

void trace_sight(Hex from, Hex to, SightLine& out) {
  out.hexes.clear();
  out.sides.clear();
  if (from == to) return;
  // Walk from hex to hex along the line. Against the line, vertex k of a
  // hex c (the vertex facing k looks at) lies at 3·cross(d, c-from) + w[k],
  // the sign telling its side; the line leaves c through the forward side
  // whose two vertices have strictly opposite signs, or through a forward
  // vertex lying exactly on the line.
  const Vec d = vec(to) - vec(from);
  std::array<i64, 6> w{};           // cross(d, 3·vertex offset), by facing
  std::array<bool, 6> ahead_v{};    // vertex k is ahead of the centre
  std::array<i64, 6> step_cross{};  // cross(d, direction vector), by side
  std::array<bool, 6> ahead_s{};    // side j is ahead of the centre
  for (int k = 0; k < 6; ++k) {
    const auto i = static_cast<std::size_t>(k);
    const Vec o = vec(vertex_vector3(facing_from_index(k)));
    const Vec u = vec(vector_of(direction_from_index(k)));
    w[i] = cross(d, o);
    ahead_v[i] = dot(d, o) > 0;
    step_cross[i] = cross(d, u);
    ahead_s[i] = dot(d, u) > 0;
  }
  const auto touch_side = [&out](Hex a, Hex b, Contact c) { out.sides.push_back({a, b, c}); };
  const auto enter = [&out, to](Hex h, Contact c) {
    if (!(h == to)) out.hexes.push_back({h, c});
  };

  Hex c = from;
  i64 off = 0;  // cross(d, c - from)
  const int limit = 2 * distance(from, to) + 2;
  for (int guard = 0; !(c == to) && guard < limit; ++guard) {
    std::array<i64, 6> val{};
    for (std::size_t k = 0; k < 6; ++k) val[k] = 3 * off + w[k];
    bool moved = false;
    for (int k = 0; k < 6 && !moved; ++k) {
      const auto i = static_cast<std::size_t>(k);
      if (val[i] != 0 || !ahead_v[i]) continue;
      // Through vertex k, shared with x (across side k-1) and y (side k).
      const Direction dx = direction_from_index(k - 1);
      const Direction dy = direction_from_index(k);
      const Hex x = neighbour(c, dx);
      const Hex y = neighbour(c, dy);
      touch_side(c, x, Contact::grazed);
      touch_side(c, y, Contact::grazed);
      if (w[i] == 0) {
        // Along the side between x and y to the hex beyond, whose centre
        // is on the line: both x and y are only touched.
        const Hex z = c + vertex_vector3(facing_from_index(k));
        const bool x_first = x < y;
        enter(x_first ? x : y, Contact::grazed);
        enter(x_first ? y : x, Contact::grazed);
        touch_side(x, y, Contact::grazed);
        touch_side(x, z, Contact::grazed);
        touch_side(y, z, Contact::grazed);
        enter(z, Contact::crossed);
        off += step_cross[static_cast<std::size_t>(index(dx))] +
               step_cross[static_cast<std::size_t>(index(dy))];
        c = z;
      } else {
        // Past the vertex the line leaves the side x|y (which points along
        // the vertex offset o) on one hand: into x when cross(d, o) > 0,
        // into y when < 0 (checked against Boost.Geometry in the tests).
        const bool into_x = w[i] > 0;
        touch_side(x, y, Contact::grazed);
        enter(into_x ? y : x, Contact::grazed);
        enter(into_x ? x : y, Contact::crossed);
        off += step_cross[static_cast<std::size_t>(index(into_x ? dx : dy))];
        c = into_x ? x : y;
      }
      moved = true;
    }
    for (int j = 0; j < 6 && !moved; ++j) {
      const auto i = static_cast<std::size_t>(j);
      const i64 v1 = val[i];
      const i64 v2 = val[(i + 1) % 6];  // side j joins vertices j and j+1
      if (!ahead_s[i] || !((v1 < 0 && v2 > 0) || (v1 > 0 && v2 < 0))) continue;
      const Hex next = neighbour(c, direction_from_index(j));
      touch_side(c, next, Contact::crossed);
      enter(next, Contact::crossed);
      off += step_cross[i];
      c = next;
      moved = true;
    }
    if (!moved) break;  // unreachable for a line between two centres
  }
}

SightLine trace_sight(Hex from, Hex to) {
  SightLine out;
  trace_sight(from, to, out);
  return out;
}

}  // namespace umpire::hex
