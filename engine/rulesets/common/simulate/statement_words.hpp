#pragma once
// The words of a simulated statement that every ruleset writes alike: a
// roll the engine drew (`3d6=4,6,2`, a re-rolled die `4r2`) and a signed
// modifier (`+1`, `-2`), a point of the table (`28.5,14`).
#include <cstdint>
#include <string>

#include "engine/core/replay/dice_source.hpp"
#include "engine/geometry/tabletop/point.hpp"

namespace umpire::rulesets::simulate {

std::string roll_text(const replay::TakenRoll& r);
std::string signed_text(std::int64_t v);
std::string point_text(tabletop::Point p);

}  // namespace umpire::rulesets::simulate
