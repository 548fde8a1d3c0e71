// What a rotation, a square, an evade and a flight made in reaction to a
// charge or an assault do: 002_87c3dc452f850204.txt § Réactions face à une
// charge, § Manœuvres, § Changements de formation, § Test moral. Whether the
// unit may choose the reaction was asked of the data first (reactions.cpp).
//
// - A rotation turns the unit on its hex ("Une rotation est de 0°, 60°, ou
//   180°", the data's rotate_* permissions, as in a march); nothing else.
// - A square is the formation "carré" taken on the unit's hex, facing kept
//   ("l'une au moins des figurines ou plaquettes doit rester fixe"), where
//   and from what the data's adopt_formation permissions allow. A closed
//   column is taken the same way (§ Formations spéciales: "considérée comme
//   un carré"), from column only, by the units the data allows.
// - "La réaction à la charge ne peut être effectuée que si le test moral est
//   réussi": after a failed reaction test the unit keeps the formation and
//   facing it had (settle_reaction_test).
// - An evade or a flight is the unit's next statement, `evade` or `flee`,
//   checked as any evade (flight.cpp) or flight (flight.cpp); the respond
//   line may instead write the evade's path itself. The charge does not go
//   on into the hex left: "Si la réaction de l'unité cible est la fuite ou
//   l'esquive ... l'unité qui charge peut effectuer une poursuite" (§ La
//   charge et le choc, 5; pursuit.cpp); after an assault it stays put.
#include "engine/rulesets/sabreur_hex/phases/reaction_effects.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "engine/geometry/hex/text.hpp"
#include "engine/geometry/hex/zone.hpp"
#include "engine/rulesets/sabreur_hex/phases/facts.hpp"
#include "engine/rulesets/sabreur_hex/phases/flight.hpp"

