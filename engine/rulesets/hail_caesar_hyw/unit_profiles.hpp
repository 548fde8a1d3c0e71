#pragma once
// A HYW unit names its army list's entry (`profile english_archers`), never
// a troop type and stats (004_b7c666874e8df030.txt § 2-b Profil des unités):
// they come from that profile of the rules data, where the list prints
// them. The muster (muster.hpp) reports a profile that is no entry.
#include <string>
#include <vector>

#include "engine/rules/model.hpp"
#include "engine/rulesets/hail_caesar/types.hpp"

namespace umpire::hyw {

// What the log says of one unit's profile: the name it writes and the army
// list its side follows.
struct WrittenProfile {
  std::string profile, army_list;
};

// Each unit's profile, troop type and stats from the data; a unit whose
// profile the data lacks keeps what the log wrote.
void units_from_profiles(hail_caesar::Setup& setup, const std::vector<WrittenProfile>& written,
                         const rules::Ruleset& data);

}  // namespace umpire::hyw
