#include "engine/rulesets/hail_caesar/phases/attack_shares.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <iterator>

#include "engine/rulesets/hail_caesar/phases/dice.hpp"

namespace umpire::hail_caesar {
namespace {

bool holds(const UnitList& list, UnitId u) {
  return std::find(list.begin(), list.end(), u) != list.end();
}

CombatRound::Share& share_of(CombatRound& r, UnitId u, std::int64_t due) {
  for (CombatRound::Share& s : r.shares)
    if (s.unit == u) return s;
  CombatRound::Share& s = r.shares.emplace_back();
  s.unit = u;
  s.due = due;
  return s;
}

// The enemies `u` fights in the round: the engaged units of the other side.
const UnitList* enemies_of(const CombatRound& r, UnitId u) {
  for (int side = 0; side < 2; ++side)
    if (holds(r.engaged[side], u)) return &r.engaged[1 - side];
  return nullptr;
}

std::string shares_text(const Context& cx, const CombatRound::Share& s) {
  std::string out;
  for (UnitId t : s.targets) {
    if (!out.empty()) out += ", ";
    out += cx.quoted(t);
  }
  return fmt::format("{} thrown at {}", s.thrown, out);
}

}  // namespace

std::optional<std::int64_t> attack_share(Context& cx, const Action& a, UnitId u, UnitId target,
                                         std::int64_t due) {
  CombatRound& r = *cx.scratch.combat;
  CombatRound::Share& s = share_of(r, u, due);
  const std::int64_t left = s.due - s.thrown;
  const replay::WrittenRoll* written = a.roll("hit");
  if (left <= 0) {
    if (written)
      cx.checker
          .violation(Check::melee_dice, written->span,
                     fmt::format("{} has thrown its {} attack dice in this round ({}): none are "
                                 "left for {}",
                                 cx.quoted(u), s.due, shares_text(cx, s), cx.quoted(target)))
          .note(
              "a unit throws its dice for the round once, shared between the enemies it fights "
              "(the data's melee_attack_dice)");
    return std::nullopt;
  }
  // Another enemy of the round it has not attacked yet: this share may be
  // any part of what is left; else it is the last, and throws it all.
  bool more = false;
  if (const UnitList* enemies = enemies_of(r, u))
    for (UnitId e : *enemies)
      if (e != target && !holds(s.targets, e)) more = true;
  if (!more) return left;
  const auto part = written_share(a, left);
  if (!part) return left;
  cx.checker.not_checked(
      "how a unit shares its attack dice between the enemies it fights (front, flanks, rear, "
      "evenly): only their sum is read",
      a.span);
  return *part;
}

std::vector<std::string> share_notes(const Context& cx, UnitId u) {
  if (!cx.scratch.combat) return {};
  for (const CombatRound::Share& s : cx.scratch.combat->shares)
    if (s.unit == u && s.thrown > 0)
      return {fmt::format("what is left of its {} attack dice in the round ({})", s.due,
                          shares_text(cx, s))};
  return {};
}

void record_share(Context& cx, const Action& a, UnitId u, UnitId target, std::int64_t thrown,
                  bool rerolled) {
  if (!cx.scratch.combat) return;
  CombatRound::Share& s = share_of(*cx.scratch.combat, u, thrown);
  s.thrown += thrown;
  if (!holds(s.targets, target)) s.targets.push_back(target);
  s.last = a.span;
  if (rerolled && s.rerolled)
    cx.checker.not_checked(
        "whether a unit re-rolls a failed die in each share of its attacks or once in the round",
        a.span);
  s.rerolled = s.rerolled || rerolled;
}

void settle_shares(Context& cx) {
  if (!cx.scratch.combat) return;
  for (const CombatRound::Share& s : cx.scratch.combat->shares)
    if (s.thrown > 0 && s.thrown < s.due)
      cx.checker
          .violation(Check::melee_dice, s.last,
                     fmt::format("{} throws {} attack dice in this round ({}), rules call for {}",
                                 cx.quoted(s.unit), s.thrown, shares_text(cx, s), s.due))
          .note("its shares add up to its dice for the round (the data's melee_attack_dice)");
}

std::optional<std::int64_t> support_share(Context& cx, const Action& a, UnitId u, UnitId t,
                                          std::int64_t due) {
  auto& shares = cx.scratch.support_shares.of_turn(a.turn, a.side);
  auto it = std::find_if(shares.begin(), shares.end(),
                         [&](const Scratch::SupportShare& s) { return s.unit == u; });
  if (it == shares.end()) {
    // Built in place: moving a temporary's empty small_vector trips g++ 12's
    // -Wstringop-overread at -O3, a false alarm.
    Scratch::SupportShare& fresh = shares.emplace_back();
    fresh.unit = u;
    it = std::prev(shares.end());
  }
  // The same friend again: a new round, its dice afresh.
  if (holds(it->supported, t)) {
    it->thrown = 0;
    it->supported.clear();
  }
  const std::int64_t left = due - it->thrown;
  if (left <= 0) {
    std::string before;
    for (UnitId v : it->supported) before += (before.empty() ? "" : ", ") + cx.quoted(v);
    cx.checker
        .violation(Check::support_dice, a.span,
                   fmt::format("{} has thrown its {} support dice in this phase, supporting {}: "
                               "none are left for {}",
                               cx.quoted(u), due, before, cx.quoted(t)))
        .note(
            "a unit supporting two friends shares its dice between them, it does not throw "
            "them twice");
    return std::nullopt;
  }
  // Another friend of its side engaged, which it has not supported yet:
  // this share may be any part of what is left.
  bool more = false;
  const std::uint8_t side = cx.setup.units[u].side;
  for (std::size_t i = 0; i < cx.state.units.size(); ++i) {
    const auto v = static_cast<UnitId>(i);
    if (v != u && v != t && cx.setup.units[v].side == side && cx.state.units[v].on_table &&
        cx.state.units[v].engaged_with >= 0 && !holds(it->supported, v))
      more = true;
  }
  std::int64_t n = left;
  if (const auto part = more ? written_share(a, left - 1) : std::nullopt) {
    n = *part;
    cx.checker.not_checked(
        "a support sharing its dice between two friends (7-c): that it supports the other "
        "with the rest",
        a.span);
  }
  it->thrown += n;
  it->supported.push_back(t);
  return n;
}

}  // namespace umpire::hail_caesar
