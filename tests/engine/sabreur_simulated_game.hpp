#pragma once
// Simulated Sabreur-hex games for the tests: the log of a seed, and its
// replay event by event with the engine the log builds (parse, lower, set
// up), so that a test can look at the state after every event.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "engine/core/replay/replay.hpp"
#include "engine/rulesets/sabreur_hex/engine.hpp"

namespace umpire::sabreur::testing {

// The log `umpire simulate --seed seed --turns turns` writes.
std::string simulated_log(std::uint64_t seed, std::uint32_t turns);

struct CheckedLog {
  bool replayed = false;
  std::size_t errors = 0;  // every error diagnostic (syntax, set-up, violations)
  std::size_t violations = 0;
  std::size_t not_checked = 0;  // occurrences
  std::uint64_t initial_hash = 0;
  std::vector<std::uint64_t> hashes;
  std::string messages;  // the diagnostics, for failure output
};

// Parses and replays `text`; `after_event` (if set) sees the engine after
// deployment (index -1 as SIZE_MAX) and after every event.
CheckedLog check_log(const std::string& text,
                     const std::function<void(std::size_t, const Engine&)>& after_event = {});

}  // namespace umpire::sabreur::testing
