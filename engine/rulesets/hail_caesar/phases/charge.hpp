#pragma once
// Charges: 000_a44b407871cbdad9.txt § I - PHASE DE MOUVEMENT (a unit moves
// by order or by initiative, and § D6 Fiasco de commandement's advances
// "peut lui permettre de charger"), § Mouvements des unités (the rate of a
// move), § Réponses de charge (the face charged), § Unité ébranlée, § Unité
// désorganisée, § Unité d'une division démoralisée (who may not charge).
//
// `charge <unit> <target> [on front|flank|rear] to … [path …] [distance D]`:
// - the charger has moves of its own this turn (phases/movement.hpp,
//   grant_moves) and the data's `charge` permissions let it charge, its
//   target in sight (line of sight from its front edge over the half-plane
//   before it, other units blocking: engine/geometry/tabletop/sight.hpp);
// - the target lies within its moves times its rate, less what it moved
//   already, from its front edge to the target's closest point, within the
//   tolerance; a written `distance` is the length of the way written;
// - the face struck is the target's zone its leader starts in
//   (tabletop::charged_side, the target's diagonals); `on` is checked
//   against it.
// The charger then stands where the log writes it, has charged (the melee's
// +1), and is engaged with its target when their bases touch within the
// tolerance. The charge waits for its target's response
// (phases/charge_response.hpp) in Scratch::charges.
#include "engine/rulesets/hail_caesar/context.hpp"

namespace umpire::hail_caesar {

void charge(Context& cx, const Action& a);

// `pursue <unit> …`, a breakthrough ("percée"): the data's `breakthrough`
// permissions (§ Unité ébranlée, § Unité désorganisée, § Unité d'une
// division démoralisée: none by a shaken or disordered unit, nor by one of
// a broken division); the way it takes is applied as written.
void pursue(Context& cx, const Action& a);

// The two units fight each other from now on (their `engaged_with`), each
// leaving the combat it was in.
void engage(Context& cx, UnitId a, UnitId b);

// Within the tolerance, base to base.
bool touching(const Context& cx, UnitId a, UnitId b);

// The data's word for a face of a unit (domain facing).
std::string_view facing_word(tabletop::Zone z);

}  // namespace umpire::hail_caesar
