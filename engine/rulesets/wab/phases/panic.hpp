#pragma once
// When a panic test is due: 003_54822f0a7c7b7ce7.txt § Panique,
// § Tests de Panique suite aux tirs, § Phase 1 : Début du tour.
//
// The engine judges the causes it can see on the table, through the data's
// panic_test_required: 25% of a unit's models lost to shooting in the
// shooting phase (the test owed before the phase ends, reported at the
// last shot that cost the unit models), and a fleeing friend within 4" at
// the start of the turn (units twice its size exempt), and in the combat
// phase a friend within 12" that failed its break test, broke without one
// or was destroyed (§ Tests de Panique à la phase de combat 1: one test,
// and none for a unit that took a break test; owed by the end of the
// phase, reported at the statement that broke the friend), and in the
// movement phase a unit engaged in combat that an enemy charges in the
// flank or rear with 5 models or more (§ Phase 2 : Mouvement step 5; owed
// by the end of the phase, reported at the charge), and a fleeing friend
// within 4" that a charge destroyed (§ Tests de Panique suite aux charges 1,
// § Panique item 7: units twice its size exempt; the heading stands in the
// movement phase, after 2.4, so the test is owed by the end of that phase,
// reported at the removal). A test written with no cause is a violation
// (wab.panic.due). The engine does not judge when a
// General has left the table ("Le général est tué"). A frenzied unit
// engaged in combat owes none (§ Frénésie: "immunisées à la psychologie
// tant qu'elles sont à portée de charge", an enemy it fights being within
// any reach); one not engaged is not judged where its immunity would
// decide, the sheet giving no charge reach (the data's gap charge_range).
//
// The sheet names the flank charge's test twice, at the declaration (§ 2.1
// step 5, "Déplacer-les immédiatement") and among the combat phase's tests
// (item 2); the data's contradiction flank_charge_panic_timing. The engine
// owes it once, at the declaration, where the sheet says what follows a
// failure.
#include <optional>

#include "engine/rulesets/wab/context.hpp"

namespace umpire::wab {

// Whether a panic test of `u` is due now; nullopt when the engine cannot
// tell.
std::optional<bool> panic_due(Context& cx, UnitId u);

// Whether `u` is immune to panic as a frenzied unit engaged in combat: the
// enemy it fights or touches is within its charge range (§ Frénésie
// (Frenzy), the data's psychology_immune).
bool immune_while_engaged(Context& cx, UnitId u);

// A shot that cost unit `u` models in the shooting phase.
void note_shooting_casualties(Context& cx, UnitId u, Span shot);

// Unit `u` broke or was destroyed at `span` in the combat phase, its loss
// a word of the data's friend_loss (failed_break_test, broken_without_test,
// destroyed_in_combat); nothing outside the combat phase.
void note_broken_in_combat(Context& cx, UnitId u, Span span, std::string_view loss);

// Charge `charger` was declared at `span` on `target`, from the side
// its state records (phases/charge.cpp): a flank or rear charge on a unit
// already engaged in combat is kept for the panic test it may owe.
void note_flank_charge(Context& cx, UnitId charger, UnitId target, Span span);

// Unit `u` was destroyed at `span` (its last model fell, or the log removed
// it): in the combat phase as note_broken_in_combat's destroyed_in_combat;
// fleeing in the movement phase, destroyed by the charge of the phase at it
// (§ 2.4), its friends within 4" owe their test in this movement phase (with
// no charge at it, not judged); else its friends within 12" owe their test
// in this turn's combat phase (§ Panique item 5: "est détruite à 12 pas … Test à effectuer à la
// phase de combat"; the data's destroyed_friend_panic says whether any
// cause counts).
void note_destroyed(Context& cx, UnitId u, Span span);

// A new player turn: the units of its side that a fleeing friend within 4"
// makes test panic at its start (§ Phase 1 : Début du tour item 1).
void owe_start_panic(Context& cx);

// The start phase is over (or the turn began without one, at `span`):
// each owed test not taken is reported there.
void settle_start_panic(Context& cx, Span span);

// The end of a phase (`turn_ends`: and of the player turn): the panic
// tests the phase owes and that were not taken are reported; the marks of
// the next phase are set.
void end_phase_panic(Context& cx, bool turn_ends);

}  // namespace umpire::wab
