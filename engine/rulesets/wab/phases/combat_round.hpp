#pragma once
// The round a combat fights: 003_54822f0a7c7b7ce7.txt § Phase 4 : Combat au
// corps à corps (one pass a combat phase), § Résultat du combat ("pour
// chaque mêlée"), and the first round that § Haine (Hatred) and § Phase 2 :
// Mouvement step 4 (fear) read.
//
// The engine keeps each combat's count: a combat opened between units one
// of which charged the other this turn is in its first round; units still
// engaged with each other from an earlier round (neither fled since) fight
// the next one; no unit fights two rounds in one combat phase. A written
// `round N` that differs is a violation (wab.combat.round); the replay goes
// on with the round as written. A combat the engine cannot place (no
// charge, no earlier round between its units) is not judged.
#include <vector>

#include "engine/rulesets/wab/context.hpp"

namespace umpire::wab {

// Whether a round opened by a `combat` line this turn is going on (its
// blows and result stand with it).
bool round_open(const Context& cx);

// Checks the round `combat …` opens against the engine's count, before the
// units' marks of the round are set.
void check_round(Context& cx, const Action& a);

// § Phase 4 : Combat au corps à corps: the units of a combat fight the
// enemies they touch ("Les unités ennemis au contact", § Phase 2 :
// Mouvement step 5): each unit the `combat` line names is in contact,
// base to base within the tolerance, with at least one unit of the other
// side (wab.combat.contact). Which of their models fight is not read.
void check_contact(Context& cx, const Action& a);

// § Phase 4 : Combat au corps à corps: the combat phase resolves every
// combat (its steps, "Lancement des dés : unité qui charge en premier",
// "Combat", "Résultat", leave none out), and § 2.4 Mouvements des unités
// en charge leaves out only a charger that "ne parvient pas au contact de
// sa cible": a charge of this turn that brought its charger into contact
// with its target, both still on the table, unbroken and touching when
// the turn ends, owes them a round in the turn's combat phase. One of
// them that fought no round this turn is wab.combat.round, at the charge.
// So are the combats under way (settle_combats_under_way), at `at`.
// Called when the player turn ends.
void settle_turn_combats(Context& cx, Span at);

// The combats under way when a player turn ends: two enemy units engaged
// with each other (a round fought between them, neither moved away since),
// on the table, touching, neither fleeing nor destroyed, that fought no
// round in the turn's combat phase: wab.combat.round at the last round they
// fought (`at`, the statement after the turn, when none is known). The
// units `named` were reported already (a charge's).
void settle_combats_under_way(Context& cx, Span at, std::vector<bool> named = {});

}  // namespace umpire::wab
