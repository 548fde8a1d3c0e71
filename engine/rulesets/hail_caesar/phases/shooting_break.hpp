#pragma once
// The break tests a volley of the shooting phase calls for:
// 000_a44b407871cbdad9.txt § Le test à lieu quand (the data's
// break_test_due, HYW's over it). A natural 6 to hit when 5 or less was
// needed, two when 6 or more was, call for one at the shot; casualties
// that shake the target, or fall on a shaken target, call for one at its
// save. The test is owed within the phase and reported at the statement
// that called for it (hc.break.due), as is a test no volley called for.
// One test a volley (the data's ambiguity break_tests_per_volley leaves a
// second one open): a second test after a volley that called for one is
// `not checked`, and so is a test of a unit shot at by a volley the engine
// did not resolve. What the test subtracts ("les blessures en excès", gap
// excess_casualties_undefined) is `not checked`.
//
// Shots of the movement phase (closing shots: "au tir (normal, contre-charge
// ou d'opportunité)") call for tests as well, owed within that phase.
#include "engine/rulesets/hail_caesar/context.hpp"
#include "engine/rulesets/hail_caesar/phases/combat.hpp"

namespace umpire::hail_caesar {

// The shot `a` at `target` was resolved from the facts `shot` (its
// to-hit score's), rolling `natural_sixes` natural 6s to hit.
void note_volley(Context& cx, const Action& a, UnitId target, const Facts& shot,
                 std::int64_t natural_sixes);

// The save `a` of `u`: `taken` casualties from the volley whose hits it
// took (`volley`, nullopt when the engine resolved none).
void note_volley_casualties(Context& cx, const Action& a, UnitId u, const Facts* volley,
                            std::int64_t taken);

// `u` is broken and removed at once (§ Unité brisée): the break test a
// volley's natural 6s called for is no longer owed.
void forgive_shooting_test(Context& cx, UnitId u);

// The shot `a` at `target` could not be resolved: whether it calls for a
// break test is not known.
void note_unresolved_volley(Context& cx, const Action& a, UnitId target);

// A break test of `u` written in the shooting phase: whether a volley
// called for it (and it is no longer owed); a violation when none did.
BreakDue take_shooting_test(Context& cx, const Action& a, UnitId u);

}  // namespace umpire::hail_caesar
