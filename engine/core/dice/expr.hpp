#pragma once
// Dice expressions as the rule texts write them (GLOSSARY.md § 1 Dice
// notation): `d6`, `2d6-4`, `1d3+1`, `3d6kl2` (Elite morale: drop the
// highest), `d6r1` (re-roll 1s once). A plain value type, independent of any
// parser: grammar/dice builds it from text, rules data and tests build it
// directly. The notation and its canonical spelling are in docs/dice.md.
#include <boost/container/small_vector.hpp>
#include <cstdint>
#include <string>

#include "engine/core/span.hpp"

namespace umpire::dice {

// Bounds that keep every distribution cheap to compute exactly (docs/dice.md
// § Limits). The parser rejects anything beyond them with a diagnostic.
inline constexpr std::uint32_t max_dice = 500;         // dice thrown by one expression
inline constexpr std::uint32_t max_sides = 1000;       // sides of one die
inline constexpr std::uint32_t max_keep_dice = 20;     // dice of one keep/drop term
inline constexpr std::uint32_t max_keep_sides = 100;   // sides of a die in a keep/drop term
inline constexpr std::int64_t max_constant = 1000000;  // magnitude of a modifier
inline constexpr std::int64_t max_spread = 10000;      // largest total minus smallest

enum class Keep : std::uint8_t {
  all,      // sum every die
  highest,  // `kh`: keep the `kept` highest values (`dl` drops the lowest)
  lowest,   // `kl`: keep the `kept` lowest values (`dh` drops the highest)
};

// Values re-rolled once: a die whose value lies in [low, high] is thrown
// again and the second throw stands, whatever it shows. The notation writes
// one value (`r1`), the values below one (`r<3`) or above one (`r>4`), so a
// range always holds a single value, starts at 1 or ends at the last side.
struct Reroll {
  std::uint16_t low = 0;
  std::uint16_t high = 0;  // low == 0 means no re-roll
  constexpr bool active() const { return low != 0; }
  constexpr bool contains(std::uint32_t value) const { return low <= value && value <= high; }
  friend constexpr bool operator==(const Reroll&, const Reroll&) = default;
};

// `NdS` with its options. A `d3` is a D6 halved and rounded up (002 § phase
// d'ordres, L678): its physical faces are 1..6, its values 1..3.
struct DiceTerm {
  std::uint16_t count = 1;
  std::uint16_t sides = 6;  // values 1..sides (3 for a d3)
  Keep keep = Keep::all;
  std::uint16_t kept = 0;  // dice kept when keep != all
  Reroll reroll;           // on values, before keeping

  constexpr bool halved() const { return sides == 3; }
  // Faces of the die actually thrown: 6 for a d3, `sides` otherwise.
  constexpr std::uint16_t physical_sides() const { return halved() ? 6 : sides; }
  // The value a physical face stands for (halving for a d3).
  constexpr std::uint16_t value_of(std::uint16_t face) const {
    return halved() ? static_cast<std::uint16_t>((face + 1) / 2) : face;
  }
  constexpr std::uint16_t dice_summed() const { return keep == Keep::all ? count : kept; }
  friend constexpr bool operator==(const DiceTerm&, const DiceTerm&) = default;
};

// One summand: a dice term or a constant, added or subtracted.
struct Term {
  bool negative = false;
  bool is_dice = true;
  DiceTerm dice;              // when is_dice
  std::int64_t constant = 0;  // when !is_dice; non-negative, the sign is `negative`
  Span span;                  // where it was written, sign excluded; invalid if built in code
  friend bool operator==(const Term& a, const Term& b) {
    return a.negative == b.negative && a.is_dice == b.is_dice &&
           (a.is_dice ? a.dice == b.dice : a.constant == b.constant);
  }
};

// A sum of terms, in the order written (drawing follows that order).
struct Expr {
  // In place up to two terms (`2d6-4`), as nearly every expression is: a
  // replay copies the rules' expression into every roll it takes.
  boost::container::small_vector<Term, 2> terms;
  Span span;
  // Spans are positions, not meaning: two expressions are equal when they
  // say the same thing in the same order.
  friend bool operator==(const Expr& a, const Expr& b) { return a.terms == b.terms; }
};

// Builders for code and tests.
DiceTerm make_dice(std::uint16_t count, std::uint16_t sides);
Term dice_term(DiceTerm dice, bool negative = false);
Term constant_term(std::int64_t value);  // the sign of `value` becomes the term's sign

// Every die thrown by the expression, rerolls not counted.
std::uint32_t dice_count(const Expr& expr);
// Smallest and largest totals the expression can produce.
std::int64_t min_total(const Expr& expr);
std::int64_t max_total(const Expr& expr);

// Empty when `expr` respects the notation and the limits above; otherwise the
// first problem, in words. The parser reports these with spans; this is for
// expressions built in code.
std::string check(const Expr& expr);

// Canonical spelling: lower case, no blanks, count 1 omitted (`d6`), drops
// written as keeps (`3d6dh1` → `3d6kl2`), re-roll ranges as `r1`, `r<3` or
// `r>4`. Parsing it gives back an equal Expr.
std::string to_string(const DiceTerm& dice);
std::string to_string(const Expr& expr);

}  // namespace umpire::dice
