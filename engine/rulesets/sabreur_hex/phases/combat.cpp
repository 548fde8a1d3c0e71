// Combat dice of a shock or a mêlée: 002_87c3dc452f850204.txt § Précisions
// sur les facteurs de combat ou de tir, § La charge et le choc. An `attack`
// throws one die per point of combat factor (doubled for a charge, reduced
// by the losses the charged unit took in the procedure, capped by terrain
// and outflanking: the data's combat_factor_mods); each 4+ is a hit. The
// sequence of the choc and of a mêlée (who strikes when, the tests that
// follow) is combat_sequence.cpp's.
#include "engine/rulesets/sabreur_hex/phases/combat.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "engine/geometry/hex/hex.hpp"
#include "engine/rules/evaluator.hpp"
#include "engine/rulesets/sabreur_hex/phases/combat_sequence.hpp"
#include "engine/rulesets/sabreur_hex/phases/facts.hpp"
#include "engine/rulesets/sabreur_hex/phases/impetuous.hpp"
#include "engine/rulesets/sabreur_hex/phases/reaction_order.hpp"
#include "engine/rulesets/sabreur_hex/phases/turn.hpp"

namespace umpire::sabreur {
namespace {

// Why a charging unit's factor is not doubled, in words: each fact of the
// charge that, made favourable, raises its combat factor (the data's
// charge_doubling stage decides; § Précisions sur les facteurs de combat ou
// de tir, § Effets du terrain). Asked only for a diagnostic's first line;
// empty when no such fact is found.
std::string not_doubled_reasons(const Context& cx, const Facts& f, UnitId t, std::int64_t factor,
                                int distance) {
  std::vector<std::string> reasons;
  const auto raises = [&](std::string reason, auto&& favourable) {
    Facts g = f;
    favourable(g);
    rules::Evaluator ev(g.binding().rs(), g.situation());
    ev.set_trace(false);
    const auto v = ev.value(cx.rules.value(Value::combat_factor));
    if (v && v->number > factor) reasons.push_back(std::move(reason));
  };
  raises("it meets a countercharge",
         [](Facts& g) { g.boolean(Given::charge_is_countercharge, false); });
  raises("its path does not run in open ground from start to end",
         [](Facts& g) { g.boolean(Given::charge_path_open, true); });
  raises(fmt::format("it was declared from {} away", hexes_text(distance)),
         [](Facts& g) { g.integer(Given::charge_distance_at_declaration, 12); });
  raises("a watercourse separates the units", [&](Facts& g) {
    g.set(Given::combat_separating_hexside, cx.rules.hexside(HexsideTerrain::no_hexside_terrain));
  });
  raises(fmt::format("its target {} is in {}", cx.quoted(t), name(cx.state.units[t].formation)),
         [&](Facts& g) { g.set(Given::enemy_formation, cx.rules.formation(Formation::line)); });
  raises(fmt::format("its target {} is not in open ground", cx.quoted(t)), [&](Facts& g) {
    g.set(Given::enemy_hex_terrain, cx.rules.terrain(HexTerrain::open_ground));
  });
  std::string out;
  for (const std::string& r : reasons) out += (out.empty() ? "" : ", ") + r;
  return out;
}

}  // namespace

void attack(Context& cx, const Action& a) {
  const UnitId u = a.actors.front();
  if (a.targets.empty()) {
    cx.checker.not_checked("an attack without a target", a.span);
    return;
  }
  const UnitId t = a.targets.front();
  if (!on_table(cx, t, a.span)) return;
  check_target_reacted(cx, a, u, t);  // reaction_order.cpp
  // A combat is fought in contact: a charge, an assault or a pursuit ends
  // engaging its target (§ La charge et le choc, condition 6; § Conditions
  // pour qu'un assaut soit valide, 2), and the target strikes back from there.
  // (A unit that fled and strikes is combat_sequence.cpp's to report.) An
  // extended line is in contact by either half (Board::distance).
  if (const int apart = cx.board().distance(u, t); apart != 1 && !cx.state.units[u].panicked) {
    cx.checker
        .violation(Check::combat_contact, a.span,
                   fmt::format("{} strikes {}, {} away: units fight in contact", cx.quoted(u),
                               cx.quoted(t), hexes_text(apart)))
        .hint(
            "an attack follows the charge, assault or pursuit that brought the two units "
            "into contact");
  }
  // § Réactions face à une charge: "Si un test de moral échoue, alors la
  // charge prend fin, et l'unité qui charge ne pourra pas attaquer la cible
  // initiale de la charge" (the charger's test on the losses of a defensive
  // fire). Before its first strike on its target; a failure in the shock of
  // a friend that countercharged it the text does not say ends the charge.
  if (const std::optional<ChargeInProgress>& ch = cx.state.charge;
      ch && !ch->pursuit && ch->charger_failed && u == ch->charger && t == ch->target) {
    const std::optional<CombatInProgress>& k = cx.state.combat;
    const bool begun = k && k->attacker == u && k->defender == t &&
                       k->step != CombatStep::declared && k->step != CombatStep::closed;
    const std::optional<UnitId> by = cx.state.units[u].test_enemy;
    if (!begun && by && cx.state.units[*by].reaction == Detail::defensive_fire) {
      cx.checker
          .violation(Check::charge_ended, a.span,
                     fmt::format("{} attacks {}, but its charge ended when it failed the test "
                                 "the defensive fire of {} called",
                                 cx.quoted(u), cx.quoted(t), cx.quoted(*by)))
          .note(
              "a charger that fails its test after a defensive fire may not attack the initial "
              "target of its charge")
          .hint("the charger that stood stays where it is; one that fled wrote its `flee`");
    } else if (!begun) {
      // "la charge prend fin" is said of a failed test that a defensive
      // fire's losses called; of another (the losses of a friend's
      // countercharge, which strikes first) the text says nothing.
      cx.checker.not_checked(
          fmt::format("whether {} may still attack {} after failing, before it struck, a test {}: "
                      "the text ends a charge on a failed test only after a defensive fire",
                      cx.quoted(u), cx.quoted(t),
                      by ? fmt::format("the {} of {} called",
                                       cx.state.units[*by].reaction_word.empty()
                                           ? std::string("strike")
                                           : std::string(cx.state.units[*by].reaction_word),
                                       cx.quoted(*by))
                         : std::string("no enemy called")),
          a.span);
    }
  }
  // Who strikes when: combat_sequence.cpp.
  order_strike(cx, a, u, t);
  impetuous_strikes(cx, u, t);  // impetuous.cpp: the strike it owed
  const Board b = cx.board();
  const UnitState& st = cx.state.units[u];
  const UnitState& ts = cx.state.units[t];
  // A shock between the charger and its target, or between the charger and
  // a friend of its target that countercharged it (combat_sequence.cpp), a
  // mêlée otherwise.
  const std::optional<ChargeInProgress>& c = cx.state.charge;
  const bool charge_pair =
      c && ((c->charger == u && c->target == t) || (c->charger == t && c->target == u));
  const std::optional<CombatInProgress>& k = cx.state.combat;
  const bool friend_countercharge =
      c && !charge_pair && (c->charger == u || c->charger == t) &&
      cx.state.units[c->charger == u ? t : u].reaction == Detail::countercharge && k && k->shock &&
      k->defender == c->charger && k->attacker == (c->charger == u ? t : u);
  const bool shock = charge_pair || friend_countercharge;
  Facts f(cx.rules);
  fill_self(cx, f, u);
  fill_enemy(cx, f, t);
  fill_confronted_terrain(cx, f, u, t);  // a wood along the side between them
  f.word(Given::combat_kind, shock ? "shock" : "melee");
  // "sauf en cas de contre-charge": a charge met by a countercharge, of its
  // target or of a friend of it, doubles neither unit's factor.
  f.boolean(Given::charge_is_countercharge,
            shock && (friend_countercharge ||
                      cx.state.units[c->target].reaction == Detail::countercharge));
  // The doubling needs open ground all along the path (§ Effets du terrain);
  // with a countercharge there is none to ask for.
  bool path_open = true;
  if (charge_pair && c->path_open == ChargeInProgress::PathOpenness::unwritten)
    cx.checker.not_checked("the terrain crossed by a charge or pursuit written without its path",
                           a.span);
  // A path that crosses a wood along a hex side: "terrain dégagé" names
  // what a unit stands on (§ Les terrains dans Sabreur), not the sides it
  // crosses; counted open, reported.
  if (charge_pair && c->path_open == ChargeInProgress::PathOpenness::open_across_side_wood)
    cx.checker.not_checked(
        "whether a charge or pursuit path whose hexes are all open ground runs \"en terrain "
        "dégagé\" when it crosses a wood along a hex side (the engine counts it open)",
        a.span);
  if (charge_pair) path_open = c->path_open != ChargeInProgress::PathOpenness::not_open;
  f.boolean(Given::charge_path_open, path_open);
  f.integer(Given::charge_distance_at_declaration, charge_pair ? c->distance_at_declaration : 0);
  f.integer(Given::charge_procedure_losses,
            charge_pair && c->target == u ? std::max(0, c->target_strength - st.strength) : 0);
  // The charger striking back at the friend: in that shock the friend is
  // "l'unité qui charge" (it moves "comme pour une charge" and strikes
  // first, combat_sequence.cpp) and the charger its "unité cible", whose
  // factor "est diminué par le nombre de pertes subies à cause de la
  // procédure de charge, autrement dit les pertes causées par l'unité qui
  // charge, et aussi celles causées par l'échec des tests de moral" (§ La
  // charge et le choc, step 3): what it lost since the friend's strike (the
  // strike's losses, saves deducted, and a failed test's), not the
  // defensive fire's before it. The data reduces the factor of the
  // shock's target (self.is_attack_target), which the charger is here.
  if (friend_countercharge && u == c->charger) {
    f.boolean(Given::self_is_attack_target, true);
    f.integer(Given::charge_procedure_losses, std::max(0, k->defender_strength - st.strength));
  }
  f.set(Given::combat_separating_hexside, cx.rules.hexside(separating_side(cx, u, t)));
  f.boolean(Given::self_higher_than_enemy, b.hill_at(st.hex) && !b.hill_at(ts.hex));
  auto factor = eval_int(f, Value::combat_factor, cx.checker);
  auto test = eval_test(f, Test::combat_to_hit, cx.checker);
  auto six = eval_int(f, Value::combat_six_losses, cx.checker);
  if (!factor || !test || !six) return;
  const replay::WrittenRoll* written = a.roll_or_main("hit");
  // "En cas d'assaut, le combat qui suit s'appelle une mêlée" (§ L'assaut
  // et la mêlée): the assaulting unit's strike is a mêlée's as much as the
  // riposte, so the losses it inflicts are mêlée losses (the save of a unit
  // twice as strong, § Sauvegarde, holds for the assaulted unit too). Only a
  // charge's (or pursuit's) shock inflicts shock losses.
  const LossCause cause = shock || st.charging ? LossCause::shock_losses : LossCause::melee_losses;
  if (*factor <= 0) {
    if (written)
      cx.checker.violation(
          Check::combat_dice, written->span,
          fmt::format("{} throws no combat dice: its combat factor is 0", cx.quoted(u)));
    return;
  }
  const auto notes = [&] {
    std::vector<std::string> lines = explain(f, Value::combat_factor);
    lines.insert(lines.begin(), fmt::format("combat factor {} of {} ({})", *factor, cx.quoted(u),
                                            shock ? "shock" : "mêlée"));
    return lines;
  };
  dice::Expr wanted;
  wanted.terms.push_back(dice::dice_term(dice::make_dice(static_cast<std::uint16_t>(*factor), 6)));
  // A charge not doubled says why in the first line (§ Précisions sur les
  // facteurs de combat ou de tir: "doublé … si l'unité charge").
  const auto subject = [&] {
    if (!shock || !st.charging) return fmt::format("attack of {}", cx.quoted(u));
    const std::string why =
        not_doubled_reasons(cx, f, t, *factor, charge_pair ? c->distance_at_declaration : 0);
    return why.empty() ? fmt::format("attack of {}", cx.quoted(u))
                       : fmt::format("attack of {} (a charge not doubled: {})", cx.quoted(u), why);
  };
  auto roll = cx.dice.take(wanted, written, cx.checker, Check::combat_dice, subject, notes);
  if (!roll) return;
  cx.checker.read_roll(wanted, *roll, [&] {
    return replay::dice_at_least(test->needed, cx.setup.units[u].side,
                                 fmt::format("attack of {}", cx.quoted(u)));
  });
  std::int64_t hits = 0, losses = 0;
  for (const dice::RolledDie& d : roll->dice) {
    if (d.value < test->needed) continue;
    ++hits;
    losses += d.faces.face() == 6 ? *six : 1;
  }
  const std::int64_t applied = cx.checker.outcome(
      Check::combat_hits, a.stated.span.valid() ? a.stated.span : a.span, "hits", a.stated.hits,
      hits,
      [&] { return std::vector{fmt::format("a hit on {}+ (test combat_to_hit)", test->needed)}; });
  cx.state.pending = PendingLosses{
      t, u, static_cast<std::int16_t>(std::max<std::int64_t>(0, applied + losses - hits)), cause,
      false};
}

}  // namespace umpire::sabreur
