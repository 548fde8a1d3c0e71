#pragma once
// What the tests of `umpire simulate` share, whatever the ruleset: a game
// simulated through the registry's simulator, checked through the same
// pipeline as `umpire check`, and its statements counted by keyword.
#include <cstdint>
#include <map>
#include <string>
#include <string_view>

#include "engine/run/run.hpp"

namespace umpire::test {

struct Simulated {
  std::string text;
  std::string errors;  // diagnostics of a refused simulation
};

// The game `ruleset`'s simulator plays from `seed` over `turns` turns a side.
Simulated simulate(std::string_view ruleset, std::uint64_t seed, std::uint32_t turns);

struct Checked {
  run::RunResult result;
  std::size_t errors = 0;
  std::string messages;
};

// `text` checked as `umpire check` does, with the ruleset's own data.
Checked check(std::string_view ruleset, const std::string& text);

// The statements of the game's turns (the lines indented by four), by
// keyword.
std::map<std::string, int> statements(const std::string& text);

}  // namespace umpire::test
