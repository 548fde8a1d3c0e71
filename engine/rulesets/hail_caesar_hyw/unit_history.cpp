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

bool is_levy_test(const Action& a) {
  return a.kind == ActionKind::test && a.detail == "levy" && !a.actors.empty();
}

bool joins_combat(const Action& a) {
  return a.kind == ActionKind::special && a.detail == "join-combat" && !a.generals.empty() &&
         !a.targets.empty();
}

bool History::stakes_planted(UnitId u) const {
  for (std::size_t i = now_; i-- > 0;) {
    const Action& a = log_[i];
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
  const Action& now = log_[now_];
  for (std::size_t i = now_; i-- > 0 && same_turn(log_[i], now);)
    if (plants_stakes(log_[i]) && acts(log_[i], u)) return true;
  return false;
}

bool History::shot_this_turn(UnitId u) const {
  const Action& now = log_[now_];
  for (std::size_t i = now_; i-- > 0 && same_turn(log_[i], now);)
    if (log_[i].kind == ActionKind::shoot && acts(log_[i], u)) return true;
  return false;
}

bool History::ordered_this_turn(UnitId u) const {
  const Action& now = log_[now_];
  for (std::size_t i = now_; i-- > 0 && same_turn(log_[i], now);)
    if (log_[i].kind == ActionKind::order && acts(log_[i], u)) return true;
  return false;
}

bool History::pursued_this_turn(UnitId u) const {
  const Action& now = log_[now_];
  for (std::size_t i = now_; i-- > 0 && same_turn(log_[i], now);)
    if (log_[i].kind == ActionKind::pursue && acts(log_[i], u)) return true;
  return false;
}

std::int64_t History::moves_this_turn(UnitId u) const {
  const Action& now = log_[now_];
  std::int64_t moves = 0;
  for (std::size_t i = now_; i-- > 0 && same_turn(log_[i], now);)
    if (log_[i].kind == ActionKind::move && acts(log_[i], u)) ++moves;
  return std::min<std::int64_t>(moves, 3);
}

bool History::supports_a_combat(UnitId u) const {
  using hail_caesar::Phase;
  std::size_t i = now_;
  while (i > 0 && log_[i - 1].phase != Phase::combat) --i;
  if (i == 0) return false;
  const Action& last = log_[i - 1];
  for (; i-- > 0 && log_[i].phase == Phase::combat && same_turn(log_[i], last);) {
    const Action& a = log_[i];
    if (a.kind != ActionKind::support || !acts(a, u) || a.targets.empty()) continue;
    const hail_caesar::UnitState& t = state_.units[a.targets.front()];
    if (t.on_table && t.engaged_with >= 0) return true;
  }
  return false;
}

std::string_view History::charge_face(UnitId a, UnitId b) const {
  const auto between = [](const Action& c, UnitId x, UnitId y) {
    return acts(c, x) && std::find(c.targets.begin(), c.targets.end(), y) != c.targets.end();
  };
  for (std::size_t i = now_ + 1; i-- > 0;) {
    const Action& c = log_[i];
    if (c.kind == ActionKind::charge && (between(c, a, b) || between(c, b, a))) return c.on;
  }
  return {};
}

bool History::general_joined(UnitId u) const {
  for (std::size_t i = now_; i-- > 0;) {
    const Action& a = log_[i];
    if (joins_combat(a) && a.targets.front() == u) return true;
    const bool charged = std::find(a.targets.begin(), a.targets.end(), u) != a.targets.end();
    if (a.kind == ActionKind::charge && (acts(a, u) || charged)) return false;
  }
  return false;
}

bool History::joined_this_turn(hail_caesar::GeneralId g) const {
  const Action& now = log_[now_];
  for (std::size_t i = now_; i-- > 0 && same_turn(log_[i], now);) {
    const Action& a = log_[i];
    if (joins_combat(a) && a.generals.front() == g) return true;
  }
  return false;
}

bool History::rallied_this_turn(hail_caesar::GeneralId g) const {
  const Action& now = log_[now_];
  for (std::size_t i = now_; i-- > 0 && same_turn(log_[i], now);)
    if (log_[i].kind == ActionKind::rally && log_[i].by == g) return true;
  return false;
}

bool History::levy_test_passed(UnitId u, std::uint32_t turn, std::uint8_t side) const {
  for (std::size_t i = now_; i-- > 0;) {
    const Action& a = log_[i];
    if (a.turn != turn || a.side != side) {
      if (a.turn < turn) return false;
      continue;
    }
    if (is_levy_test(a) && a.actors.front() == u) return a.stated.passed.value_or(false);
  }
  return false;
}

std::optional<UnitId> History::joined_unit(hail_caesar::GeneralId g) const {
  for (std::size_t i = now_; i-- > 0;) {
    const Action& a = log_[i];
    if (!joins_combat(a) || a.generals.front() != g) continue;
    const UnitId x = a.targets.front();
    const hail_caesar::UnitState& st = state_.units[x];
    if (!st.on_table || st.engaged_with < 0) return std::nullopt;
    for (std::size_t j = i + 1; j < now_; ++j) {
      const Action& c = log_[j];
      const bool charged = std::find(c.targets.begin(), c.targets.end(), x) != c.targets.end();
      if (c.kind == ActionKind::charge && (acts(c, x) || charged)) return std::nullopt;
    }
    return x;
  }
  return std::nullopt;
}

bool History::ordered_to_charge(hail_caesar::GeneralId g, UnitId u) const {
  const Action& now = log_[now_];
  for (std::size_t i = now_; i-- > 0 && same_turn(log_[i], now);) {
    const Action& a = log_[i];
    if (a.kind == ActionKind::order && a.by == g && a.detail == "charge" && acts(a, u)) return true;
  }
  return false;
}

}  // namespace umpire::hyw
