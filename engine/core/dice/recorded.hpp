#pragma once
// Recorded dice: the faces a player wrote for a throw, as in `2d6=3,5`. One
// face per die thrown, in draw order (terms left to right, dice in order);
// a die that was re-rolled is written `first r second`, as `1r4`. Physical
// faces are written: a d3 is recorded as the D6 it was thrown with (1..6).
// Dice set aside by a keep option are written too (`3d6kl2=6,2,4`).
#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "engine/core/diagnostic.hpp"
#include "engine/core/dice/expr.hpp"
#include "engine/core/dice/roll.hpp"

namespace umpire::dice {

// One die as written; numbers saturate at UINT32_MAX.
struct RecordedDie {
  std::uint32_t first = 0;
  std::uint32_t second = 0;
  bool rerolled = false;
  Span span;         // the whole die, `1r4`
  Span first_span;   // `1`
  Span second_span;  // `4`; invalid when not re-rolled
};

// Checks the faces against `expr` and evaluates them. Reports every problem:
// `dice.recorded.count` at `faces_span` when the number of dice differs (and
// then nothing else), otherwise per die `dice.recorded.face-out-of-range`,
// `dice.recorded.missing-reroll` (a value the expression re-rolls without a
// re-roll written) and `dice.recorded.unexpected-reroll`. Returns the roll
// when there is no error.
std::optional<Roll> check_recorded(const Expr& expr, std::span<const RecordedDie> faces,
                                   Span faces_span, DiagnosticEngine& diags);

// "a 1", "a 1 or 2", "1 to 3": the values a term re-rolls, for messages.
std::string describe_reroll(const DiceTerm& term);

}  // namespace umpire::dice
