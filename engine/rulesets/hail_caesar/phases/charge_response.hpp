#pragma once
// Charge responses: 000_a44b407871cbdad9.txt § Réponses de charge ("Tenir sa
// position", "Tir de contre charge", "Esquive", "Contre-charge", "Faire
// face", each "uniquement" for some units), § Unité ébranlée and § Unité
// désorganisée (who may not countercharge, evade or turn). The sheet gives
// none of their effects; the data's readings (corpus/rulesets/
// hail-caesar.rules, after gap charge_response_procedures) say them.
//
// `respond <unit> hold|closing-shots|evade|countercharge|turn-to-face …`,
// written after the charge it answers (phases/charge.hpp):
// - the unit was charged this turn, and responds once per charge (the
//   data's responses_per_charge), with a response of the sheet;
// - the data's permission for the response, with the face charged
//   (`unit.charged_from`) and whether the unit was in a combat before the
//   charge (`unit.engaged`);
// - closing shots are the shooting phase's shot (phases/shooting.hpp,
//   resolve_shot) of the data's shot kind closing_shots at the charger
//   where it set out from (the responses come before the charge moves
//   in), their hits waiting for the `save` written next;
// - an evasion ends farther from the charger than it began, at most the
//   data's evade_moves times the unit's rate along the way written;
// - a unit that turns to face ends with its charger in its front zone;
// - a countercharger has charged (the melee's +1).
// The responder then stands where the log writes it; the charger and its
// target are engaged when their bases touch.
#include "engine/rulesets/hail_caesar/context.hpp"

namespace umpire::hail_caesar {

void respond(Context& cx, const Action& a);

}  // namespace umpire::hail_caesar
