#pragma once
// Marches, changes of formation and an extended line's halves:
// 002_87c3dc452f850204.txt § Manœuvres, § Orientation des unités, § Les
// terrains dans Sabreur, § Changements de formation, § Formations spéciales.
#include "engine/rulesets/sabreur_hex/context.hpp"

namespace umpire::sabreur {

struct PathCheck {
  bool penalising = false;
  std::optional<Hex> end;  // where the unit may stand at the end (nullopt: blocked)
};

// `judge_last_hex` false: where the last hex is (map, terrain) is the
// caller's to judge; only the hexside into it is asked.
PathCheck check_path(Context& cx, UnitId u, Hex start, std::span<const Hex> hexes, Span span,
                     bool final_hex_free, bool judge_last_hex = true);

// `way_unknown_on`: the move (an extended line's) whose second half's way
// nobody checked, named in the not-checked phrase ("a pursuit written
// without its path"); empty: check_second_path saw it.
void end_move(Context& cx, UnitId u, Hex to, Facing facing, std::string_view way_unknown_on);

// The hexes the second half of an extended line crosses while its first
// half turns to `after` and then follows `path` (one hex: nothing to do).
PathCheck check_second_path(Context& cx, UnitId u, Facing after, std::span<const Hex> path,
                            Span span);

void settle_second_hex(Context& cx, UnitId u);  // extended line

// Where the second half of an extended line `u` ends when its first half
// ends on `end` facing `after` (nullopt: a unit on one hex).
std::optional<Hex> second_end(const Context& cx, UnitId u, Hex end, Facing after);

// Whether `e` engages a unit standing on `end` (and `second`).
bool engages_at(const Context& cx, UnitId e, Hex end, std::optional<Hex> second);

void move(Context& cx, const Action& a);

// A forced march is a frontal march of doubled length (§ Manœuvres).
bool frontal_march(Context& cx, const Action& a, UnitId u, bool charge, bool forced = false);

void disengage(Context& cx, const Action& a, UnitId u, std::span<const UnitId> engagers);

void change_formation(Context& cx, const Action& a);

}  // namespace umpire::sabreur
