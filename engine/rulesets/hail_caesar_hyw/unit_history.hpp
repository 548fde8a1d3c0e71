#pragma once
// What the log's statements before the current one say of a unit, for the
// facts of 004_b7c666874e8df030.txt § 1-c the base state does not keep:
// stakes planted (Stakes), a shot this turn (Stakes, the artillery's
// misfire). Read from the replayed statements, so the state hash, which
// they determine, needs no more.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "engine/rulesets/hail_caesar/context.hpp"

namespace umpire::hyw {

// The index in the log of the statement being applied (the checker's span).
std::optional<std::size_t> current_action(const hail_caesar::Context& cx);

class History {
 public:
  History(const hail_caesar::Context& cx, std::size_t now) : History(cx.log, cx.state, now) {}
  History(std::span<const hail_caesar::Action> log, const hail_caesar::State& state,
          std::size_t now)
      : log_(log), state_(state), now_(now) {}
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
  // A breakthrough (`pursue`) of the unit earlier in this turn (7-i: "Une
  // seule percée est autorisée par unité et par tour").
  bool pursued_this_turn(hail_caesar::UnitId u) const;
  // The unit's moves earlier in this turn (5-i), at most 3.
  std::int64_t moves_this_turn(hail_caesar::UnitId u) const;
  // Written as a support in the last combat phase, of a unit still
  // engaged: its combat goes on and the unit still supports it (5-b, 7-a).
  bool supports_a_combat(hail_caesar::UnitId u) const;
  // The face (`on front|flank|rear`) written on the last charge between
  // `a` and `b`, either charging the other; "" when none is written (the
  // charge's own face when the statement applied is that charge).
  std::string_view charge_face(hail_caesar::UnitId a, hail_caesar::UnitId b) const;
  // A general written joining the unit (`special <g> join-combat target
  // <u>`) since the unit's last charge, given or taken: he fights with it
  // while its combat goes on (3-b).
  bool general_joined(hail_caesar::UnitId u) const;
  // `special <g> join-combat` earlier in this turn (3-b: "Le général ne
  // pourra plus donner d'ordre de tour ci").
  bool joined_this_turn(hail_caesar::GeneralId g) const;
  // `rally <unit> by <g>` earlier in this turn (3-a: "il s'agit du dernier
  // ordre que le général peut tenter").
  bool rallied_this_turn(hail_caesar::GeneralId g) const;
  // The last `test <u> levy` of turn `turn` of side `side` before the
  // statement applied passed, as the log states it (1-c Levy).
  bool levy_test_passed(hail_caesar::UnitId u, std::uint32_t turn, std::uint8_t side) const;
  // The unit `g` last joined (`special <g> join-combat target <u>`), while
  // its combat goes on: still engaged, and no charge of it or at it since
  // the join (3-b: his base stays glued to it until the combat ends).
  std::optional<hail_caesar::UnitId> joined_unit(hail_caesar::GeneralId g) const;
  // An order of this turn by `g` to charge, naming `u`.
  bool ordered_to_charge(hail_caesar::GeneralId g, hail_caesar::UnitId u) const;

 private:
  std::span<const hail_caesar::Action> log_;
  const hail_caesar::State& state_;
  std::size_t now_;
};

// `special <u> plant-stakes`, as the log writes it.
bool plants_stakes(const hail_caesar::Action& a);
// `test <unit> levy`, as the log writes it.
bool is_levy_test(const hail_caesar::Action& a);
// `special <general> join-combat target <unit>`, as the log writes it.
bool joins_combat(const hail_caesar::Action& a);

}  // namespace umpire::hyw
