#pragma once
// The Sabreur-hex replay engine: applies the actions of a game one at a
// time to its State, checking each against 002_87c3dc452f850204.txt with
// numbers and conditions from corpus/rulesets/sabreur-hex.rules. What it
// checks is the table in checks.def (docs/checks.md); everything else is
// applied as the log states it and reported `not checked`.
//
// The engine owns the game and dispatches each statement (apply_action)
// to the procedures of the rules: free functions over a Context
// (context.hpp), one header per part of the rules in phases/.
#include <span>
#include <string>
#include <vector>

#include "engine/core/replay/dice_source.hpp"
#include "engine/core/replay/replay.hpp"
#include "engine/rulesets/sabreur_hex/board.hpp"
#include "engine/rulesets/sabreur_hex/context.hpp"
#include "engine/rulesets/sabreur_hex/rules_binding.hpp"
#include "engine/rulesets/sabreur_hex/state.hpp"
#include "engine/rulesets/sabreur_hex/types.hpp"

namespace umpire::sabreur {

class Engine final : public replay::ReplayEngine {
 public:
  // Deploys the units, reporting set-up problems (`sabreur.setup.*`) in
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
  std::uint64_t state_hash() const override;
  // The same hash with no record kept from an earlier call: what
  // state_hash() must give (tests compare them after every event).
  std::uint64_t state_hash_from_scratch() const;
  const replay::CheckTable& checks() const override;
  void view_units(std::vector<replay::UnitView>& out) const override;  // unit_view.cpp

  const State& state() const { return state_; }
  const Setup& setup() const { return setup_; }

  // Simulation (simulate/): an action that is not in the log, applied as
  // apply() applies the log's, and the mutable part of the engine saved and
  // restored so that candidate actions can be tried on the same state.
  void apply_action(const Action& a, replay::EventChecker& checker);
  struct Snapshot {
    State state;
    replay::DiceSource dice;
  };
  Snapshot snapshot() const { return {state_, dice_}; }
  void restore(const Snapshot& s) {
    state_ = s.state;
    dice_ = s.dice;
  }
  replay::DiceSource& dice_source() { return dice_; }

 private:
  Context context(replay::EventChecker& checker) {
    return {setup_, actions_, rules_, terrain_, state_, dice_, checker, scratch_};
  }

  Setup setup_;
  std::vector<Action> actions_;
  const RulesBinding& rules_;
  TerrainRules terrain_;
  State state_;
  replay::DiceSource dice_;
  Scratch scratch_;
  // The unit records as last hashed and their digests: state_hash() hashes
  // again only the units whose records changed. It holds no state of the
  // game (a snapshot restored or a state changed anywhere is simply
  // compared with it), so it is mutable.
  mutable UnitDigests unit_digests_;
};

}  // namespace umpire::sabreur
