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

#include "engine/core/replay/dice_source.hpp"
#include "engine/core/replay/replay.hpp"
#include "engine/rulesets/hail_caesar/context.hpp"
#include "engine/rulesets/hail_caesar/rules_binding.hpp"
#include "engine/rulesets/hail_caesar/state.hpp"
#include "engine/rulesets/hail_caesar/types.hpp"

namespace umpire::hail_caesar {

class Engine final : public replay::ReplayEngine {
 public:
  // Deploys the units, reporting set-up problems (`hc.setup.*`) in
  // `diags`; the engine replays whatever they were.
  Engine(Setup setup, std::vector<Action> actions, const RulesBinding& rules,
         DiagnosticEngine& diags);

  std::size_t event_count() const override { return actions_.size(); }
  Span event_span(std::size_t i) const override { return actions_[i].span; }
  std::string describe_event(std::size_t i) const override;
  bool event_agreed(std::size_t i) const override { return actions_[i].agreed; }
  std::string_view agreed_note(std::size_t i) const override { return actions_[i].agreed_note; }
  void apply(std::size_t i, replay::EventChecker& checker) override;
  void finish(replay::EventChecker& checker) override;
  void write_state(replay::StateWriter& out) const override;
  const replay::CheckTable& checks() const override;
  void view_units(std::vector<replay::UnitView>& out) const override;  // unit_view.cpp

  const State& state() const { return state_; }
  const Setup& setup() const { return setup_; }
  const Action& action(std::size_t i) const { return actions_[i]; }
  void apply_action(const Action& a, replay::EventChecker& checker);

 private:
  Context context(replay::EventChecker& checker) {
    return {setup_, actions_, rules_, state_, dice_, checker, scratch_};
  }

  Setup setup_;
  std::vector<Action> actions_;
  const RulesBinding& rules_;
  State state_;
  replay::DiceSource dice_;
  Scratch scratch_;
};

}  // namespace umpire::hail_caesar
