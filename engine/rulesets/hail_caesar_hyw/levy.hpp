#pragma once
// 004_b7c666874e8df030.txt § 1-c, Levy: "N'enlève un marqueur désordre que
// sur un 4+". At the end of its turn (4-d step 4) a disordered Levy unit
// throws `test <unit> levy d6=N => pass|fail`, the data's
// levy_disorder_removal (1D6, 4+); the unit recovers only on a pass (the
// data's disorder_removed_at_end reads unit.levy_test_passed, stated by
// UnitFacts from that statement). A `state <unit> steady` that clears a
// Levy unit's disorder without a passed test of its turn is refused.
#include <cstddef>

#include "engine/core/replay/checker.hpp"
#include "engine/rulesets/hail_caesar/context.hpp"
#include "engine/rulesets/hail_caesar/engine.hpp"
#include "engine/rulesets/hail_caesar_hyw/rules_binding.hpp"

namespace umpire::hyw {

// Applies `a` when it is a Levy test; false otherwise.
bool levy_test(hail_caesar::Context& cx, const hail_caesar::Action& a, const HywItems& items);

// A `state` that clears the disorder of a Levy unit, judged before the
// base applies it.
void check_levy_recovery(const hail_caesar::Engine& game, const Binding& rules, std::size_t now,
                         replay::EventChecker& checker);

}  // namespace umpire::hyw
