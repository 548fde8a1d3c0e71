#pragma once
// Flight and pursuit: 003_54822f0a7c7b7ce7.txt § Phase 2 : Mouvement
// ('Fuir', 'Tirer et Fuir'), § Fuite, § Troupes en fuite.
//
// A flight rolls the data's flee_dice (by the unit's Movement, fewer after
// 'fire-and-flee'), on the `respond u flee` statement or on the `flee`
// statement that moves the unit; its stated `distance` is their total
// (wab.flee.dice). `pursue p f 2d6=… => distance D [destroyed]` rolls the
// data's pursuit_dice; the fleeing unit is destroyed exactly when the
// data's caught_unit_destroyed says so, the pursuit going further than the
// flight (wab.pursue.caught). Where a flight or a pursuit goes on the table
// is phases/flight_direction.hpp's; terrain on the way is not measured yet
// (reported `not checked`).
#include <string_view>

#include "engine/rulesets/wab/context.hpp"

namespace umpire::wab {

// A fleeing unit only flees (§ 2.3 Mouvements obligatoires, § Troupes en
// fuite): true, and reported (wab.flee.only), when `u` flees and `a`
// (which `does`, "charges") would have it do anything else.
bool refuse_fleeing(Context& cx, const Action& a, UnitId u, std::string_view does);

// `respond u <response> …`: a charge response.
void respond(Context& cx, const Action& a);
void flee(Context& cx, const Action& a);
void pursue(Context& cx, const Action& a);

// `test p leadership 2d6=… [against L] => pass|fail` in the combat phase by
// a winner that owes a pursuit it may hold back from after a Leadership
// test (§ Troupes entraînées (Drilled)): the data's leadership_test; passed,
// the pursuit is no longer owed. False (nothing done) for any other unit.
bool restraint_test(Context& cx, const Action& a);

// A phase ends: each pursuit owed (the data's compulsory ones, § Haine
// (Hatred), § Frénésie (Frenzy), and those of winners not drilled that took
// no Leadership test to hold back, § Troupes entraînées (Drilled)) and not
// written is reported at its flight (wab.pursue.owed).
void settle_pursuits(Context& cx);

// § 2.3 Mouvements obligatoires, "Toutes les unités en fuite sont déplacées
// maintenant" (§ Troupes en fuite: "elles se déplacent vers leur propre
// bord de table durant la phase de mouvement obligatoire"): the compulsory
// moves of the side whose turn it is are over (its movement phase ends,
// or the turn ends within it). Each of its units still fleeing on the
// table, with models standing, of which no flight was written this turn is
// wab.flee.only, at the rally test it failed, else at `at`.
void settle_owed_flights(Context& cx, Span at);

// A flight of `u` is written this turn (a `flee`, a 'Fuir' or 'Tirer et
// Fuir' response).
void note_fled(Context& cx, UnitId u);

}  // namespace umpire::wab
