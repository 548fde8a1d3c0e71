#pragma once
// Tries statements against the Hail Caesar engine's own checks (the common
// prober, common/simulate/prober.hpp). A candidate is legal when it breaks
// no check: the engine reports `not checked` what it takes as written (the
// face a shot strikes, an `end`), and the verdict counts those, so a
// simulated game is played with them, as a game at the table would be.
#include "engine/rulesets/common/simulate/prober.hpp"
#include "engine/rulesets/hail_caesar/engine.hpp"

namespace umpire::hail_caesar::simulate {

using rulesets::simulate::Applied;

class Prober : public rulesets::simulate::BasicProber<Engine, Action> {
 public:
  explicit Prober(Engine& engine)
      : BasicProber(engine, rulesets::simulate::Strictness::violations) {}
};

}  // namespace umpire::hail_caesar::simulate
