#pragma once
// What every procedure of the rules reads and changes while one statement
// is applied: the engine (engine.hpp) builds one per statement, and the
// phases (phases/*.hpp) are free functions over it.
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "engine/core/replay/dice_source.hpp"
#include "engine/core/replay/replay.hpp"
#include "engine/rulesets/sabreur_hex/board.hpp"
#include "engine/rulesets/sabreur_hex/checks.hpp"
#include "engine/rulesets/sabreur_hex/rules_binding.hpp"
#include "engine/rulesets/sabreur_hex/state.hpp"
#include "engine/rulesets/sabreur_hex/types.hpp"

namespace umpire::sabreur {

// The hexes of the fire being resolved (shoot, defensive_fire) when its
// shooter or its target holds two hexes (an extended line, § Formations
// spéciales): each half "située sur sa propre case" (§ Le tir).
// `from`: the shooter's half that fires (fire_half); `at`: the target's
// half it goes at (fire_aim; reading in docs/rules-coverage.md).
struct FireHexes {
  UnitId shooter = 0, target = 0;
  Hex from, at;
};

// What the procedures keep between their calls that is no state of the
// game: never hashed, never saved with a snapshot.
struct Scratch {
  std::optional<FireHexes> fire_hexes;
  // The second fire of an extended line's double fire, and the target of
  // the unit's fire before the statement being applied (choose_action sets
  // it as it records the new one): the first half's target.
  bool second_shot = false;
  std::optional<UnitId> fired_before;
  // can_attack is trying a charge or an assault: no obligation is asked
  // or changed meanwhile, and no activation checked.
  bool probing = false;
  // Set by charge() and assault() once the declaration passed its checks,
  // before the march. The declaration reads the unit, its target and their
  // distance, never the way: a trial of can_attack refused before it refuses
  // every other way of the same attack alike.
  bool declaration_passed = false;
  // impetuous_reach, read once (-1: not yet): a number of the rules data.
  std::array<std::int8_t, 2> impetuous_reach{-1, -1};
  // The log's use of a unit that a flight onto an occupied hex eliminated,
  // reported at that flight (flight.cpp): not reported again there.
  const Action* use_after_flight = nullptr;
  // The statement being applied is the flight a failed test called for
  // (turn.cpp's settle_failure): not a choice of the unit (action_choice.cpp).
  bool flight_forced = false;
};

struct Context {
  const Setup& setup;
  std::span<const Action> log;  // the log's statements (in_log, next_action)
  const RulesBinding& rules;
  const TerrainRules& terrain;
  State& state;
  replay::DiceSource& dice;
  replay::EventChecker& checker;
  Scratch& scratch;

  Board board() const { return Board(setup, state, terrain); }
  // A unit's id as diagnostics name it: 'id'.
  std::string quoted(UnitId u) const;
  // Whether `a` is one of the log's statements (not a simulated one), and
  // the statement after it (nullptr at the end, or for an action not in the log).
  bool in_log(const Action& a) const;
  const Action* next_action(const Action& a) const;
};

}  // namespace umpire::sabreur
