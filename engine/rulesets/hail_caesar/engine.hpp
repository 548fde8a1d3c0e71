#pragma once
// The Hail Caesar replay engine: applies the statements of a game one at a
// time to its State, checking each against 000_a44b407871cbdad9.txt with
// numbers and conditions from corpus/rulesets/hail-caesar.rules. What it
// checks is the table in checks.def (docs/checks.md); everything else is
// applied as the log states it and reported `not checked`.
//
// The engine owns the game and dispatches each statement (apply_action)
// to the procedures of the rules: free functions over a Context
// (context.hpp), one header per part of the rules in phases/.
#include <string>
#include <vector>

#include "engine/rulesets/common/tabletop_engine.hpp"
#include "engine/rulesets/hail_caesar/context.hpp"
#include "engine/rulesets/hail_caesar/rules_binding.hpp"
#include "engine/rulesets/hail_caesar/state.hpp"
#include "engine/rulesets/hail_caesar/types.hpp"

namespace umpire::hail_caesar {

// What does not depend on the rules (the statements, the state's bytes,
// the game it owns) is common/tabletop_engine.hpp's.
class Engine final
    : public rulesets::TabletopEngine<Setup, Action, RulesBinding, State, Scratch, Context> {
 public:
  // Deploys the units, reporting set-up problems (`hc.setup.*`) in
  // `diags`; the engine replays whatever they were.
  Engine(Setup setup, std::vector<Action> actions, const RulesBinding& rules,
         DiagnosticEngine& diags);

  void finish(replay::EventChecker& checker) override;
  const replay::CheckTable& checks() const override;
  void view_units(std::vector<replay::UnitView>& out) const override;  // unit_view.cpp

  void apply_action(const Action& a, replay::EventChecker& checker) override;
};

}  // namespace umpire::hail_caesar
