#pragma once
// Tests on natural faces, the unmodified faces of the dice (GLOSSARY.md § 1):
// a natural 6 or 1 on a die (000 L167; 004 L1161), "deux 6 naturels" (000
// L168), a double (004 L226), double 6 (000 L17), double 1 (004 L278).
// They read the standing physical faces of a term's dice (Roll::natural_faces):
// after a re-roll, the second throw; for a d3, the D6 face; dice set aside by
// a keep option count too, since they were thrown and seen.
#include <cstdint>
#include <span>
#include <string>

#include "engine/core/dice/distribution.hpp"
#include "engine/core/dice/expr.hpp"

namespace umpire::dice {

struct NaturalTest {
  enum class Kind : std::uint8_t {
    face_count,  // at least `at_least` dice show `face`
    pair,        // at least two dice show the same face (a double on 2D6)
  };
  Kind kind = Kind::face_count;
  std::uint16_t face = 6;
  std::uint16_t at_least = 1;

  static constexpr NaturalTest natural(std::uint16_t face) { return {Kind::face_count, face, 1}; }
  static constexpr NaturalTest naturals(std::uint16_t count, std::uint16_t face) {
    return {Kind::face_count, face, count};
  }
  static constexpr NaturalTest double_of(std::uint16_t face) { return {Kind::face_count, face, 2}; }
  static constexpr NaturalTest any_double() { return {Kind::pair, 0, 2}; }
  friend constexpr bool operator==(const NaturalTest&, const NaturalTest&) = default;
};

bool holds(const NaturalTest& test, std::span<const std::uint16_t> natural_faces);

// Exact probability that the test holds on the dice of `term`.
Probability probability(const NaturalTest& test, const DiceTerm& term);

// "a natural 6", "at least 2 natural 6s", "a double".
std::string to_string(const NaturalTest& test);

}  // namespace umpire::dice
