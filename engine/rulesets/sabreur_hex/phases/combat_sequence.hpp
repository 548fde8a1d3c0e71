#pragma once
// The order of strikes and tests in a shock or a mêlée (State::combat):
// 002_87c3dc452f850204.txt § La charge et le choc, § L'assaut et la mêlée.
// order_strike() at each `attack`; step_combat() at every other statement
// (begin), once the last strike's losses are taken; settle_combat() reports
// the tests owed and not taken.
#include "engine/rulesets/sabreur_hex/context.hpp"

namespace umpire::sabreur {

// The strike `a` of `u` at `t` in its place in the sequence.
void order_strike(Context& cx, const Action& a, UnitId u, UnitId t);

// Losses `u` takes from `from` in the combat in progress.
void count_combat_losses(Context& cx, UnitId u, int n, std::optional<UnitId> from);

void settle_combat(Context& cx, const Action* next);

void step_combat(Context& cx, const Action* next);

// `combat`: the statement that names the combat fought next.
void name_combat(Context& cx, const Action& a);

}  // namespace umpire::sabreur
