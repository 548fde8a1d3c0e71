#include "engine/rulesets/hail_caesar_hyw/sequence.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <string_view>

#include "engine/geometry/tabletop/measure.hpp"
#include "engine/geometry/tabletop/tolerance.hpp"
#include "engine/rulesets/common/written_placement.hpp"
#include "engine/rulesets/hail_caesar_hyw/checks.hpp"

namespace umpire::hyw {
namespace {

using hail_caesar::Action;
using hail_caesar::ActionKind;
using hail_caesar::GeneralId;
using hail_caesar::Phase;
using hail_caesar::UnitId;

template <typename List, typename Id>
bool holds(const List& list, Id id) {
  return std::find(list.begin(), list.end(), id) != list.end();
}

// An order a general gives: an `order`, or a rally, which 3-a counts as
// one ("il s'agit du dernier ordre que le général peut tenter"): his
// command test in place of a move.
bool is_order(const Action& b) {
  return (b.kind == ActionKind::order || b.kind == ActionKind::rally) && b.by.has_value();
}

// The statements of the movement phase of the turn being played, written
// before statement `now`: first to last.
class PhaseSoFar {
 public:
  PhaseSoFar(const hail_caesar::Engine& game, std::size_t now) : game_(game) {
    const Action& a = game.action(now);
    first_ = now;
    while (first_ > 0) {
      const Action& b = game.action(first_ - 1);
      if (b.turn != a.turn || b.side != a.side || b.phase != Phase::movement) break;
      --first_;
    }
    end_ = now;
  }
  std::size_t begin() const { return first_; }
  std::size_t end() const { return end_; }
  const Action& operator[](std::size_t i) const { return game_.action(i); }

  // The last order naming `u`, if any.
  std::optional<std::size_t> order_of(UnitId u) const {
    for (std::size_t i = end_; i-- > first_;)
      if ((*this)[i].kind == ActionKind::order && holds((*this)[i].actors, u)) return i;
    return std::nullopt;
  }
  std::optional<std::size_t> first_order() const {
    for (std::size_t i = first_; i < end_; ++i)
      if (is_order((*this)[i])) return i;
    return std::nullopt;
  }

