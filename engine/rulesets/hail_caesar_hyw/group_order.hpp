#pragma once
// 004_b7c666874e8df030.txt § 5-c, "On peut donner un ordre unique à
// plusieurs unités de la même division à condition que celles-ci soient
// séparées de 6 maximum les unes des autres": an order naming several
// units is checked against the data's division_order permissions, with the
// largest gap of the group as the units stand when it is given.
#include <cstddef>

#include "engine/core/replay/checker.hpp"
#include "engine/rulesets/hail_caesar/engine.hpp"
#include "engine/rulesets/hail_caesar_hyw/rules_binding.hpp"

namespace umpire::hyw {

void check_group_order(const hail_caesar::Engine& game, const Binding& rules, std::size_t now,
                       replay::EventChecker& checker);

}  // namespace umpire::hyw
