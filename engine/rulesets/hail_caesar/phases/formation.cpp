#include "engine/rulesets/hail_caesar/phases/formation.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

#include "engine/geometry/tabletop/tolerance.hpp"
#include "engine/rulesets/hail_caesar/phases/facts.hpp"
#include "engine/rulesets/hail_caesar/phases/following.hpp"
#include "engine/rulesets/hail_caesar/phases/movement.hpp"
#include "engine/rulesets/hail_caesar/phases/turn.hpp"

namespace umpire::hail_caesar {
namespace {

// The move made with the change, against one move at the new rate.
void check_move(Context& cx, const Action& a, UnitId u, Facts f, Formation to) {
  f.set(Given::unit_formation, cx.rules.formation(to));
  std::vector<std::string> why;
  const auto rate = move_rate(f, cx.checker, &why);
  if (!rate) return;
  const double walked = walk(cx.footprint(u), a).distance;
  const std::string what = fmt::format("the move of {} with its change of formation", cx.quoted(u));
  const tabletop::LimitCheck c =
      tabletop::check_at_most(walked, static_cast<double>(*rate), cx.scratch.tolerance);
  const Span span = a.to_span.valid() ? a.to_span : a.span;
  if (c.agreement == tabletop::Agreement::beyond_tolerance) {
    auto b = cx.checker.violation(Check::form_cost, span, tabletop::describe(c, what));
    b.note("the change and its move cost one move, at {} in {}",
           tabletop::inches(static_cast<double>(*rate)), name(to));
    for (const std::string& n : why) b.note(n);
  } else if (c.agreement == tabletop::Agreement::within_tolerance) {
    cx.checker.info(id_of(Diag::measure_within_tolerance), span, tabletop::describe(c, what));
  }
}

}  // namespace

void form(Context& cx, const Action& a) {
  const std::optional<Formation> to = parse_formation(a.formation);
  if (a.actors.size() != 1 || a.phase != Phase::movement || !to || a.off_table ||
      !cx.state.units[a.actors.front()].on_table) {
    follow(cx, a);
    return;
  }
  const UnitId u = a.actors.front();
  UnitState& st = cx.state.units[u];
  Facts f(cx.rules);
  fill_unit(cx, f, u);
  f.set(Given::unit_new_formation, cx.rules.formation(*to));
  cx.checker.not_checked("which troops may take each formation (gap formation_eligibility)",
                         a.span);
  // Whether the unit may take the formation at all: the data's
  // change_formation permissions (none in the sheet; a variant may have
  // no changes of formation). Refused, the replay goes on as written.
  check_permissions(f, RuleAction::change_formation, cx.checker, a.span, Check::form_move, [&] {
    return fmt::format("{} changing from {} to {}", cx.quoted(u), name(st.formation), name(*to));
  });
  const bool moves = written_end(a).has_value();
  bool allowed = grant_moves(cx, a, u, f, Check::form_cost);
  if (allowed && moves)
    allowed = check_permissions(f, RuleAction::change_formation_and_move, cx.checker, a.span,
                                Check::form_move, [&] {
                                  return fmt::format("{} changing from {} to {} and moving",
                                                     cx.quoted(u), name(st.formation), name(*to));
                                });
  const auto rate = move_rate(f, cx.checker);
  const auto cost_moves = eval_int(f, Value::formation_change_moves, cx.checker);
  if (allowed && rate && cost_moves) {
    // Counted in moves, not inches: a square's rate is 0", and its change
    // still costs one of its moves.
    const double cost = static_cast<double>(*cost_moves * *rate);
    const double used = st.used_milli / 1000.0;
    const double left = st.moves - st.spent_milli / 1000.0;
    const double slack = *rate > 0 ? cx.scratch.tolerance / static_cast<double>(*rate) : 0.0;
    if (static_cast<double>(*cost_moves) > left + slack)
      cx.checker
          .violation(Check::form_cost, a.span,
                     fmt::format("{} has {:.3g} of its moves left, and a change of formation "
                                 "costs {} move{}",
                                 cx.quoted(u), std::max(0.0, left), *cost_moves,
                                 *cost_moves == 1 ? "" : "s"))
          .note("{} has {} move{} of {} this turn", cx.quoted(u), st.moves,
                st.moves == 1 ? "" : "s", tabletop::inches(static_cast<double>(*rate)));
    else if (moves)
      check_move(cx, a, u, f, *to);
    st.used_milli = milli(used + cost);
    st.spent_milli = milli(st.spent_milli / 1000.0 + static_cast<double>(*cost_moves));
  }
  if (a.facing) cx.checker.not_checked("the distance a change of facing uses in a move", a.span);
  place_as_written(cx, u, a);
  st.formation = *to;
}

}  // namespace umpire::hail_caesar
