#pragma once
// A round of hand-to-hand combat from its opening to what follows it:
// 000_a44b407871cbdad9.txt § III - PHASE DE CORPS À CORPS, § Attaque de
// soutien, § Le test à lieu quand, § TEST DE PANIQUE, § Unité ébranlée,
// § Unité brisée, § Résultat du test de panique au corps à corps.
//
// `combat a vs b round N` opens a round (CombatRound in context.hpp); the
// `attack`s (melee.hpp) and `support`s are resolved with their `save`s, whose
// casualties are counted for the side that took them; `result` is compared
// with the data's combat_score, and leaves the break tests the data's
// break_test_due asks for, with the difference each subtracts. A break test
// (break_test.hpp) leaves its result's effects (break_result_effects) owed,
// and the statements written next settle them: a `move … give-ground`, a
// `state … disordered`, a `remove`. Whatever is still owed when the combat
// phase moves on (another `combat`, another phase or turn, the end of the
// log) is a violation at the statement that called for it.
#include "engine/rulesets/hail_caesar/context.hpp"

namespace umpire::hail_caesar {

// `combat a… vs b… [round N]`.
void open_combat(Context& cx, const Action& a);
// `support <unit> <supported> hit Nd6=… => hits H`.
void support(Context& cx, const Action& a);
// `result => winner <unit> margin N` / `result => draw`.
void combat_result(Context& cx, const Action& a);
// A `save`: saves.hpp, then its casualties counted in the round and the
// unit's state (shaken at its stamina, broken at twice it).
void save_and_count(Context& cx, const Action& a);

// Before each statement: whether it settles something owed, or comes after
// the moment it was owed by.
void settle_before(Context& cx, const Action& a);
// At the end of the log.
void settle_combat_at_end(Context& cx);

// A break test of `u` written now: the difference it must subtract, if the
// last result called for it (and it is no longer owed); nullopt with a
// violation when a combat round was resolved and no test of `u` is due;
// nullopt quietly when no round was resolved (a test the engine cannot
// place, reported not checked by the caller).
struct BreakDue {
  bool known = false;  // a resolved round says whether it was due
  bool due = false;
  std::int64_t difference = 0;
};
BreakDue take_due_test(Context& cx, const Action& a, UnitId u);
// The break tests `u`'s result `result` (the data's word) asks of the
// units that supported it in the resolved round (the data's
// break_test_due on supported.result), each subtracting `difference`;
// `destroyed`: `u` is destroyed (broken by its casualties), and `result`
// is no test's.
void owe_support_tests(Context& cx, const Action& a, UnitId u, std::string_view result,
                       std::int64_t difference, bool destroyed = false);
// The disorder `u`'s result `result` (the data's word) owes the units that
// support its side in the resolved round (break_result_disorders_supports).
void owe_support_disorder(Context& cx, const Action& a, UnitId u, std::string_view result);
// The result `result` (the data's word) of `u`'s break test, owed.
void owe_outcome(Context& cx, const Action& a, UnitId u, std::string_view result);

// A unit's casualties read against its stamina (§ Unité ébranlée, § Unité
// brisée): shaken from its stamina on, broken (owed a removal) from twice.
void read_casualties(Context& cx, const Action& a, UnitId u);

// What is owed from now is owed within `a`'s turn, side and phase: the
// next statement elsewhere settles it (settle_before).
void mark_debts(Context& cx, const Action& a);

// Whether `u` was shaken when the round being fought began: the units of a
// round strike at once (004_b7c666874e8df030.txt § 7-b), so casualties of
// the round do not shake an attacker before its own dice.
bool shaken_as_the_round_began(const Context& cx, UnitId u);

}  // namespace umpire::hail_caesar
