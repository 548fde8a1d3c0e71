#pragma once
// Where an engine's dice come from (DESIGN.md § Decisions 3). In a recorded
// log every die was thrown at the table and written: the engine checks that
// the throw is the one the rules call for (same expression, so the same
// number of dice) and uses those faces. In a seeded log the engine draws
// every roll the rules call for from the portable Rng, in the order it needs
// them (docs/engine.md § Dice); faces written anyway are outcomes, compared
// with the draw.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/dice/expr.hpp"
#include "engine/core/dice/rng.hpp"
#include "engine/core/dice/roll.hpp"
#include "engine/core/replay/checker.hpp"
#include "engine/core/replay/lazy_text.hpp"
#include "engine/core/replay/state_hash.hpp"

namespace umpire::replay {

// A roll as the log wrote it: its notation and, when faces were written and
// passed the recorded-dice checks, the roll they make.
struct WrittenRoll {
  Span span;
  std::string label;
  dice::Expr expr;
  std::optional<dice::Roll> roll;
};

enum class DiceMode : std::uint8_t { recorded, seeded };

// A roll an engine took: the expression the rules called for and the roll.
struct TakenRoll {
  dice::Expr expr;
  dice::Roll roll;
};

class DiceSource {
 public:
  DiceSource(DiceMode mode, std::uint64_t seed) : mode_(mode), rng_(seed) {}

  DiceMode mode() const { return mode_; }

  // The roll for `purpose` ("fire dice of 'f4'"), which the rules say is
  // `wanted`. Reports under `check` a throw of the wrong dice, and under
  // `replay.dice.missing` a recorded log without the roll. Returns nullopt
  // only when a recorded log has no usable roll.
  std::optional<dice::Roll> take(const dice::Expr& wanted, const WrittenRoll* written,
                                 EventChecker& checker, CheckId check, const LazyText& purpose,
                                 const Notes& why = {});

  // Section 'R' (docs/engine-internals.md § State hash): into a StateWriter or a
  // Hasher.
  template <typename Out>
  void write_state(Out& out) const {
    out.tag('R');
    out.u8(static_cast<std::uint8_t>(mode_));
    if (mode_ == DiceMode::seeded)
      for (const std::uint64_t w : rng_.state()) out.u64(w);
  }

  // Simulation: every roll take() returns is also appended to `out` (null:
  // none), so that a simulated log can write the dice the engine drew.
  void trace(std::vector<TakenRoll>* out) { trace_ = out; }

 private:
  std::optional<dice::Roll> traced(const dice::Expr& wanted, std::optional<dice::Roll> roll) {
    if (trace_ && roll) trace_->push_back({wanted, *roll});
    return roll;
  }

  DiceMode mode_;
  dice::Rng rng_;
  std::vector<TakenRoll>* trace_ = nullptr;
};

}  // namespace umpire::replay
