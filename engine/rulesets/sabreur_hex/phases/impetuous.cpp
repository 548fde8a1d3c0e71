// The obligations of an "impétueux" unit: 002_87c3dc452f850204.txt
// § Les compétences (suite) and § Points d'ordre, § Effets du terrain.
//
// - "Si une unité avec cette compétence est activée, et si elle peut charger
//   (sans que cela nécessite une rotation) ou assaillir une unité adverse
//   située à 2 cases ou moins, alors elle doit le faire": bound when its
//   activation begins (UnitState::impetuous_bound), it charges or assaults
//   an enemy it is bound to before the activation ends
//   (sabreur.special.impetuous-activated).
// - Once its side has spent its order points, a unit not yet activated is
//   bound the same way, its activation automatic, unless a passed test
//   cancels it (sabreur.special.impetuous, checked at the end of the turn).
// - "Si une manœuvre amène une unité avec cette compétence à engager une
//   unité adverse, alors elle doit attaquer cette unité adverse": after its
//   charge, assault or pursuit, its strike is not optional while the enemy
//   stands (sabreur.special.impetuous-strike, checked with the first
//   statement outside the procedure); after a march, it owes that enemy an
//   assault at its next activation (UnitState::owes_attack_on).
//
// When it is bound is the data's `must attack` and `must
// attack_engaged_enemy` (corpus/rulesets/sabreur-hex.rules, skill
// impetuous); whether it "peut charger ... ou assaillir" is the engine's own
// charge and assault checks, tried on the state and undone (can_attack).
#include "engine/rulesets/sabreur_hex/phases/impetuous.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

#include "engine/geometry/hex/hex.hpp"
#include "engine/geometry/hex/text.hpp"
#include "engine/geometry/hex/zone.hpp"
#include "engine/rulesets/sabreur_hex/phases/assault.hpp"
#include "engine/rulesets/sabreur_hex/phases/charge.hpp"
#include "engine/rulesets/sabreur_hex/phases/facts.hpp"

