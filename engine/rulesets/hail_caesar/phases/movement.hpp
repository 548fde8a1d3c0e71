#pragma once
// Moves in the movement phase: 000_a44b407871cbdad9.txt § I - PHASE DE
// MOUVEMENT (by order, or by initiative with an enemy within 12"),
// § Mouvements des unités (the rate of a full move), § Modificateur de
// mouvement (woods and buildings). A unit moves at most its moves this
// turn (its order's, its blunder's, one by initiative) times its rate,
// measured on the table with the tabletop geometry along the way written
// (`to`, or `path`), within the log's tolerance. Commanders move their own
// rate. Moves written with a reason (`give-ground`, `retire`) are a test's
// outcome, not a move of the phase: phases/following.cpp applies them.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/geometry/tabletop/movement.hpp"
#include "engine/rulesets/common/written_way.hpp"
#include "engine/rulesets/hail_caesar/context.hpp"

namespace umpire::hail_caesar {

void move(Context& cx, const Action& a);

// The blundered moves of several that fell short and that no later move
// of their unit followed, judged when the phase ends (hc.move.distance).
void settle_short_blunders(Context& cx);

// A move after a combat (a victor's move, a breakthrough) measured along its
// way against the variant's combat_phase_moves at the unit's rate, `f` the
// unit's facts (hc.move.distance); false when the variant gives none (the
// base sheet defines no such move).
bool check_move_after_combat(Context& cx, const Action& a, UnitId u, const Facts& f);

// The moves `u` has this turn, granted as a move needs them: true when its
// order passed or a blunder moves it, or, unordered, when the data lets it
// move by initiative (one move); a unit whose order failed has none.
// Refusals are reported under `refused`. Charges ask the same
// (phases/charge.hpp).
bool grant_moves(Context& cx, const Action& a, UnitId u, const Facts& f, Check refused);

// The terrain pieces a way enters, each looked at once (an overlay of the
// swept area with a piece is the costliest step of a move); a piece the
// sheet gives no rule for (a hill, a river) is reported not checked.
struct Entered {
  std::vector<bool> pieces;
  bool any(const Context& cx, Terrain kind) const {
    for (std::size_t i = 0; i < pieces.size(); ++i)
      if (pieces[i] && cx.setup.terrain[i].terrain == kind) return true;
    return false;
  }
};
Entered entered_terrain(Context& cx, const tabletop::MoveResult& m, const Action& a);

// § Modificateur de mouvement: "Seul l'infanterie peut pénétrer un
// bâtiment", "Forêt : Seul l'infanterie et la cavalerie en ordre dispersé
// peuvent traverser une forêt". The buildings and woods a way enters, each
// asked of the data's enter_building and enter_wood with `u`'s facts `f`,
// for every way a unit moves (a move, a charge, an evasion, a move back, a
// breakthrough). With `refused`, each refusal is reported under it;
// without, the caller reports what a refusal means for its move (a unit
// that cannot give ground is destroyed). `terrain` is the one the unit
// moves in, for its rate (a wood halves cavalry's); `barred`, the first
// kind of piece on the way the data forbids it.
struct TerrainEntry {
  Terrain terrain = Terrain::open_ground;
  std::optional<Terrain> barred;
};
TerrainEntry enter_terrain(Context& cx, const Action& a, UnitId u, const Facts& f,
                           const Entered& entered, std::optional<Check> refused);

// What a way may cost of `u`'s moves this turn, as § Mouvements des
// unités and § Modificateur de mouvement count them: the full moves left
// (its moves, at most one for a unit the data lets make no further move,
// rough ground's cap, less the moves already spent), and the obstacles the
// way crosses. "Pour franchir un obstacle, cela coûte un mouvement": the
// crossing is one whole move, whatever inches it takes (the leader's way
// across the obstacle and the unit's depth, to clear it), as players place
// a unit on the far side of a wall with one move; the rest of the way is
// measured at the rate. The reasons, when any apply, go to `why`.
struct Budget {
  double moves_left = 0;  // full moves, less this way's crossings
  int crossings = 0;      // moves this way's obstacles cost
  double crossing = 0;    // inches of the way those crossings cover
  // The inches the way may go at `rate`.
  double allowance(double rate) const;
};
Budget budget_of_way(Context& cx, const Action& a, UnitId u, const Facts& f,
                     const tabletop::Footprint& start, const tabletop::MoveResult& m,
                     const Entered& entered, std::vector<std::string>& why);

// The moves the way spends, kept for the rest of the turn.
void spend(UnitState& st, const Budget& b, double distance, double rate);

// The way a statement writes (`path`, then `to`), as straight legs from
// `start` keeping its facing (common/written_way.hpp).
using rulesets::walk;

}  // namespace umpire::hail_caesar
