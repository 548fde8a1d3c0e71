#pragma once
// 004_b7c666874e8df030.txt § 3-b, "Un général peut se joindre à une unité
// de sa division à qui il a donné un ordre de charge … Le général ne pourra
// plus donner d'ordre de tour ci": the join (`special <general> join-combat
// target <unit>`) and the orders after it, checked against the data's
// join_combat and give_order permissions. The dice he lends are the data's
// general_attack_dice, through the unit's facts (unit_facts.cpp).
#include <cstddef>

#include "engine/core/replay/checker.hpp"
#include "engine/rulesets/hail_caesar/engine.hpp"
#include "engine/rulesets/hail_caesar_hyw/rules_binding.hpp"

namespace umpire::hyw {

void check_general_join(const hail_caesar::Engine& game, const Binding& rules, std::size_t now,
                        replay::EventChecker& checker);

}  // namespace umpire::hyw
