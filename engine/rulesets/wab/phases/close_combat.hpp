#pragma once
// Close combat blows (003_54822f0a7c7b7ce7.txt § Phase 4 : Combat au corps à
// corps, § Résultat pour toucher): each attack die against the WS chart's
// score for the attacker's WS and the defender's; a `wound` roll, on the
// same statement or the next, goes on to the roll to wound.
#include "engine/rulesets/wab/context.hpp"

namespace umpire::wab {

void attack(Context& cx, const Action& a);

}  // namespace umpire::wab
