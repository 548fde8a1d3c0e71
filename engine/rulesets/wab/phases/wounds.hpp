#pragma once
// The roll to wound (003_54822f0a7c7b7ce7.txt § Résultat pour blesser):
// one D6 per hit of the strike in progress, against the chart's score for
// its Strength and the target's Toughness, and the wounds that end a
// strike without an armour save.
#include "engine/rulesets/wab/context.hpp"

namespace umpire::wab {

// The `wound` roll of `a` for the strike in progress (a shot or an attack
// of the same units); follows the log when there is none.
void roll_to_wound(Context& cx, const Action& a);

// The wounds of `strike` as they stand (none where the chart prints '-');
// nullopt, reported at the statement of its hits, when they were never
// rolled to wound.
std::optional<std::int64_t> strike_wounds(Context& cx, Strike& strike);

// The unsaved `wounds` of `strike` taken by its target: they count for the
// striker's side in a round of combat (phases/combat_result.hpp), and for
// the target's panic after shooting (phases/panic.hpp).
void inflict_wounds(Context& cx, const Strike& strike, std::int64_t wounds);

// Ends the strike in progress: wounds no save took are the target's, and
// hits never rolled to wound are reported.
void end_strike(Context& cx);

}  // namespace umpire::wab
