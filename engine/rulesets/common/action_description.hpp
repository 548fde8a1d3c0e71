#pragma once
// How a replay names one of its statements in traces and reports: the
// turn, the side and the verb, then the ids of who acted and of whom it
// aimed at. Every engine's Action keeps the same fields for this (turn,
// side, verb, actors, targets; generals where the game has them), so the
// line reads the same whatever the game.
#include <fmt/format.h>

#include <string>

namespace umpire::rulesets {

template <typename Setup, typename Action>
std::string describe_action(const Setup& setup, const Action& a) {
  std::string who;
  if constexpr (requires { a.generals; })
    for (auto g : a.generals) who += fmt::format(" {}", setup.generals[g].id);
  for (auto u : a.actors) who += fmt::format(" {}", setup.units[u].id);
  for (auto u : a.targets) who += fmt::format(" {}", setup.units[u].id);
  const std::string side = a.side < setup.sides.size() ? setup.sides[a.side].id : std::string("?");
  return fmt::format("turn {} {}: {}{}", a.turn, side, a.verb, who);
}

}  // namespace umpire::rulesets
