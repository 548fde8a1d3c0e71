// Reactions to a charge: 002_87c3dc452f850204.txt § Réactions face à une
// charge. Which reaction a unit may choose is asked of the rules data, with
// the charge as it stood at its declaration; what a countercharge and a
// defensive fire then do is checked here, what a rotation, a square, an
// evade and a flight do in reaction_effects.cpp.
#include "engine/rulesets/sabreur_hex/phases/reactions.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <initializer_list>

#include "engine/geometry/hex/text.hpp"
#include "engine/geometry/hex/zone.hpp"
#include "engine/rules/evaluator.hpp"
#include "engine/rulesets/sabreur_hex/phases/facts.hpp"
#include "engine/rulesets/sabreur_hex/phases/fire.hpp"
#include "engine/rulesets/sabreur_hex/phases/following.hpp"
#include "engine/rulesets/sabreur_hex/phases/movement.hpp"
#include "engine/rulesets/sabreur_hex/phases/reaction_effects.hpp"
#include "engine/rulesets/sabreur_hex/phases/reaction_order.hpp"
#include "engine/rulesets/sabreur_hex/phases/turn.hpp"

namespace umpire::sabreur {
namespace {

struct Reaction {
  RuleAction action;
  std::optional<Check> check;  // the check reporting what forbids it
};

// The reaction a log word names (docs/log-format.md, `respond`).
std::optional<Reaction> reaction_of(Detail word) {
  switch (word) {
    case Detail::form_square:
      return Reaction{RuleAction::form_square, Check::reaction_square};
    // § Formations spéciales: the closed column "est considérée comme un
    // carré", but may be formed against a cavalry charge from under 3 hexes
    // (the data's closed_column_reaction) and only by the units the data allows.
    case Detail::form_closed_column:
      return Reaction{RuleAction::form_closed_column, Check::reaction_closed_column};
    case Detail::rotate:
    case Detail::turn_to_face:
      return Reaction{RuleAction::rotate, Check::reaction_rotate};
    case Detail::countercharge:
      return Reaction{RuleAction::countercharge, Check::reaction_countercharge};
    case Detail::defensive_fire:
      return Reaction{RuleAction::defensive_fire, Check::reaction_defensive_fire};
    case Detail::evade:
      return Reaction{RuleAction::evade, Check::reaction_evade};
    // "Fuite (par infanterie ou cavalerie)": the data's flee permissions
    // (artillery_cannot_flee, which names its check).
    case Detail::flee:
      return Reaction{RuleAction::flee, Check::flight_artillery};
    case Detail::do_nothing:
    case Detail::hold:
      return Reaction{RuleAction::do_nothing, std::nullopt};
    default:
      return std::nullopt;
  }
}

// Whether the distance at the declaration is a reason `action` is refused:
// a prohibition that holds at that distance lifts at another (the data's
// square_from_three_hexes, rotate_from_three_hexes…). Asked only for a
// refusal's message, which names the distance only then.
bool distance_decides(const Facts& f, RuleAction action, int at) {
  const rules::Ruleset& rs = f.binding().rs();
  const auto permissions = f.binding().permissions(action);
  const auto prohibitions = [&](const Facts& g) {
    std::vector<std::uint32_t> out;
    rules::Evaluator ev(rs, g.situation());
    ev.set_trace(false);
    if (const auto r = ev.action_with(permissions))
      for (const std::uint32_t i : r->applicable)
        if (rs.permissions[i].modality == rules::Modality::cannot) out.push_back(i);
    return out;
  };
  const std::vector<std::uint32_t> now = prohibitions(f);
  // Farther than any charge reaches (the data's charge_range is at most 5).
  constexpr int farthest = 12;
  for (int d = 0; d <= farthest; ++d) {
    if (d == at) continue;
    Facts g = f;
    g.integer(Given::charge_distance_at_declaration, d);
    g.integer(Given::charge_target_distance, d);
    const std::vector<std::uint32_t> then = prohibitions(g);
    for (const std::uint32_t i : now)
      if (std::find(then.begin(), then.end(), i) == then.end()) return true;
  }
  return false;
}

// § Manœuvres: "Le mouvement de contre-charge s'effectue comme une marche
// frontale, mais sans la rotation initiale"; § Réactions face à une charge:
// a friend of the target "doit se déplacer de façon à engager l'unité qui
// vient de charger ... Si ce déplacement est impossible alors la
// contre-charge est impossible". The hexes it may not cross were asked of
// the data above (sabreur.reaction.countercharge); the march itself is a
// frontal march (allowance, steps, hexes: sabreur.move.*).
void countercharge_march(Context& cx, const Action& a, UnitId u, const ChargeInProgress& c) {
  const Facing before = cx.state.units[u].facing;
  Action march = a;
  if (a.facing && *a.facing != before) {
    cx.checker
        .violation(Check::reaction_countercharge_march, a.span,
                   fmt::format("{} turns from {} to {} to countercharge {}", cx.quoted(u),
                               hex::name(before), hex::name(*a.facing), cx.quoted(c.charger)))
        .note("a countercharge is a frontal march without the initial rotation");
    march.facing = before;  // the rest is checked as the march it may make
  }
  frontal_march(cx, march, u, true);
  const UnitState& st = cx.state.units[u];
  const UnitState& charger = cx.state.units[c.charger];
  if (charger.on_table && !hex::in_front_hexes(st.hex, st.facing, charger.hex)) {
    cx.checker
        .violation(Check::reaction_countercharge_march, a.span,
                   fmt::format("{} ends its countercharge on {} facing {} without engaging {} "
                               "on {}",
                               cx.quoted(u), hex::to_string(st.hex), hex::name(st.facing),
                               cx.quoted(c.charger), hex::to_string(charger.hex)))
        .hint(
            "a countercharge must engage the unit that charged; if it cannot, it is not "
            "allowed");
  }
}

// § Réactions face à une charge, § Le tir: a defensive fire is a fire at the
// charger with fire.kind defensive_fire_kind (the data's factor bonuses),
// the charger "une cible de tir valide" (range, cone, line of sight, the
// fire restrictions). The charger is taken where it stands when the
// reaction is declared, at the end of its charge: the reaction comes "après
// que l'unité qui charge soit venue au contact de sa cible"; "alors que
// l'unité qui charge est en approche" is why an engaged unit may still fire
// (fire.free_at_declaration). Its hits are the charger's pending losses (a
// save may follow); three or more call its test, and a failed test ends the
// charge (pursuit.cpp, combat.cpp).
void defensive_fire(Context& cx, const Action& a, UnitId u, const ChargeInProgress& c) {
  const UnitId t = c.charger;
  if (!on_table(cx, t, a.span)) return;
  const Board b = cx.board();
  const UnitState& s = cx.state.units[u];
  // An extended line fires defensively once, from one half (§ Formations
  // spéciales, § Le tir): the half `from` names (fire.cpp, fire_half). At a
  // charger on two hexes, the half fire_aim gives.
  const FireHexesScope scope{cx.scratch.fire_hexes, cx.scratch.second_shot};
  const FireHexes& aimed = aim_fire(cx, a, u, t, false);
  const Hex from = aimed.from, at = aimed.at;
  const int distance = hex::distance(from, at);
  // § Le tir: the exception holds only if, at the declaration, the charger
  // neither engaged nor was engaged by the unit that fires. The reacting
  // unit has not moved since; the charger is taken on the hex and with the
  // facing it declared from (ChargeInProgress::charger_facing), in its
  // formation, which a charge does not change. (A valid charge never did:
  // § Conditions pour qu'une charge soit valide, 1, sabreur.charge.engaged.)
  // An extended line engages and is engaged by either half (Board::engages).
  bool free_at_declaration = true;
  for (const Hex half : {s.hex, s.second_hex.value_or(s.hex)}) {
    if (!hex::adjacent(half, c.charger_from)) continue;
    const bool firer_engaged =
        b.square_like(u) || hex::in_front_hexes(half, s.facing, c.charger_from);
    const bool charger_engaged =
        b.square_like(t) || hex::in_front_hexes(c.charger_from, c.charger_facing, half);
    if (firer_engaged || charger_engaged) free_at_declaration = false;
  }
  const bool enfilade = in_enfilade(cx, t, from);
  Facts f(cx.rules);
  fill_fire(cx, f, u, t, "defensive_fire_kind", free_at_declaration);
  {
    // No row in the fire table: cavalry, said by sabreur.reaction.defensive-fire.
    rules::Evaluator probe(cx.rules.rs(), f.situation());
    probe.set_trace(false);  // asked, not explained
    if (!probe.value(cx.rules.value(Value::fire_range))) {
      if (b.arm(u) != Arm::cavalry)
        cx.checker.violation(
            Check::fire_not_allowed, a.span,
            fmt::format("a defensive fire by {} is not allowed: {} in {} has no "
                        "fire factor",
                        cx.quoted(u), name(cx.setup.units[u].type), name(s.formation)));
      return;
    }
  }
  const auto subject = [&] {
    return fmt::format("a defensive fire by {} at {} ({})", cx.quoted(u), cx.quoted(t),
                       hexes_text(distance));
  };
  check_permissions(f, RuleAction::shoot, cx.checker, a.span, Check::fire_not_allowed, subject);
  check_fire_geometry(cx, a, u, t, true);
  auto figures = fire_figures(cx, f);
  if (!figures) return;
  roll_fire(cx, a, u, t, *figures, enfilade,
            FireChecks{Check::reaction_defensive_fire_dice, Check::reaction_defensive_fire_hits,
                       "defensive fire"});
}

}  // namespace

void respond(Context& cx, const Action& a) {
  const UnitId u = a.actors.front();
  // "La réaction à la charge se fait immédiatement après que la manoeuvre
  // de charge ait été effectuée": with no charge nor assault under way,
  // there is nothing to react to.
  if (!cx.state.charge && !cx.state.assault) {
    cx.checker
        .violation(Check::reaction_order, a.span,
                   fmt::format("{} reacts with '{}', but no charge or assault is under way",
                               cx.quoted(u), a.detail))
        .note(
            "a reaction answers a charge or an assault, right after the attacker's march and "
            "before it strikes");
    follow(cx, a);
    return;
  }
  // § Réactions face à un assaut: the reactions to a charge, "dans les mêmes
  // conditions, et avec les mêmes restrictions" (assault.cpp); a pursuit's
  // attack admits none (§ La charge et le choc, step 6).
  const bool to_assault = !cx.state.charge;
  if (!to_assault && cx.state.charge->pursuit) {
    cx.checker
        .violation(Check::pursuit_no_reaction, a.span,
                   fmt::format("{} reacts to the pursuit of {}", cx.quoted(u),
                               cx.quoted(cx.state.charge->charger)))
        .note("an enemy a pursuit engages is attacked without any reaction");
    follow(cx, a);
    return;
  }
  ChargeInProgress& c = to_assault ? *cx.state.assault : *cx.state.charge;
  check_reaction_order(cx, a, u);
  const auto reaction = reaction_of(a.detail.kind());
  if (!reaction) {
    cx.checker.not_checked(fmt::format("the reaction '{}'", a.detail.text()), a.span);
    follow(cx, a);
    return;
  }
  const Board b = cx.board();
  const UnitState& st = cx.state.units[u];
  bool engaged_with_other = false;
  for (std::size_t e = 0; e < cx.state.units.size(); ++e) {
    const auto other = static_cast<UnitId>(e);
    // "engage ou est engagée": either way round.
    if (other != c.charger && b.enemies(u, other) && (b.engages(other, u) || b.engages(u, other)))
      engaged_with_other = true;
  }
  const Arm charger_arm = b.arm(c.charger);
  Facts f(cx.rules);
  fill_self(cx, f, u);
  fill_enemy(cx, f, c.charger);
  f.integer(Given::charge_distance_at_declaration, c.distance_at_declaration);
  f.integer(Given::charge_target_distance, c.distance_at_declaration);
  f.boolean(Given::charge_target_engaged_at_declaration, c.target_engaged_at_declaration);
  f.boolean(Given::charge_charger_is_cavalry, charger_arm == Arm::cavalry);
  f.boolean(Given::charge_charger_is_infantry, charger_arm == Arm::infantry);
  // The reactions declared before this one: the data forbids a friend's when
  // two units (the target and one friend) have already reacted.
  f.integer(Given::charge_reacting_units, c.reacting_units);
  // A countercharge goes straight at the charger: it may not rotate first.
  // The reaction comes once the charger has made contact (§ Réactions face
  // à une charge: "après que l'unité qui charge soit venue au contact de sa
  // cible"): a countercharge goes at the charger where it stands.
  f.boolean(Given::charge_would_rotate,
            !hex::in_front_cone(st.hex, st.facing, cx.state.units[c.charger].hex));
  // Either half of an extended line (Board::adjacent).
  f.boolean(Given::self_adjacent_to_attack_target, u == c.target || b.adjacent(u, c.target));
  f.boolean(Given::self_engaged_with_other_enemy, engaged_with_other);
  f.integer(Given::self_defensive_fires_this_turn, st.defensive_fires);
  // The evade of a reacting unit is not a charger's (flight.cpp).
  f.boolean(Given::charge_charger_evades, false);
  f.boolean(Given::charge_target_squared, c.target_squared);
  f.boolean(Given::charge_charger_struck, false);
  f.integer(Given::flee_d6, 1);  // the flight's die is thrown by its `flee`
  // The distance at the declaration is named when it is a reason.
  const auto subject = [&] {
    return fmt::format(
        "{} reacting to the {} of {} with '{}'{}", cx.quoted(u), to_assault ? "assault" : "charge",
        cx.quoted(c.charger), a.detail,
        distance_decides(f, reaction->action, c.distance_at_declaration)
            ? fmt::format(" from {} away at the declaration", hexes_text(c.distance_at_declaration))
            : std::string());
  };
  // Whether the reaction calls its test (the data's
  // charge_reaction_test_required, "en bois" among its reasons): a question
  // of the test, in which a wood along a side that separates the unit from
  // the charger is its terrain (facts.cpp); the permissions of the
  // reaction itself (a countercharge, a square) read its hex alone.
  const auto reaction_test_required = [&](const Facts& facts) {
    Facts test = facts;
    fill_confronted_terrain(cx, test, u, c.charger);
    const auto required = eval_int(test, Value::charge_reaction_test_required, cx.checker);
    return required && *required != 0;
  };
  // A countercharge may not cross the hexes the data names: each hex of its path is asked.
  HexPath crossed = a.path;
  if (crossed.empty()) crossed.push_back(st.hex);
  bool allowed = true;
  for (const Hex h : crossed) {
    f.set(Given::move_crossed_hex, cx.rules.terrain(b.terrain_at(h)));
    allowed =
        check_permissions(f, reaction->action, cx.checker, a.span, reaction->check, subject) &&
        allowed;
    if (reaction->action != RuleAction::countercharge) break;
  }
  // "ne peut pas traverser un bois" (§ Effets du terrain) of a wood along a
  // side the march crosses: the data asks of hexes; reported.
  if (reaction->action == RuleAction::countercharge &&
      b.crosses_side(st.hex, a.path, HexsideTerrain::wood))
    cx.checker.not_checked(
        "whether a countercharge may cross a wood along a hex side (\"ne peut pas traverser "
        "un bois\", § Effets du terrain; the rules data asks of the hexes it crosses)",
        a.span);
  ++c.reacting_units;
  if (reaction->action == RuleAction::defensive_fire) ++cx.state.units.edit(u).defensive_fires;
  // "La réaction à la charge ne peut être effectuée que si le test moral est
  // réussi", and a friend's countercharge or defensive fire "est autorisé"
  // only if its test passes: the log writes the march or the fire on the
  // `respond` line and the test after it, so what they change is kept to
  // be undone if that test fails (reaction_effects.cpp). Not for an
  // assault's reaction, whose test passes without dice.
  bool test_due = false;
  if (!to_assault && (reaction->action == RuleAction::countercharge ||
                      reaction->action == RuleAction::defensive_fire)) {
    f.word(Given::self_reaction,
           reaction->action == RuleAction::countercharge ? "countercharge" : "defensive_fire");
    test_due = reaction_test_required(f);
    keep_former_for_test(cx, u, test_due);
    c.reaction_from = st.hex;
    c.charger_strength_before_reaction = cx.state.units[c.charger].strength;
    c.refused_countercharge.reset();
  }
  const ChargeInProgress declared = c;
  if (a.from &&
      reaction->action != RuleAction::defensive_fire)  // `from`: the half that fires (fire.cpp)
    cx.checker.not_checked("'from <hex>' on a reaction other than a defensive fire", a.span);
  if (reaction->action == RuleAction::countercharge) {
    countercharge_march(cx, a, u, declared);
  } else if (reaction->action == RuleAction::defensive_fire) {
    defensive_fire(cx, a, u, declared);
  } else if (reaction->action == RuleAction::do_nothing) {
    follow(cx, a);
    // "Ne rien faire" is one of the seven reactions, and "Dès que la
    // réaction à la charge a été déclarée, alors la cible de la charge doit
    // immédiatement passer un test moral, sauf si la réaction a été Esquive
    // ou Fuite" (§ Réactions face à une charge; § Test moral: "Un test moral
    // a lieu si une unité déclare une réaction face à une charge"; § Exemple
    // de charge: "l'unité d'infanterie tient sur place" after its test). So
    // standing still calls the test too, with the data's exemptions (a
    // square or a unit in cover, charged by cavalry). Not for an assault's
    // reaction, whose test passes without dice; a friend that does nothing
    // declares no reaction (only a countercharge or a defensive fire).
    if (!to_assault && u == c.target) {
      f.word(Given::self_reaction, "do_nothing");
      test_due = reaction_test_required(f);
      check_reaction_test_written(cx, a, u, test_due, allowed);
    }
    return;
  } else {
    // The test "immédiatement" after the declaration, when the data calls
    // for it, not for an assault's reaction (§ Réactions face à un assaut):
    // a failed one undoes a rotation or a square.
    record_reaction(cx, u, a.detail);
    const bool forms = reaction->action == RuleAction::form_square ||
                       reaction->action == RuleAction::form_closed_column;
    if (!to_assault && (reaction->action == RuleAction::rotate || forms)) {
      // Not for a square already, nor in a wood, village or strongpoint,
      // charged by cavalry: the data's charge_reaction_test_required.
      f.word(Given::self_reaction, reaction->action == RuleAction::rotate ? "rotate"
                                   : reaction->action == RuleAction::form_square
                                       ? "form_square"
                                       : "form_closed_column");
      test_due = reaction_test_required(f);
    }
    if (reaction->action == RuleAction::rotate)
      react_rotate(cx, a, u, test_due);
    else if (forms)
      react_form_square(cx, a, u, reaction->action, test_due, allowed);
    else
      react_move(cx, a, u, reaction->action, allowed);
    check_reaction_test_written(cx, a, u, test_due, allowed);
    return;
  }
  record_reaction(cx, u, a.detail);
  check_reaction_test_written(cx, a, u, test_due, allowed);
}

}  // namespace umpire::sabreur
