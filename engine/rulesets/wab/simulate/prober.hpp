#pragma once
// Tries statements against the WAB engine's own checks (the common prober,
// common/simulate/prober.hpp). A statement is legal when it breaks no
// check: the engine reports `not checked` what the sheet leaves open on
// nearly every shot and charge (the fire arc, how far a charge reaches),
// and the verdict counts those, as it would a game played at the table.
#include <cstdint>

#include "engine/rulesets/common/simulate/prober.hpp"
#include "engine/rulesets/wab/engine.hpp"

namespace umpire::wab::simulate {

using rulesets::simulate::Applied;

class Prober : public rulesets::simulate::BasicProber<Engine, Action> {
 public:
  explicit Prober(Engine& engine)
      : BasicProber(engine, rulesets::simulate::Strictness::violations) {}
};

struct TurnOf {
  std::uint32_t turn = 1;
  std::uint8_t side = 0;
};

}  // namespace umpire::wab::simulate
