#pragma once
// Flank and rear attacks in a round of combat (003_54822f0a7c7b7ce7.txt
// § Résultat du combat): "+1 pour une attaque de flanc d'unité de 5 ou plus
// figurines qui n'est pas en tirailleur", "+2 pour une attaque par
// l'arrière", and the ranks a unit "chargée par le flanc ou par l'arrière"
// loses. An attacker strikes the side of an enemy of the round it touches
// that it charged from (phases/charge.hpp: the zone its centre stood in as
// it declared, tabletop::ZoneRule::edge_lines), unless that enemy has
// turned since; any other contact is front to front.
#include <span>

#include "engine/rulesets/wab/context.hpp"

namespace umpire::wab {

struct Attacks {
  bool flank = false;           // a flank, by a unit of 5 models or more not skirmishing
  bool second_flank = false;    // both flanks of one enemy, so
  bool rear = false;            // the rear, by any unit
  bool rear_by_5_plus = false;  // the rear, by a unit of 5 models or more not skirmishing
  // The deepest defender (whose ranks count, § Résultat du combat) is
  // attacked in the flank or rear by such a unit: its ranks are lost.
  bool deepest_flanked = false;
  std::vector<std::string> why;  // each attack, for the result's notes
};

// How `attackers` attack `defenders`, whose deepest unit is `deepest`.
Attacks attacks_on(const Context& cx, std::span<const UnitId> attackers,
                   std::span<const UnitId> defenders, UnitId deepest);

// The sides of unit `d` that the enemies it fights (phases/engagement.hpp)
// strike while they touch it, neither fleeing: each the side it charged
// from, until `d` turns to face it, else the front (§ Redresser les rangs:
// "engagé sur plus d'un côté").
std::vector<tabletop::Zone> sides_engaged(const Context& cx, UnitId d);

// The data's givens of the two sides from those attacks.
void fill_attacks(Facts& attacker_side, Facts& defender_side, const Attacks& a);

}  // namespace umpire::wab
