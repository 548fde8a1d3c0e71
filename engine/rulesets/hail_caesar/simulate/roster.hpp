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
#include <functional>
#include <map>
#include <string>

#include "engine/core/dice/expr.hpp"
#include "engine/core/dice/rng.hpp"
#include "engine/core/dice/roll.hpp"
#include "engine/rules/model.hpp"

namespace umpire::hail_caesar::simulate {

// A roll a variant's rule throws beside each shot of a unit (HYW's
// misfire, 004 § 1-c), which the engine the simulator plays does not
// draw: written after the shot's own rolls as `<label> <dice>=<faces>`. A
// roll `destroys` removes the unit, written `remove <unit>` once the shot
// is played out.
struct ShotRoll {
  std::string label;
  dice::Expr dice;
  std::function<bool(const dice::Roll&)> destroys;
};

struct SimulatedRoster {
  std::string text;  // from `ulog 1` to the last `deploy` line
  // The weapon word each shooting unit's shots write (`bows`), by unit id.
  std::map<std::string, std::string, std::less<>> weapons;
  // The roll each shot of a unit throws beside it, by unit id.
  std::map<std::string, ShotRoll, std::less<>> shot_rolls;
};

// Two armies of two divisions of three to four units each, on a 72x48
// table, each side deployed in a line within 12" of its own edge, the
// bases apart.
SimulatedRoster hail_caesar_roster(const rules::Ruleset& data, dice::Rng& rng, std::uint64_t seed);

}  // namespace umpire::hail_caesar::simulate
