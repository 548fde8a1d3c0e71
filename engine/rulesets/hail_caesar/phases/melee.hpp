#pragma once
// Hand-to-hand attacks: 000_a44b407871cbdad9.txt § Modificateurs des dés
// d'attaques, § Modificateurs du jet pour toucher au corps à corps (4+).
// `attack <unit> <enemy> hit Nd6=… [mod M] => hits H`, inside a round
// opened by `combat` (combat.hpp): the dice are the data's
// melee_attack_dice (clash in the first round, sustained after it, one in
// column), drawn from the DiceSource in a seeded log and checked in a
// recorded one; each hits at the data's melee_to_hit, with the bonuses of a
// unit that charged or countercharged this turn and of one that won the
// last round; the written modifier and the stated hits are compared.
// Higher ground and flank charges are not read (the log does not say them)
// and are reported not checked.
#include "engine/rulesets/hail_caesar/context.hpp"

namespace umpire::hail_caesar {

void attack(Context& cx, const Action& a);

}  // namespace umpire::hail_caesar
