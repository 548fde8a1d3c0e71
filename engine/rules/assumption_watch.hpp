#pragma once
// The data's `assume` items claim what no game reaches (a horde is always
// panicked, a unit with no save never tests one); the verifier leaves out
// every situation that breaks one. A wrong claim would hide a finding, so
// the engines check the claims on the situations they really evaluate:
// while an AssumptionWatch is alive on a thread, every situation an engine
// hands the evaluator there (watch_assumptions) is checked against every
// assumption whose givens the engine has stated or read in it, and each
// breach is recorded. Tests
// replay recorded and simulated games under a watch; with no watch the call
// costs one thread-local load.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "engine/rules/evaluator.hpp"
#include "engine/rules/model.hpp"

namespace umpire::rules {

struct AssumptionBreach {
  std::string assumption;
  std::string situation;  // the givens it reads, "name = value, …"
};

class AssumptionWatch {
 public:
  AssumptionWatch();  // active on this thread until destroyed
  ~AssumptionWatch();
  AssumptionWatch(const AssumptionWatch&) = delete;
  AssumptionWatch& operator=(const AssumptionWatch&) = delete;

  const std::vector<AssumptionBreach>& breaches() const { return breaches_; }
  // Evaluations of an assumption that the situation could answer.
  std::uint64_t checked() const { return checked_; }

  void check(const Ruleset& rs, const Situation& situation);

 private:
  AssumptionWatch* outer_;
  std::map<const Ruleset*, std::vector<std::vector<std::uint32_t>>>
      reads_;  // per assumption, the givens it reads
  std::vector<AssumptionBreach> breaches_;
  std::uint64_t checked_ = 0;
};

namespace detail {
inline thread_local AssumptionWatch* active_watch = nullptr;
}

// Checks `situation` when a watch is active on this thread.
inline void watch_assumptions(const Ruleset& rs, const Situation& situation) {
  if (detail::active_watch != nullptr) [[unlikely]]
    detail::active_watch->check(rs, situation);
}

}  // namespace umpire::rules
