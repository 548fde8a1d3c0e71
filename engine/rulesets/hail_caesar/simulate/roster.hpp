#pragma once
// The set-up of a simulated Hail Caesar game, written as the head of a
// .ulog: header, table, two armies and their deployment. Everything random
// comes from the portable Rng, so one seed gives one set-up everywhere.
//
// Hail Caesar's sheet carries no profiles (corpus/rulesets/hail-caesar.rules):
// each unit is a troop type of the data's `unit_type` domain with stats the
// simulator draws within the data's bounds (roster.cpp says which). A
// Hundred Years War army follows an army list of its data, each unit an
// entry of the list at the profile's points, and is kept only when the
// ruleset's own muster passes it (hyw_roster.cpp).
#include <cstdint>
#include <map>
#include <string>

#include "engine/core/dice/rng.hpp"
#include "engine/rules/model.hpp"

namespace umpire::hail_caesar::simulate {

struct SimulatedRoster {
  std::string text;  // from `ulog 1` to the last `deploy` line
  // The weapon word each shooting unit's shots write (`bows`), by unit id.
  std::map<std::string, std::string, std::less<>> weapons;
};

// Two armies of two divisions of three to four units each, on a 72x48
// table, each side deployed in a line within 12" of its own edge, the
// bases apart.
SimulatedRoster hail_caesar_roster(const rules::Ruleset& data, dice::Rng& rng, std::uint64_t seed);

}  // namespace umpire::hail_caesar::simulate
