// A terrain along a side of a unit's hex as the unit's terrain:
// 002_87c3dc452f850204.txt § Les terrains dans Sabreur, § Effets du terrain.
//
// "Pour bénéficier ou subir les effets d'un terrain donné (modificateur,
// sauvegarde, etc...) lors d'un combat, d'un tir, ou d'un test de moral, une
// unité doit être dans au moins l'une des situations suivantes : Le terrain
// doit être contenu dans la case de l'unité. Le terrain doit s'étaler sur un
// côté de la case occupée par l'unité, et doit séparer l'unité de l'unité
// adverse avec qui elle est confrontée." Of the terrains that lie along
// sides ("Cours d'eau, Gué, Pont, Bois, Terrain impassable"), the wood is
// the one § Effets du terrain gives a unit's effects (caps, save, charge
// doubling, morale modifiers); the water's are the data's
// combat.separating_hexside. A wood so placed is stated as the unit's
// terrain (self.hex_terrain, enemy.hex_terrain = wood) over what fill_self
// and fill_enemy stated, so every effect the data gives a unit "en bois"
// follows from the data. Only in the questions of a combat, a fire or a
// morale test with an adversary: a manoeuvre (square, countercharge) reads
// the hex alone. The reading of "séparer": docs/rules-coverage.md
// § sabreur-hex readings, Board::side_wood_separates.
#include "engine/rulesets/sabreur_hex/phases/facts.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <boost/container/small_vector.hpp>
#include <limits>
#include <utility>
#include <vector>

#include "engine/geometry/hex/text.hpp"

