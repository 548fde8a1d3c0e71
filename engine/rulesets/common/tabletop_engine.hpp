#pragma once
// The part of a tabletop replay engine that does not depend on its rules:
// it owns the game (set-up, statements, state, dice) and answers the
// replay's questions about the statements and the state's bytes. The
// engine itself (Hail Caesar's, WAB's) deploys the units in its
// constructor and applies each statement by its own rules (apply_action).
//
// `Context` is the engine's view handed to its procedures, built from
// the members here in this order: set-up, statements, rules binding,
// state, dice, checker, scratch.
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/core/replay/dice_source.hpp"
#include "engine/core/replay/replay.hpp"
#include "engine/rulesets/common/action_description.hpp"

namespace umpire::rulesets {

template <typename Setup, typename Action, typename Binding, typename State, typename Scratch,
          typename Context>
class TabletopEngine : public replay::ReplayEngine {
 public:
  std::size_t event_count() const override { return actions_.size(); }
  Span event_span(std::size_t i) const override { return actions_[i].span; }
  std::string describe_event(std::size_t i) const override {
    return describe_action(setup_, actions_[i]);
  }
  bool event_agreed(std::size_t i) const override { return actions_[i].agreed; }
  // The log's statement i, applied by the engine's own rules.
  void apply(std::size_t i, replay::EventChecker& checker) final {
    apply_action(actions_[i], checker);
  }
  // Applies one statement: the log's (apply) or a simulated one
  // (common/simulate/prober.hpp).
  virtual void apply_action(const Action& a, replay::EventChecker& checker) = 0;
  const Action& action(std::size_t i) const { return actions_[i]; }
  std::string_view agreed_note(std::size_t i) const override { return actions_[i].agreed_note; }
  // The state's bytes, then the dice's: a seeded replay resumes where it
  // stopped.
  void write_state(replay::StateWriter& out) const override {
    state_.write(out);
    dice_.write_state(out);
  }

  const State& state() const { return state_; }
  const Setup& setup() const { return setup_; }

  // Simulation (`umpire simulate`): the mutable part of the engine saved
  // and restored, so that candidate statements can be tried on the same
  // game (common/simulate/prober.hpp). The scratch goes with it: what a
  // statement owes the next (a save after a shot) is part of a try; and so
  // do the statements played (log_next), restored to their number.
  struct Snapshot {
    State state;
    replay::DiceSource dice;
    Scratch scratch;
    std::size_t logged = 0;
  };
  Snapshot snapshot() const { return {state_, dice_, scratch_, actions_.size()}; }
  void restore(const Snapshot& s) {
    state_ = s.state;
    dice_ = s.dice;
    scratch_ = s.scratch;
    if (actions_.size() > s.logged)
      actions_.erase(actions_.begin() + static_cast<std::ptrdiff_t>(s.logged), actions_.end());
  }
  // Simulation: `a` made the log's next statement, at a span after every
  // other's, so that a procedure reading the statements before the one it
  // applies (a variant's history of a unit) sees those played; applied as
  // apply_action(log_next(a), checker) with the checker at its span.
  const Action& log_next(Action a) {
    const std::uint32_t at = actions_.empty() ? 1 : actions_.back().span.end + 1;
    a.span = Span{FileId{0}, at, at + 1};
    actions_.push_back(std::move(a));
    return actions_.back();
  }
  replay::DiceSource& dice_source() { return dice_; }
  const Scratch& scratch() const { return scratch_; }

 protected:
  TabletopEngine(Setup setup, std::vector<Action> actions, const Binding& rules)
      : setup_(std::move(setup)),
        actions_(std::move(actions)),
        rules_(rules),
        state_(setup_),
        dice_(setup_.dice, setup_.seed) {
    // Every measurement the log writes is checked under its tolerance.
    scratch_.tolerance = setup_.tolerance;
  }

  Context context(replay::EventChecker& checker) {
    return {setup_, actions_, rules_, state_, dice_, checker, scratch_};
  }

  Setup setup_;
  std::vector<Action> actions_;
  const Binding& rules_;
  State state_;
  replay::DiceSource dice_;
  Scratch scratch_;
};

}  // namespace umpire::rulesets
