#pragma once
// 004_b7c666874e8df030.txt § 3-a, "Re-molarisation d'unité par un
// général": `rally <unit> by <general> 2d6=a,b => casualties N`. The
// general rallies a unit of his own division that has lost at least one
// casualty, within 12" of his base (measured as orders are, 4-a); he rolls
// the command test (5-e, as an order: 2D6 against his leadership less the
// distance penalty), and each success removes one casualty, 1, 2 or 3
// (the data's rally_casualties_removed); "il s'agit du dernier ordre que le
// général peut tenter": no order of his after it that turn. The casualties
// removed are the unit's in the state, so its stamina and shaken state
// follow. What the text leaves open (gap rally_procedure: a 12, Militia's
// "no move", an engaged, supporting or disordered unit, the staff's
// re-roll) is reported not checked.
#include <cstddef>

#include "engine/core/replay/checker.hpp"
#include "engine/rulesets/hail_caesar/context.hpp"
#include "engine/rulesets/hail_caesar/engine.hpp"
#include "engine/rulesets/hail_caesar_hyw/rules_binding.hpp"

namespace umpire::hyw {

// Applies `a` when it is a rally naming its general (the base engine's
// procedure for it, through UnitFacts::apply); false otherwise, and the
// base follows it as written.
bool rally(hail_caesar::Context& cx, const hail_caesar::Action& a, const HywItems& items);

// An order by a general who rallied a unit earlier in the turn
// (rally_is_last_order), reported under hyw.rally.last-order.
void check_order_after_rally(const hail_caesar::Engine& game, const Binding& rules, std::size_t now,
                             replay::EventChecker& checker);

}  // namespace umpire::hyw
