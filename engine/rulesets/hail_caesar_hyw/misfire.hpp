#pragma once
// 004_b7c666874e8df030.txt § 1-c, Bombarde and Ribaudequin: "A chaque
// tir, jeter en parallèle 2D6 si double 1 détruite". Each shot of a gun
// with either rule writes its misfire roll (`shoot … misfire 2d6=a,b`),
// the data's artillery_misfire (special bombard_misfire: `must
// roll_misfire`); a shot of a unit without them writes none. A double 1
// destroys the piece: it acts no more (a `remove` of it is all that may
// follow).
#include <cstddef>

#include "engine/core/replay/checker.hpp"
#include "engine/rulesets/hail_caesar/engine.hpp"
#include "engine/rulesets/hail_caesar_hyw/rules_binding.hpp"

namespace umpire::hyw {

void check_misfire(const hail_caesar::Engine& game, const Binding& rules, std::size_t now,
                   replay::EventChecker& checker);

}  // namespace umpire::hyw
