#pragma once
// A unit's attack dice in a round, shared between the enemies it fights:
// 000_a44b407871cbdad9.txt § III - PHASE DE CORPS À CORPS gives a unit its
// dice for the round (the data's melee_attack_dice), and
// 004_b7c666874e8df030.txt § 7-b/7-c throws "1D6 pour chaque valeur de
// combat de l'unité", distributed between its enemies. Each `attack`
// statement throws a share; the shares of a unit in a round add up to its
// dice: a statement may throw fewer while an enemy of the round is still
// to be attacked by it, the last must throw what is left, and none may
// throw more than is left. How the dice are distributed (front, flanks,
// rear, evenly) is not read: the log does not say which face each enemy
// fights.
#include <optional>
#include <string>
#include <vector>

#include "engine/rulesets/hail_caesar/context.hpp"

namespace umpire::hail_caesar {

// The dice `a` (an attack of `u` at `target`, the unit's `due` dice in the
// round) must throw: its share, checked against what `u` has thrown so far
// in the round. nullopt when the unit has no dice left (a violation is
// reported and the written dice are followed).
std::optional<std::int64_t> attack_share(Context& cx, const Action& a, UnitId u, UnitId target,
                                         std::int64_t due);
// The notes of a share's dice: what the unit threw before it in the round.
std::vector<std::string> share_notes(const Context& cx, UnitId u);
// Records the dice `u` threw in `a`, and whether it took a re-roll.
void record_share(Context& cx, const Action& a, UnitId u, UnitId target, std::int64_t thrown,
                  bool rerolled);
// At the round's result: a unit whose shares fall short of its dice.
void settle_shares(Context& cx);

// The support dice `a` (a support of `u` for its friend `t`, the unit's
// `due` dice) must throw when the variant lets a support share its dice
// between two friends (004_b7c666874e8df030.txt § 7-c, "Une unité peut
// potentiellement soutenir deux unités au combat, auquel cas elle répartit
// ses attaques entre les deux"): the shares of its supports of the combat
// phase add up to its dice, one may throw part of them while another
// friend of its side is engaged, the last throws what is left. nullopt
// when none are left (reported).
std::optional<std::int64_t> support_share(Context& cx, const Action& a, UnitId u, UnitId t,
                                          std::int64_t due);

}  // namespace umpire::hail_caesar
