#pragma once
// The state of a Warhammer Ancient Battles game as the engine replays it,
// and its canonical bytes (docs/engine-wab.md § State). Positions and
// facings are kept as doubles for the geometry and written as whole
// thousandths of an inch and of a degree: the bytes hold no floating
// point, so every host writes the same ones.
#include <cstdint>
#include <vector>

#include "engine/core/replay/state_hash.hpp"
#include "engine/geometry/tabletop/units.hpp"
#include "engine/geometry/tabletop/zones.hpp"
#include "engine/rulesets/common/tabletop_state.hpp"
#include "engine/rulesets/common/thousandths.hpp"
#include "engine/rulesets/wab/types.hpp"

namespace umpire::wab {

// What losing a round of combat owes the unit (the data's break_outcome,
// § Tests de Moral, § Obstiné (Stubborn)): nothing (it did not lose), no
// test (a stubborn unit's first lost round), a break test on Leadership,
// breaking without a test, or the stubborn troops' D6; unjudged when the
// log names a loser the engine's count does not (reported at the result).
// Whether a unit left the table (§ Fuite): it is on it, it fled or moved
// off it and is out of play, it pursued its enemy off it, or it came back
// this movement phase and stays where it came back.
enum class LeftTable : std::uint8_t { on_table, out_of_play, pursued, returned };

enum class BreakDue : std::uint8_t { none, exempt, test, without_test, stubborn_d6, unjudged };

// What a war machine's misfire left it (§ Raté d'allumage): it may not
// shoot in this player turn (5-6), nor until its side's turn
// misfire_free_turn is over (3-4), or its misfire destroyed it with its crew
// (1-2).
inline constexpr std::uint8_t kMisfireThisTurn = 1;
inline constexpr std::uint8_t kMisfireUntilTurn = 2;
// A 3-4 in its side's turn misfire_free_turn: lifted at the next player turn.
inline constexpr std::uint8_t kMisfireLastTurn = 3;
inline constexpr std::uint8_t kMisfireDestroyed = 255;

// Whether a frenzied unit keeps its frenzy (also: the unit has none), lost
// it for the battle by fleeing from a combat, or broke and may yet fall back
// in good order instead of fleeing (written `flee u fall-back`).
enum class Frenzy : std::uint8_t { kept, lost, pending };

struct UnitState {
  bool on_table = false;
  Point at{0, 0};  // the centre of the front edge
  double facing = 0;
  Formation formation = Formation::close_order;
  std::int32_t wounds_taken = 0;   // unsaved wounds, as the log states them
  bool moved = false;              // it moved this turn (§ Table des armes de tirs)
  bool moved_in_its_turn = false;  // it moved in its side's last turn (§ Résultat pour toucher)
  bool marched = false;            // it marched this turn (§ Marche)
  bool reformed = false;           // it reformed this turn (§ Manœuvres)
  // Whether it turned this turn (§ Marche: a march only wheels): 0 no, 1 at
  // the start of its move (§ Troupes entraînées (Drilled)), 2 later.
  std::uint8_t turned = 0;
  bool charging = false;           // it charged this turn
  bool fleeing = false;            // it fled and has not rallied
  std::int32_t engaged_with = -1;  // the enemy unit of its combat, -1: none
  // The round of combat being fought (§ Résultat du combat): the unit's
  // side in it (0: not in it, 1 the side written first, 2 the other), and
  // the unsaved wounds it inflicted.
  std::uint8_t round_side = 0;
  std::uint8_t round_number = 0;  // the round of that combat, 1 the first
  bool fought_this_turn = false;  // it fought a round in this turn's combat phase
  // The round it fought last, named by its lowest unit + 1 (0: none): the
  // units of one round share it, and in one combat phase no two rounds do.
  std::int32_t round_key = 0;
  std::int32_t round_wounds = 0;
  BreakDue break_due = BreakDue::none;  // after a lost round, until it tests
  std::int32_t break_needed = 0;        // the score the break test it owes needs
  bool lost_combat_before = false;      // it lost a round earlier (§ Obstiné (Stubborn))
  // It won its round in the last combat phase: it may pursue in the next
  // movement phase (§ Phase 2 : Mouvement steps 5 and 7).
  bool won_last_combat = false;
  bool panicked_this_turn = false;  // it failed a panic test this turn (§ 2.2)
  bool fire_and_flee = false;       // its charge response this turn was 'fire-and-flee'
  std::int32_t flight_roll = -1;    // the dice of its flight this turn, -1: none (§ Fuite)
  std::int32_t phase_models = 0;    // its models standing when the phase began
  bool panic_tested = false;        // it took a panic test this phase
  bool terror_tested = false;       // it took its terror test (§ Terreur: once a battle)
  bool overcame_terror = false;     // and passed it: terror causes it fear only
  std::int32_t moved_milli = 0;     // thousandths of an inch its moves used this movement phase
  bool shot = false;                // it shot in its shooting phase (§ Phase 3 : Tir)
  bool failed_fear = false;         // it failed a fear test this turn (§ Phase 2 : Mouvement)
  bool held_by_fear = false;        // and, charging, it stays where it stood (step 3)
  // § Frénésie (Frenzy), "Elles perdent leur frénésie si elles fuient en
  // combat".
  Frenzy frenzy = Frenzy::kept;
  bool passed_break = false;  // it passed a break test this phase (§ Repli en Bon Ordre)
  bool break_tested =
      false;  // it took a break test this phase (§ Tests de Panique à la phase de combat)
  bool fell_back = false;  // it fell back in good order this phase
  // § Repli en Bon Ordre 4, "ne peuvent pas charger à leur prochain tour":
  // 1 it fell back and its side's next turn has not begun, 2 it is that
  // turn, 0 neither.
  std::uint8_t fall_back_turn = 0;
  LeftTable left_table = LeftTable::on_table;
  // § Raté d'allumage: 0 none, or what its misfire left it (kMisfire*), and
  // for kMisfireUntilTurn the last turn of its side in which it may not shoot.
  std::uint8_t misfire_turns = 0;
  std::uint32_t misfire_free_turn = 0;
  bool rallied = false;       // it rallied this turn (§ 2.2: after the charges)
  bool rally_tested = false;  // it took a rally test this turn (§ 2.2: one a unit)
  // Its last charge (§ 2.1 Déclaration de charges): the unit it charged,
  // -1 none, the side it charged from where it declared, and its target's
  // facing then (a target that turns to face it since is no longer struck
  // on that side). Read while the two touch (phases/attack_sides.hpp).
  std::int32_t charged_unit = -1;
  // § Repli en Bon Ordre 3: it caught a unit that fell back in good order,
  // its charged_unit, and "cela compte comme une charge pour la prochaine
  // phase de combat": 1 caught in this combat phase, 2 it is that next
  // combat phase, 0 neither.
  std::uint8_t pursuit_charge = 0;
  tabletop::Zone charged_side = tabletop::Zone::front;
  double charged_target_facing = 0;

