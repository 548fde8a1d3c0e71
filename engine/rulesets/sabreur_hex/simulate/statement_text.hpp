#pragma once
// The .ulog line of an action the simulator applied: the statement, the
// faces of the dice the engine drew, and the outcomes it computed.
#include <string>

#include "engine/rulesets/sabreur_hex/simulate/prober.hpp"

namespace umpire::sabreur::simulate {

std::string statement_text(const Setup& setup, const Action& a, const Applied& applied);

}  // namespace umpire::sabreur::simulate