 private:
  const hail_caesar::Engine& game_;
  std::size_t first_ = 0, end_ = 0;
};

std::string named(std::string_view id) {
  return fmt::format("'{}'", id);
}

// 5: "L'ordre des mouvements est le suivant : - Mouvement par initiative -
// Mouvement par ordre". A move written `by initiative` is judged here; an
// unordered unit's move the base engine reads as one, once applied
// (check_initiative_read): it may be the free move of a broken division
// (5-e, 8-e), which comes when it may.
void initiative_first(const hail_caesar::Engine& game, const PhaseSoFar& phase, const Action& a,
                      replay::EventChecker& checker) {
  if (a.means != "initiative" || a.actors.empty()) return;
  const std::optional<std::size_t> first = phase.first_order();
  if (!first) return;
  checker
      .violation(Check::move_sequence, a.span,
                 fmt::format("{} moves by initiative after the orders of the phase began",
                             named(game.setup().units[a.actors.front()].id)))
      .note("the first order of the phase: '{}'", game.describe_event(*first))
      .note(
          "004 § 5: 'L'ordre des mouvements est le suivant : - Mouvement par initiative - "
          "Mouvement par ordre'");
}

bool moves(const Action& b) {
  return (b.kind == ActionKind::move || b.kind == ActionKind::charge) && !b.actors.empty();
}

// 5-a: "chaque unité doit avoir terminé son mouvement avant qu'on puisse
// passer à une autre unité"; 5-c, of a division order: "une unité doit
// terminer son mouvement avant de passer à l'unité suivante" (its moves of
// the order: 5-d, "chaque ordre est résolu dans son intégralité"). A unit
// that moves again after another unit moved since its last move: by
// initiative (no order of its own yet this phase), or on one order with
// that other unit.
void one_unit_at_a_time(const hail_caesar::Engine& game, const PhaseSoFar& phase, const Action& a,
                        replay::EventChecker& checker) {
  const UnitId u = a.actors.front();
  const std::optional<std::size_t> order = phase.order_of(u);
  // Back from `a` to u's last move of the same initiative or order: the
  // latest move of another unit in between.
  std::optional<std::size_t> other;
  bool earlier = false;
  for (std::size_t i = phase.end(); i-- > (order ? *order + 1 : phase.begin());) {
    const Action& b = phase[i];
    if (!moves(b)) continue;
    if (holds(b.actors, u)) {
      earlier = true;
      break;
    }
    if (!other && (!order || holds(phase[*order].actors, b.actors.front()))) other = i;
  }
  if (!earlier || !other) return;
  const hail_caesar::Setup& setup = game.setup();
  const std::string unit = named(setup.units[u].id);
  const std::string mover = named(setup.units[phase[*other].actors.front()].id);
  // 5-c for the units of one order, 5-a for moves by initiative: the same
  // rule, one unit's move ended before another's.
  const Check check = order ? Check::order_group_interleaved : Check::initiative_interleaved;
  const std::string_view how = order ? ", of the same order," : "";
  const std::string_view which = order ? "moves again" : "moves by initiative again";
  const std::string_view rule =
      order ? "004 § 5-c: 'Les unités peuvent être déplacées dans n'importe quel ordre, mais une "
              "unité doit terminer son mouvement avant de passer à l'unité suivante'"
            : "004 § 5-a: 'chaque unité doit avoir terminé son mouvement avant qu'on puisse "
              "passer à une autre unité'";
  checker
      .violation(check, a.span,
                 fmt::format("{} {} after {}{} moved: it had to end its move first", unit, which,
                             mover, how))
      .note("the other unit's move: '{}'", game.describe_event(*other))
      .note("{}", rule);
}

// 5-b: "vous devez désigner l'un de vos généraux et sa division. Une fois
// choisi, il devra donner tous ses ordres, avant de passer à la division
// suivante" and "Une fois la phase d'ordre terminée pour une division, le
// général de cette division peut se déplacer"; 5-e: "le commandement du
// général de la division".
// A rally (3-a) is one of his orders: its own division's unit is checked
// by hyw.rally.unit.
void order_by_division(const hail_caesar::Engine& game, const PhaseSoFar& phase, const Action& a,
                       replay::EventChecker& checker) {
  if (!a.by) return;
  const GeneralId g = *a.by;
  const hail_caesar::Setup& setup = game.setup();
  const hail_caesar::GeneralSetup& general = setup.generals[g];
  const std::string_view what = a.kind == ActionKind::rally ? "rally" : "order";
  for (UnitId u : a.actors) {
    if (a.kind != ActionKind::order) break;
    const hail_caesar::UnitSetup& unit = setup.units[u];
    if (unit.side != general.side || unit.division == general.division) continue;
    checker
        .violation(Check::order_division, a.span,
                   fmt::format("{} is ordered by {}, who is not the general of its division",
                               named(unit.id), named(general.id)))
        .note(
            "004 § 5-e: 'lancez 2D6 et comparez le jet au commandement du général de la "
            "division'");
  }
  std::optional<std::size_t> mine;
  for (std::size_t i = phase.begin(); i < phase.end(); ++i) {
    const Action& b = phase[i];
    if (b.kind == ActionKind::move && holds(b.generals, g)) {
      checker
          .violation(Check::order_sequence, a.span,
                     fmt::format("{} has moved this phase: his division's orders are over, "
                                 "and his {} comes after them",
                                 named(general.id), what))
          .note("his move: '{}'", game.describe_event(i))
          .note(
              "004 § 5-b: 'Une fois la phase d'ordre terminée pour une division, le général de "
              "cette division peut se déplacer de 27''");
      return;
    }
    if (!is_order(b)) continue;
    if (*b.by == g) {
      mine = mine.value_or(i);
    } else if (mine) {
      checker
          .violation(Check::order_sequence, a.span,
                     fmt::format("{}'s division's orders ended when {} gave his: this {} comes "
                                 "after them",
                                 named(general.id), named(setup.generals[*b.by].id), what))
          .note("the other division's order: '{}'", game.describe_event(i))
          .note(
              "004 § 5-b: 'Une fois choisi, il devra donner tous ses ordres, avant de passer à "
              "la division suivante'");
      return;
    }
  }
}

// 5-d: "Si l'unité doit charger, l'ordre doit clairement spécifier qu'il
// s'agit d'une charge et doit indiquer la ou les cibles."
void charge_as_ordered(const hail_caesar::Engine& game, const PhaseSoFar& phase, const Action& a,
                       replay::EventChecker& checker) {
  if (a.actors.empty() || a.targets.empty()) return;
  const UnitId u = a.actors.front(), t = a.targets.front();
  const std::optional<std::size_t> at = phase.order_of(u);
  // A blunder's advance may meet an enemy: the base engine says it does
  // not check that charge.
  if (!at || game.state().units[u].order == hail_caesar::OrderStatus::blundered) return;
  const Action& order = phase[*at];
  const hail_caesar::Setup& setup = game.setup();
  if (order.detail.empty()) {
    checker.not_checked(
        "whether a charge is the one its order declared: the order states no intent (`as "
        "charge target <unit>`, 004 § 5-d)",
        a.span);
    return;
  }
  std::string why;
  if (order.detail != "charge")
    why = fmt::format("{} was ordered as '{}', not to charge", named(setup.units[u].id),
                      order.detail);
  else if (!order.targets.empty() && !holds(order.targets, t))
    why = fmt::format("{} was ordered to charge {}, not {}", named(setup.units[u].id),
                      named(setup.units[order.targets.front()].id), named(setup.units[t].id));
  if (why.empty()) return;
  checker.violation(Check::charge_order, a.span, why)
      .note("its order: '{}'", game.describe_event(*at))
      .note(
          "004 § 5-d: 'Si l'unité doit charger, l'ordre doit clairement spécifier qu'il s'agit "
          "d'une charge et doit indiquer la ou les cibles'");
}

// 5-j: "Une unité qui reçoit un ordre de charge doit se déplacer vers sa
// cible aussi vite et aussi directement que possible. Cela s'applique à tous
// ses mouvements du tour et pas seulement au mouvement qui conclut l'ordre."
// A move of a unit under an order to charge (`as charge target <unit>`)
// that ends farther from its target than it set out, closest edges, beyond
// the tolerance, goes away from it. How directly and how fast it goes is
// not weighed.
void move_toward_charge_target(const hail_caesar::Engine& game, const PhaseSoFar& phase,
                               const Action& a, replay::EventChecker& checker) {
  const std::optional<tabletop::Point> end = rulesets::written_end(a);
  if (!a.detail.empty() || a.off_table || !end) return;
  const UnitId u = a.actors.front();
  const std::optional<std::size_t> at = phase.order_of(u);
  if (!at) return;
  const Action& order = phase[*at];
  const hail_caesar::State& state = game.state();
  if (order.detail != "charge" || order.targets.empty() || !state.units[u].on_table ||
      state.units[u].order == hail_caesar::OrderStatus::blundered)
    return;
  const UnitId t = order.targets.front();
  if (!state.units[t].on_table) return;
  const hail_caesar::Setup& setup = game.setup();
  const tabletop::Footprint start = state.units[u].footprint(setup.units[u]);
  const tabletop::Footprint finish{
      *end, a.facing ? tabletop::normalize_bearing(*a.facing) : start.facing(),
      setup.units[u].frontage, setup.units[u].depth};
  const tabletop::Footprint target = state.units[t].footprint(setup.units[t]);
  const double before = tabletop::distance(start, target, tabletop::Measure::closest_edges);
  const double after = tabletop::distance(finish, target, tabletop::Measure::closest_edges);
  if (after <= before + game.scratch().tolerance) return;
  checker
      .violation(Check::charge_order, a.span,
                 fmt::format("{} was ordered to charge {} and moves away from it: from {} to {}",
                             named(setup.units[u].id), named(setup.units[t].id),
                             tabletop::inches(before), tabletop::inches(after)))
      .note("its order: '{}'", game.describe_event(*at))
      .note("measured between the closest edges of the two bases, with the {} tolerance",
            tabletop::inches(game.scratch().tolerance))
      .note(
          "004 § 5-j: 'Une unité qui reçoit un ordre de charge doit se déplacer vers sa cible "
          "aussi vite et aussi directement que possible. Cela s'applique à tous ses mouvements "
          "du tour'");
}

}  // namespace

void check_initiative_read(const hail_caesar::Engine& game, std::size_t now,
                           replay::EventChecker& checker) {
  const Action& a = game.action(now);
  if (a.phase != Phase::movement || a.means == "initiative" || a.actors.empty() ||
      (a.kind != ActionKind::move && a.kind != ActionKind::charge))
    return;
  const UnitId u = a.actors.front();
  const PhaseSoFar phase(game, now);
  if (!game.state().units[u].initiative || phase.order_of(u)) return;
  const std::optional<std::size_t> first = phase.first_order();
  if (!first) return;
  checker
      .violation(Check::move_sequence, a.span,
                 fmt::format("{}, which received no order, moves by initiative after the orders "
                             "of the phase began",
                             named(game.setup().units[u].id)))
      .note("the first order of the phase: '{}'", game.describe_event(*first))
      .note(
          "004 § 5: 'L'ordre des mouvements est le suivant : - Mouvement par initiative - "
          "Mouvement par ordre'");
}

void check_sequence(const hail_caesar::Engine& game, std::size_t now,
                    replay::EventChecker& checker) {
  const Action& a = game.action(now);
  if (a.phase != Phase::movement) return;
  const PhaseSoFar phase(game, now);
  switch (a.kind) {
    case ActionKind::move:
    case ActionKind::charge:
      if (a.actors.empty()) return;
      initiative_first(game, phase, a, checker);
      one_unit_at_a_time(game, phase, a, checker);
      if (a.kind == ActionKind::charge) charge_as_ordered(game, phase, a, checker);
      if (a.kind == ActionKind::move) move_toward_charge_target(game, phase, a, checker);
      return;
    case ActionKind::order:
    case ActionKind::rally:
      order_by_division(game, phase, a, checker);
      return;
    default:
      return;
  }
}

}  // namespace umpire::hyw
