#pragma once
// What every procedure of the rules reads and changes while one statement
// is applied: the engine (engine.hpp) builds one per statement, and the
// phases (phases/*.hpp) are free functions over it.
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/core/replay/dice_source.hpp"
#include "engine/core/replay/replay.hpp"
#include "engine/geometry/tabletop/tolerance.hpp"
#include "engine/rulesets/wab/checks.hpp"
#include "engine/rulesets/wab/rules_binding.hpp"
#include "engine/rulesets/wab/state.hpp"
#include "engine/rulesets/wab/types.hpp"

namespace umpire::wab {

// A strike in progress: the hits of a shot or an attack, which a roll to
// wound takes, then the wounds, which the armour save written next takes
// (§ Résultat pour toucher, § Résultat pour blesser, § Jet de sauvegarde).
// A strike is part of the statements that resolve it, never a state of
// the game between two.
struct Strike {
  Span span;  // the statement of the hits
  UnitId striker = 0, target = 0;
  bool shooting = false;
  std::string weapon;         // the data's profile of a missile weapon; "" in hand to hand
  std::int64_t distance = 0;  // whole inches of a shot
  std::int64_t hits = 0;
  std::optional<std::int64_t> wounds;  // once rolled
  // The data's target.cover of a shot: its to-hit score, hence the 7+
  // penalty to the Strength its wounds and save read.
  std::string_view cover = "no_cover";
};

// A charge declared this turn (§ 2.1 Déclaration de charges), settled when
// the movement phase ends (phases/charge.hpp): the ground its charger
// covered, over the charge statement and the moves written after it.
struct PendingCharge {
  Span span;  // the charge statement
  UnitId charger = 0, target = 0;
  // Where the charger stood when it declared: the shots of a 'stand-and-
  // shoot' or 'fire-and-flee' response come before it moves (§ Phase 2 :
  // Mouvement, steps 6 and 2.4).
  tabletop::Footprint start;
  double moved = 0;  // inches
  int wheels = 0;    // the wheels made (§ Manœuvres, Roue: one to face the enemy)
};

// A unit that failed its break test, broke without one or was destroyed in
// the combat phase (§ Tests de Panique à la phase de combat 1).
struct BrokenFriend {
  UnitId unit = 0;
  Span span;  // the statement that broke or destroyed it
  tabletop::Footprint where;
  std::int64_t models = 0;
  std::string_view loss;   // the data's friend_loss
  bool fell_back = false;  // it fell back in good order instead of fleeing
};

// A charge into the flank or rear of a unit already engaged in combat
// (§ Phase 2 : Mouvement step 5, § Panique item 6): its target may owe a
// panic test before the movement phase ends.
struct FlankCharge {
  Span span;  // the charge statement
  UnitId charger = 0, target = 0;
  bool rear = false;
  std::int64_t charger_models = 0;  // as it declared
};

// What the procedures keep between their calls that is no state of the
// game: never hashed, never saved with a snapshot.
struct Scratch {
  std::optional<Strike> strike;
  // The side that plays first in each turn, as far as the log shows it: the
  // first of two player turns of one number its turn headers write (empty
  // ones included), else the side of a first statement in turn 1, then the
  // first of two player turns of one number its statements stand in (a log
  // may leave empty turns unwritten).
  std::optional<std::uint8_t> first_side;
  // While the engine settles a player turn the log leaves out (no statement
  // of it between two that are written, phases/turn.cpp), which turn that
  // is: a note every report of what it owed carries. Empty otherwise.
  std::string skipped_turn;
  // The tolerance a measurement written in the log is checked under
  // (engine/geometry/tabletop/tolerance.hpp).
  double tolerance = tabletop::kDefaultTolerance;
  // The charges of the movement phase in progress.
  std::vector<PendingCharge> charges;
  // The charges of this player turn, kept once their movement phase is
  // settled: units a charge brought into contact fight a round in the
  // turn's combat phase (§ Phase 4 : Combat au corps à corps), reported
  // when the turn ends (phases/combat_round.hpp).
  std::vector<PendingCharge> turn_charges;
  // Per unit, the `combat` line of the last round it fought (an invalid
  // span: none): a round a combat under way owes and does not fight is
  // reported there (phases/combat_round.hpp).
  std::vector<Span> last_round_at;
  // Per unit, the rally test it failed this turn (an invalid span: none):
  // a fleeing unit that does not rally flees in the compulsory moves
  // (§ 2.3 Mouvements obligatoires), reported there when the turn ends
  // (phases/flight.hpp).
  std::vector<Span> failed_rally;
  // Per unit, whether a flight of it was written this turn.
  std::vector<bool> fled_this_turn;
  // (Both are sized for every unit when each player turn begins,
  // phases/turn.cpp, before any statement of it is applied: every statement
  // stands in a turn, so the first begins one.)
  // The charges of that phase redirected onto a new target after the
  // first fled (§ Phase 2 : Mouvement step 8): {charger, new target}.
  std::vector<std::pair<UnitId, UnitId>> redirected_charges;
  // Per unit, the ground its measured moves of this turn covered, in
  // inches, the cost of their turns left out (phases/movement.cpp): a unit
  // that covered some declares no charge after them (§ Phase 2 : Mouvement,
  // phases/charge.cpp).
  std::vector<double> moved_ground;
  // Whether a charge of that phase was followed without being recorded
  // there (several chargers, a refused one...): its target is unknown.
  bool charge_unrecorded = false;
  // Per unit, where it stood when the player turn began (§ Marche: "au
  // début du tour"), nullopt when off the table: the distances to the
  // enemy then are measured only for the units that march
  // (phases/turn.hpp).
  std::vector<std::optional<tabletop::Footprint>> turn_start;
  std::vector<std::optional<Point>> turn_start_generals;  // and each General
  // The break tests lost rounds owe (§ Tests de Moral): each unit with the
  // `result` statement that owes it, until its test is written or the next
  // round, phase or turn begins (phases/break_test.hpp).
  std::vector<std::pair<UnitId, Span>> owed_break_tests;
  // Per unit, the last shot of this shooting phase that cost it models, for
  // the panic test it may owe (phases/panic.hpp); an invalid span: none.
  std::vector<Span> shooting_casualties;
  // The units that broke or were destroyed in this combat phase, or were
  // destroyed earlier in the turn, where they stood then: their friends
  // within 12" owe one panic test in the combat phase (phases/panic.hpp).
  std::vector<BrokenFriend> lost_friends;
  // The charges of this movement phase into the flank or rear of a unit
  // engaged in combat (phases/panic.hpp).
  std::vector<FlankCharge> flank_charges;
  // The fleeing units a charge of this movement phase destroyed, where they
  // stood then: their friends within 4" owe a panic test before the phase
  // ends (§ Tests de Panique suite aux charges 1, phases/panic.hpp).
  std::vector<BrokenFriend> caught_by_chargers;
  // Whether a fleeing unit was removed in this movement phase that no
  // charge of it named (a charger may have gone through it, § 2.4): the
  // panic tests of its friends are not judged.
  bool fleeing_removed_unknown = false;
  // The pursuits owed in this combat phase: those the data makes
  // compulsory (§ Haine (Hatred), § Frénésie (Frenzy)) and those of winners
  // that are not drilled: the pursuer, the unit that fled from
  // it and the flight (phases/flight.hpp), until the pursuit is written or
  // the phase ends.
  // A winner that may hold back only after passing a Leadership test
  // (§ Troupes entraînées (Drilled), the data's restrain_pursuit
  // permissions) owes one too, which such a test settles (`by_test`).
  struct OwedPursuit {
    UnitId pursuer = 0, fled = 0;
    Span flight;
    bool by_test = false;
  };
  std::vector<OwedPursuit> owed_pursuits;
  // The flights written to a point in this phase: the unit and the centre
  // of its bases before and after, the way its pursuers follow
  // (phases/flight_direction.hpp).
  struct FlightWay {
    UnitId unit = 0;
    Point from{0, 0}, to{0, 0};
  };
  std::vector<FlightWay> flight_ways;
  // The units of the side whose turn began that owe a panic test at its
  // start (a fleeing friend within 4"), until its start phase ends.
  std::vector<UnitId> start_panic_owed;
  // The same for terror (an enemy that causes it within 8").
  std::vector<UnitId> start_terror_owed;
  // The same for a Warband's impetuosity (§ Warbands 1); a unit leaves it
  // when it takes its test.
  std::vector<UnitId> start_impetuosity_owed;
  // The fear and terror tests taken in this movement phase, each the unit
  // and whether it tested terror: the tests its charges owe
  // (phases/fear.hpp).
  std::vector<std::pair<UnitId, bool>> fear_tested;
  // Per unit, its rank bonus as last evaluated and the models, flight,
  // formation, place and round's ground it was evaluated on
  // (phases/facts.hpp): a Leadership test asks it, and it changes only with
  // them.
  struct RankBonus {
    std::int64_t models = -1;
    bool fleeing = false;
    Formation formation = Formation::close_order;
    Point at{0, 0};
    double facing = 0;
    bool rough = false;  // fought in a round on rough ground
    std::int64_t bonus = 0;
  };
  std::vector<RankBonus> rank_bonus;
  // Per unit, the attack dice it threw in the round being fought
  // (phases/close_combat.hpp), emptied when `combat` opens a round.
  std::vector<std::int64_t> round_attack_dice;
  // Per unit, whether it has struck in the round being fought (the order of
  // strikes, phases/close_combat.hpp), emptied when `combat` opens a round.
  std::vector<bool> round_struck;
};

struct Context;

// Adds to `d`, a report of what a player turn owed, the note naming the turn
// the log leaves out when the engine is settling one (Scratch::skipped_turn).
void note_skipped_turn(const Context& cx, DiagnosticBuilder& d);

struct Context {
  const Setup& setup;
  std::span<const Action> log;  // the log's statements
  const RulesBinding& rules;
  State& state;
  replay::DiceSource& dice;
  replay::EventChecker& checker;
  Scratch& scratch;

  // A unit's id as diagnostics name it: 'id'.
  std::string quoted(UnitId u) const;
  tabletop::Footprint footprint(UnitId u) const { return state.units[u].footprint(setup.units[u]); }
  // The models still standing: the unsaved wounds taken, a model per
  // Wounds characteristic.
  std::int64_t models_standing(UnitId u) const;
};

}  // namespace umpire::wab
