#pragma once
// The words of a simulated statement that every ruleset writes alike: a
// roll the engine drew (`3d6=4,6,2`, a re-rolled die `4r2`) and a signed
// modifier (`+1`, `-2`).
#include <cstdint>
#include <string>

#include "engine/core/replay/dice_source.hpp"

namespace umpire::rulesets::simulate {

std::string roll_text(const replay::TakenRoll& r);
std::string signed_text(std::int64_t v);

}  // namespace umpire::rulesets::simulate
