#pragma once
// 004_b7c666874e8df030.txt § 1-c, Montjoie !: "Si ennemie à 18pcs ou moins
// en terrain dégagé 2D6 : si double charge automatique en désordre
// l'ennemi le plus proche". `special <unit> montjoie 2d6=a,b => result
// double|no-double` is thrown by a unit with the rule within 18" of an
// enemy (the data's montjoie_roll_due, inches begun, closest edges), on the
// data's montjoie_test (2D6, any double), its result as the log states it.
// When the roll is due, whose ground must be open and how far the double's
// charge goes are the gap montjoie_procedure, reported not checked.
#include <cstddef>
#include <span>

#include "engine/core/replay/checker.hpp"
#include "engine/rulesets/hail_caesar/context.hpp"
#include "engine/rulesets/hail_caesar/engine.hpp"
#include "engine/rulesets/hail_caesar_hyw/rules_binding.hpp"

namespace umpire::hyw {

// Applies `a` when it is a Montjoie roll; false otherwise.
bool montjoie(hail_caesar::Context& cx, const hail_caesar::Action& a, const HywItems& items);

// "si double charge automatique … l'ennemi le plus proche": after a
// double written earlier in its turn, and until it charges, the unit takes
// no order of another intent than a charge, makes no other move, and
// charges the nearest enemy (closest edges, within the tolerance)
// (hyw.montjoie.charge). How far the charge goes and when are the gap
// montjoie_procedure.
// Whether unit `u` rolled a Montjoie double earlier in the turn of
// statement `now` and has not charged since: the double's charge is still
// to come, or is `now` (the data's unit.montjoie_double).
bool montjoie_double_pending(std::span<const hail_caesar::Action> log, std::size_t now,
                             hail_caesar::UnitId u);

void check_montjoie_charge(const hail_caesar::Engine& game, std::size_t now,
                           replay::EventChecker& checker);

}  // namespace umpire::hyw
