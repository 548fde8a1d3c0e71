#pragma once
// What every ruleset's simulator makes: a statement of the side to act,
// and the game it writes (`umpire simulate`, ruleset_entry.hpp's options).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "engine/rulesets/ruleset_entry.hpp"

namespace umpire::rulesets::simulate {

using rulesets::SimulateOptions;

struct SimulatedGame {
  std::string text;        // the .ulog
  std::size_t events = 0;  // statements after deployment
  std::size_t probes = 0;  // candidate statements tried
};

// A statement of `verb` in turn `turn` of `side`, in `phase`: an engine's
// Action with its kind, verb, turn, side and phase.
template <typename Action, typename Kind, typename Phase>
Action make_statement(Kind kind, std::string_view verb, std::uint32_t turn, std::uint8_t side,
                      Phase phase) {
  Action a;
  a.kind = kind;
  a.verb = std::string(verb);
  a.turn = turn;
  a.side = side;
  a.phase = phase;
  return a;
}

}  // namespace umpire::rulesets::simulate
