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
#include "engine/rulesets/common/tabletop_state.hpp"
#include "engine/rulesets/common/thousandths.hpp"
#include "engine/rulesets/wab/types.hpp"

namespace umpire::wab {

struct UnitState {
  bool on_table = false;
  Point at{0, 0};  // the centre of the front edge
  double facing = 0;
  Formation formation = Formation::close_order;
  std::int32_t wounds_taken = 0;   // unsaved wounds, as the log states them
  bool moved = false;              // it moved this turn (§ Table des armes de tirs)
  bool marched = false;            // it marched this turn (§ Marche)
  bool reformed = false;           // it reformed this turn (§ Manœuvres)
  bool charging = false;           // it charged this turn
  bool fleeing = false;            // it fled and has not rallied
  std::int32_t engaged_with = -1;  // the enemy unit of its combat, -1: none

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
      });
}

}  // namespace umpire::wab