namespace umpire::sabreur {
namespace {

// The nearer hexes of two units, every pair as near (an extended line
// holds two hexes, § Formations spéciales), its first hex's first.
// At most four pairs (two halves each): kept in place, asked for every
// combat and fire.
using HexPairs = boost::container::small_vector<std::pair<Hex, Hex>, 4>;

HexPairs nearest_hexes(const UnitState& us, const UnitState& es) {
  HexPairs pairs;
  int best = std::numeric_limits<int>::max();
  for (const Hex x : {us.hex, us.second_hex.value_or(us.hex)})
    for (const Hex y : {es.hex, es.second_hex.value_or(es.hex)}) {
      const int d = hex::distance(x, y);
      if (d < best) {
        best = d;
        pairs.clear();
      }
      if (d == best && std::find(pairs.begin(), pairs.end(), std::pair{x, y}) == pairs.end())
        pairs.emplace_back(x, y);
    }
  return pairs;
}

}  // namespace

// The side between two units in contact (§ Effets du terrain: "séparée de
// l'unité attaquante [...] par une rivière, un gué ou un pont"): the side
// between their neighbouring hexes, either half of an extended line's.
HexsideTerrain separating_side(const Context& cx, UnitId u, UnitId e) {
  const UnitState& us = cx.state.units[u];
  const UnitState& es = cx.state.units[e];
  if (u == e || !us.on_table || !es.on_table) return HexsideTerrain::no_hexside_terrain;
  const HexPairs pairs = nearest_hexes(us, es);
  const auto [x, y] = pairs.front();
  if (!hex::adjacent(x, y)) return HexsideTerrain::no_hexside_terrain;
  const Board b = cx.board();
  const HexsideTerrain side = b.side_between(x, y);
  for (const auto& [p, q] : pairs) {
    if (b.side_between(p, q) == side) continue;
    cx.checker.not_checked(
        fmt::format("the hex side between {} and {}, an extended line in contact across two "
                    "sides that carry different terrains (the engine takes the side between {} "
                    "and {})",
                    cx.quoted(u), cx.quoted(e), hex::to_string(x), hex::to_string(y)),
        cx.checker.event_span());
    break;
  }
  return side;
}

void fill_confronted_terrain(const Context& cx, Facts& f, UnitId u, UnitId e,
                             std::optional<std::pair<Hex, Hex>> hexes) {
  const UnitState& us = cx.state.units[u];
  const UnitState& es = cx.state.units[e];
  if (u == e || !us.on_table || !es.on_table) return;
  const Board b = cx.board();
  // The hexes confronted: the fire's two (its half that fires, the half it
  // goes at), else the nearer hexes of the two units; an extended line
  // holds two (§ Formations spéciales), and two pairs may be as near.
  const HexPairs pairs = hexes ? HexPairs{*hexes} : nearest_hexes(us, es);
  const auto woods = [&](const std::pair<Hex, Hex>& p) {
    return std::pair{b.side_wood_separates(p.first, p.second),
                     b.side_wood_separates(p.second, p.first)};
  };
  const std::pair<bool, bool> wood = woods(pairs.front());
  for (std::size_t i = 1; i < pairs.size(); ++i) {
    if (woods(pairs[i]) == wood) continue;
    cx.checker.not_checked(
        fmt::format("whether a wood along a side separates {} from {}, an extended line whose "
                    "halves are as near and not both behind it (the engine takes {} and {})",
                    cx.quoted(u), cx.quoted(e), hex::to_string(pairs.front().first),
                    hex::to_string(pairs.front().second)),
        cx.checker.event_span());
    break;
  }
  // A unit in another terrain of its hex stands in both; the data reads one
  // terrain of a unit, which for a wood besides a village, a strongpoint,
  // difficult terrain or a bridge the text does not rank.
  const auto state_wood = [&](Given g, UnitId who, bool separated) {
    if (!separated) return;
    const HexTerrain own = b.terrain_at(cx.state.units[who].hex);
    if (own == HexTerrain::open_ground || own == HexTerrain::wood) {
      f.set(g, cx.rules.terrain(HexTerrain::wood));
      return;
    }
    cx.checker.not_checked(
        fmt::format("a wood along a side of the hex of {}, in {}, that separates it from {}: "
                    "both are its terrain, the rules data reads one (the engine takes its hex's)",
                    cx.quoted(who), hex_terrain_names()[static_cast<std::size_t>(own)],
                    cx.quoted(who == u ? e : u)),
        cx.checker.event_span());
  };
  state_wood(Given::self_hex_terrain, u, wood.first);
  state_wood(Given::enemy_hex_terrain, e, wood.second);
}

void fill_self(const Context& cx, Facts& f, UnitId u) {
  f.self(cx.board(), u);
}

void fill_enemy(const Context& cx, Facts& f, std::optional<UnitId> e) {
  if (!e) {
    // No enemy concerned: no skill, no state, open ground; conditions on
    // the enemy then read false.
    f.set(Given::enemy_type, cx.rules.type(UnitType::line_infantry));
    f.set(Given::enemy_formation, cx.rules.formation(Formation::line));
    f.set(Given::enemy_skills, cx.rules.skills({}));
    f.boolean(Given::enemy_panicked, false);
    f.boolean(Given::enemy_outflanked, false);
    f.set(Given::enemy_hex_terrain, cx.rules.terrain(HexTerrain::open_ground));
    f.boolean(Given::enemy_isolated_artillery, false);
    return;
  }
  const UnitSetup& s = cx.setup.units[*e];
  const UnitState& st = cx.state.units[*e];
  const Board b = cx.board();
  f.set(Given::enemy_type, cx.rules.type(s.type));
  f.set(Given::enemy_formation, cx.rules.formation(st.formation));
  f.set(Given::enemy_skills, cx.rules.skills(s.skills));
  f.boolean(Given::enemy_panicked, st.panicked);
  f.set(Given::enemy_hex_terrain, cx.rules.terrain(b.terrain_at(st.hex)));
  f.enemy(b, *e);  // outflanked, isolated artillery: when read
}

void fill_side(const Context& cx, Facts& f, UnitId u) {
  const SideState& side = cx.state.sides[cx.setup.units[u].side];
  // Not thrown yet: none spent (the given's bound stands for "plenty").
  f.integer(Given::side_order_points_left,
            side.order_points_thrown ? std::max<std::int64_t>(0, side.order_points) : 99);
}

}  // namespace umpire::sabreur