namespace umpire::sabreur {
namespace {

bool is_impetuous(const Setup& setup, UnitId u) {
  return setup.units[u].skills.has(Skill::impetuous);
}

// Statements that belong to the procedure of a charge, an assault or a
// pursuit: reactions, their tests and saves, flights, evades, pursuits,
// strikes and the combat they name, and bookkeeping.
bool inside_attack_procedure(const Action& a) {
  switch (a.kind) {
    case ActionKind::respond:
    case ActionKind::test:
    case ActionKind::save:
    case ActionKind::flee:
    case ActionKind::evade:
    case ActionKind::pursue:
    case ActionKind::attack:
    case ActionKind::combat:
    case ActionKind::state:
    case ActionKind::remove:
      return true;
    case ActionKind::special:
      return a.detail == Detail::transfer_losses;
    default:
      return false;
  }
}

// The data's `must attack` of `u` against `e` as things stand, the
// attack's feasibility aside: nullopt when the data could not say.
std::optional<bool> impetuous_must_attack(const Context& cx, UnitId u, UnitId e) {
  const UnitState& st = cx.state.units[u];
  const UnitState& es = cx.state.units[e];
  const int distance = cx.board().distance(u, e);
  Facts f(cx.rules);
  fill_self(cx, f, u);
  fill_enemy(cx, f, e);
  fill_side(cx, f, u);
  f.integer(Given::charge_target_distance, distance);
  f.integer(Given::charge_distance_at_declaration, distance);
  f.boolean(Given::charge_would_rotate, !hex::in_front_cone(st.hex, st.facing, es.hex));
  const auto v = verdict(f, RuleAction::attack);
  if (!v) return std::nullopt;
  return *v == rules::Verdict::required;
}

}  // namespace

// "peut charger (sans que cela nécessite une rotation) ou assaillir": a
// charge along a frontal march of the unit's facing that ends next to `e`,
// or an assault with no march or a march of one hex, each applied to the
// state by the engine's own checks and undone. Unknown when one of them
// touched something the engine does not check and none was clean.
Feasible can_attack(Context& cx, UnitId u, UnitId e, Span span, AttackWays which,
                    std::vector<Hex>* found) {
  if (cx.scratch.probing) return Feasible::unknown;  // never nested
  const UnitState& st = cx.state.units[u];
  const Hex from = st.hex;
  const Facing facing = st.facing;
  const Hex target = cx.state.units[e].hex;
  // The ways to try; each becomes an action only when it is tried, since one
  // refused at its declaration answers for the others of its kind.
  struct Way {
    ActionKind kind;
    std::vector<Hex> path;
    std::optional<Hex> to;
  };
  std::vector<Way> ways;
  const auto action_of = [&](const Way& way) {
    const ActionKind kind = way.kind;
    Action a;
    a.kind = kind;
    a.verb = kind == ActionKind::charge ? "charge" : "assault";
    a.span = span;
    a.turn = cx.state.turn;
    a.side = cx.setup.units[u].side;
    a.phase = Phase::actions;
    a.actors = {u};
    a.targets = {e};
    a.facing = facing;
    a.path.assign(way.path.begin(), way.path.end());
    a.to = way.to;
    return a;
  };
  // Only a march that ends next to the enemy, on a free hex, can engage it:
  // the others are not tried (an extended line, on two hexes, tries all).
  const bool one_hex = !st.second_hex && !cx.state.units[e].second_hex;
  const auto may_engage_from = [&](Hex end) {
    if (!one_hex) return true;
    const auto other = cx.state.unit_at(end);
    return hex::distance(end, target) == 1 && (!other || *other == u);
  };
  // Charges: each step into a front hex, at most as many as the distance
  // needs (an enemy 2 hexes away is engaged after one), or as `which` says.
  const int steps = !which.charges            ? 0
                    : which.charge_steps >= 0 ? which.charge_steps
                                              : hex::distance(from, target) - 1;
  std::vector<std::vector<Hex>> paths{{}};
  for (int n = 1; n <= steps; ++n) {
    std::vector<std::vector<Hex>> longer;
    for (const std::vector<Hex>& p : paths) {
      if (static_cast<int>(p.size()) != n - 1) continue;
      for (const Hex h : hex::front_hexes(p.empty() ? from : p.back(), facing)) {
        std::vector<Hex> q = p;
        q.push_back(h);
        longer.push_back(std::move(q));
      }
    }
    for (std::vector<Hex>& p : longer) {
      if (hex::distance(p.back(), target) == 1 && may_engage_from(p.back()))
        ways.push_back({ActionKind::charge, p, std::nullopt});
      paths.push_back(std::move(p));
    }
  }
  // Assaults: in place, or one hex in any direction without rotation.
  if (which.assaults && may_engage_from(from))
    ways.push_back({ActionKind::assault, {}, std::nullopt});
  for (int d = 0; which.assaults && d < 6; ++d) {
    const Hex to = hex::neighbour(from, hex::direction_from_index(d));
    if (cx.setup.map.contains(to) && may_engage_from(to))
      ways.push_back({ActionKind::assault, {}, to});
  }
  if (ways.empty()) return Feasible::no;

  // One trial on the state, undone: the first violation ends it.
  enum class Trial : std::uint8_t { refused_at_declaration, refused, unknown, clean };
  const State state_before = cx.state;
  const replay::DiceSource dice_before = cx.dice;
  const auto trial = [&](const Way& way) {
    const Action a = action_of(way);
    cx.scratch.declaration_passed = false;
    DiagnosticEngine scratch(0);
    replay::NotCheckedLog unchecked;
    replay::EventChecker checker(scratch, check_table(), unchecked, replay::ReplayMode::follow_log,
                                 span, false, {});
    checker.refuse_at_first();
    // The same state, the trial's own checker.
    Context probe{cx.setup, cx.log, cx.rules, cx.terrain, cx.state, cx.dice, checker, cx.scratch};
    Trial out = Trial::clean;
    bool refused = false;
    try {
      if (a.kind == ActionKind::charge)
        charge(probe, a);
      else
        assault(probe, a);
      refused = checker.refused();  // DeferRefusal: not thrown
      if (unchecked.total() != 0) out = Trial::unknown;
    } catch (const replay::Refused&) {
      refused = true;
    }
    if (refused)
      out = cx.scratch.declaration_passed ? Trial::refused : Trial::refused_at_declaration;
    cx.state = state_before;
    cx.dice = dice_before;
    return out;
  };

  bool unknown = false;
  // An attack refused at its declaration, whatever the way (Scratch::declaration_passed).
  bool charges_refused = false, assaults_refused = false;
  cx.scratch.probing = true;
  for (const Way& way : ways) {
    bool& refused = way.kind == ActionKind::charge ? charges_refused : assaults_refused;
    if (refused) {
#ifndef NDEBUG
      // The shortcut holds only while the declaration reads no way: debug
      // builds try the way anyway.
      if (trial(way) != Trial::refused_at_declaration) {
        cx.scratch.probing = false;
        throw std::logic_error("can_attack: a way refused at the declaration passed it");
      }
#endif
      continue;
    }
    const Trial t = trial(way);
    if (t == Trial::refused_at_declaration) refused = true;
    if (t == Trial::unknown) unknown = true;
    if (t != Trial::clean) continue;
    cx.scratch.probing = false;
    if (found) *found = way.to ? std::vector<Hex>{*way.to} : way.path;
    return Feasible::yes;
  }
  cx.scratch.probing = false;
  return unknown ? Feasible::unknown : Feasible::no;
}

namespace {

// The reach of the obligation at `moment` (impetuous_activated_reach,
// impetuous_exhausted_po_reach), read once: they depend on switches only.
std::optional<int> impetuous_reach(Context& cx, ImpetuousMoment moment) {
  std::int8_t& known = cx.scratch.impetuous_reach[moment == ImpetuousMoment::activated ? 0 : 1];
  if (known < 0) {
    Facts none(cx.rules);
    const auto r =
        eval_int(none,
                 moment == ImpetuousMoment::activated ? Value::impetuous_activated_reach
                                                      : Value::impetuous_exhausted_po_reach,
                 cx.checker);
    if (!r) return std::nullopt;
    known = static_cast<std::int8_t>(std::clamp<std::int64_t>(*r, 0, 100));
  }
  return known;
}

}  // namespace

// The nearest enemy the data binds `u` to at `moment` that it can attack;
// an enemy the data binds it to but whose attack the engine cannot judge is
// reported `not checked` and passed over.
std::optional<UnitId> impetuous_bound_to(Context& cx, UnitId u, ImpetuousMoment moment) {
  const UnitSetup& s = cx.setup.units[u];
  const UnitState& st = cx.state.units[u];
  if (!s.skills.has(Skill::impetuous) || !st.on_table) return std::nullopt;
  // Once its order points are spent, only a unit not yet activated; when
  // activated, only the unit just activated.
  if (st.activated != (moment == ImpetuousMoment::activated)) return std::nullopt;
  // Enemies beyond the data's reach for this moment are not asked about.
  const auto reach = impetuous_reach(cx, moment);
  if (!reach) return std::nullopt;
  std::optional<UnitId> bound;
  int bound_distance = 0;
  for (std::size_t i = 0; i < cx.state.units.size(); ++i) {
    const auto e = static_cast<UnitId>(i);
    if (!cx.state.units[i].on_table || cx.setup.units[i].side == s.side) continue;
    const int distance = cx.board().distance(u, e);
    if (distance > *reach || (bound && distance >= bound_distance)) continue;
    const auto must = impetuous_must_attack(cx, u, e);
    if (!must) {
      cx.checker.not_checked(
          fmt::format("whether {} (impétueux) must attack {}: the data could not say", cx.quoted(u),
                      cx.quoted(e)),
          cx.checker.event_span());
      continue;
    }
    if (!*must) continue;
    const Feasible can = can_attack(cx, u, e, cx.checker.event_span());
    if (can == Feasible::unknown)
      cx.checker.not_checked(fmt::format("whether {} (impétueux) can charge or assault {}, which "
                                         "it would then have to",
                                         cx.quoted(u), cx.quoted(e)),
                             cx.checker.event_span());
    if (can != Feasible::yes) continue;
    bound = e;
    bound_distance = distance;
  }
  return bound;
}

// Its charge or assault of an enemy in reach is its automatic activation.
bool impetuous_auto_activation(Context& cx, const Action& a, UnitId u) {
  if (a.kind != ActionKind::charge && a.kind != ActionKind::assault) return false;
  if (a.targets.empty() || !impetuous_bound_to(cx, u, ImpetuousMoment::order_points_spent))
    return false;
  end_activation(cx, a.span);
  cx.state.units.edit(u).activated = true;
  cx.state.group.assign(1, u);
  return true;
}

// At the end of a player turn, a unit still bound has not charged or
// assaulted: a failed or absent test left the obligation (§ Points d'ordre:
// "Si aucun test de moral n'est effectué, l'unité sera activée et devra
// charger ou assaillir l'unité adverse").
void check_impetuous_obligation(Context& cx, Span span) {
  for (std::size_t i = 0; i < cx.state.units.size(); ++i) {
    const auto u = static_cast<UnitId>(i);
    if (cx.setup.units[i].side != cx.state.side) continue;
    const auto e = impetuous_bound_to(cx, u, ImpetuousMoment::order_points_spent);
    if (!e) continue;
    cx.checker
        .violation(Check::special_impetuous, span,
                   fmt::format("{} (impétueux) neither charged nor assaulted {}, though its side "
                               "spent its order points",
                               cx.quoted(u), cx.quoted(*e)))
        .note("{} is {} away; a unit bound this way is activated automatically", cx.quoted(*e),
              hexes_text(cx.board().distance(u, *e)))
        .hint(
            "charge or assault {} with {}, or cancel the obligation with a passed 'test {} "
            "morale'",
            cx.setup.units[*e].id, cx.setup.units[i].id, cx.setup.units[i].id);
  }
}

// A unit just activated: bound to charge or assault an enemy within reach,
// or the enemy a march of its own brought it to engage, if it still does.
void bind_impetuous(Context& cx, UnitId u) {
  UnitState& st = cx.state.units.edit(u);
  if (!is_impetuous(cx.setup, u) || !st.on_table) return;
  if (st.owes_attack_on) {
    const UnitId e = *st.owes_attack_on;
    if (!cx.state.units[e].on_table || !cx.board().engages(u, e)) {
      st.owes_attack_on.reset();
    } else {
      const Feasible can = can_attack(cx, u, e, cx.checker.event_span());
      if (can == Feasible::unknown)
        cx.checker.not_checked(fmt::format("whether {} (impétueux) can assault {}, which its march "
                                           "brought it to engage",
                                           cx.quoted(u), cx.quoted(e)),
                               cx.checker.event_span());
      if (can == Feasible::yes) {
        st.impetuous_bound = true;
        return;
      }
      st.owes_attack_on.reset();
    }
  }
  if (const auto e = impetuous_bound_to(cx, u, ImpetuousMoment::activated)) {
    st.impetuous_bound = true;
    st.owes_attack_on = e;  // the nearest, for the message
  }
}

// The activation of the group ends (another group, a special action, the
// turn's or the log's end): a unit still bound attacked no enemy.
void end_activation(Context& cx, Span span) {
  for (const UnitId u : cx.state.group) {
    UnitState& st = cx.state.units.edit(u);
    if (!st.impetuous_bound) continue;
    st.impetuous_bound = false;
    if (!st.on_table || st.panicked) continue;  // its activation ended for it
    const UnitId e = st.owes_attack_on.value_or(u);
    st.owes_attack_on.reset();
    cx.checker
        .violation(Check::special_impetuous_activated, span,
                   fmt::format("{} (impétueux) was activated with {} {} away, which it could "
                               "charge or assault, and attacked nothing",
                               cx.quoted(u), cx.quoted(e), hexes_text(cx.board().distance(u, e))))
        .note(
            "an activated \"impétueux\" unit charges (without rotation) or assaults an "
            "enemy 2 hexes away or less, unless it stands in a wood, a village, a fortified "
            "point or rough ground (or is a square and it cavalry); also the enemy its own "
            "march brought it to engage")
        .hint("charge or assault {} with {} in its activation", cx.setup.units[e].id,
              cx.setup.units[u].id);
  }
}

// A charge or an assault by `u` at `t`: a bound unit attacks an enemy it is
// bound to. Either way the obligations it had are spent.
void impetuous_declares(Context& cx, const Action& a, UnitId u, UnitId t) {
  if (cx.scratch.probing) return;
  UnitState& st = cx.state.units.edit(u);
  const bool owed = st.owes_attack_on == t;
  st.owes_attack_on.reset();
  if (!st.impetuous_bound) return;
  st.impetuous_bound = false;
  if (owed) return;
  const auto must = impetuous_must_attack(cx, u, t);
  if (!must || *must) return;
  cx.checker
      .violation(Check::special_impetuous_activated, a.span,
                 fmt::format("{} (impétueux) attacks {}, not an enemy it was bound to attack",
                             cx.quoted(u), cx.quoted(t)))
      .note("{} is {} away", cx.quoted(t), hexes_text(cx.board().distance(u, t)))
      .hint(
          "an activated \"impétueux\" unit charges or assaults an enemy 2 hexes away or less "
          "that it can reach without rotation");
}

// After u's manoeuvre, if the data's `must attack_engaged_enemy` holds:
// within a charge, assault or pursuit, the strike at its `target` is owed
// at once if it engages it; after a march, an enemy it engages that it did
// not before (`before`: whether it engaged each unit) is owed an assault at
// its next activation.
void impetuous_engages(Context& cx, UnitId u, std::optional<UnitId> target,
                       std::span<const std::uint8_t> before) {
  if (cx.scratch.probing || !is_impetuous(cx.setup, u) || !cx.state.units[u].on_table) return;
  const Board b = cx.board();
  std::optional<UnitId> engaged;
  if (target) {
    if (b.present(*target) && b.engages(u, *target)) engaged = target;
  } else {
    for (std::size_t i = 0; i < cx.state.units.size() && !engaged; ++i) {
      const auto e = static_cast<UnitId>(i);
      if (b.present(e) && b.enemies(u, e) && b.engages(u, e) &&
          !(i < before.size() && before[i] != 0))
        engaged = e;
    }
  }
  if (!engaged) return;
  Facts f(cx.rules);
  fill_self(cx, f, u);
  fill_enemy(cx, f, *engaged);
  if (!f.error().empty()) return;
  const auto v = verdict(f, RuleAction::attack_engaged_enemy);
  if (!v) {
    cx.checker.not_checked(fmt::format("whether {} (impétueux) must attack {}, which it engages: "
                                       "the data could not say",
                                       cx.quoted(u), cx.quoted(*engaged)),
                           cx.checker.event_span());
    return;
  }
  if (*v == rules::Verdict::required) cx.state.units.edit(u).owes_attack_on = engaged;
}

// Which units `u` engages now, by unit: what impetuous_engages compares with.
std::vector<std::uint8_t> engaged_now(const Context& cx, UnitId u) {
  std::vector<std::uint8_t> out;
  if (!is_impetuous(cx.setup, u)) return out;
  const Board b = cx.board();
  out.resize(cx.state.units.size());
  for (std::size_t i = 0; i < out.size(); ++i)
    out[i] = b.present(static_cast<UnitId>(i)) && b.engages(u, static_cast<UnitId>(i)) ? 1 : 0;
  return out;
}

// The strike owed by the unit whose charge, assault or pursuit brought it
// to engage its enemy: with the first statement outside the procedure, it
// must have struck unless the enemy fled or left, or the attacker can no
// longer strike (fled, panicked, its charge ended by a failed test).
void check_impetuous_strike(Context& cx, const Action* next) {
  const std::optional<ChargeInProgress>& c = cx.state.charge ? cx.state.charge : cx.state.assault;
  if (!c) return;
  UnitState& st = cx.state.units.edit(c->charger);
  if (!st.owes_attack_on || *st.owes_attack_on != c->target) return;
  if (next && inside_attack_procedure(*next)) return;
  const UnitId t = c->target;
  st.owes_attack_on.reset();
  const UnitState& ts = cx.state.units[t];
  if (!st.on_table || st.panicked || !ts.on_table || c->charger_failed || c->charger_fled ||
      c->target_fled || !cx.board().engages(c->charger, t))
    return;
  // A friend of the target that countercharged fights the charger instead.
  for (std::size_t i = 0; i < cx.state.units.size(); ++i)
    if (i != t && cx.state.units[i].reaction == Detail::countercharge) return;
  cx.checker
      .violation(Check::special_impetuous_strike, next ? next->span : cx.checker.event_span(),
                 fmt::format("{} (impétueux) engaged {} and did not attack it",
                             cx.quoted(c->charger), cx.quoted(t)))
      .note(
          "the attack after a charge, an assault or a pursuit is optional, except for an "
          "\"impétueux\" unit that its manoeuvre brought to engage the enemy")
      .hint("write 'attack {} {} …' after the reaction of {}", cx.setup.units[c->charger].id,
            cx.setup.units[t].id, cx.setup.units[t].id);
}

// Its strike at `t` pays what it owed `t`.
void impetuous_strikes(Context& cx, UnitId u, UnitId t) {
  UnitState& st = cx.state.units.edit(u);
  if (st.owes_attack_on == t) st.owes_attack_on.reset();
}

}  // namespace umpire::sabreur
