#pragma once
// A roll: the faces every die of an expression showed, which dice were kept,
// and the total. Produced either by drawing from the seeded Rng (seeded logs)
// or from faces a player recorded (recorded logs, see recorded.hpp). The draw
// order is part of the specification (docs/dice.md § Drawing an expression).
#include <boost/container/small_vector.hpp>
#include <cstdint>
#include <span>
#include <vector>

#include "engine/core/dice/expr.hpp"
#include "engine/core/dice/rng.hpp"

namespace umpire::dice {

// The physical faces one die showed: its first throw and, when its value was
// re-rolled, the second throw, which stands.
struct Throw {
  std::uint16_t first = 0;
  std::uint16_t second = 0;  // 0: not re-rolled
  constexpr bool rerolled() const { return second != 0; }
  // The face that stands: the "natural" face of the rule texts.
  constexpr std::uint16_t face() const { return second != 0 ? second : first; }
  friend constexpr bool operator==(const Throw&, const Throw&) = default;
};

struct RolledDie {
  std::uint16_t term = 0;  // index in Expr::terms
  Throw faces;
  std::uint16_t value = 0;  // value of the standing face (halved for a d3)
  bool kept = true;         // false when a keep/drop option set it aside
  friend constexpr bool operator==(const RolledDie&, const RolledDie&) = default;
};

struct Roll {
  // Every die thrown, in draw order; in place up to six, as most rolls are
  // (a recorded log holds one or more for nearly every event).
  boost::container::small_vector<RolledDie, 6> dice;
  std::int64_t total = 0;

  // Standing physical faces of every die (kept or not), in draw order; the
  // natural-face tests (natural.hpp) read these.
  std::vector<std::uint16_t> natural_faces() const;
  // The same, for the dice of one term.
  std::vector<std::uint16_t> natural_faces(std::size_t term) const;
};

// Draws every die of `expr` from `rng`: terms left to right; in a term, the
// first throw of each die in order, then, in die order, a second throw for
// each die whose value is in the re-roll range.
Roll draw(const Expr& expr, Rng& rng);

// The roll given every die's faces in draw order. `throws` must agree with
// `expr` (count, faces in range, re-rolls exactly where due), as
// check_recorded() ensures; the result is unspecified otherwise.
Roll evaluate(const Expr& expr, std::span<const Throw> throws);

}  // namespace umpire::dice
