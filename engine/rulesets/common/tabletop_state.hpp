#pragma once
// What the state of every tabletop engine (Hail Caesar's, WAB's) holds and
// writes alike: the turn, side and phase being played, a slot per unit and
// per commander, and their canonical bytes, each slot's place first, then
// what the engine's rules keep of it. The byte order is the one each
// engine wrote on its own, so the golden hashes of its logs stand.
#include <cstdint>
#include <vector>

#include "engine/rulesets/common/thousandths.hpp"

namespace umpire::rulesets {

template <typename Phase, typename UnitState, typename GeneralState>
struct TabletopState {
  std::uint32_t turn = 0;
  std::uint8_t side = 0;
  Phase phase = Phase::none;
  std::vector<UnitState> units;
  std::vector<GeneralState> generals;

  // A new player turn begins, in no phase yet; the engine then spends
  // what its rules granted for the last one.
  void begin_turn(std::uint32_t t, std::uint8_t s) {
    turn = t;
    side = s;
    phase = Phase::none;
  }

  // The turn, then each commander's place and `general_marks(out, g)`,
  // then each unit's place, facing and formation and `unit_marks(out, u)`;
  // places in thousandths of an inch and of a degree (thousandths.hpp).
  template <typename Out, typename GeneralMarks, typename UnitMarks>
  void write_with(Out& out, GeneralMarks general_marks, UnitMarks unit_marks) const {
    out.tag('T');
    out.u32(turn);
    out.u8(side);
    out.u8(static_cast<std::uint8_t>(phase));
    out.tag('G');
    out.u32(static_cast<std::uint32_t>(generals.size()));
    for (const GeneralState& g : generals) {
      out.u8(g.on_table ? 1 : 0);
      out.i32(milli(g.at.x()));
      out.i32(milli(g.at.y()));
      general_marks(out, g);
    }
    out.tag('U');
    out.u32(static_cast<std::uint32_t>(units.size()));
    for (const UnitState& u : units) {
      out.u8(u.on_table ? 1 : 0);
      out.i32(milli(u.at.x()));
      out.i32(milli(u.at.y()));
      out.i32(milli(u.facing));
      out.u8(static_cast<std::uint8_t>(u.formation));
      unit_marks(out, u);
    }
  }
};

}  // namespace umpire::rulesets
