#pragma once
// What every procedure of the rules reads and changes while one statement
// is applied: the engine (engine.hpp) builds one per statement, and the
// phases (phases/*.hpp) are free functions over it.
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "engine/core/replay/dice_source.hpp"
#include "engine/core/replay/replay.hpp"
#include "engine/geometry/tabletop/tolerance.hpp"
#include "engine/geometry/tabletop/zones.hpp"
#include "engine/rulesets/hail_caesar/checks.hpp"
#include "engine/rulesets/hail_caesar/rules_binding.hpp"
#include "engine/rulesets/hail_caesar/state.hpp"
#include "engine/rulesets/hail_caesar/types.hpp"

namespace umpire::hail_caesar {

// What the procedures keep between their calls that is no state of the
// game: never hashed, never saved with a snapshot.
// The hits of the shot or attack just resolved, which the `save` written
// next takes (§ Modificateurs de sauvegarde de moral au tir et au corps à
// corps): a save is part of the statement before it, never a state of the
// game between two.
struct PendingHits {
  UnitId target = 0;
  std::int64_t hits = 0;
  std::string weapon;  // the data's word; empty in hand to hand
  // A volley of the shooting phase: the facts its to-hit score was read
  // from, for the break test its casualties may call for
  // (phases/shooting_break.hpp).
  std::optional<Facts> volley;
};

// The round of hand-to-hand combat being fought, from its `combat`
// statement to its `result` (phases/combat.hpp): who is engaged on each
// side (the statement's units, then its enemies), who supports, and the
// casualties each side took from engaged units and from supports.
struct CombatRound {
  Span span;
  std::int64_t round = 1;
  UnitList engaged[2], supports[2];
  // Per support written, the unit it supports (004 § 7-d counts them).
  UnitList supported;
  std::int64_t taken_from_engaged[2] = {0, 0}, taken_from_supports[2] = {0, 0};
  // Units shaken by this round's casualties: every unit of a round strikes
  // at once (004_b7c666874e8df030.txt § 7-b, "frappent simultanément"), so
  // they still strike as they began it.
  UnitList shaken_in_round;
  // The attack dice each unit threw in the round, shared between the
  // enemies it fights (phases/attack_shares.hpp).
  struct Share {
    UnitId unit = 0;
    std::int64_t due = 0, thrown = 0;
    UnitList targets;
    Span last;
    bool rerolled = false;
  };
  std::vector<Share> shares;
  // The engaged units whose break test after the round has been read: the
  // tests of their supports are then known (phases/break_test.cpp).
  UnitList tested;
  bool resolved = false;
};

// What the rules owe after a combat's result or a break test, until the
// statements that settle it are written (phases/combat.hpp): a break test
// (`difference` is what it subtracts), or a result's effects on the table.
struct DueTest {
  UnitId unit = 0;
  std::int64_t difference = 0;
  Span span;  // the result (or the shot, the save) that calls for it
  // Called for by a volley of the shooting phase, for the reason given.
  bool shooting = false;
  std::string why;
};
struct DueOutcome {
  UnitId unit = 0;
  Span span;           // the test or the casualties that call for it
  std::string result;  // the data's word (`give_ground`), or "broken"
  bool moves_back = false, disorders = false, removes = false;
  std::int64_t inches_back = 0;
  bool moved = false;
  // Owed by the result of the unit it supported (`result` is that
  // unit's), as this says.
  std::string why;
};

// A charge of this player turn, which its target's response reads
// (phases/charge.hpp): where the charger set out from and which face of
// the target it strikes.
struct PendingCharge {
  std::uint32_t turn = 0;
  std::uint8_t side = 0;
  UnitId charger = 0, target = 0;
  tabletop::Footprint charger_start{{0, 0}, 0, 1, 1};
  tabletop::Zone face = tabletop::Zone::front;
  bool target_was_engaged = false;  // in a combat before this charge
  std::int64_t responses = 0;
  bool disordered_charger = false;  // by the unit it charged into (a variant's)
};

// What units did in one player turn, kept until the next begins: the
// records of an earlier player turn are stale and forgotten. `Record`
// names its unit (`unit`).
template <class Record>
class TurnRecords {
 public:
  // The records of player turn (turn, side), those of an earlier one gone.
  std::vector<Record>& of_turn(std::uint32_t turn, std::uint8_t side) {
    if (turn != turn_ || side != side_) {
      records_.clear();
      turn_ = turn;
      side_ = side;
    }
    return records_;
  }
  // The record of unit `u` in player turn (turn, side), if it has one.
  const Record* find(UnitId u, std::uint32_t turn, std::uint8_t side) const {
    if (turn != turn_ || side != side_) return nullptr;
    for (const Record& r : records_)
      if (r.unit == u) return &r;
    return nullptr;
  }

