#pragma once
// What an engine did with one statement a simulator proposed (prober.hpp):
// the rolls it drew, in the order it drew them, every outcome it computed,
// and what it reported. The same for every ruleset's simulator.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/core/replay/checker.hpp"
#include "engine/core/replay/dice_source.hpp"

namespace umpire::rulesets::simulate {

struct Applied {
  std::vector<replay::TakenRoll> rolls;
  std::vector<replay::TracedOutcome> outcomes;
  std::size_t violations = 0;
  std::size_t not_checked = 0;

  // Broke no check and touched nothing `not checked`.
  bool clean() const { return violations == 0 && not_checked == 0; }
  // Broke no check (what the engine does not check is its verdict's note).
  bool lawful() const { return violations == 0; }
  // The values computed under `check`, in the order they were computed.
  std::vector<std::int64_t> values(replay::CheckId check) const {
    std::vector<std::int64_t> out;
    for (const replay::TracedOutcome& o : outcomes)
      if (o.check == check) out.push_back(o.value);
    return out;
  }
  // The outcome recorded under `check`, if any (the last one).
  const replay::TracedOutcome* outcome(replay::CheckId check) const {
    for (auto it = outcomes.rbegin(); it != outcomes.rend(); ++it)
      if (it->check == check) return &*it;
    return nullptr;
  }
};

}  // namespace umpire::rulesets::simulate
