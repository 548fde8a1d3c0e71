#pragma once
// A statement's beginning and what it settles of the one before: a new
// player turn, losses taken, tests owed (002_87c3dc452f850204.txt
// § Déroulement d'un tour de jeu, § Test moral, § Changements de formation).
#include "engine/rulesets/sabreur_hex/context.hpp"

namespace umpire::sabreur {

// Before the statement `a`: a new player turn starts afresh, and what the
// statement before left open (losses to take, tests owed, a combat's next
// step) is settled.
void begin(Context& cx, const Action& a);

// `u` takes `n` losses; enough of them call a morale test (§ Test moral).
void apply_losses(Context& cx, UnitId u, int n, std::optional<UnitId> from, LossCause cause);

// The charge or assault whose charger `u` is, when its losses of `cause`
// come from a defensive fire of `from` (§ Test moral: two defensive fires'
// losses add up); else null.
ChargeInProgress* defensive_fire_on_charger(Context& cx, UnitId u, std::optional<UnitId> from,
                                            LossCause cause);

// Reports `sabreur.unit.eliminated` when `u` has left the table (an actor
// or a target named after its removal); true when it is still there.
bool on_table(Context& cx, UnitId u, Span span);

// Every actor of `a` is on the table (each absent one reported).
bool actors_present(Context& cx, const Action& a);

// `u` acts in its actions phase: it belongs to the group activated last.
void check_activated(Context& cx, const Action& a, UnitId u);

// Whether the change of formation `u` has just made calls a morale test
// (§ Changements de formation: a non-panicked enemy at 3 hexes or less, 2
// with "sens tactique"): the data's formation_change_test_required.
bool formation_test_due(Context& cx, UnitId u);

// At the end of the log: what the next statement would have settled;
// `no_events`: the log has none (its rosters are checked here).
void settle_at_end(Context& cx, bool no_events);

}  // namespace umpire::sabreur
