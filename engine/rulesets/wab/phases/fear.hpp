#pragma once
// When a terror or fear test is due: 003_54822f0a7c7b7ce7.txt § Terreur,
// § Peur, § Phase 1 : Début du tour item 2, § Phase 2 : Mouvement steps 3
// and 4.
//
// The data's terror_test_required and fear_test_required, against each
// enemy that could cause the test: at the start of the turn, every enemy
// (terror within 8"); in the movement phase, the enemy the unit charges or
// that charges it this phase (a declared charge is taken as within reach:
// the data's gap charge_range). A test none of them requires is a
// violation (wab.fear.due), as is a second test for one charge, and so is
// a test owed and not taken: terror at
// the start of the turn, reported when its start phase ends, and the tests
// of a charge, reported at the charge when the movement phase ends. A
// passed terror test leaves the enemy causing fear only; a unit tests
// terror once a battle.
#include <optional>

#include "engine/rulesets/wab/context.hpp"

namespace umpire::wab {

// Whether a terror (`terror` true) or fear test of `u` is due now; nullopt
// in the phases where the engine cannot tell.
std::optional<bool> fear_due(Context& cx, UnitId u, bool terror);

// A new player turn: the units of its side that an enemy within 8" makes
// test terror at its start (§ Phase 1 : Début du tour item 2).
void owe_start_terror(Context& cx);

// The start phase is over (or the turn began without one, at `span`): each
// owed terror test not taken is reported there.
void settle_start_terror(Context& cx, Span span);

// Unit `u` took a fear or terror (`terror` true) test in this movement
// phase.
void note_fear_tested(Context& cx, UnitId u, bool terror);

// The fear or terror tests `u` took in this movement phase.
std::int64_t fear_tests_taken(const Context& cx, UnitId u, bool terror);

// The movement phase is over: each charger and charged unit that owed a
// fear or terror test to the other and took none is reported at the charge.
void settle_charge_fear(Context& cx);

// Makes `v`, a wab.fear.due violation about fear (no terror), cite § Peur
// rather than the check's § Terreur.
void cite_fear(DiagnosticBuilder& v);

}  // namespace umpire::wab
