#pragma once
// The .ulog line of a statement the simulator applied: the statement, the
// faces of the dice the engine drew, and the outcomes it computed.
#include <string>

#include "engine/rulesets/hail_caesar/simulate/prober.hpp"

namespace umpire::hail_caesar::simulate {

std::string statement_text(const Setup& setup, const Action& a, const Applied& applied);

}  // namespace umpire::hail_caesar::simulate
