#include "engine/rulesets/hail_caesar/phases/division.hpp"

#include <fmt/format.h>

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

}  // namespace umpire::hail_caesar
