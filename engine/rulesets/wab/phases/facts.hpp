#pragma once
// The facts the data's charts and tests read of a strike (a shot, an
// attack, the wounds and saves that follow): the striker as `self`, the
// unit struck as `target`, and the striker's opponent as `enemy`. What
// the engine does not know of the table yet (cover, obstacles, a target's
// size, fear) is stated as none and reported `not checked` by the caller.
#include <cstdint>
#include <span>

#include "engine/rulesets/wab/context.hpp"

namespace umpire::wab {

void fill_strike(const Context& cx, Facts& f, UnitId self, UnitId target);

// The shot of `strike`: its weapon, distance, and the models shooting.
// False when the data's weapons table has no such weapon.
bool fill_shot(const Context& cx, Facts& f, const Strike& strike, std::int64_t shooting_models);

// The unit as its Leadership tests and its combat read it (§ Psychologie,
// § Tests de Moral, § Warbands): `self` is `u`. What the log does not
// record (a frenzy lost, a fall back last turn, terror overcome, a charge
// range: the data's gap charge_range) is stated as none.
void fill_unit(const Context& cx, Facts& f, UnitId u);
// The same without its rank bonus (a Warband's Leadership only reads it).
void fill_self(const Context& cx, Facts& f, UnitId u);

// The enemy `self` fights or tests against (§ Peur, § Tests de Moral).
void fill_enemy(const Context& cx, Facts& f, UnitId enemy);

// The ranks of 4 models or more of unit `u` as it stands (§ Résultat du
// combat): its models standing fill its files, the width of its widest
// rank, from the front.
// Whether unit `s` carries `word` among its other equipment (a standard,
// a musician).
bool carries(const UnitSetup& s, std::string_view word);

std::int64_t ranks_of_four(const Context& cx, UnitId u);

// Whether a unit of the round being fought stands on rough ground: "un
// combat où une unité est en terrain difficile" (§ Résultat du combat).
bool round_on_rough_ground(const Context& cx);

// The deepest unit of a side, the one whose ranks count (§ Résultat du
// combat: "On prend les bonus de l'unité la plus profonde").
UnitId deepest(const Context& cx, std::span<const UnitId> side);

// The side of a combat whose units are `side`, which inflicted `wounds`
// unsaved wounds in the round (§ Résultat du combat): its deepest unit, its
// standards. Flanks and rear are stated as none (phases/attack_sides.hpp
// reads them), and so are high ground, terrain and chariots, which the
// caller reports `not checked`.
void fill_side(const Context& cx, Facts& f, std::span<const UnitId> side, std::int64_t wounds);

// Whole inches, a part of an inch counting as a whole one: the distance
// the data's ranges are compared with (12.0004" is 12").
std::int64_t whole_inches_up(double d);

// The dice of `roll` that succeed: each at least the score the test needs
// (its target less the modifiers on the roll, or its modified target).
std::int64_t successes(const dice::Roll& roll, const rules::TestResult& test);

}  // namespace umpire::wab
