#pragma once
// 004_b7c666874e8df030.txt § 3-b: "à la fin du combat lancer 2D6 si l'unité a
// subi au moins une blessure. Sur un résultat de 11 ou 12 le général meurt".
// `special <general> death-roll 2d6=a,b => result dies|survives` is thrown
// by a general who joined a unit (`special <general> join-combat target
// <unit>`) when the data's general_death_roll_due holds: its combat is over
// (the unit no longer engaged, or off the table) and it took a casualty
// since he joined (the saves written for it); on the data's
// commander_hit_in_melee (2D6, 11+: he dies). That a roll due is written,
// and the subordinate's leadership of 7 after a death, are reported not
// checked.
#include "engine/rulesets/hail_caesar/context.hpp"
#include "engine/rulesets/hail_caesar_hyw/rules_binding.hpp"

namespace umpire::hyw {

// Applies `a` when it is a general's death roll; false otherwise.
bool general_death(hail_caesar::Context& cx, const hail_caesar::Action& a, const HywItems& items);

}  // namespace umpire::hyw
