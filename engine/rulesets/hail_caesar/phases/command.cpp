#include "engine/rulesets/hail_caesar/phases/command.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

#include "engine/geometry/tabletop/tolerance.hpp"
#include "engine/rulesets/common/word_table.hpp"
#include "engine/rulesets/hail_caesar/phases/combat.hpp"
#include "engine/rulesets/hail_caesar/phases/dice.hpp"
#include "engine/rulesets/hail_caesar/phases/division.hpp"
#include "engine/rulesets/hail_caesar/phases/facts.hpp"
#include "engine/rulesets/hail_caesar/phases/following.hpp"

namespace umpire::hail_caesar {
namespace {

struct Ordered {
  UnitId unit = 0;
  Facts facts;
  double distance = 0;
  std::int64_t needed = 0;
};

// The facts of `u` ordered by `g`; nullopt when the commander is off the
// table (no distance to measure).
std::optional<Ordered> ordered_unit(Context& cx, GeneralId g, UnitId u) {
  const std::optional<double> d = commander_distance(cx, g, u);
  if (!d) return std::nullopt;
  Ordered o{u, Facts(cx.rules), *d, 0};
  fill_unit(cx, o.facts, u);
  o.facts.integer(Given::unit_leadership, commander_leadership(cx, g));
  o.facts.boolean(Given::unit_commander_failed_order, cx.state.generals[g].orders_ended);
  // Whole inches and inches begun: "tranche de 12\"" counts the first,
  // "supérieure à 12'" the second (the data's givens say which it reads).
  o.facts.integer(Given::commander_distance, whole_inches(*d));
  o.facts.integer(Given::commander_distance_up, whole_inches_up(*d));
  return o;
}

// The moves unit `u` of an order to several units makes: the order's roll
// and the distance of `hardest`, the unit whose test is hardest (004 § 5-f:
// "l'unité la plus lointaine … donnera sa valeur de malus à toutes les
// unités"), read on `u`'s own facts, since what the data makes of the moves
// may depend on the unit (004 § 1-c Militia, § 5-i a gun's one move);
// nullopt when the number it needs is not the order's (a unit the data
// exempts from that distance).
std::optional<std::int64_t> member_moves(Context& cx, GeneralId g, UnitId u, const Ordered& hardest,
                                         std::int64_t roll) {
  Facts f(cx.rules);
  fill_unit(cx, f, u);
  f.integer(Given::unit_leadership, commander_leadership(cx, g));
  f.boolean(Given::unit_commander_failed_order, cx.state.generals[g].orders_ended);
  f.integer(Given::commander_distance, whole_inches(hardest.distance));
  f.integer(Given::commander_distance_up, whole_inches_up(hardest.distance));
  const auto needed = eval_int(f, Value::command_needed, cx.checker);
  if (!needed || *needed != hardest.needed) return std::nullopt;
  f.integer(Given::order_roll, roll);
  return eval_int(f, Value::order_moves, cx.checker);
}

// The blunder's D6 read on the chart (§ D6 Fiasco de commandement): the
// full moves it forces, or nullopt when its die is missing.
std::optional<std::int64_t> blunder(Context& cx, const Action& a, Facts& f) {
  auto roll = cx.dice.take(d6s(1), a.roll("blunder"), cx.checker, Check::order_blunder,
                           "blunder chart's D6");
  if (!roll || roll->dice.empty()) return std::nullopt;
  f.integer(Given::blunder_die, roll->total);
  const auto result = eval_int(f, Value::blunder_result, cx.checker);
  const auto moves = eval_int(f, Value::blunder_full_moves, cx.checker);
  if (!result || !moves) return std::nullopt;
  auto& in_full = cx.scratch.blunders_in_full.of_turn(a.turn, a.side);
  if (eval_int(f, Value::blunder_moves_in_full, cx.checker).value_or(0) != 0)
    for (UnitId u : a.actors) in_full.push_back({u});
  auto& dice = cx.scratch.blunder_dice.of_turn(a.turn, a.side);
  for (UnitId u : a.actors) dice.push_back({u, roll->total, cx.state.units[u].facing});
  const std::string_view chart = cx.rules.domain_value(Domain::blunder, *result);
  if (a.stated.result.empty()) {
    cx.checker.not_checked("a blunder whose result the log does not state", a.span);
  } else if (rulesets::data_word(a.stated.result, rulesets::WordCase::exact) != chart) {
    std::string written(chart);  // as a log writes it: `blunder-right`
    for (char& c : written)
      if (c == '_') c = '-';
    cx.checker
        .violation(Check::order_blunder, a.stated.span.valid() ? a.stated.span : a.span,
                   fmt::format("the blunder chart gives '{}' for a {}, not '{}'", written,
                               roll->total, a.stated.result))
        .note("D6 {} on the chart of § D6 Fiasco de commandement", roll->total);
  }
  // "Fuyez ! … De plus, l'unité subit une blessure": a casualty like a
  // shot's, toward shaken (and the break tests a later shot calls for).
  if (const auto wounds = eval_int(f, Value::blunder_casualties, cx.checker); wounds && *wounds > 0)
    for (UnitId u : a.actors) {
      cx.state.units[u].casualties += static_cast<std::int32_t>(*wounds);
      read_casualties(cx, a, u);
    }
  // The chart's moves are measured, and where they go (phases/movement.cpp).
  return moves;
}

}  // namespace

void order(Context& cx, const Action& a) {
  if (!a.by) {
    cx.checker.not_checked("an order that names no commander", a.span);
    follow(cx, a);
    return;
  }
  const GeneralId g = *a.by;
  const GeneralSetup& general = cx.setup.generals[g];
  // An order to several units is tested at the hardest of their tests: the
  // furthest unit the distance penalty applies to sets it for all (an
  // exempt unit's penalty is none, 004_b7c666874e8df030.txt § 5-f).
  std::optional<Ordered> furthest;
  for (UnitId u : a.actors) {
    if (cx.setup.units[u].side != general.side) {
      cx.checker.violation(Check::order_general, a.span,
                           fmt::format("{} is ordered by {}, a commander of the other side",
                                       cx.quoted(u), cx.quoted_general(g)));
      continue;
    }
    std::optional<Ordered> o = ordered_unit(cx, g, u);
    if (!o) {
      cx.checker.not_checked("an order given by a commander off the table", a.span);
      continue;
    }
    check_permissions(o->facts, RuleAction::receive_order, cx.checker, a.span, Check::order_test,
                      [&] { return fmt::format("{} receiving an order", cx.quoted(u)); });
    const auto needed = eval_int(o->facts, Value::command_needed, cx.checker);
    if (!needed) return;
    o->needed = *needed;
    if (!furthest || o->needed < furthest->needed) furthest = std::move(o);
  }
  if (!furthest) return;
  Facts& f = furthest->facts;
  auto roll = cx.dice.take(d6s(2), a.roll(""), cx.checker, Check::order_test,
                           [&] { return fmt::format("order test of {}", cx.quoted_general(g)); });
  if (!roll) return;
  // § Test d'ordre: the order passes on the command value needed or less.
  cx.checker.read_roll(d6s(2), *roll, [&] {
    replay::RollReading r;
    r.higher_is_better = false;
    r.pass = furthest->needed;
    r.side = cx.setup.generals[g].side;
    r.what = fmt::format("order test of {}", cx.quoted_general(g));
    return r;
  });
  f.integer(Given::order_roll, roll->total);
  const auto blunders = eval_int(f, Value::order_blunders, cx.checker);
  auto moves = eval_int(f, Value::order_moves, cx.checker);
  if (!blunders || !moves) return;
  // Each unit's own moves: the order's are the most any of them makes.
  std::vector<std::optional<std::int64_t>> own(a.actors.size());
  if (!*blunders && a.actors.size() > 1)
    for (std::size_t i = 0; i < a.actors.size(); ++i) {
      own[i] = member_moves(cx, g, a.actors[i], *furthest, roll->total);
      if (own[i]) moves = std::max(*moves, *own[i]);
    }
  OrderStatus status = *moves > 0 ? OrderStatus::passed : OrderStatus::failed;
  if (*blunders) {
    status = OrderStatus::blundered;
    moves = blunder(cx, a, f);
    if (!moves) return;
  } else if (a.roll("blunder") || a.stated.result.starts_with("blunder")) {
    cx.checker.violation(
        Check::order_blunder, a.span,
        fmt::format("a {} is no double 6: the order does not blunder", roll->total));
  }
  if (status != OrderStatus::blundered || a.stated.moves) {
    const auto notes = [&] {
      std::vector<std::string> lines = explain(f, Value::order_moves);
      lines.insert(
          lines.begin(),
          fmt::format("{} is {} from {}: of the units ordered, the one whose test is hardest",
                      cx.quoted(furthest->unit), tabletop::inches(furthest->distance),
                      cx.quoted_general(g)));
      return lines;
    };
    moves = cx.checker.outcome(Check::order_test, a.stated.span.valid() ? a.stated.span : a.span,
                               "moves", a.stated.moves, *moves, notes);
  }
  if (status == OrderStatus::passed && *moves == 0) status = OrderStatus::failed;
  for (std::size_t i = 0; i < a.actors.size(); ++i) {
    UnitState& st = cx.state.units[a.actors[i]];
    const std::int64_t n =
        own[i] && status == OrderStatus::passed ? std::min(*moves, *own[i]) : *moves;
    // A unit the order leaves without a move stays put as if it had failed
    // its own (the general's orders go on: the order passed).
    st.order = n > 0 || status != OrderStatus::passed ? status : OrderStatus::failed;
    st.moves = static_cast<std::uint8_t>(std::clamp<std::int64_t>(n, 0, 255));
    if (st.order == OrderStatus::failed && in_broken_division(cx, a.actors[i]))
      owe_free_move(cx, a, a.actors[i]);
  }
  if (status != OrderStatus::passed) cx.state.generals[g].orders_ended = true;
}

}  // namespace umpire::hail_caesar
