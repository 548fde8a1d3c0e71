#pragma once
// Army-list validation at muster for Hail Caesar: Hundred Years War
// (004_b7c666874e8df030.txt § Réunir l’host): each army of a lowered battle
// against the army list it names (`army english list "english"`) in the
// rules data: its entries and their points, its divisions and generals
// (2-a), its budget, and the constraints of the list (2-c to 2-f), every
// number read from corpus/rulesets/hail-caesar-hyw.rules.
// docs/engine-hail-caesar-hyw.md describes it; checks.def lists its checks.
#include "engine/rulesets/ruleset_entry.hpp"

namespace umpire::hyw {

const rulesets::Muster& muster();

}  // namespace umpire::hyw
