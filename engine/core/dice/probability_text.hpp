#pragma once
// Exact probabilities as text: "7/12" and "58.33" (decimal rounding done in
// integers, half up), so output is the same bytes on every compiler.
#include <string>

#include "engine/core/dice/distribution.hpp"

namespace umpire::dice {

// Reduced fraction, "0" and "1" for the certain cases.
std::string fraction_text(const Probability& p);
// p × 100 with `decimals` digits after the point, rounded half up: "58.33".
std::string percent_text(const Probability& p, unsigned decimals = 2);
// Decimal with `decimals` digits, rounded half up: "5.48" (negative allowed).
std::string decimal_text(const Probability& p, unsigned decimals = 2);

}  // namespace umpire::dice
