#pragma once
// Friendly skirmishers in the way of a march, a charge or an assault:
// 002_87c3dc452f850204.txt § Charge ou assaut à travers tirailleurs amis.
// The log writes each one put back after the move, `move f2 aside to 5,2`.
#include "engine/rulesets/sabreur_hex/context.hpp"

namespace umpire::sabreur {

// Before a march, charge or assault of a non-panicked unit: the friendly
// infantry skirmishers on its way; the one on the hex it ends on is taken
// off the table until put back.
void displace_skirmishers(Context& cx, const Action& a);

// `move <unit> aside to <hex>`: where a skirmisher moved aside goes back.
void put_back_skirmisher(Context& cx, const Action& a);

// Before an action of a unit moved aside this turn: it does not act
// voluntarily (the data's displaced_skirmishers_idle).
void check_displaced_idle(Context& cx, const Action& a);

// At the end of a player turn: a skirmisher taken off and not put back is
// eliminated ("ne peut pas être replacée… alors elle est éliminée"), a
// breach when some hex was left for it.
void settle_displaced(Context& cx);

}  // namespace umpire::sabreur
