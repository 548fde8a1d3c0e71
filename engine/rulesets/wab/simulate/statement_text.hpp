#pragma once
// A simulated WAB statement as a log writes it (docs/engine-wab.md § What
// it reads): its units, its measures, the dice the engine drew under each
// roll's label, and after `=>` the outcomes the engine computed, so that
// `umpire check` recomputes every one of them.
#include <string>

#include "engine/rulesets/common/simulate/applied.hpp"
#include "engine/rulesets/wab/types.hpp"

namespace umpire::wab::simulate {

std::string statement_text(const Setup& setup, const Action& a,
                           const rulesets::simulate::Applied& applied);

}  // namespace umpire::wab::simulate
