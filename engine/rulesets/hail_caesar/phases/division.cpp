#include "engine/rulesets/hail_caesar/phases/division.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "engine/rulesets/hail_caesar/phases/facts.hpp"
#include "engine/rulesets/hail_caesar/phases/following.hpp"

namespace umpire::hail_caesar {
namespace {

struct DivisionCount {
  std::int64_t units = 0, lost = 0;
};

// "hors de table, détruite ou ébranlée": a unit no longer on the table, or
// shaken.
DivisionCount count(const Context& cx, std::uint16_t division) {
  DivisionCount c;
  for (std::size_t i = 0; i < cx.setup.units.size(); ++i) {
    if (cx.setup.units[i].division != division) continue;
    ++c.units;
    if (!cx.state.units[i].on_table || cx.state.units[i].shaken) ++c.lost;
  }
  return c;
}

bool division_broken(Context& cx, const DivisionCount& c) {
  Facts f(cx.rules);
  f.integer(Given::division_units, c.units);
  f.integer(Given::division_lost_units, c.lost);
  const auto v = eval_int(f, Value::division_broken, cx.checker);
  return v && *v != 0;
}

}  // namespace

bool in_broken_division(Context& cx, UnitId u) {
  const auto division = cx.setup.units[u].division;
  return division && division_broken(cx, count(cx, *division));
}

bool refuse_charge_of_broken_division(Context& cx, const Action& a, UnitId u) {
  const auto division = cx.setup.units[u].division;
  if (!division) return false;
  const DivisionCount c = count(cx, *division);
  if (!division_broken(cx, c)) return false;
  cx.checker
      .violation(Check::division_no_charge, a.span,
                 fmt::format("{} cannot charge: its division '{}' is broken", cx.quoted(u),
                             cx.setup.divisions[*division].id))
      .note("{} of its {} units are off the table, destroyed or shaken", c.lost, c.units);
  return true;
}

void rally(Context& cx, const Action& a) {
  for (UnitId u : a.actors) {
    Facts f(cx.rules);
    fill_unit(cx, f, u);
    f.boolean(Given::unit_shaken, cx.state.units[u].shaken);
    f.boolean(Given::unit_in_broken_division, in_broken_division(cx, u));
    check_permissions(f, RuleAction::rally, cx.checker, a.span, Check::division_no_rally,
                      [&] { return fmt::format("{} being rallied", cx.quoted(u)); });
  }
  follow(cx, a);
}

void owe_free_move(Context& cx, const Action& a, UnitId u) {
  if (a.phase != Phase::movement) return;
  auto& owed = cx.scratch.free_moves_owed;
  if (std::none_of(owed.begin(), owed.end(),
                   [&](const Scratch::OwedFreeMove& o) { return o.unit == u; }))
    owed.push_back({u, a.stated.span.valid() ? a.stated.span : a.span});
}

void free_move_made(Context& cx, UnitId u) {
  std::erase_if(cx.scratch.free_moves_owed,
                [&](const Scratch::OwedFreeMove& o) { return o.unit == u; });
}

void settle_free_moves(Context& cx) {
  for (const Scratch::OwedFreeMove& o : cx.scratch.free_moves_owed) {
    if (!cx.state.units[o.unit].on_table) continue;
    cx.checker
        .violation(Check::division_free_move, o.span,
                   fmt::format("{} of a broken division fails its order and makes no free move "
                               "towards the nearest table edge",
                               cx.quoted(o.unit)))
        .note(
            "§ Unité d'une division démoralisée: \"Si les unités d'une division démoralisée "
            "ratent un ordre ... elles devront faire un mouvement gratuit vers le bord de table le "
            "plus proche pour quitter le champ de bataille\"")
        .hint("write its move after the order: 'move {} to …' (the data's free_moves)",
              cx.setup.units[o.unit].id);
  }
  cx.scratch.free_moves_owed.clear();
}

namespace {

void note_unordered(Context& cx, Span at, std::uint32_t turn, std::uint8_t side, bool played) {
  for (UnitId u = 0; u < cx.setup.units.size(); ++u) {
    const UnitState& st = cx.state.units[u];
    if (cx.setup.units[u].side != side || !st.on_table || st.engaged_with >= 0 ||
        (played && (st.order != OrderStatus::none || st.used_milli > 0)) ||
        !in_broken_division(cx, u))
      continue;
    cx.checker.not_checked(
        fmt::format("whether {}, of a broken division, owed a free move towards the nearest "
                    "table edge in turn {}: it received no order{} and did not move (§ Unité "
                    "d'une division démoralisée: \"n'en reçoivent pas et/ou sont "
                    "désorganisées\"; the data's broken_division_must_leave)",
                    cx.quoted(u), turn, st.disordered ? ", is disordered" : ""),
        at);
  }
}

}  // namespace

void note_unordered_in_broken_division(Context& cx, Span at) {
  if (cx.state.phase == Phase::movement) note_unordered(cx, at, cx.state.turn, cx.state.side, true);
}

void note_unordered_in_empty_turn(Context& cx, Span at, std::uint32_t turn, std::uint8_t side) {
  note_unordered(cx, at, turn, side, false);
}

}  // namespace umpire::hail_caesar
