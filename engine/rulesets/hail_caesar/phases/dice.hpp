#pragma once
// The dice the procedures ask of the log or the seed (`Nd6=…`), and how one
// die of a test of the rules data is read: its natural faces first (a
// variant's "natural 1 always fails, natural 6 always succeeds"), then the
// face and the modifier against the target.
#include <array>
#include <cstdint>
#include <optional>

#include "engine/core/dice/expr.hpp"
#include "engine/rules/evaluator.hpp"
#include "engine/rulesets/hail_caesar/context.hpp"
#include "engine/rulesets/hail_caesar/rules_binding.hpp"

namespace umpire::hail_caesar {

// N D6 (N clamped to what a dice expression holds).
dice::Expr d6s(std::int64_t count);

// How many D6 the statement's written `hit` roll throws when it throws a
// part of a unit's dice, from 1 to `most`: a unit dividing its shots or its
// attacks between enemies writes each share as its own roll. nullopt when
// no roll is written or it is no such part.
std::optional<std::int64_t> written_share(const Action& a, std::int64_t most);

// The outcome the data's test gives each natural face of one D6 outright,
// in the facts' situation (its `natural N => success|failure` lines whose
// condition holds); none for a face the target decides.
struct NaturalFaces {
  std::array<std::optional<bool>, 7> outcome;  // by face, 1..6
};
NaturalFaces natural_faces(const Facts& facts, Test test);

// Whether one D6 showing `face` succeeds at `test` (rolled against its
// score to reach) given its natural faces.
bool die_succeeds(const NaturalFaces& naturals, const rules::TestResult& test, std::int64_t face);

// The successes of the re-roll the data gives `test` (a skill's `reroll
// <test> one_failed_die|failed`), thrown as the statement's `reroll` dice
// for `failures` failed dice: each re-rolled die that succeeds is one more.
// A `reroll` the data does not give, or with no failed die to re-roll, is
// a violation under `check`, and counts nothing; so is a second `reroll`
// (the data's re-roll is thrown once).
std::int64_t rerolled_successes(Context& cx, const Action& a, const rules::TestResult& test,
                                const NaturalFaces& naturals, std::int64_t failures, Check check,
                                std::string_view what);

}  // namespace umpire::hail_caesar