 private:
  std::uint32_t turn_ = 0;
  std::uint8_t side_ = 0;
  std::vector<Record> records_;
};

struct Scratch {
  // Per unit, the terrain it stands in and where it stood when that was
  // read (phases/facts.hpp): most questions ask it, and it changes only
  // when the unit moves.
  struct Standing {
    Point at{0, 0};
    double facing = -1;
    Terrain terrain = Terrain::open_ground;
  };
  std::vector<Standing> standing;
  std::optional<PendingHits> hits;
  bool hits_from_support = false;  // the pending hits are a support's
  // Whether the statement before the one being applied strikes (a shot, an
  // attack, a support, a charge response), and the units it names: a save
  // of one of them right after it is its own, even where the engine
  // refused or did not resolve the strike (phases/saves.cpp). A support's
  // or a response's hits strike a unit it does not name (the enemy of the
  // unit supported, the charger).
  bool last_struck = false, last_names_not_target = false;
  UnitList last_named;
  std::optional<CombatRound> combat;
  std::vector<DueTest> due_tests;
  std::vector<DueOutcome> due_outcomes;
  // Per unit, whether it left the table by a move (not removed): what
  // coming back asks of the data (return_to_table).
  std::vector<bool> left_table;
  // Whether the statement being applied settled what a unit owed (a
  // removal, a disorder, a move back) or stated a shaken unit the engine
  // counted: then it was checked, and is not merely followed.
  bool settled = false;
  // This shooting phase's units a volley called a break test for, and
  // those shot at by a volley the engine did not resolve
  // (phases/shooting_break.hpp); cleared with the debts above.
  UnitList volley_tested, volley_unresolved;
  // The turn, side and phase the debts above were made in.
  std::uint32_t due_turn = 0;
  std::uint8_t due_side = 0;
  Phase due_phase = Phase::none;
  std::vector<PendingCharge> charges;
  // Units whose blunder this player turn must be moved in full (the data's
  // blunder_moves_in_full, phases/movement.cpp).
  struct InFull {
    UnitId unit = 0;
  };
  TurnRecords<InFull> blunders_in_full;
  // A blundered unit's move of several that fell short of its allowance:
  // judged when the phase ends unless another move of the unit follows
  // (a blunder's moves may be written in several statements).
  struct ShortBlunder {
    UnitId unit = 0;
    Span span;
    tabletop::Footprint start;
    Point end;
    double facing = 0;
    double allowance = 0, distance = 0;
  };
  std::vector<ShortBlunder> short_blunders;
  // The D6 of each unit's blunder this player turn: what a charge of the
  // blundered unit asks of the chart (the data's may_charge), and the
  // unit's facing then, which its blundered moves go from.
  struct BlunderDie {
    UnitId unit = 0;
    std::int64_t die = 0;
    double facing = 0;
  };
  TurnRecords<BlunderDie> blunder_dice;
  // The shooting dice each unit has thrown in this shooting phase, for a
  // variant that lets a unit divide its shots (phases/shooting.cpp).
  struct ShotShare {
    UnitId unit = 0;
    std::int64_t thrown = 0;
  };
  TurnRecords<ShotShare> shot_shares;
  // The units of a broken division that failed their order this movement
  // phase and have not made their free move yet (phases/division.hpp),
  // with the order that owes it.
  struct OwedFreeMove {
    UnitId unit = 0;
    Span span;
  };
  std::vector<OwedFreeMove> free_moves_owed;
  // The support dice each unit has thrown in this combat phase, and the
  // friends it supported, for a variant that lets a support share its dice
  // between two friends (phases/combat.cpp).
  struct SupportShare {
    UnitId unit = 0;
    std::int64_t thrown = 0;
    UnitList supported;
  };
  TurnRecords<SupportShare> support_shares;
  // Each unit's nearest enemy when this player turn began, for a variant
  // that judges initiative then (phases/facts.hpp); empty otherwise.
  std::vector<std::optional<double>> enemy_at_turn_start;
  // The tolerance a measurement written in the log is checked under
  // (engine/geometry/tabletop/tolerance.hpp).
  double tolerance = tabletop::kDefaultTolerance;
};

struct Context {
  const Setup& setup;
  std::span<const Action> log;  // the log's statements
  const RulesBinding& rules;
  State& state;
  replay::DiceSource& dice;
  replay::EventChecker& checker;
  Scratch& scratch;

  // A unit's or a commander's id as diagnostics name it: 'id'.
  std::string quoted(UnitId u) const;
  std::string quoted_general(GeneralId g) const;
  tabletop::Footprint footprint(UnitId u) const { return state.units[u].footprint(setup.units[u]); }
};

}  // namespace umpire::hail_caesar
