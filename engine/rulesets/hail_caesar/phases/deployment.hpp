#pragma once
// Deployment: each unit on the table where the log sets it up, before the
// first event. The sheet has no deployment section; the two checks cite
// the passages that a unit off the table or on top of another breaks:
// 000_a44b407871cbdad9.txt § Unité ébranlée ("Ne peut revenir en jeu si
// elle quitte la table": off the table is out of play) and § Se déplacer à
// travers une unité (a unit passes through another only while moving).
#include "engine/core/diagnostic.hpp"
#include "engine/rulesets/hail_caesar/state.hpp"
#include "engine/rulesets/hail_caesar/types.hpp"

namespace umpire::hail_caesar {

// Places every deployed unit, reporting hc.setup.off-table and
// hc.setup.overlap in `diags` with the written and computed values.
void deploy(const Setup& setup, State& state, DiagnosticEngine& diags);

}  // namespace umpire::hail_caesar
