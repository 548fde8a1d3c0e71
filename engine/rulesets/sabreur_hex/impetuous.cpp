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
#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

#include "engine/geometry/hex/hex.hpp"
#include "engine/geometry/hex/text.hpp"
#include "engine/geometry/hex/zone.hpp"
#include "engine/rulesets/sabreur_hex/engine.hpp"

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

}  // namespace

// The data's `must attack` of `u` against `e` as things stand, the
// attack's feasibility aside: nullopt when the data could not say.
std::optional<bool> Engine::impetuous_must_attack(UnitId u, UnitId e) const {
  const UnitState& st = state_.units[u];
  const UnitState& es = state_.units[e];
  const int distance = board().distance(u, e);
  Facts f(rules_);
  fill_self(f, u);
  fill_enemy(f, e);
  fill_side(f, u);
  f.integer(Given::charge_target_distance, distance);
  f.integer(Given::charge_distance_at_declaration, distance);
  f.boolean(Given::charge_would_rotate, !hex::in_front_cone(st.hex, st.facing, es.hex));
  const auto v = verdict(f, RuleAction::attack);
  if (!v) return std::nullopt;
  return *v == rules::Verdict::required;
}

// "peut charger (sans que cela nécessite une rotation) ou assaillir": a
// charge along a frontal march of the unit's facing that ends next to `e`,
// or an assault with no march or a march of one hex, each applied to the
// state by the engine's own checks and undone. Unknown when one of them
// touched something the engine does not check and none was clean.
Engine::Feasible Engine::can_attack(UnitId u, UnitId e, Span span) {
  if (probing_) return Feasible::unknown;  // never nested
  const UnitState& st = state_.units[u];
  const Hex from = st.hex;
  const Facing facing = st.facing;
  const Hex target = state_.units[e].hex;
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
    a.turn = state_.turn;
    a.side = setup_.units[u].side;
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
  const bool one_hex = !st.second_hex && !state_.units[e].second_hex;
  const auto may_engage_from = [&](Hex end) {
    if (!one_hex) return true;
    const auto other = state_.unit_at(end);
    return hex::distance(end, target) == 1 && (!other || *other == u);
  };
  // Charges: each step into a front hex, at most as many as the distance
  // needs (an enemy 2 hexes away is engaged after one).
  const int steps = hex::distance(from, target) - 1;
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
  if (may_engage_from(from)) ways.push_back({ActionKind::assault, {}, std::nullopt});
  for (int d = 0; d < 6; ++d) {
    const Hex to = hex::neighbour(from, hex::direction_from_index(d));
    if (setup_.map.contains(to) && may_engage_from(to))
      ways.push_back({ActionKind::assault, {}, to});
  }
  if (ways.empty()) return Feasible::no;

  // One trial on the state, undone: the first violation ends it.
  enum class Trial : std::uint8_t { refused_at_declaration, refused, unknown, clean };
  const Snapshot before = snapshot();
  const auto trial = [&](const Way& way) {
    const Action a = action_of(way);
    declaration_passed_ = false;
    DiagnosticEngine scratch(0);
    replay::NotCheckedLog unchecked;
    replay::EventChecker checker(scratch, checks(), unchecked, replay::ReplayMode::follow_log, span,
                                 false, {});
    checker.refuse_at_first();
    Trial out = Trial::clean;
    bool refused = false;
    try {
      if (a.kind == ActionKind::charge)
        charge(a, checker);
      else
        assault(a, checker);
      refused = checker.refused();  // DeferRefusal: not thrown
      if (unchecked.total() != 0) out = Trial::unknown;
    } catch (const replay::Refused&) {
      refused = true;
    }
    if (refused) out = declaration_passed_ ? Trial::refused : Trial::refused_at_declaration;
    restore(before);
    return out;
  };

  bool unknown = false;
  // An attack refused at its declaration, whatever the way (declaration_passed_).
  bool charges_refused = false, assaults_refused = false;
  probing_ = true;
  for (const Way& way : ways) {
    bool& refused = way.kind == ActionKind::charge ? charges_refused : assaults_refused;
    if (refused) {
#ifndef NDEBUG
      // The shortcut holds only while the declaration reads no way: debug
      // builds try the way anyway.
      if (trial(way) != Trial::refused_at_declaration) {
        probing_ = false;
        throw std::logic_error("can_attack: a way refused at the declaration passed it");
      }
#endif
      continue;
    }
    const Trial t = trial(way);
    if (t == Trial::refused_at_declaration) refused = true;
    if (t == Trial::unknown) unknown = true;
    if (t != Trial::clean) continue;
    probing_ = false;
    return Feasible::yes;
  }
  probing_ = false;
  return unknown ? Feasible::unknown : Feasible::no;
}

