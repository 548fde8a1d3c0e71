#pragma once
// 004_b7c666874e8df030.txt § 5-i, "L'artillerie ne peut se déplacer que
// d'un mouvement au maximum par tour et ne peut pas se déplacer et tirer
// dans le même tour": a gun's move is judged on the data's ordered_move
// permissions (artillery_one_move: not a second move in a turn;
// artillery_no_shoot_then_move: not after its shot; no_moving_in_combat).
// How far the one move goes, of which 1-b gives no distance, is reported
// not checked, the move followed as written (followed_as_written).
#include <cstddef>

#include "engine/core/replay/checker.hpp"
#include "engine/rulesets/hail_caesar/engine.hpp"
#include "engine/rulesets/hail_caesar_hyw/rules_binding.hpp"

namespace umpire::hyw {

// Whether unit `u` is a gun (any artillery troop type).
bool is_gun(const hail_caesar::Setup& setup, hail_caesar::UnitId u);

void check_gun_move(const hail_caesar::Engine& game, const Binding& rules, std::size_t now,
                    replay::EventChecker& checker);

}  // namespace umpire::hyw
