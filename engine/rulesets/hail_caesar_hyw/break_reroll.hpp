#pragma once
// 004_b7c666874e8df030.txt § 1-c, Stubborn: "Relance un test de moral
// raté". A break test written with a `reroll` is judged on the data's
// reroll_break_test permissions: no_break_test_reroll forbids it, and
// Stubborn lifts that only under stubborn_reroll_scope = failed_break_test
// (by default Stubborn re-rolls a failed morale save, checked with the
// saves). Where the re-roll is allowed, its result is reported not
// checked: the base engine reads the first throw.
#include <cstddef>

#include "engine/core/replay/checker.hpp"
#include "engine/rulesets/hail_caesar/engine.hpp"
#include "engine/rulesets/hail_caesar_hyw/rules_binding.hpp"

namespace umpire::hyw {

void check_break_reroll(const hail_caesar::Engine& game, const Binding& rules, std::size_t now,
                        replay::EventChecker& checker);

}  // namespace umpire::hyw
