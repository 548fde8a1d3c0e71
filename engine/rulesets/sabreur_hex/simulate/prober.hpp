#pragma once
// Tries actions against the Sabreur-hex engine's own checks: the one source
// of truth for what is legal. A candidate is applied to the engine's state
// and kept when it broke no check and touched nothing the engine does not
// enforce yet (`not checked`); the state is then restored. The simulator
// applies the chosen action for good through the same engine and reads back
// the dice it drew and the outcomes it computed.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/core/diagnostic.hpp"
#include "engine/core/replay/checker.hpp"
#include "engine/core/replay/dice_source.hpp"
#include "engine/rulesets/common/simulate/prober.hpp"
#include "engine/rulesets/sabreur_hex/engine.hpp"

namespace umpire::sabreur::simulate {

// What applying an action gave: the rolls the engine drew and the outcomes
// it computed (common/simulate/applied.hpp).
using rulesets::simulate::Applied;

class Prober : public rulesets::simulate::BasicProber<Engine, Action> {
 public:
  // The engine must draw its dice (a seeded set-up): candidates carry no
  // faces, the engine throws what the rules call for.
  // `rules`, the binding the engine was built with, lets the prober apply
  // statements in a row (apply_sequence); without it, it cannot.
  explicit Prober(Engine& engine, const RulesBinding* rules = nullptr)
      : BasicProber(engine), rules_(rules) {}

  // legal(), probe() (the outcome a candidate leads to, such as the length
  // a flight's die gives) and apply() are the common prober's, which
  // refuses what the engine does not check as well as what it forbids.
  // True when `a` applied alone breaks nothing but `check`, once, and
  // touches nothing `not checked`: for a statement the engine judges with
  // the one that follows it (a transfer of artillery's losses wants the
  // friend's test next), tried alone first to leave out what is illegal
  // anyway.
  bool legal_but_for(const Action& a, Check check);
  // The statements `seq` applied in a row as a log's are, each seeing the
  // next (Engine::apply on a scratch engine built with them as its log and
  // restored to this state; an action applied alone has no next). One
  // Applied per statement, none without a rules binding. When every one is
  // clean and `keep`, this engine takes the state after them.
  std::vector<Applied> apply_sequence(const std::vector<Action>& seq, bool keep);

 private:
  const RulesBinding* rules_ = nullptr;
};

}  // namespace umpire::sabreur::simulate
