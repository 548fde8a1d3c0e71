#pragma once
// How the rules read a roll, for the luck report (`umpire report`,
// docs/report.md § Luck): the number they read from its dice, which way is
// good for the unit that threw it, and the mark that passes when the roll is
// a test. An engine states it where it reads the roll
// (EventChecker::read_roll); the report computes the odds from the exact
// distribution of the dice, never from a simulation.
#include <cstdint>
#include <optional>
#include <string>
#include <utility>

#include "engine/core/dice/expr.hpp"
#include "engine/core/dice/roll.hpp"
#include "engine/core/span.hpp"

namespace umpire::replay {

struct RollReading {
  enum class Score : std::uint8_t {
    total,          // the roll's total
    dice_at_least,  // how many of its dice show `face` or more (hits, saves)
  };
  Score score = Score::total;
  std::int64_t face = 0;  // dice_at_least
  bool higher_is_better = true;
  // A test: the score passes at `pass` or better (at least `pass` when
  // higher is better, at most otherwise); none for a roll that counts.
  std::optional<std::int64_t> pass;
  std::uint32_t side = 0;  // the side that threw it (its place in the log's header)
  std::string what;        // "morale test of 'f4'"
};

// A roll whose dice each count on `face` or more (hits, saves): the more,
// the better for `side`.
inline RollReading dice_at_least(std::int64_t face, std::uint32_t side, std::string what) {
  RollReading r;
  r.score = RollReading::Score::dice_at_least;
  r.face = face;
  r.side = side;
  r.what = std::move(what);
  return r;
}

// A roll an engine read, with the event it belongs to.
struct ReadRoll {
  Span span;  // the event's statement
  dice::Expr expr;
  dice::Roll roll;
  RollReading reading;
};

}  // namespace umpire::replay
