#pragma once
// The state of a Hail Caesar game as the engine replays it, and its
// canonical bytes (docs/engine-internals.md § Hail Caesar state layout).
// Positions and facings are kept as doubles for the geometry and written
// as whole thousandths of an inch and of a degree: the bytes hold no
// floating point, so every host writes the same ones.
#include <cstdint>
#include <vector>

#include "engine/core/replay/state_hash.hpp"
#include "engine/geometry/tabletop/units.hpp"
#include "engine/rulesets/common/tabletop_state.hpp"
#include "engine/rulesets/common/thousandths.hpp"
#include "engine/rulesets/hail_caesar/types.hpp"

namespace umpire::hail_caesar {

// What the unit's order did this turn (§ Test d'ordre).
enum class OrderStatus : std::uint8_t { none, passed, failed, blundered };

struct UnitState {
  bool on_table = false;
  Point at{0, 0};  // the leader: the centre of the front edge
  double facing = 0;
  Formation formation = Formation::close_order;
  std::int32_t casualties = 0;
  bool disordered = false;
  bool shaken = false;
  OrderStatus order = OrderStatus::none;
  std::uint8_t moves = 0;       // full moves this turn: an order's, a blunder's or an initiative's
  std::int32_t used_milli = 0;  // thousandths of an inch moved this turn
  // Thousandths of a full move spent this turn: each way at the rate it
  // went at (a light horse's 12" in the open is one move, its 6" in a wood
  // one more), a change of formation and an obstacle crossed one each.
  std::int32_t spent_milli = 0;
  std::int32_t engaged_with = -1;  // the enemy unit of its combat, -1: none
  bool charged = false;            // it charged or countercharged this turn
  bool won_last_round = false;     // it won the last round of its combat
  bool initiative = false;         // it moved by initiative this turn (§ I - PHASE DE MOUVEMENT)
  // § Modificateur de mouvement, for the rest of the turn: its way entered
  // rough ground (its moves capped).
  bool in_rough_ground = false;
  // The rounds its combat has fought, the one being fought included (§
  // Modificateurs des dés d'attaques: clash in the first, sustained after).
  std::uint8_t combat_rounds = 0;
  // The unit it supported in the last round it supported in, -1: none; it
  // is in support while that unit stays engaged (HYW 6-a: no shooting).
  std::int32_t supporting = -1;
  // § Modificateurs du jet pour toucher au corps à corps (4+), for the data's
  // switch charge_bonus_duration: it charged or countercharged into its
  // present combat ("a chargé ou contre chargé"), and was charged in flank
  // or rear in it ("a été chargée de flanc et/ou de dos"), in whatever round.
  bool charged_into_combat = false;
  bool flank_charged_in_combat = false;

  tabletop::Footprint footprint(const UnitSetup& s) const {
    return {at, facing, s.frontage, s.depth};
  }
};

struct GeneralState {
  bool on_table = false;
  Point at{0, 0};
  bool orders_ended = false;    // an order of his failed this turn
  std::int32_t used_milli = 0;  // thousandths of an inch ridden this movement phase
  // The leadership of the one who now leads his division when it is no
  // longer his (HYW 004 § 3-b: a dead general's subordinate); 0 while he leads.
  std::int32_t replaced_leadership = 0;
};

// The turn and the slots are common/tabletop_state.hpp's; the marks each
// slot carries are this engine's.
struct State : rulesets::TabletopState<Phase, UnitState, GeneralState> {
  explicit State(const Setup& setup);

  // A new player turn: what the last one granted is spent.
  void start_turn(std::uint32_t turn, std::uint8_t side);

  template <typename Out>
  void write(Out& out) const;
};

using rulesets::milli;

template <typename Out>
void State::write(Out& out) const {
  write_with(
      out,
      [](Out& o, const GeneralState& g) {
        o.u8(g.orders_ended ? 1 : 0);
        o.i32(g.used_milli);
        // Written only once set, so that the hashes of games without it stay.
        if (g.replaced_leadership != 0) {
          o.tag('L');
          o.i32(g.replaced_leadership);
        }
      },
      [](Out& o, const UnitState& u) {
        o.i32(u.casualties);
        o.u8(u.disordered ? 1 : 0);
        o.u8(u.shaken ? 1 : 0);
        o.u8(static_cast<std::uint8_t>(u.order));
        o.u8(u.moves);
        o.i32(u.used_milli);
        o.i32(u.engaged_with);
        o.u8(u.charged ? 1 : 0);
        o.u8(u.won_last_round ? 1 : 0);
        o.u8(u.initiative ? 1 : 0);
        o.u8(u.in_rough_ground ? 1 : 0);
        o.i32(u.spent_milli);
        o.u8(u.combat_rounds);
        o.i32(u.supporting);
        // Written only once set, so that the hashes of games without them stay.
        if (u.charged_into_combat || u.flank_charged_in_combat) {
          o.tag('C');
          o.u8(static_cast<std::uint8_t>((u.charged_into_combat ? 1 : 0) |
                                         (u.flank_charged_in_combat ? 2 : 0)));
        }
      });
}

}  // namespace umpire::hail_caesar
