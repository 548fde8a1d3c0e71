#pragma once
// What a rotation, a square, an evade and a flight made in reaction do, and
// a failed reaction test undone: 002_87c3dc452f850204.txt § Réactions face à
// une charge, § Changements de formation, § Test moral.
#include "engine/rulesets/sabreur_hex/context.hpp"

namespace umpire::sabreur {

// The formation and facing of the unit whose reaction test `a` is: a
// failed test restores them (settle_reaction_test).
struct ReactionBefore {
  UnitId unit = 0;
  Formation formation = Formation::line;
  Facing facing = Facing::n;
};

// A rotation or a square that calls a test (`test_due`) keeps the unit's
// formation and facing for a failed test to restore.
void keep_former_for_test(Context& cx, UnitId u, bool test_due);

void react_rotate(Context& cx, const Action& a, UnitId u, bool test_due);

// `allowed`: the reaction itself was allowed (else what forbids it is reported once).
// `reaction`: form_square or form_closed_column.
void react_form_square(Context& cx, const Action& a, UnitId u, RuleAction reaction, bool test_due,
                       bool allowed);

void react_move(Context& cx, const Action& a, UnitId u, RuleAction reaction, bool allowed);

// The reaction `a` of `u` calls a test (`test_due`): the log writes it
// next, only the charger's save of a defensive fire's losses between.
void check_reaction_test_written(const Context& cx, const Action& a, UnitId u, bool test_due,
                                 bool allowed);

std::optional<ReactionBefore> reaction_before_test(const Context& cx, const Action& a);

// After the statement `a`: a failed reaction test undoes a rotation, a
// square, a countercharge's march or a defensive fire's losses, and
// reports the charger's test the refused fire was taken to call.
void settle_reaction_test(Context& cx, const Action& a,
                          const std::optional<ReactionBefore>& before);

// Whether a countercharge refused by a failed test still leads `u` to
// fight `t` (a combat after it is then reported).
bool refused_countercharge_fights(const Context& cx, const Action& a, UnitId u, UnitId t);

}  // namespace umpire::sabreur
