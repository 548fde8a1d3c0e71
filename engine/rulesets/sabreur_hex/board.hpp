#pragma once
// Questions about the board that the rules ask in words: who engages whom
// (002_87c3dc452f850204.txt § Engager une unité), who is outflanked
// (§ Unités débordées), the nearest enemy, the terrain a unit stands on,
// whether a group forms a chain (§ Points d'ordre). Geometry comes from
// engine/geometry/hex; what a terrain does comes from the rules data
// (TerrainRules, filled once from its tables).
#include <optional>
#include <span>
#include <vector>

#include "engine/rulesets/sabreur_hex/state.hpp"
#include "engine/rulesets/sabreur_hex/types.hpp"

namespace umpire::sabreur {

// The terrain tables of the data, read once per engine.
struct TerrainRules {
  std::array<bool, 7> hex_penalising{}, hex_passable{}, hex_blocks_sight{};
  std::array<bool, 7> hex_open{};  // "terrain dégagé" (§ Effets du terrain)
  std::array<bool, 7> side_penalising{}, side_passable{};
};

class Board {
 public:
  Board(const Setup& setup, const State& state, const TerrainRules& terrain)
      : setup_(setup), state_(state), terrain_(terrain) {}

  const Setup& setup() const { return setup_; }
  const State& state() const { return state_; }
  const TerrainRules& terrain_rules() const { return terrain_; }

  bool enemies(UnitId a, UnitId b) const { return setup_.units[a].side != setup_.units[b].side; }
  bool present(UnitId u) const { return state_.units[u].on_table; }
  Arm arm(UnitId u) const { return arm_of(setup_.units[u].type); }
  bool square_like(UnitId u) const;

  // `a` engages `b`: b stands on one of a's two front hexes. A square
  // faces every way, so it engages every neighbour. An extended line
  // (§ Formations spéciales) engages a unit on a front hex of either half,
  // and is engaged when either half is.
  bool engages(UnitId a, UnitId b) const;
  // A hex of `other` in the front cone of `a`: an extended line's front is
  // either half's cone (hex::zone_of(Footprint)).
  bool in_front_cone(UnitId a, UnitId other) const;
  // A hex of `other` on one of the two flank hexes of `a` (§ Conditions
  // pour qu'une charge soit valide, 3): an extended line's outer ones, each
  // half's other flank hex being the other half.
  bool on_flank_hex(UnitId a, UnitId other) const;
  // Between the nearer hexes of two units (an extended line holds two).
  int distance(UnitId a, UnitId b) const;
  bool adjacent(UnitId a, UnitId b) const { return distance(a, b) == 1; }
  int distance_from(Hex h, UnitId b) const;
  // An enemy on a front hex of `half` (one hex of u), or an enemy that
  // engages that hex: "Une demi-unité n'a pas le droit de tirer si l'autre
  // demi-unité engage ou est engagée par une unité adverse" (§ Le tir).
  bool half_in_engagement(UnitId u, Hex half) const;
  bool engaged_by_enemy(UnitId u) const;
  bool engages_enemy(UnitId u) const;
  bool engaged_from_rear(UnitId u) const;
  bool engaged_only_by_infantry(UnitId u) const;
  // The enemies on the table that engage u (§ Manœuvres: a march keeps one
  // of those that engaged it at its start).
  std::vector<UnitId> engagers(UnitId u) const;
  // § Unités débordées: an enemy engages u while neither u nor a friend of
  // u engages it; a square is never outflanked.
  bool outflanked(UnitId u) const;
  bool in_contact(UnitId u) const;  // an enemy on a neighbouring hex
  // Distance to the nearest enemy on the table (non-panicked ones only when
  // asked); 99 when there is none.
  int nearest_enemy(UnitId u, bool non_panicked_only) const;
  // The nearest non-panicked enemy of any of `units` (a group, § Points d'ordre).
  int nearest_enemy_of_group(std::span<const UnitId> units) const;
  int nearest_enemy_from(Hex h, std::uint8_t side, bool non_panicked_only) const;
  // The same from `h` or `second` (an extended line's other half), the
  // nearer: a unit where it stands (nearest_enemy) or where a march ends.
  int nearest_enemy_from(Hex h, std::optional<Hex> second, std::uint8_t side,
                         bool non_panicked_only) const;
  // § Test moral: an Ordinary unit next to a non-panicked Elite line
  // infantry or heavy cavalry unit of its side.
  bool next_to_elite_leader(UnitId u) const;
  // What the rules ask about a unit's neighbours (Facts::self), each as the
  // function of the same name gives it, found in one pass over its six
  // neighbours. The nearest enemies, a pass over every unit, are
  // nearest_enemy()'s, asked apart: a question reads one or the other.
  struct Surroundings {
    bool engages_enemy = false, engaged_by_enemy = false, engaged_from_rear = false;
    bool engaged_only_by_infantry = false, outflanked = false, in_contact = false;
    bool next_to_elite_leader = false;
    friend bool operator==(const Surroundings&, const Surroundings&) = default;
  };
  Surroundings surroundings(UnitId u) const;
  // Artillery with no non-panicked friend next to it
  // (§ Restrictions sur les assauts et les charges).
  bool isolated_artillery(UnitId u) const;
  // A friendly artillery unit on a neighbouring hex (§ Force des unités et
  // coûts des unités: a neighbour may take over its losses).
  bool next_to_friendly_artillery(UnitId u) const;
  bool adjacent_to_friend_of(UnitId target, UnitId shooter) const;

  HexTerrain terrain_at(Hex h) const { return terrain_kind(setup_.map.terrain(h)); }
  bool hill_at(Hex h) const { return terrain_hill(setup_.map.terrain(h)); }
  HexsideTerrain side_between(Hex a, Hex b) const {
    return static_cast<HexsideTerrain>(setup_.map.side_feature(a, b).value);
  }
  // A wood along a side of `own` that separates it from `other` (§ Les
  // terrains dans Sabreur, "doit s'étaler sur un côté de la case occupée par
  // l'unité, et doit séparer l'unité de l'unité adverse"), read as: a side
  // of `own` that the line between the two hexes' centres crosses or, when
  // it leaves `own` through a vertex, grazes ("traverse ou frôle", as § Le
  // tir counts a line's contacts). Reading: docs/rules-coverage.md
  // § sabreur-hex readings.
  bool side_wood_separates(Hex own, Hex other) const;
  // Whether a path from `start`, hex by hex, crosses a side of `kind`.
  bool crosses_side(Hex start, std::span<const Hex> path, HexsideTerrain kind) const;

  // § Points d'ordre: the units can be ordered so that each is next to the
  // previous (a Hamiltonian path over adjacency, every order tried: groups
  // hold 4 units at most; beyond 6 only connectedness is asked).
  bool chained(std::span<const UnitId> group) const;

 private:
  // True when `pred` holds for a unit on one of the six hexes around u
  // (around either half of an extended line; none when u is off the table).
  template <typename F>
  bool any_neighbour(UnitId u, F&& pred) const;
  // True when `pred(x, y)` holds for a hex x of a and a hex y of b: one
  // call unless one of them is an extended line.
  template <typename F>
  static bool any_hex_pair(const UnitState& a, const UnitState& b, F&& pred);

  const Setup& setup_;
  const State& state_;
  const TerrainRules& terrain_;
};

}  // namespace umpire::sabreur