// The reach of the obligation at `moment` (impetuous_activated_reach,
// impetuous_exhausted_po_reach), read once: they depend on switches only.
std::optional<int> Engine::impetuous_reach(ImpetuousMoment moment, replay::EventChecker& checker) {
  std::int8_t& known = impetuous_reach_[moment == ImpetuousMoment::activated ? 0 : 1];
  if (known < 0) {
    Facts none(rules_);
    const auto r =
        eval_int(none,
                 moment == ImpetuousMoment::activated ? Value::impetuous_activated_reach
                                                      : Value::impetuous_exhausted_po_reach,
                 checker);
    if (!r) return std::nullopt;
    known = static_cast<std::int8_t>(std::clamp<std::int64_t>(*r, 0, 100));
  }
  return known;
}

// The nearest enemy the data binds `u` to at `moment` that it can attack;
// an enemy the data binds it to but whose attack the engine cannot judge is
// reported `not checked` and passed over.
std::optional<UnitId> Engine::impetuous_bound_to(UnitId u, ImpetuousMoment moment,
                                                 replay::EventChecker& checker) {
  const UnitSetup& s = setup_.units[u];
  const UnitState& st = state_.units[u];
  if (!s.skills.has(Skill::impetuous) || !st.on_table) return std::nullopt;
  // Once its order points are spent, only a unit not yet activated; when
  // activated, only the unit just activated.
  if (st.activated != (moment == ImpetuousMoment::activated)) return std::nullopt;
  // Enemies beyond the data's reach for this moment are not asked about.
  const auto reach = impetuous_reach(moment, checker);
  if (!reach) return std::nullopt;
  std::optional<UnitId> bound;
  int bound_distance = 0;
  for (std::size_t i = 0; i < state_.units.size(); ++i) {
    const auto e = static_cast<UnitId>(i);
    if (!state_.units[i].on_table || setup_.units[i].side == s.side) continue;
    const int distance = board().distance(u, e);
    if (distance > *reach || (bound && distance >= bound_distance)) continue;
    const auto must = impetuous_must_attack(u, e);
    if (!must) {
      checker.not_checked(
          fmt::format("whether {} (impétueux) must attack {}: the data could not say", quoted(u),
                      quoted(e)),
          checker.event_span());
      continue;
    }
    if (!*must) continue;
    const Feasible can = can_attack(u, e, checker.event_span());
    if (can == Feasible::unknown)
      checker.not_checked(fmt::format("whether {} (impétueux) can charge or assault {}, which "
                                      "it would then have to",
                                      quoted(u), quoted(e)),
                          checker.event_span());
    if (can != Feasible::yes) continue;
    bound = e;
    bound_distance = distance;
  }
  return bound;
}

// Its charge or assault of an enemy in reach is its automatic activation.
bool Engine::impetuous_auto_activation(const Action& a, UnitId u, replay::EventChecker& checker) {
  if (a.kind != ActionKind::charge && a.kind != ActionKind::assault) return false;
  if (a.targets.empty() || !impetuous_bound_to(u, ImpetuousMoment::order_points_spent, checker))
    return false;
  end_activation(a.span, checker);
  state_.units.edit(u).activated = true;
  state_.group.assign(1, u);
  return true;
}

