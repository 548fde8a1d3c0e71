#include "engine/rulesets/hail_caesar_hyw/unit_history.hpp"

#include <algorithm>

namespace umpire::hyw {

using hail_caesar::Action;
using hail_caesar::ActionKind;
using hail_caesar::UnitId;

namespace {

bool acts(const Action& a, UnitId u) {
  return std::find(a.actors.begin(), a.actors.end(), u) != a.actors.end();
}

bool same_turn(const Action& a, const Action& b) {
  return a.turn == b.turn && a.side == b.side;
}

}  // namespace

std::optional<std::size_t> current_action(const hail_caesar::Context& cx) {
  const Span now = cx.checker.event_span();
  // The statements are in the order of the file: a binary search by offset.
  const auto it =
      std::lower_bound(cx.log.begin(), cx.log.end(), now.begin,
                       [](const Action& a, std::uint32_t at) { return a.span.begin < at; });
  if (it == cx.log.end() || it->span != now) return std::nullopt;
  return static_cast<std::size_t>(it - cx.log.begin());
}

bool plants_stakes(const Action& a) {
  return a.kind == ActionKind::special && a.detail == "plant-stakes";
}

bool History::stakes_planted(UnitId u) const {
  for (std::size_t i = now_; i-- > 0;) {
    const Action& a = cx_.log[i];
    if (!acts(a, u)) continue;
    if (plants_stakes(a)) return true;
    // Stakes stay where they were planted: any statement that takes the
    // unit elsewhere (a move, a charge, an evade or other response written
    // `to` a place) leaves them behind.
    if (a.kind == ActionKind::move || a.kind == ActionKind::charge) return false;
    if (a.kind == ActionKind::respond && (a.to || !a.path.empty())) return false;
  }
  return false;
}

bool History::planting_stakes(UnitId u) const {
  const Action& now = cx_.log[now_];
  for (std::size_t i = now_; i-- > 0 && same_turn(cx_.log[i], now);)
    if (plants_stakes(cx_.log[i]) && acts(cx_.log[i], u)) return true;
  return false;
}

bool History::shot_this_turn(UnitId u) const {
  const Action& now = cx_.log[now_];
  for (std::size_t i = now_; i-- > 0 && same_turn(cx_.log[i], now);)
    if (cx_.log[i].kind == ActionKind::shoot && acts(cx_.log[i], u)) return true;
  return false;
}

bool History::ordered_this_turn(UnitId u) const {
  const Action& now = cx_.log[now_];
  for (std::size_t i = now_; i-- > 0 && same_turn(cx_.log[i], now);)
    if (cx_.log[i].kind == ActionKind::order && acts(cx_.log[i], u)) return true;
  return false;
}

std::int64_t History::moves_this_turn(UnitId u) const {
  const Action& now = cx_.log[now_];
  std::int64_t moves = 0;
  for (std::size_t i = now_; i-- > 0 && same_turn(cx_.log[i], now);)
    if (cx_.log[i].kind == ActionKind::move && acts(cx_.log[i], u)) ++moves;
  return std::min<std::int64_t>(moves, 3);
}

bool History::supports_a_combat(UnitId u) const {
  using hail_caesar::Phase;
  std::size_t i = now_;
  while (i > 0 && cx_.log[i - 1].phase != Phase::combat) --i;
  if (i == 0) return false;
  const Action& last = cx_.log[i - 1];
  for (; i-- > 0 && cx_.log[i].phase == Phase::combat && same_turn(cx_.log[i], last);) {
    const Action& a = cx_.log[i];
    if (a.kind != ActionKind::support || !acts(a, u) || a.targets.empty()) continue;
    const hail_caesar::UnitState& t = cx_.state.units[a.targets.front()];
    if (t.on_table && t.engaged_with >= 0) return true;
  }
  return false;
}

}  // namespace umpire::hyw
