#include "engine/rulesets/sabreur_hex/board.hpp"

#include <algorithm>
#include <vector>

#include "engine/geometry/hex/zone.hpp"

namespace umpire::sabreur {

bool Board::square_like(UnitId u) const {
  const Formation f = state_.units[u].formation;
  return f == Formation::square || f == Formation::closed_column;
}

bool Board::engages(UnitId a, UnitId b) const {
  const UnitState& ua = state_.units[a];
  const UnitState& ub = state_.units[b];
  if (!ua.on_table || !ub.on_table) return false;
  if (square_like(a)) return hex::adjacent(ua.hex, ub.hex);
  return hex::in_front_hexes(ua.hex, ua.facing, ub.hex);
}

bool Board::engaged_by_enemy(UnitId u) const {
  for (std::size_t e = 0; e < state_.units.size(); ++e)
    if (enemies(u, static_cast<UnitId>(e)) && engages(static_cast<UnitId>(e), u)) return true;
  return false;
}

bool Board::engages_enemy(UnitId u) const {
  for (std::size_t e = 0; e < state_.units.size(); ++e)
    if (enemies(u, static_cast<UnitId>(e)) && engages(u, static_cast<UnitId>(e))) return true;
  return false;
}

bool Board::engaged_from_rear(UnitId u) const {
  const UnitState& s = state_.units[u];
  for (std::size_t e = 0; e < state_.units.size(); ++e) {
    const auto id = static_cast<UnitId>(e);
    if (enemies(u, id) && engages(id, u) &&
        hex::in_rear_hexes(s.hex, s.facing, state_.units[e].hex))
      return true;
  }
  return false;
}

bool Board::engaged_only_by_infantry(UnitId u) const {
  bool any = false;
  for (std::size_t e = 0; e < state_.units.size(); ++e) {
    const auto id = static_cast<UnitId>(e);
    if (!enemies(u, id) || !engages(id, u)) continue;
    any = true;
    if (arm(id) != Arm::infantry) return false;
  }
  return any;
}

bool Board::outflanked(UnitId u) const {
  if (square_like(u)) return false;
  for (std::size_t d = 0; d < state_.units.size(); ++d) {
    const auto enemy = static_cast<UnitId>(d);
    if (!enemies(u, enemy) || !engages(enemy, u)) continue;
    bool answered = false;
    for (std::size_t f = 0; f < state_.units.size() && !answered; ++f) {
      const auto friend_id = static_cast<UnitId>(f);
      if (!enemies(friend_id, enemy)) continue;  // u itself or a friend of u
      answered = engages(friend_id, enemy);
    }
    if (!answered) return true;
  }
  return false;
}

bool Board::in_contact(UnitId u) const {
  const UnitState& s = state_.units[u];
  if (!s.on_table) return false;
  for (std::size_t e = 0; e < state_.units.size(); ++e) {
    const UnitState& o = state_.units[e];
    if (o.on_table && enemies(u, static_cast<UnitId>(e)) && hex::adjacent(s.hex, o.hex))
      return true;
  }
  return false;
}

int Board::nearest_enemy_from(Hex h, std::uint8_t side, bool non_panicked_only) const {
  int best = 99;
  for (std::size_t e = 0; e < state_.units.size(); ++e) {
    const UnitState& o = state_.units[e];
    if (!o.on_table || setup_.units[e].side == side) continue;
    if (non_panicked_only && o.panicked) continue;
    best = std::min(best, hex::distance(h, o.hex));
  }
  return best;
}

int Board::nearest_enemy(UnitId u, bool non_panicked_only) const {
  return nearest_enemy_from(state_.units[u].hex, setup_.units[u].side, non_panicked_only);
}

bool Board::next_to_elite_leader(UnitId u) const {
  if (setup_.units[u].quality != Quality::ordinary) return false;
  const UnitState& s = state_.units[u];
  for (std::size_t f = 0; f < state_.units.size(); ++f) {
    const auto id = static_cast<UnitId>(f);
    const UnitState& o = state_.units[f];
    if (id == u || enemies(u, id) || !o.on_table || o.panicked) continue;
    const UnitSetup& fs = setup_.units[f];
    if (fs.quality == Quality::elite &&
        (fs.type == UnitType::line_infantry || fs.type == UnitType::heavy_cavalry) &&
        hex::adjacent(s.hex, o.hex))
      return true;
  }
  return false;
}

bool Board::isolated_artillery(UnitId u) const {
  if (arm(u) != Arm::artillery) return false;
  const UnitState& s = state_.units[u];
  for (std::size_t f = 0; f < state_.units.size(); ++f) {
    const auto id = static_cast<UnitId>(f);
    const UnitState& o = state_.units[f];
    if (id != u && !enemies(u, id) && o.on_table && !o.panicked && hex::adjacent(s.hex, o.hex))
      return false;
  }
  return true;
}

bool Board::adjacent_to_friend_of(UnitId target, UnitId shooter) const {
  const UnitState& t = state_.units[target];
  for (std::size_t f = 0; f < state_.units.size(); ++f) {
    const auto id = static_cast<UnitId>(f);
    const UnitState& o = state_.units[f];
    if (id != shooter && !enemies(shooter, id) && o.on_table && hex::adjacent(t.hex, o.hex))
      return true;
  }
  return false;
}

bool Board::chained(std::span<const UnitId> group) const {
  std::vector<UnitId> order(group.begin(), group.end());
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
        if (!reached[j] && hex::adjacent(state_.units[order[i]].hex, state_.units[order[j]].hex)) {
          reached[j] = true;
          todo.push_back(j);
        }
    }
    return std::all_of(reached.begin(), reached.end(), [](bool b) { return b; });
  }
  std::sort(order.begin(), order.end());
  do {
    bool ok = true;
    for (std::size_t i = 1; i < order.size() && ok; ++i)
      ok = hex::adjacent(state_.units[order[i - 1]].hex, state_.units[order[i]].hex);
    if (ok) return true;
  } while (std::next_permutation(order.begin(), order.end()));
  return false;
}

}  // namespace umpire::sabreur