  tabletop::Footprint footprint(const UnitSetup& s) const {
    return {at, facing, s.frontage, s.depth};
  }
};

struct GeneralState {
  bool on_table = false;
  Point at{0, 0};
};

// The turn and the slots are common/tabletop_state.hpp's; the marks each
// slot carries are this engine's.
struct State : rulesets::TabletopState<Phase, UnitState, GeneralState> {
  explicit State(const Setup& setup);

  // A new player turn: what the last one did is spent.
  void start_turn(std::uint32_t turn, std::uint8_t side);

  template <typename Out>
  void write(Out& out) const;
};

using rulesets::milli;

template <typename Out>
void State::write(Out& out) const {
  write_with(
      out, [](Out&, const GeneralState&) {},
      [](Out& o, const UnitState& u) {
        o.i32(u.wounds_taken);
        o.u8(u.moved ? 1 : 0);
        o.u8(u.marched ? 1 : 0);
        o.u8(u.reformed ? 1 : 0);
        o.u8(u.charging ? 1 : 0);
        o.u8(u.fleeing ? 1 : 0);
        o.i32(u.engaged_with);
        o.u8(u.round_side);
        o.u8(u.round_number);
        o.u8(u.fought_this_turn ? 1 : 0);
        o.i32(u.round_key);
        o.i32(u.round_wounds);
        o.u8(static_cast<std::uint8_t>(u.break_due));
        o.i32(u.break_needed);
        o.u8(u.lost_combat_before ? 1 : 0);
        o.u8(u.won_last_combat ? 1 : 0);
        o.u8(u.panicked_this_turn ? 1 : 0);
        o.u8(u.fire_and_flee ? 1 : 0);
        o.i32(u.flight_roll);
        o.i32(u.phase_models);
        o.u8(u.panic_tested ? 1 : 0);
        o.u8(u.terror_tested ? 1 : 0);
        o.u8(u.overcame_terror ? 1 : 0);
        o.i32(u.moved_milli);
        o.u8(u.shot ? 1 : 0);
        o.u8(u.passed_break ? 1 : 0);
        o.u8(u.break_tested ? 1 : 0);
        // Its fall back this phase and the turn after it, whether it left
        // the table, and a pursuit that counts as a charge: one byte.
        o.u8(static_cast<std::uint8_t>((u.fell_back ? 1 : 0) | (u.fall_back_turn << 1) |
                                       (static_cast<std::uint8_t>(u.left_table) << 3) |
                                       (u.pursuit_charge << 6)));
        // Held by fear only after a failed fear test, and the frenzy lost:
        // one byte for them.
        o.u8(static_cast<std::uint8_t>((u.held_by_fear  ? 2
                                        : u.failed_fear ? 1
                                                        : 0) |
                                       (static_cast<std::uint8_t>(u.frenzy) << 2)));
        o.u8(u.turned);
        o.i32(u.charged_unit);
        o.u8(static_cast<std::uint8_t>(u.charged_side));
        o.u8(u.moved_in_its_turn ? 1 : 0);
        // A unit that rallied took its test: one byte for both.
        o.u8(u.rallied ? 1 : u.rally_tested ? 2 : 0);
        o.u8(u.misfire_turns);
        // The turn it shoots again from, only while it waits for it (a
        // state without misfires hashes as before).
        if (u.misfire_turns == kMisfireUntilTurn) o.u32(u.misfire_free_turn);
      });
}

}  // namespace umpire::wab
