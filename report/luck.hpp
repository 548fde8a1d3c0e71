#pragma once
// How lucky each roll, and each side over a game, was (docs/report.md
// § Luck). Every figure comes from the exact distribution of the dice the
// rules called for (engine/core/dice/distribution.hpp) and the way the rules
// read them (replay::RollReading), never from a simulation.
#include <cstdint>
#include <optional>
#include <vector>

#include "engine/core/dice/distribution.hpp"
#include "engine/core/replay/roll_reading.hpp"

namespace umpire::reports {

struct RollOdds {
  std::int64_t score = 0;  // what the rules read: the total, or the dice that count
  // The chance of doing at least as well: small is lucky.
  dice::Probability as_well_or_better;
  // The chance of doing worse, plus half the chance of the same score: 1/2
  // on average over fair dice whatever the roll; near 1 is lucky.
  dice::Probability percentile;
  // Its variance over the roll's own distribution, (1 - Σ p³) / 12: what a
  // side's sum of percentiles is measured against.
  dice::Probability variance;
  // A test: the chance of passing, and whether it passed.
  std::optional<dice::Probability> pass_chance;
  std::optional<bool> passed;
  // How far the roll fell from what was to be expected, from 0 to 1: for a
  // test, its outcome against its chance (a 1-in-36 pass swings 35/36); for
  // a count, twice its percentile's distance from 1/2.
  dice::Probability swing;
};

// The distribution of the score the rules read from `expr`; none when the
// reading does not apply to it (dice that count on a face, from an
// expression with kept or re-rolled dice).
std::optional<dice::Distribution> score_distribution(const dice::Expr& expr,
                                                     const replay::RollReading& reading);

// The odds of one roll read; none when score_distribution has none.
std::optional<RollOdds> odds(const replay::ReadRoll& roll);

// One side's luck over its rolls.
struct SideLuck {
  std::size_t rolls = 0;
  double mean_percentile = 0.5;
  // The sum of its percentiles less their expectation, in standard
  // deviations, and the two-sided chance of a sum at least that far out
  // (normal approximation, fair for a game's dozens of rolls).
  double z = 0;
  double as_extreme = 1;
  std::size_t tests = 0;
  std::size_t passed = 0;
  double expected_passes = 0;
};

SideLuck side_luck(const std::vector<RollOdds>& rolls);

double to_double(const dice::Probability& p);

}  // namespace umpire::reports
