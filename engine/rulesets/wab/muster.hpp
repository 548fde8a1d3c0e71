#pragma once
// Army lists and profiles at muster for Warhammer Ancient Battles: each
// army of a lowered battle against what corpus/rulesets/wab.rules describes
// of a roster (its troop types, the characteristics its charts run over,
// model counts, the armour, shields and missile weapons of the save chart
// and weapons table, the General). The quick-reference sheet
// (003_54822f0a7c7b7ce7.txt) has no army lists and no points values: a
// roster's points are reported `not checked` (docs/engine-wab.md).
#include "engine/rulesets/ruleset_entry.hpp"

namespace umpire::wab {

const rulesets::Muster& muster();

}  // namespace umpire::wab