// At the end of a player turn, a unit still bound has not charged or
// assaulted: a failed or absent test left the obligation (§ Points d'ordre:
// "Si aucun test de moral n'est effectué, l'unité sera activée et devra
// charger ou assaillir l'unité adverse").
void Engine::check_impetuous_obligation(Span span, replay::EventChecker& checker) {
  for (std::size_t i = 0; i < state_.units.size(); ++i) {
    const auto u = static_cast<UnitId>(i);
    if (setup_.units[i].side != state_.side) continue;
    const auto e = impetuous_bound_to(u, ImpetuousMoment::order_points_spent, checker);
    if (!e) continue;
    checker
        .violation(Check::special_impetuous, span,
                   fmt::format("{} (impétueux) neither charged nor assaulted {}, though its side "
                               "spent its order points",
                               quoted(u), quoted(*e)))
        .note("{} is {} away; a unit bound this way is activated automatically", quoted(*e),
              hexes_text(board().distance(u, *e)))
        .hint(
            "charge or assault {} with {}, or cancel the obligation with a passed 'test {} "
            "morale'",
            setup_.units[*e].id, setup_.units[i].id, setup_.units[i].id);
  }
}

// A unit just activated: bound to charge or assault an enemy within reach,
// or the enemy a march of its own brought it to engage, if it still does.
void Engine::bind_impetuous(UnitId u, replay::EventChecker& checker) {
  UnitState& st = state_.units.edit(u);
  if (!is_impetuous(setup_, u) || !st.on_table) return;
  if (st.owes_attack_on) {
    const UnitId e = *st.owes_attack_on;
    if (!state_.units[e].on_table || !board().engages(u, e)) {
      st.owes_attack_on.reset();
    } else {
      const Feasible can = can_attack(u, e, checker.event_span());
      if (can == Feasible::unknown)
        checker.not_checked(fmt::format("whether {} (impétueux) can assault {}, which its march "
                                        "brought it to engage",
                                        quoted(u), quoted(e)),
                            checker.event_span());
      if (can == Feasible::yes) {
        st.impetuous_bound = true;
        return;
      }
      st.owes_attack_on.reset();
    }
  }
  if (const auto e = impetuous_bound_to(u, ImpetuousMoment::activated, checker)) {
    st.impetuous_bound = true;
    st.owes_attack_on = e;  // the nearest, for the message
  }
}

// The activation of the group ends (another group, a special action, the
// turn's or the log's end): a unit still bound attacked no enemy.
void Engine::end_activation(Span span, replay::EventChecker& checker) {
  for (const UnitId u : state_.group) {
    UnitState& st = state_.units.edit(u);
    if (!st.impetuous_bound) continue;
    st.impetuous_bound = false;
    if (!st.on_table || st.panicked) continue;  // its activation ended for it
    const UnitId e = st.owes_attack_on.value_or(u);
    st.owes_attack_on.reset();
    checker
        .violation(Check::special_impetuous_activated, span,
                   fmt::format("{} (impétueux) was activated with {} {} away, which it could "
                               "charge or assault, and attacked nothing",
                               quoted(u), quoted(e), hexes_text(board().distance(u, e))))
        .note(
            "an activated \"impétueux\" unit charges (without rotation) or assaults an "
            "enemy 2 hexes away or less, unless it stands in a wood, a village, a fortified "
            "point or rough ground (or is a square and it cavalry); also the enemy its own "
            "march brought it to engage")
        .hint("charge or assault {} with {} in its activation", setup_.units[e].id,
              setup_.units[u].id);
  }
}

// A charge or an assault by `u` at `t`: a bound unit attacks an enemy it is
// bound to. Either way the obligations it had are spent.
void Engine::impetuous_declares(const Action& a, UnitId u, UnitId t,
                                replay::EventChecker& checker) {
  if (probing_) return;
  UnitState& st = state_.units.edit(u);
  const bool owed = st.owes_attack_on == t;
  st.owes_attack_on.reset();
  if (!st.impetuous_bound) return;
  st.impetuous_bound = false;
  if (owed) return;
  const auto must = impetuous_must_attack(u, t);
  if (!must || *must) return;
  checker
      .violation(Check::special_impetuous_activated, a.span,
                 fmt::format("{} (impétueux) attacks {}, not an enemy it was bound to attack",
                             quoted(u), quoted(t)))
      .note("{} is {} away", quoted(t), hexes_text(board().distance(u, t)))
      .hint(
          "an activated \"impétueux\" unit charges or assaults an enemy 2 hexes away or less "
          "that it can reach without rotation");
}

