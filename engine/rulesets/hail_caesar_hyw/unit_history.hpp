#pragma once
// What the log's statements before the current one say of a unit, for the
// facts of 004_b7c666874e8df030.txt § 1-c the base state does not keep:
// stakes planted (Stakes), a shot this turn (Stakes, the artillery's
// misfire). Read from the replayed statements, so the state hash, which
// they determine, needs no more.
#include <cstddef>
#include <cstdint>
#include <optional>

#include "engine/rulesets/hail_caesar/context.hpp"

namespace umpire::hyw {

// The index in the log of the statement being applied (the checker's span).
std::optional<std::size_t> current_action(const hail_caesar::Context& cx);

class History {
 public:
  History(const hail_caesar::Context& cx, std::size_t now) : cx_(cx), now_(now) {}
  // `special <u> plant-stakes` earlier, and no move of the unit since, an
  // evade included (gap stakes_duration: the data's reading, planted until
  // it moves; stakes are planted where the unit stands).
  bool stakes_planted(hail_caesar::UnitId u) const;
  // `special <u> plant-stakes` earlier in this turn of its side.
  bool planting_stakes(hail_caesar::UnitId u) const;
  // A shot of the unit earlier in this turn of its side.
  bool shot_this_turn(hail_caesar::UnitId u) const;
  // An order naming the unit earlier in this turn (5-d: one order a unit).
  bool ordered_this_turn(hail_caesar::UnitId u) const;
  // The unit's moves earlier in this turn (5-i), at most 3.
  std::int64_t moves_this_turn(hail_caesar::UnitId u) const;
  // Written as a support in the last combat phase, of a unit still
  // engaged: its combat goes on and the unit still supports it (5-b, 7-a).
  bool supports_a_combat(hail_caesar::UnitId u) const;

 private:
  const hail_caesar::Context& cx_;
  std::size_t now_;
};

// `special <u> plant-stakes`, as the log writes it.
bool plants_stakes(const hail_caesar::Action& a);

}  // namespace umpire::hyw
