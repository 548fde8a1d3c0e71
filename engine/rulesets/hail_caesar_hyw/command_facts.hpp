#pragma once
// The command test of 004_b7c666874e8df030.txt § 5-e and § 5-f as the
// base engine's order test states it (hail_caesar/phases/command.cpp), for
// the procedures of 004 that throw it too: a rally (3-a), the army staff's
// re-roll (2-a).
#include <optional>

#include "engine/rulesets/hail_caesar/context.hpp"

namespace umpire::hyw {

// States in `f` the facts of `u` tested by general `g`: the unit's, the
// general's leadership and failed order, and his distance measured from his
// base (whole inches and inches begun). Returns that distance; nullopt when
// he or the unit is off the table.
std::optional<double> command_facts(const hail_caesar::Context& cx, hail_caesar::GeneralId g,
                                    hail_caesar::UnitId u, hail_caesar::Facts& f);

}  // namespace umpire::hyw
