#pragma once
// The round of close combat and its result: 003_54822f0a7c7b7ce7.txt
// § Phase 4 : Combat au corps à corps, § Résultat du combat.
//
// `combat <units> vs <units> [round N]` opens a round: the units written
// first are one side, the others the second. The unsaved wounds each
// unit's blows inflict (phases/wounds.hpp, phases/saves.hpp) count for its
// side. `result => winner <unit> margin N` (or `=> draw`) is checked
// against each side's combat_resolution in the data: the wounds plus the
// rank bonus of its deepest unit, its standards, and the flank and rear
// attacks its units make on the table (phases/attack_sides.hpp), which
// also cost the enemy's deepest unit its ranks (wab.combat.result). Each
// unit of the losing side then owes what the data's break_procedure says
// (phases/break_test.hpp). High ground, terrain and chariots destroyed
// are not read from the table yet: stated as none and reported
// `not checked`.
#include <cstdint>

#include "engine/rulesets/wab/context.hpp"

namespace umpire::wab {

void open_round(Context& cx, const Action& a);
void resolve_round(Context& cx, const Action& a);

// Unit `striker` inflicted `wounds` unsaved wounds in close combat.
void credit_round_wounds(Context& cx, UnitId striker, std::int64_t wounds);

}  // namespace umpire::wab
