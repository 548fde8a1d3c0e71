#pragma once
// Pursuits: 002_87c3dc452f850204.txt § La charge et le choc (steps 5 and 6),
// § Manœuvres, § Les compétences (suite), § L'assaut et la mêlée.
#include "engine/rulesets/sabreur_hex/context.hpp"

namespace umpire::sabreur {

// After a flight, an evade or a test: whether the charge's target (or
// charger) fled, opening a pursuit, or the charger failed its test.
void note_flight(Context& cx, const Action& a);

void pursue(Context& cx, const Action& a);

// A pursuer's attack (or `combat`) at `t` it does not engage
// (sabreur.pursuit.attack-target); true when reported.
bool pursuit_attack_off_target(const Context& cx, const Action& a, UnitId pursuer, UnitId t);

// "impétueux": the charger must pursue when it can; the chance passes with
// the first statement that is not part of the charge's procedure.
void check_impetuous_pursuit(Context& cx, const Action* next);

}  // namespace umpire::sabreur
