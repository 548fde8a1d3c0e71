#include "engine/rulesets/hail_caesar_hyw/montjoie.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <optional>

#include "engine/geometry/tabletop/measure.hpp"
#include "engine/geometry/tabletop/tolerance.hpp"
#include "engine/rulesets/common/evaluation.hpp"
#include "engine/rulesets/hail_caesar/phases/facts.hpp"
#include "engine/rulesets/hail_caesar_hyw/checks.hpp"
#include "engine/rulesets/hail_caesar_hyw/written_test.hpp"

namespace umpire::hyw {
namespace {

constexpr std::string_view kGap = "(gap montjoie_procedure, 004_b7c666874e8df030.txt § 1-c)";

}  // namespace

bool montjoie(hail_caesar::Context& cx, const hail_caesar::Action& a, const HywItems& items) {
  if (a.kind != hail_caesar::ActionKind::special || a.detail != "montjoie" || a.actors.empty())
    return false;
  const hail_caesar::UnitId u = a.actors.front();
  hail_caesar::Facts f(cx.rules);
  hail_caesar::fill_unit(cx, f, u);
  const std::optional<double> enemy = hail_caesar::nearest_enemy_distance(cx, u);
  // "à 18pcs ou moins": 18.2" is beyond, as inches begun count it.
  f.integer(hail_caesar::Given::enemy_distance,
            enemy ? hail_caesar::whole_inches_up(*enemy) : 1000);
  // Whose ground must be "dégagé" is not said: the knights' is taken as
  // open, and the question reported.
  f.word(hail_caesar::Given::unit_terrain, "open_ground");
  judge_due(
      f, items, Value::montjoie_roll_due, Check::montjoie, a.span,
      [&] {
        // The range the rule reads (montjoie_range), as the data has it.
        const std::optional<std::int64_t> range = rulesets::common::eval_value(
            rulesets::common::question(f), items.value(Value::montjoie_range),
            items.value_name(Value::montjoie_range), cx.checker, nullptr);
        return fmt::format(
            "{} throws the Montjoie roll, which is due only to a unit with Montjoie ! within "
            "{} of an enemy",
            cx.quoted(u), range ? fmt::format("{}\"", *range) : std::string("montjoie_range"));
      },
      [&] {
        return enemy ? fmt::format("the nearest enemy is {} away", tabletop::inches(*enemy))
                     : std::string("no enemy is on the table");
      },
      cx.checker);
  cx.checker.not_checked(
      fmt::format("which ground a Montjoie roll needs open, and when the roll is due {}", kGap),
      a.span);
  const replay::WrittenRoll* written = a.roll("");
  const std::optional<WrittenTest> t =
      judge_written_test(cx.rules, items, Test::montjoie_test, written, Check::montjoie,
                         "the Montjoie roll", cx.checker);
  if (!t) {
    if (!written || !written->roll)
      cx.checker.not_checked("a Montjoie roll whose dice the log does not write", a.span);
    return true;
  }
  compare_stated(a, t->passed, "double", "no-double", Check::montjoie, "the Montjoie roll",
                 cx.checker);
  if (t->passed)
    cx.checker.not_checked(
        fmt::format("the charge of a Montjoie double: how far it goes and when {}", kGap), a.span);
  return true;
}

namespace {

using hail_caesar::Action;
using hail_caesar::ActionKind;
using hail_caesar::UnitId;

// The unit's Montjoie double written earlier in this turn of its side and
// not followed yet by a charge of the unit; `refused` whether an order of
// it since has already been refused for its intent.
struct PendingDouble {
  std::size_t roll = 0;
  bool refused = false;
};

bool acts(const Action& a, UnitId u) {
  return std::find(a.actors.begin(), a.actors.end(), u) != a.actors.end();
}

bool other_intent(const Action& order) {
  return order.kind == ActionKind::order && !order.detail.empty() && order.detail != "charge";
}

template <typename ActionAt>
std::optional<PendingDouble> pending_double(ActionAt action, std::size_t now, UnitId u) {
  const Action& at = action(now);
  bool refused = false;
  for (std::size_t i = now; i-- > 0;) {
    const Action& b = action(i);
    if (b.turn != at.turn || b.side != at.side) return std::nullopt;
    if (!acts(b, u)) continue;
    if (b.kind == ActionKind::charge) return std::nullopt;
    if (other_intent(b)) refused = true;
    if (b.kind == ActionKind::special && b.detail == "montjoie") {
      if (b.stated.result != "double" && b.stated.passed != std::optional<bool>(true))
        return std::nullopt;
      return PendingDouble{i, refused};
    }
  }
  return std::nullopt;
}

std::string named(const hail_caesar::Setup& setup, UnitId u) {
  return fmt::format("'{}'", setup.units[u].id);
}

}  // namespace

bool montjoie_double_pending(std::span<const hail_caesar::Action> log, std::size_t now,
                             hail_caesar::UnitId u) {
  return now < log.size() &&
         pending_double([&](std::size_t i) -> const Action& { return log[i]; }, now, u).has_value();
}

void check_montjoie_charge(const hail_caesar::Engine& game, std::size_t now,
                           replay::EventChecker& checker) {
  const Action& a = game.action(now);
  if (a.phase != hail_caesar::Phase::movement || a.actors.empty()) return;
  const bool order = a.kind == ActionKind::order;
  const bool move = a.kind == ActionKind::move && a.detail.empty();
  const bool charge = a.kind == ActionKind::charge && !a.targets.empty();
  if (!order && !move && !charge) return;
  const hail_caesar::Setup& setup = game.setup();
  const hail_caesar::State& state = game.state();
  const auto quote = [](const char* text) {
    return fmt::format("004 § 1-c Montjoie !: '{}'", text);
  };
  constexpr const char* kRule =
      "Si ennemie à 18pcs ou moins en terrain dégagé 2D6 : si double charge automatique en "
      "désordre l'ennemi le plus proche";
  for (UnitId u : a.actors) {
    const std::optional<PendingDouble> d =
        pending_double([&](std::size_t i) -> const Action& { return game.action(i); }, now, u);
    if (!d) continue;
    const std::string roll = game.describe_event(d->roll);
    if (order) {
      if (!other_intent(a)) continue;
      checker
          .violation(Check::montjoie_charge, a.span,
                     fmt::format("{} rolled a Montjoie double: it charges the nearest enemy, "
                                 "and takes no order as '{}'",
                                 named(setup, u), a.detail))
          .note("its roll: '{}'", roll)
          .note("{}", quote(kRule));
      continue;
    }
    if (move) {
      // An order refused for its intent is the breach: its move is not
      // reported again.
      if (d->refused) continue;
      checker
          .violation(Check::montjoie_charge, a.span,
                     fmt::format("{} rolled a Montjoie double: it charges the nearest enemy, "
                                 "and makes no other move first",
                                 named(setup, u)))
          .note("its roll: '{}'", roll)
          .note("{}", quote(kRule));
      continue;
    }
    // The charge: its target is the nearest enemy, closest edges.
    const UnitId t = a.targets.front();
    const tabletop::Footprint self = state.units[u].footprint(setup.units[u]);
    const auto away = [&](UnitId e) {
      return tabletop::distance(self, state.units[e].footprint(setup.units[e]),
                                tabletop::Measure::closest_edges);
    };
    std::optional<UnitId> nearest;
    double best = std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < setup.units.size(); ++i) {
      const UnitId e = static_cast<UnitId>(i);
      if (setup.units[e].side == setup.units[u].side || !state.units[e].on_table) continue;
      const double dist = away(e);
      if (dist < best) {
        best = dist;
        nearest = e;
      }
    }
    if (!nearest || *nearest == t || away(t) <= best + game.scratch().tolerance) continue;
    checker
        .violation(Check::montjoie_charge, a.span,
                   fmt::format("{} rolled a Montjoie double: it charges the nearest enemy, {} "
                               "at {}, not {} at {}",
                               named(setup, u), named(setup, *nearest), tabletop::inches(best),
                               named(setup, t), tabletop::inches(away(t))))
        .note("its roll: '{}'", roll)
        .note("{}", quote(kRule))
        .note("measured between the closest edges, within the tolerance");
  }
}

}  // namespace umpire::hyw
