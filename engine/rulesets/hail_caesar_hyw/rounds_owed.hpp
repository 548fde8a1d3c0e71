#pragma once
// 004_b7c666874e8df030.txt § 7-a, "Généralité de la phase de combat":
// "Lors de chaque phase de combat, les unités engagés (avec éventuellement
// leurs unités en soutien) de chaque camp se livrent un round de corps à
// corps", and § 7-g: a combat whose units are still engaged "se poursuivra
// alors lors du round suivant". The units engaged when a combat phase
// begins (whichever side's turn it is), each in contact with the enemy it
// is engaged with, owe a round of it in that phase: a unit named in no
// `combat` statement of the phase, still engaged and in contact when the
// phase ends, is reported (hyw.combat.round-owed) at the statement that
// engaged it (a charge, a victor's move back into contact: 7-h) once the
// log has gone past the phase; a log that ends within or before the phase
// owes nothing yet.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "engine/core/replay/checker.hpp"
#include "engine/rulesets/hail_caesar/engine.hpp"

namespace umpire::hyw {

class RoundsOwed {
 public:
  // Before statement `now` is applied: the combat phase it is past is
  // judged, the one it opens noted.
  void before(const hail_caesar::Engine& game, std::size_t now, replay::EventChecker& checker);
  // After statement `now` is applied: where each unit that became engaged
  // was engaged.
  void after(const hail_caesar::Engine& game, std::size_t now);

 private:
  struct PlayerTurn {
    std::uint32_t turn = 0;
    std::uint8_t side = 0;
    bool operator==(const PlayerTurn&) const = default;
  };
  void open(const hail_caesar::Engine& game, PlayerTurn t);
  void judge(const hail_caesar::Engine& game, replay::EventChecker& checker);

  // The player turn of the last statement seen, and whether its combat
  // phase has been opened (noted) already.
  std::optional<PlayerTurn> last_;
  bool last_opened_ = false;
  // The combat phase being watched: the units engaged as it began, and
  // those a `combat` statement of it named.
  std::optional<PlayerTurn> watched_;
  std::vector<hail_caesar::UnitId> owing_;
  std::vector<bool> fought_;
  // Per unit: its enemy as last seen, and the statement that engaged it.
  std::vector<std::int32_t> enemy_;
  std::vector<Span> engaged_at_;
};

}  // namespace umpire::hyw
