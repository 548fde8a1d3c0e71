#pragma once
// A HYW unit names its army list's entry (`profile english_archers`), never
// a troop type and stats (004_b7c666874e8df030.txt § 2-b Profil des unités):
// they come from that profile of the rules data, where the list prints
// them. The muster (muster.hpp) reports a profile that is no entry.
#include <optional>
#include <string>
#include <vector>

#include "engine/core/diagnostic.hpp"
#include "engine/rules/model.hpp"
#include "engine/rulesets/hail_caesar/from_events.hpp"
#include "engine/rulesets/hail_caesar/types.hpp"

namespace umpire::events {
struct Battle;
}

namespace umpire::hyw {

// What the log says of one unit's profile: the name it writes and the army
// list its side follows.
struct WrittenProfile {
  std::string profile, army_list;
};

// The game of a HYW battle as the base engine reads it, and what each unit
// wrote of its profile: the base reads a troop type on each unit line; a
// HYW unit's comes from its profile in the data, read when the engine is
// made (units_from_profiles), and until then reads as the base's first.
// Nullopt (reported) as game_from_battle.
struct GameOfBattle {
  hail_caesar::Game game;
  std::vector<WrittenProfile> written;  // per unit
};
std::optional<GameOfBattle> game_of_battle(const events::Battle& battle, DiagnosticEngine& diags);

// Each unit's profile, troop type and stats from the data; a unit whose
// profile the data lacks keeps what the log wrote.
void units_from_profiles(hail_caesar::Setup& setup, const std::vector<WrittenProfile>& written,
                         const rules::Ruleset& data);

}  // namespace umpire::hyw
