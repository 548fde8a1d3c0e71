#include "engine/rulesets/sabreur_hex/board.hpp"

#include <algorithm>
#include <boost/container/small_vector.hpp>
#include <vector>

#include "engine/geometry/hex/sight.hpp"
#include "engine/geometry/hex/zone.hpp"

namespace umpire::sabreur {

bool Board::square_like(UnitId u) const {
  const Formation f = state_.units[u].formation;
  return f == Formation::square || f == Formation::closed_column;
}

template <typename F>
bool Board::any_hex_pair(const UnitState& a, const UnitState& b, F&& pred) {
  if (!a.second_hex && !b.second_hex) return pred(a.hex, b.hex);
  // An extended line's two halves (§ Formations spéciales).
  const Hex as[2] = {a.hex, a.second_hex.value_or(a.hex)};
  const Hex bs[2] = {b.hex, b.second_hex.value_or(b.hex)};
  for (const Hex x : as)
    for (const Hex y : bs)
      if (pred(x, y)) return true;
  return false;
}

bool Board::side_wood_separates(Hex own, Hex other) const {
  if (own == other || !hex::in_coordinate_range(own) || !hex::in_coordinate_range(other))
    return false;
  // Most maps have no wood along a side, most hexes none along theirs: no
  // line to trace then.
  if (!setup_.map.may_have_side_feature(
          hex::SideFeatureId{static_cast<std::uint16_t>(HexsideTerrain::wood)}))
    return false;
  bool wooded = false;
  for (int d = 0; d < 6 && !wooded; ++d)
    wooded = side_between(own, hex::neighbour(own, hex::direction_from_index(d))) ==
             HexsideTerrain::wood;
  if (!wooded) return false;
  for (const hex::SightSide& side : hex::trace_sight(own, other).sides)
    if ((side.a == own || side.b == own) && side_between(side.a, side.b) == HexsideTerrain::wood)
      return true;
  return false;
}

bool Board::crosses_side(Hex start, std::span<const Hex> path, HexsideTerrain kind) const {
  Hex prev = start;
  for (const Hex h : path) {
    if (hex::adjacent(prev, h) && side_between(prev, h) == kind) return true;
    prev = h;
  }
  return false;
}

bool Board::engages(UnitId a, UnitId b) const {
  const UnitState& ua = state_.units[a];
  const UnitState& ub = state_.units[b];
  if (!ua.on_table || !ub.on_table) return false;
  if (square_like(a)) return any_hex_pair(ua, ub, [](Hex x, Hex y) { return hex::adjacent(x, y); });
  return any_hex_pair(ua, ub, [&](Hex x, Hex y) { return hex::in_front_hexes(x, ua.facing, y); });
}

bool Board::in_front_cone(UnitId a, UnitId other) const {
  const UnitState& ua = state_.units[a];
  return any_hex_pair(ua, state_.units[other],
                      [&](Hex x, Hex y) { return hex::in_front_cone(x, ua.facing, y); });
}

bool Board::on_flank_hex(UnitId a, UnitId other) const {
  const UnitState& ua = state_.units[a];
  return any_hex_pair(ua, state_.units[other],
                      [&](Hex x, Hex y) { return hex::in_flank_hexes(x, ua.facing, y); });
}

int Board::distance(UnitId a, UnitId b) const {
  const UnitState& ua = state_.units[a];
  const UnitState& ub = state_.units[b];
  int best = hex::distance(ua.hex, ub.hex);
  if (ua.second_hex || ub.second_hex)
    any_hex_pair(ua, ub, [&](Hex x, Hex y) {
      best = std::min(best, hex::distance(x, y));
      return false;
    });
  return best;
}

int Board::distance_from(Hex h, UnitId b) const {
  const UnitState& ub = state_.units[b];
  const int first = hex::distance(h, ub.hex);
  return ub.second_hex ? std::min(first, hex::distance(h, *ub.second_hex)) : first;
}

bool Board::half_in_engagement(UnitId u, Hex half) const {
  const UnitState& s = state_.units[u];
  for (hex::Direction d : hex::kDirections) {
    const Hex n = hex::neighbour(half, d);
    const std::optional<UnitId> o = state_.unit_at(n);
    if (!o || *o == u || !enemies(u, *o)) continue;
    if (hex::in_front_hexes(half, s.facing, n)) return true;  // the half engages it
    const UnitState& os = state_.units[*o];
    const auto engages_half = [&](Hex x) {
      return square_like(*o) ? hex::adjacent(x, half) : hex::in_front_hexes(x, os.facing, half);
    };
    if (engages_half(os.hex) || (os.second_hex && engages_half(*os.second_hex))) return true;
  }
  return false;
}

// Engagement, contact and support are between neighbours only: the units
// on the six hexes around, found through the state's occupancy index, not
// by a pass over every unit (outflanked() asks it of each engaging enemy).
// An extended line has the neighbours of both halves; a unit next to both
// is asked twice, which no predicate here minds.
template <typename F>
bool Board::any_neighbour(UnitId u, F&& pred) const {
  const UnitState& s = state_.units[u];
  if (!s.on_table) return false;
  for (hex::Direction d : hex::kDirections) {
    const std::optional<UnitId> o = state_.unit_at(hex::neighbour(s.hex, d));
    if (o && *o != u && pred(*o)) return true;
  }
  if (!s.second_hex) return false;
  for (hex::Direction d : hex::kDirections) {
    const std::optional<UnitId> o = state_.unit_at(hex::neighbour(*s.second_hex, d));
    if (o && *o != u && pred(*o)) return true;
  }
  return false;
}

bool Board::engaged_by_enemy(UnitId u) const {
  return any_neighbour(u, [&](UnitId e) { return enemies(u, e) && engages(e, u); });
}

bool Board::engages_enemy(UnitId u) const {
  return any_neighbour(u, [&](UnitId e) { return enemies(u, e) && engages(u, e); });
}

bool Board::engaged_from_rear(UnitId u) const {
  const UnitState& s = state_.units[u];
  return any_neighbour(u, [&](UnitId e) {
    return enemies(u, e) && engages(e, u) && any_hex_pair(s, state_.units[e], [&](Hex x, Hex y) {
             return hex::in_rear_hexes(x, s.facing, y);
           });
  });
}

std::vector<UnitId> Board::engagers(UnitId u) const {
  // An engager has u on one of its front hexes, so it stands next to u:
  // only the units around u are asked. In the order of their ids, as a scan
  // of every unit gave them.
  std::vector<UnitId> out;
  any_neighbour(u, [&](UnitId e) {
    if (enemies(u, e) && engages(e, u)) out.push_back(e);
    return false;
  });
  std::sort(out.begin(), out.end());  // next to both halves of a line: met twice
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

bool Board::engaged_only_by_infantry(UnitId u) const {
  bool any = false;
  const bool other_arm = any_neighbour(u, [&](UnitId e) {
    if (!enemies(u, e) || !engages(e, u)) return false;
    any = true;
    return arm(e) != Arm::infantry;
  });
  return any && !other_arm;
}

bool Board::outflanked(UnitId u) const {
  if (square_like(u)) return false;
  return any_neighbour(u, [&](UnitId enemy) {
    if (!enemies(u, enemy) || !engages(enemy, u)) return false;
    // Answered when u or a friend of u engages that enemy.
    const bool answered =
        any_neighbour(enemy, [&](UnitId f) { return enemies(f, enemy) && engages(f, enemy); });
    return !answered;
  });
}

bool Board::in_contact(UnitId u) const {
  return any_neighbour(u, [&](UnitId e) { return enemies(u, e); });
}

int Board::nearest_enemy_from(Hex h, std::uint8_t side, bool non_panicked_only) const {
  int best = 99;
  for (std::size_t e = 0; e < state_.units.size(); ++e) {
    const UnitState& o = state_.units[e];
    if (!o.on_table || setup_.units[e].side == side) continue;
    if (non_panicked_only && o.panicked) continue;
    best = std::min(best, hex::distance(h, o.hex));
    if (o.second_hex) best = std::min(best, hex::distance(h, *o.second_hex));
  }
  return best;
}

int Board::nearest_enemy_from(Hex h, std::optional<Hex> second, std::uint8_t side,
                              bool non_panicked_only) const {
  const int d = nearest_enemy_from(h, side, non_panicked_only);
  return second ? std::min(d, nearest_enemy_from(*second, side, non_panicked_only)) : d;
}

int Board::nearest_enemy(UnitId u, bool non_panicked_only) const {
  const UnitState& s = state_.units[u];
  return nearest_enemy_from(s.hex, s.second_hex, setup_.units[u].side, non_panicked_only);
}

int Board::nearest_enemy_of_group(std::span<const UnitId> units) const {
  int nearest = 99;  // none
  for (const UnitId u : units) nearest = std::min(nearest, nearest_enemy(u, true));
  return nearest;
}

bool Board::next_to_elite_leader(UnitId u) const {
  if (setup_.units[u].quality != Quality::ordinary) return false;
  return any_neighbour(u, [&](UnitId f) {
    const UnitSetup& fs = setup_.units[f];
    return !enemies(u, f) && !state_.units[f].panicked && fs.quality == Quality::elite &&
           (fs.type == UnitType::line_infantry || fs.type == UnitType::heavy_cavalry);
  });
}

Board::Surroundings Board::surroundings(UnitId u) const {
  Surroundings out;
  const UnitState& s = state_.units[u];
  const UnitSetup& us = setup_.units[u];
  bool engaged_by_other_arm = false;
  any_neighbour(u, [&](UnitId n) {
    if (!enemies(u, n)) {
      const UnitSetup& fs = setup_.units[n];
      out.next_to_elite_leader =
          out.next_to_elite_leader ||
          (us.quality == Quality::ordinary && !state_.units[n].panicked &&
           fs.quality == Quality::elite &&
           (fs.type == UnitType::line_infantry || fs.type == UnitType::heavy_cavalry));
      return false;
    }
    out.in_contact = true;
    out.engages_enemy = out.engages_enemy || engages(u, n);
    if (!engages(n, u)) return false;
    out.engaged_by_enemy = true;
    out.engaged_from_rear =
        out.engaged_from_rear || any_hex_pair(s, state_.units[n], [&](Hex x, Hex y) {
          return hex::in_rear_hexes(x, s.facing, y);
        });
    engaged_by_other_arm = engaged_by_other_arm || arm(n) != Arm::infantry;
    // Outflanked when no unit of u's side engages that enemy (as outflanked()).
    if (!out.outflanked && !square_like(u))
      out.outflanked = !any_neighbour(n, [&](UnitId f) { return enemies(f, n) && engages(f, n); });
    return false;  // every neighbour is looked at
  });
  out.engaged_only_by_infantry = out.engaged_by_enemy && !engaged_by_other_arm;
  return out;
}

bool Board::isolated_artillery(UnitId u) const {
  if (arm(u) != Arm::artillery) return false;
  return !any_neighbour(u, [&](UnitId f) { return !enemies(u, f) && !state_.units[f].panicked; });
}

bool Board::next_to_friendly_artillery(UnitId u) const {
  return any_neighbour(u, [&](UnitId f) { return !enemies(u, f) && arm(f) == Arm::artillery; });
}

bool Board::adjacent_to_friend_of(UnitId target, UnitId shooter) const {
  return any_neighbour(target, [&](UnitId f) { return f != shooter && !enemies(shooter, f); });
}

bool Board::chained(std::span<const UnitId> group) const {
  // In place: asked at every activation, for groups of a few units.
  boost::container::small_vector<UnitId, 8> order(group.begin(), group.end());
  if (order.size() > 6) {
    // Far beyond any legal group (the size check reports it): trying every
    // order would take factorial time, so only connectedness is asked.
    std::vector<bool> reached(order.size(), false);
    std::vector<std::size_t> todo{0};
    reached[0] = true;
    while (!todo.empty()) {
      const std::size_t i = todo.back();
      todo.pop_back();
      for (std::size_t j = 0; j < order.size(); ++j)
        if (!reached[j] && adjacent(order[i], order[j])) {
          reached[j] = true;
          todo.push_back(j);
        }
    }
    return std::all_of(reached.begin(), reached.end(), [](bool b) { return b; });
  }
  std::sort(order.begin(), order.end());
  do {
    bool ok = true;
    for (std::size_t i = 1; i < order.size() && ok; ++i) ok = adjacent(order[i - 1], order[i]);
    if (ok) return true;
  } while (std::next_permutation(order.begin(), order.end()));
  return false;
}

}  // namespace umpire::sabreur