// After u's manoeuvre, if the data's `must attack_engaged_enemy` holds:
// within a charge, assault or pursuit, the strike at its `target` is owed
// at once if it engages it; after a march, an enemy it engages that it did
// not before (`before`: whether it engaged each unit) is owed an assault at
// its next activation.
void Engine::impetuous_engages(UnitId u, std::optional<UnitId> target,
                               std::span<const std::uint8_t> before,
                               replay::EventChecker& checker) {
  if (probing_ || !is_impetuous(setup_, u) || !state_.units[u].on_table) return;
  const Board b = board();
  std::optional<UnitId> engaged;
  if (target) {
    if (b.present(*target) && b.engages(u, *target)) engaged = target;
  } else {
    for (std::size_t i = 0; i < state_.units.size() && !engaged; ++i) {
      const auto e = static_cast<UnitId>(i);
      if (b.present(e) && b.enemies(u, e) && b.engages(u, e) &&
          !(i < before.size() && before[i] != 0))
        engaged = e;
    }
  }
  if (!engaged) return;
  Facts f(rules_);
  fill_self(f, u);
  fill_enemy(f, *engaged);
  if (!f.error().empty()) return;
  const auto v = verdict(f, RuleAction::attack_engaged_enemy);
  if (!v) {
    checker.not_checked(fmt::format("whether {} (impétueux) must attack {}, which it engages: "
                                    "the data could not say",
                                    quoted(u), quoted(*engaged)),
                        checker.event_span());
    return;
  }
  if (*v == rules::Verdict::required) state_.units.edit(u).owes_attack_on = engaged;
}

// Which units `u` engages now, by unit: what impetuous_engages compares with.
std::vector<std::uint8_t> Engine::engaged_now(UnitId u) const {
  std::vector<std::uint8_t> out;
  if (!is_impetuous(setup_, u)) return out;
  const Board b = board();
  out.resize(state_.units.size());
  for (std::size_t i = 0; i < out.size(); ++i)
    out[i] = b.present(static_cast<UnitId>(i)) && b.engages(u, static_cast<UnitId>(i)) ? 1 : 0;
  return out;
}

// The strike owed by the unit whose charge, assault or pursuit brought it
// to engage its enemy: with the first statement outside the procedure, it
// must have struck unless the enemy fled or left, or the attacker can no
// longer strike (fled, panicked, its charge ended by a failed test).
void Engine::check_impetuous_strike(const Action* next, replay::EventChecker& checker) {
  const std::optional<ChargeInProgress>& c = state_.charge ? state_.charge : state_.assault;
  if (!c) return;
  UnitState& st = state_.units.edit(c->charger);
  if (!st.owes_attack_on || *st.owes_attack_on != c->target) return;
  if (next && inside_attack_procedure(*next)) return;
  const UnitId t = c->target;
  st.owes_attack_on.reset();
  const UnitState& ts = state_.units[t];
  if (!st.on_table || st.panicked || !ts.on_table || c->charger_failed || c->charger_fled ||
      c->target_fled || !board().engages(c->charger, t))
    return;
  // A friend of the target that countercharged fights the charger instead.
  for (std::size_t i = 0; i < state_.units.size(); ++i)
    if (i != t && state_.units[i].reaction == Detail::countercharge) return;
  checker
      .violation(Check::special_impetuous_strike, next ? next->span : checker.event_span(),
                 fmt::format("{} (impétueux) engaged {} and did not attack it", quoted(c->charger),
                             quoted(t)))
      .note(
          "the attack after a charge, an assault or a pursuit is optional, except for an "
          "\"impétueux\" unit that its manoeuvre brought to engage the enemy")
      .hint("write 'attack {} {} …' after the reaction of {}", setup_.units[c->charger].id,
            setup_.units[t].id, setup_.units[t].id);
}

// Its strike at `t` pays what it owed `t`.
void Engine::impetuous_strikes(UnitId u, UnitId t) {
  UnitState& st = state_.units.edit(u);
  if (st.owes_attack_on == t) st.owes_attack_on.reset();
}

}  // namespace umpire::sabreur
