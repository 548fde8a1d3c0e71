#pragma once
// Deployment: each unit on the table where the log sets it up, before the
// first event. The sheet has no deployment section; the two checks cite
// the passages that a unit off the table or on top of another breaks:
// 003_54822f0a7c7b7ce7.txt § Troupes en fuite (a unit leaves the battle by
// its own table edge) and § Manœuvres (units keep their formation and
// move as blocks).
#include "engine/core/diagnostic.hpp"
#include "engine/rulesets/wab/state.hpp"
#include "engine/rulesets/wab/types.hpp"

namespace umpire::wab {

// Places every deployed unit, reporting wab.setup.off-table and
// wab.setup.overlap in `diags` with the written and computed values.
void deploy(const Setup& setup, State& state, DiagnosticEngine& diags);

}  // namespace umpire::wab