namespace umpire::sabreur {
namespace {

// The hex a statement moves its unit to, if it writes one.
std::optional<Hex> written_destination(const Action& a) {
  if (a.to) return a.to;
  if (!a.path.empty()) return a.path.back();
  return a.stated.to;
}

// A rotation and a square are made on the unit's hex: a destination written
// elsewhere breaks `check`. `doing` ends the message ("in its rotation").
void check_in_place(const Action& a, Hex here, std::string_view who, Check check,
                    std::string_view doing, std::string_view rule, replay::EventChecker& checker) {
  if (const auto to = written_destination(a); to && *to != here)
    checker
        .violation(check, a.span, fmt::format("{} moves to {} {}", who, hex::to_string(*to), doing))
        .note("{} {}", rule, hex::to_string(here));
}

}  // namespace

void keep_former_for_test(Context& cx, UnitId u, bool test_due) {
  UnitState& st = cx.state.units.edit(u);
  if (!test_due) return;
  st.former_formation = st.formation;
  st.former_facing = st.facing;
}

void react_rotate(Context& cx, const Action& a, UnitId u, bool test_due) {
  UnitState& st = cx.state.units.edit(u);
  keep_former_for_test(cx, u, test_due);
  check_in_place(a, st.hex, cx.quoted(u), Check::reaction_rotation, "in its rotation",
                 "a rotation in reaction turns the unit on its hex", cx.checker);
  const std::string written = a.formation.empty() ? a.stated.formation : a.formation;
  if (const auto formation = parse_formation(written); formation && *formation != st.formation)
    cx.checker
        .violation(Check::reaction_rotation, a.span,
                   fmt::format("{} changes from {} to {} in its rotation", cx.quoted(u),
                               name(st.formation), name(*formation)))
        .note("a rotation changes the facing only");
  const Facing after = a.facing.value_or(a.stated.facing.value_or(st.facing));
  const int steps = hex::rotation_steps(st.facing, after);
  const int degrees = 60 * (steps < 0 ? -steps : steps);
  if (degrees != 0) {
    Facts f(cx.rules);
    fill_self(cx, f, u);
    const RuleAction rotation = degrees == 60    ? RuleAction::rotate_60
                                : degrees == 120 ? RuleAction::rotate_120
                                // An extended line cannot turn 180° but "peut effectuer une
                                // volte-face", both halves in place (§ Orientation des unités):
                                // its half turn is that about-face (State::face).
                                : st.formation == Formation::extended_line ? RuleAction::about_face
                                                                           : RuleAction::rotate_180;
    check_permissions(f, rotation, cx.checker, a.span, Check::reaction_rotation, [&] {
      return fmt::format("a rotation of {} degrees by {} in reaction", degrees, cx.quoted(u));
    });
  }
  cx.state.face(u, after);  // an extended line turns about its first half
}

// `reaction` is form_square or form_closed_column: § Changements de
// formation, "En terme de changement de formation, la colonne fermée est
// considérée exactement comme le carré", except that only a column adopts
// it (the data's closed_column_from_column) and only with the skill.
void react_form_square(Context& cx, const Action& a, UnitId u, RuleAction reaction, bool test_due,
                       bool allowed) {
  const bool closed = reaction == RuleAction::form_closed_column;
  const Formation target = closed ? Formation::closed_column : Formation::square;
  const Check check =
      closed ? Check::reaction_closed_column_formation : Check::reaction_square_formation;
  const std::string_view forming = closed ? "forms closed column" : "forms square";
  UnitState& st = cx.state.units.edit(u);
  keep_former_for_test(cx, u, test_due);
  check_in_place(a, st.hex, cx.quoted(u), check, fmt::format("as it {}", forming),
                 closed ? "a closed column is formed on the unit's hex"
                        : "a square is formed on the unit's hex",
                 cx.checker);
  const Facing after = a.facing.value_or(a.stated.facing.value_or(st.facing));
  if (after != st.facing)
    cx.checker
        .violation(check, a.span,
                   fmt::format("{} turns from {} to {} as it {}", cx.quoted(u),
                               hex::name(st.facing), hex::name(after), forming))
        .note("a change of formation keeps one stand fixed; a turn is another reaction");
  const std::string written = a.formation.empty() ? a.stated.formation : a.formation;
  if (const auto formation = parse_formation(written); formation && *formation != target)
    cx.checker
        .violation(check, a.span,
                   fmt::format("{} forms {} in its reaction '{}'", cx.quoted(u), name(*formation),
                               closed ? "form-closed-column" : "form-square"))
        .hint("write '=> formation {}'", closed ? "closed-column" : "square");
  // Where and from what a square or a closed column may be formed: the
  // data's hold_formation and adopt_formation (not in a wood, village, strongpoint or rough
  // ground; not from skirmish order or extended line; a closed column only
  // from column, with the skill; the reaction lifts the rule of contact).
  if (allowed) {
    Facts f(cx.rules);
    fill_self(cx, f, u);
    f.word(Given::self_reaction, closed ? "form_closed_column" : "form_square");
    f.set(Given::self_new_formation, cx.rules.formation(target));
    const auto subject = [&] {
      return fmt::format("{} {} in reaction", cx.quoted(u),
                         closed ? "forming closed column" : "forming square");
    };
    if (check_permissions(f, RuleAction::hold_formation, cx.checker, a.span, check, subject))
      check_permissions(f, RuleAction::adopt_formation, cx.checker, a.span, check, subject);
  }
  st.formation = target;
}

void react_move(Context& cx, const Action& a, UnitId u, RuleAction reaction, bool allowed) {
  const bool evading = reaction == RuleAction::evade;
  // The evade's path on the respond line itself: the evade is made here.
  if (evading && (!a.path.empty() || a.to)) {
    evade(cx, a);
    return;
  }
  // A statement simulated (simulate/) has no next one to look at; a
  // reaction not allowed is reported once, as such.
  if (!cx.in_log(a) || !allowed) return;
  const ActionKind kind = evading ? ActionKind::evade : ActionKind::flee;
  const Action* next = cx.next_action(a);
  if (next && next->kind == kind && !next->actors.empty() && next->actors.front() == u) return;
  cx.checker
      .violation(Check::reaction_move, a.span,
                 fmt::format("{} reacts with '{}' and then does not {}", cx.quoted(u), a.detail,
                             evading ? "evade" : "flee"))
      .note("the reaction is the move: {}", evading ? "back through the rear hexes, within the "
                                                      "unit's allowance"
                                                    : "horde, back to the charger, 1 D6 hexes "
                                                      "(cavalry 1 D6 + 2)")
      .hint("write '{} {} …' right after the reaction", evading ? "evade" : "flee",
            cx.setup.units[u].id);
}

// § Réactions face à une charge: "la cible de la charge doit immédiatement
// passer un test moral" (and "La réaction à la charge ne peut être
// effectuée que si le test moral est réussi"); a friend's countercharge or
// defensive fire "est autorisé" only if its own test passes. When the data
// calls the test (charge_reaction_test_required), the log writes it as the
// statement after the reaction; the charger's save against a defensive
// fire's losses may come first (the games write the fire, its save, then
// the test). A strike before it ends the reactions (combat_sequence.cpp):
// the test is then never taken, so its omission is reported here, on the
// statement written instead (a log that ends there: not checked).
void check_reaction_test_written(const Context& cx, const Action& a, UnitId u, bool test_due,
                                 bool allowed) {
  // Simulated statements have no next one; a reaction not allowed is
  // reported once, as such.
  if (!test_due || !allowed || !cx.in_log(a) || !cx.state.charge) return;
  const UnitId charger = cx.state.charge->charger;
  const Action* next = cx.next_action(a);
  while (next && next->kind == ActionKind::save && !next->actors.empty() &&
         next->actors.front() == charger)
    next = cx.next_action(*next);
  if (next && next->kind == ActionKind::test && !next->actors.empty() && next->actors.front() == u)
    return;
  // A log that ends on the reaction stops before the combat goes on.
  if (!next) {
    cx.checker.not_checked(
        fmt::format("the reaction test of {}: the log ends after its '{}'", cx.quoted(u), a.detail),
        a.span);
    return;
  }
  cx.checker
      .violation(Check::reaction_test_missing, next->span,
                 fmt::format("{} reacts to the charge of {} with '{}' and the log goes on "
                             "without its morale test",
                             cx.quoted(u), cx.quoted(charger), a.detail))
      .label(a.span, "the reaction that calls the test")
      .note(
          "the reaction is made only if its test passes; no exemption of the data (a target in "
          "a square or in cover, charged by cavalry) applies here")
      .hint("write 'test {} morale …' right after the reaction{}", cx.setup.units[u].id,
            a.detail == Detail::defensive_fire ? " (and the charger's save)" : "");
}

std::optional<ReactionBefore> reaction_before_test(const Context& cx, const Action& a) {
  if (a.kind != ActionKind::test || a.actors.empty()) return std::nullopt;
  const UnitId u = a.actors.front();
  const UnitState& st = cx.state.units[u];
  if (st.next_test != TestReason::charge_reaction || !st.former_formation) return std::nullopt;
  if (st.reaction != Detail::rotate && st.reaction != Detail::form_square &&
      st.reaction != Detail::form_closed_column && st.reaction != Detail::countercharge &&
      st.reaction != Detail::defensive_fire)
    return std::nullopt;
  return ReactionBefore{u, *st.former_formation, st.former_facing};
}

void settle_reaction_test(Context& cx, const Action& a,
                          const std::optional<ReactionBefore>& before) {
  if (!before) return;
  UnitState& st = cx.state.units.edit(before->unit);
  const bool countercharge = st.reaction == Detail::countercharge;
  const bool fire = st.reaction == Detail::defensive_fire;
  // A failed test leaves the charged unit's failure to settle (stand and
  // lose, or flee): its reaction is not made. A friend's failed test has
  // "aucune conséquence" (§ Test moral), so no failure is pending: its
  // result is the one the log writes (the one a replay that follows the
  // log goes on with).
  bool failed = cx.state.failure && cx.state.failure->unit == before->unit;
  if (!failed && (countercharge || fire) && !st.is_attack_target) {
    if (!a.stated.passed) {
      cx.checker.not_checked(
          fmt::format("whether the {} of {} is made: the log writes no result for its test",
                      countercharge ? "countercharge" : "defensive fire", cx.quoted(before->unit)),
          a.span);
      return;
    }
    failed = !*a.stated.passed;
  }
  if (!failed) return;
  st.formation = before->formation;
  cx.state.face(before->unit, before->facing);
  if (!countercharge && !fire) return;
  // A countercharge or a defensive fire refused by its test: the march is
  // undone, the fire's losses given back; the unit has not reacted
  // (self.reaction none: a charge met by no countercharge is doubled).
  st.clear_reaction();
  if (!cx.state.charge) return;
  ChargeInProgress& c = *cx.state.charge;
  if (countercharge) {
    c.refused_countercharge = before->unit;
    if (st.on_table && st.hex != c.reaction_from && !cx.state.unit_at(c.reaction_from))
      cx.state.place(before->unit, c.reaction_from);
    return;
  }
  UnitState& charger = cx.state.units.edit(c.charger);
  if (!charger.on_table) {
    // "Sinon il ne l'est pas": the fire is not made, so it eliminated no
    // one; the charger is back where the fire found it, with its strength.
    if (cx.state.unit_at(charger.hex) ||
        (charger.second_hex && cx.state.unit_at(*charger.second_hex))) {
      cx.checker.not_checked(
          fmt::format("the return of {}, eliminated by a defensive fire its test "
                      "then refused, to {}, which another unit now holds",
                      cx.quoted(c.charger), hex::to_string(charger.hex)),
          a.span);
      return;
    }
    cx.state.place(c.charger, charger.hex);
  }
  // Nor do its losses count with another defensive fire's (§ Test moral).
  const int given_back = std::max(0, c.charger_strength_before_reaction - charger.strength);
  c.defensive_fire_losses =
      static_cast<std::int16_t>(std::max(0, c.defensive_fire_losses - given_back));
  charger.strength = std::max(charger.strength, c.charger_strength_before_reaction);
  if (charger.next_test != TestReason::losses_taken || charger.test_enemy != before->unit) return;
  // The fire's losses called the charger's test: not made, they call none.
  // A test the log writes anyway is taken as written, and reported.
  const Action* next = cx.next_action(a);
  if (next && next->kind == ActionKind::test && !next->actors.empty() &&
      next->actors.front() == c.charger) {
    cx.checker
        .violation(Check::reaction_failed_test, next->span,
                   fmt::format("{} tests for the losses of the defensive fire of {}, which its "
                               "failed test refused",
                               cx.quoted(c.charger), cx.quoted(before->unit)))
        .note(
            "\"si ce test moral est réussi, alors le tir défensif est autorisé. Sinon il ne "
            "l'est pas\": the fire has no effect")
        .hint("the charge goes on: no test of {} for that fire", cx.setup.units[c.charger].id);
    return;
  }
  charger.next_test = TestReason::special_action;
}

// A friend whose countercharge its test refused strikes, or is struck by,
// the charger (or is named in combat with it): true when reported.
bool refused_countercharge_fights(const Context& cx, const Action& a, UnitId u, UnitId t) {
  const std::optional<ChargeInProgress>& c = cx.state.charge;
  if (!c || !c->refused_countercharge || (u != c->charger && t != c->charger)) return false;
  const UnitId other = u == c->charger ? t : u;
  if (other != *c->refused_countercharge || other == c->target) return false;
  cx.checker
      .violation(Check::reaction_failed_test, a.span,
                 fmt::format("{} fights {}, but its countercharge was refused by its failed test",
                             cx.quoted(other), cx.quoted(c->charger)))
      .note(
          "a friend's countercharge \"est autorisée\" only if its test passes; otherwise it is "
          "not made, and the friend stays where it stood")
      .hint("no combat between {} and {} follows this charge", cx.setup.units[other].id,
            cx.setup.units[c->charger].id);
  return true;
}

}  // namespace umpire::sabreur
