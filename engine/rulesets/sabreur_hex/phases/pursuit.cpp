// Pursuits: 002_87c3dc452f850204.txt § La charge et le choc (procedure
// steps 5 and 6), § Manœuvres ("Le mouvement de poursuite ..."),
// § Les compétences (suite) ("impétueux", "sens tactique"), § L'assaut et la
// mêlée ("IL N'Y A PAS DE POURSUITE").
//
// Who may pursue is asked of the data (`pursue`; `join_pursuit` for a friend
// of the charger): the charger once its target reacted by flight or evade or
// fled because of the attack, never after an assault, never twice; plus one
// friend with "sens tactique", neither engaging nor engaged, facing as the
// charger, next to the charger's position before its pursuit. As this engine
// reads it, the unit that countercharged a charger that then fled may pursue
// it too (a countercharge "se fait comme pour une charge").
//
// The move is a frontal march without the initial rotation. Its length is
// the data's pursuit_distance (table pursuit_length: 1 hex, 1 D3, 1 D6 or
// 1 D6 + 2), run in full unless the pursuer ends engaging or engaged by an
// enemy, is blocked by a unit it may not pass or impassable terrain, or
// leaves the table (`to off-table`, as a flight does). An enemy the charger
// then engages may be attacked as in a shock with no reaction: State::charge
// becomes a pursuit (pursuer, that enemy), after which no second pursuit.
// Of two enemies it engages, the one the log's next `attack` (or `combat`)
// names; an attack at an enemy it does not engage is
// sabreur.pursuit.attack-target.
#include "engine/rulesets/sabreur_hex/phases/pursuit.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "engine/geometry/hex/text.hpp"
#include "engine/geometry/hex/zone.hpp"
#include "engine/rulesets/sabreur_hex/phases/charge.hpp"
#include "engine/rulesets/sabreur_hex/phases/facts.hpp"
#include "engine/rulesets/sabreur_hex/phases/impetuous.hpp"
#include "engine/rulesets/sabreur_hex/phases/movement.hpp"

namespace umpire::sabreur {
namespace {

bool fled_by_reaction(const UnitState& s) {
  return s.reaction == Detail::evade || s.reaction == Detail::flee;
}

// The enemy the log's `attack` (or `combat`) right after the pursuit `a`
// by `u` names as the one attacked (a friend's joining pursuit may come
// between); none when no such statement follows.
std::optional<UnitId> pursuit_attack_named(const Context& cx, const Action& a, UnitId u) {
  for (const Action* n = cx.next_action(a); n; n = cx.next_action(*n)) {
    // A friend joining the pursuit (step 5) may come before the attack (step 6).
    if (n->kind == ActionKind::pursue && !n->actors.empty() && n->actors.front() != u) continue;
    if (n->kind != ActionKind::attack && n->kind != ActionKind::combat) return std::nullopt;
    if (n->actors.empty() || n->targets.empty()) return std::nullopt;
    if (n->actors.front() == u) return n->targets.front();
    if (n->targets.front() == u) return n->actors.front();  // struck first: out of order
    return std::nullopt;
  }
  return std::nullopt;
}

// The data's pursuit_length row gives the dice; pursuit_distance the hexes.
std::optional<std::int64_t> pursuit_length(Context& cx, const Action& a, UnitId u, Facts& f) {
  const rules::Ruleset& rs = cx.rules.rs();
  const UnitSetup& s = cx.setup.units[u];
  const UnitState& st = cx.state.units[u];
  const auto subject = [&] { return fmt::format("pursuit of {}", cx.quoted(u)); };
  const auto row = [&] {
    return std::vector<std::string>{fmt::format("{} pursues as {} in {} (table pursuit_length)",
                                                cx.quoted(u), name(s.type), name(st.formation))};
  };
  auto table = cx.rules.optional_item(OptionalItem::pursuit_length);
  if (table && table->kind == rules::ItemKind::table) {
    rules::Evaluator ev(rs, f.situation());
    ev.set_trace(false);  // asked, not explained
    if (!ev.lookup(table->index, {cx.rules.type(s.type), cx.rules.formation(st.formation)})) {
      cx.checker.not_checked(
          fmt::format("the length of a pursuit by {} in {} (the text states none)", name(s.type),
                      name(st.formation)),
          a.span);
      return std::nullopt;
    }
  }
  // The die read from the values at faces 1 and 6: none (a fixed length),
  // 1 D3 (a D6 halved, rounded up: docs/dice.md), or 1 D6 plus a constant.
  f.integer(Given::pursuit_d6, 1);
  const auto low = eval_int(f, Value::pursuit_distance, cx.checker);
  f.integer(Given::pursuit_d6, 6);
  const auto high = eval_int(f, Value::pursuit_distance, cx.checker);
  if (!low || !high) return std::nullopt;
  const replay::WrittenRoll* written = a.roll("");
  std::optional<std::int64_t> length;
  if (*low == *high) {
    if (written)
      cx.checker.violation(Check::pursuit_dice, written->span,
                           fmt::format("{} throws dice for a pursuit of a fixed {}", cx.quoted(u),
                                       hexes_text(static_cast<int>(*low))));
    length = *low;
  } else {
    dice::Expr wanted;
    const bool d3 = *high - *low == 2;
    wanted.terms.push_back(dice::dice_term(dice::make_dice(1, d3 ? 3 : 6)));
    if (!d3 && *low != 1) wanted.terms.push_back(dice::constant_term(*low - 1));
    auto roll = cx.dice.take(wanted, written, cx.checker, Check::pursuit_dice, subject, row);
    if (!roll || roll->dice.empty()) return std::nullopt;
    f.integer(Given::pursuit_d6, roll->dice[0].faces.face());
    length = eval_int(f, Value::pursuit_distance, cx.checker);
  }
  if (!length) return std::nullopt;
  const Span stated = a.stated.span.valid() ? a.stated.span : a.span;
  std::optional<std::int64_t> said;
  if (a.stated.distance) said = static_cast<std::int64_t>(*a.stated.distance);
  return cx.checker.outcome(Check::pursuit_length, stated, "hexes of pursuit", said, *length,
                            {row});
}

// "bloquée par une unité intraversable ou un terrain impassable": neither
// front hex can be entered (an off-map hex is not a block: the pursuer
// would leave the table). An extended line steps as one, both halves by
// the same offset (check_second_path): a step is open when neither half is
// barred from its hex, and off the map when both leave it.
bool pursuit_blocked(const Context& cx, UnitId u, Hex at, Facing facing) {
  const Board b = cx.board();
  const UnitState& st = cx.state.units[u];
  const bool mover_passes_friends =
      arm_of(cx.setup.units[u].type) == Arm::artillery || st.formation == Formation::skirmish_order;
  // Whether half of `u` on `from` may step to `h` (an off-map hex counts
  // as open here).
  const auto may_enter = [&](Hex from, Hex h) {
    if (!cx.setup.map.contains(h)) return true;
    const auto kind = static_cast<std::size_t>(b.terrain_at(h));
    const auto side = static_cast<std::size_t>(b.side_between(from, h));
    if (!cx.terrain.hex_passable[kind] || !cx.terrain.side_passable[side]) return false;
    const auto other = cx.state.unit_at(h);
    if (!other || *other == u) return true;
    const UnitState& o = cx.state.units[*other];
    return !b.enemies(u, *other) && !o.panicked &&
           (mover_passes_friends || arm_of(cx.setup.units[*other].type) == Arm::artillery ||
            o.formation == Formation::skirmish_order);
  };
  std::optional<Hex> second;
  if (st.second_hex) second = *st.second_hex + (at - st.hex);
  for (const Hex h : hex::front_hexes(at, facing)) {
    const Hex offset = h - at;
    if (!second) {
      if (may_enter(at, h)) return false;
      continue;
    }
    const Hex h2 = *second + offset;
    if (!cx.setup.map.contains(h) && !cx.setup.map.contains(h2)) return false;
    if (may_enter(at, h) && may_enter(*second, h2)) return false;
  }
  return true;
}

}  // namespace

void note_flight(Context& cx, const Action& a) {
  if (a.actors.empty() || !cx.state.charge) return;
  ChargeInProgress& c = *cx.state.charge;
  const UnitId u = a.actors.front();
  if (a.kind == ActionKind::test) {
    // A charger that fails a test (after defensive fire) ends its charge.
    if (u == c.charger && cx.state.failure && cx.state.failure->unit == u) c.charger_failed = true;
    return;
  }
  if (a.kind != ActionKind::flee && a.kind != ActionKind::evade) return;
  if (u == c.target) c.target_fled = true;
  if (u == c.charger) c.charger_fled = true;
}

void pursue(Context& cx, const Action& a) {
  const UnitId u = a.actors.front();
  UnitState& st = cx.state.units.edit(u);
  const Board b = cx.board();
  std::optional<ChargeInProgress>& c = cx.state.charge;
  // The pursuer's part: the charger, or (see above) the countercharger of a
  // charger that fled; else a friend of the charger joining the pursuit.
  bool leads = false, fled = false;
  if (c && u == c->charger) {
    leads = true;
    fled = c->target_fled || fled_by_reaction(cx.state.units[c->target]);
  } else if (c && c->charger_fled && st.reaction == Detail::countercharge &&
             b.enemies(u, c->charger)) {
    leads = true;
    fled = true;
  }
  const bool joins = c && !leads && u != c->charger && !b.enemies(u, c->charger);
  if (joins) fled = c->target_fled || fled_by_reaction(cx.state.units[c->target]);
  std::optional<UnitId> pursued;
  if (!a.targets.empty())
    pursued = a.targets.front();
  else if (c)
    pursued = leads && u != c->charger ? c->charger : c->target;

  Facts f(cx.rules);
  fill_self(cx, f, u);
  fill_enemy(cx, f, pursued);
  // After an assault no charge is in progress: its fight was a mêlée.
  f.word(Given::combat_kind, !c && cx.state.assault ? "melee" : "shock");
  f.boolean(Given::charge_target_fled_or_evaded, fled);
  f.boolean(Given::charge_already_pursued, c && (c->pursuit || (leads && c->pursued)));
  f.integer(Given::charge_pursuing_friends, c ? c->pursuing_friends : 0);
  const Hex lead_from =
      c ? (c->pursued ? c->pursued_from : cx.state.units[c->charger].hex) : st.hex;
  f.boolean(Given::self_same_facing_as_charger,
            c.has_value() && st.facing == cx.state.units[c->charger].facing);
  f.boolean(Given::self_adjacent_to_charger_start,
            c.has_value() && hex::adjacent(st.hex, lead_from));
  const auto subject = [&] {
    return pursued ? fmt::format("a pursuit of {} by {}", cx.quoted(*pursued), cx.quoted(u))
                   : fmt::format("a pursuit by {}", cx.quoted(u));
  };
  bool allowed = check_permissions(f, RuleAction::pursue, cx.checker, a.span,
                                   Check::pursuit_not_allowed, subject);
  if (c && !leads)
    allowed = check_permissions(f, RuleAction::join_pursuit, cx.checker, a.span,
                                Check::pursuit_not_allowed, subject) &&
              allowed;
  if (allowed && leads && u == c->charger && c->charger_failed) {
    // § Réactions face à une charge: "Si un test de moral échoue, alors la
    // charge prend fin".
    cx.checker
        .violation(Check::pursuit_not_allowed, a.span,
                   fmt::format("{} is not allowed: the charge of {} ended when it failed its "
                               "morale test",
                               subject(), cx.quoted(u)))
        .note("a charger that fails the test called by defensive fire goes no further");
    allowed = false;
  }
  if (!allowed) {
    // Not a pursuit the rules allow: applied as written, nothing more checked.
    std::optional<Hex> to = a.to;
    if (!to && !a.path.empty()) to = a.path.back();
    if (a.off_table)
      cx.state.eliminate(u);
    else if (to && cx.setup.map.contains(*to))
      end_move(cx, u, *to, a.facing.value_or(st.facing),
               "a pursuit the rules do not allow (applied as written)");
    return;
  }

  // The length: the dice the data's pursuit_length calls for.
  const std::optional<std::int64_t> length = pursuit_length(cx, a, u, f);

  // The move: a frontal march without the initial rotation.
  const Hex start = st.hex;
  const Facing facing = st.facing;
  const Span span = a.path_span.valid() ? a.path_span : a.span;
  if (a.facing && *a.facing != facing) {
    cx.checker
        .violation(
            Check::pursuit_march, span,
            fmt::format("{} turns to face {} in its pursuit", cx.quoted(u), hex::name(*a.facing)))
        .note("a pursuit is a frontal march without the initial rotation: it keeps facing {}",
              hex::name(facing));
  }
  HexPath path = a.path;
  std::size_t moved = path.size();
  Hex end = path.empty() ? start : path.back();
  bool way_known = true;  // every hex the pursuit crosses is in `path`
  if (path.empty() && a.to && *a.to != start) {
    // Written with its destination only: a hex its front steps reach in as
    // many steps as its distance, the front cone (docs/hex-geometry.md).
    end = *a.to;
    moved = static_cast<std::size_t>(hex::distance(start, end));
    if (!hex::in_front_cone(start, facing, end)) {
      cx.checker
          .violation(Check::pursuit_march, a.span,
                     fmt::format("{} pursues to {}, which its front steps do not reach from {}",
                                 cx.quoted(u), hex::to_string(end), hex::to_string(start)))
          .note("facing {}, a pursuit enters one of its two front hexes at each step",
                hex::name(facing));
    }
    // Straight ahead through one front hex, the front steps have one way
    // there: every step through that hex's direction.
    const auto dir = hex::straight_direction(start, end);
    if (moved > 1 && dir && hex::in_front_hexes(start, facing, hex::step(start, *dir, 1))) {
      for (std::size_t i = 1; i <= moved; ++i)
        path.push_back(hex::step(start, *dir, static_cast<int>(i)));
    } else {
      path.push_back(end);
      way_known = moved <= 1;
    }
    if (!way_known)
      cx.checker.not_checked("the hexes a pursuit written without its path crosses", a.span);
  } else {
    const std::size_t bad = hex::first_invalid_step(start, facing, path, hex::StepKind::frontal);
    if (bad < path.size()) {
      const Hex from = bad == 0 ? start : path[bad - 1];
      cx.checker
          .violation(Check::pursuit_march, span,
                     fmt::format("{} pursues to {}, which is not one of its front hexes",
                                 cx.quoted(u), hex::to_string(path[bad])))
          .note("facing {} from {}, the front hexes are {} and {}", hex::name(facing),
                hex::to_string(from), hex::to_string(hex::front_hexes(from, facing)[0]),
                hex::to_string(hex::front_hexes(from, facing)[1]));
    }
  }
  PathCheck pc = check_path(cx, u, start, path, span, true);
  // An extended line's second half runs beside the first, by the same
  // steps, without a turn (check_second_path, § Orientation des unités).
  if (way_known && !a.off_table) {
    const PathCheck second = check_second_path(cx, u, facing, path, span);
    pc.penalising = pc.penalising || second.penalising;
    if (!second.end) pc.end.reset();
  }

  // "Cette longueur DOIT être parcourue dans son intégralité": over the
  // dice only off the table; short of them only when engaging or engaged,
  // blocked, or on terrain that slows it.
  if (a.off_table) {
    const auto front = hex::front_hexes(end, facing);
    if (cx.setup.map.contains(front[0]) && cx.setup.map.contains(front[1])) {
      cx.checker
          .violation(Check::pursuit_length, span,
                     fmt::format("{} pursues off the table from {}, which is not at its edge",
                                 cx.quoted(u), hex::to_string(end)))
          .note("facing {}, the front hexes {} and {} are on the table", hex::name(facing),
                hex::to_string(front[0]), hex::to_string(front[1]));
    } else if (length && static_cast<std::int64_t>(moved) >= *length) {
      cx.checker
          .violation(Check::pursuit_length, span,
                     fmt::format("{} leaves the table after {}, the dice give {}", cx.quoted(u),
                                 hexes_text(static_cast<int>(moved)),
                                 hexes_text(static_cast<int>(*length))))
          .note("the pursuit ends on the table when its length runs out first");
    }
    cx.state.eliminate(u);  // it left the table (§ Manœuvres)
  } else {
    if (pc.end)
      end_move(cx, u, *pc.end, facing, way_known ? "" : "a pursuit written without its path");
    const Board now = cx.board();
    const bool contact = now.engages_enemy(u) || now.engaged_by_enemy(u);
    if (length && static_cast<std::int64_t>(moved) > *length) {
      cx.checker.violation(
          Check::pursuit_length, span,
          fmt::format("{} pursues {}, the dice give {}", cx.quoted(u),
                      hexes_text(static_cast<int>(moved)), hexes_text(static_cast<int>(*length))));
    } else if (length && static_cast<std::int64_t>(moved) < *length && !contact &&
               !pursuit_blocked(cx, u, cx.state.units[u].hex, facing)) {
      if (pc.penalising) {
        // "en tenant compte bien sûr du terrain": a penalised march may move
        // half its movement factor (§ Les terrains dans Sabreur); whether a
        // penalised pursuit is held to that half, or runs half its dice, or
        // stops at the penalising hex, the text does not say.
        cx.checker.not_checked(
            fmt::format("how far penalising terrain lets {} fall short of its pursuit: it runs "
                        "{} of the {} its dice give (half a march, half the dice, or up to the "
                        "terrain: the text does not say)",
                        cx.quoted(u), hexes_text(static_cast<int>(moved)),
                        hexes_text(static_cast<int>(*length))),
            a.span);
      } else {
        cx.checker
            .violation(Check::pursuit_length, span,
                       fmt::format("{} stops its pursuit after {}, the dice give {}", cx.quoted(u),
                                   hexes_text(static_cast<int>(moved)),
                                   hexes_text(static_cast<int>(*length))))
            .note(
                "the whole length is run unless the pursuer engages or is engaged by an "
                "enemy, or a unit it may not pass or impassable terrain blocks it");
      }
    }
  }

  // The pursuit is spent; a friend that joined it acts afterwards as if it
  // had not pursued (§ La charge et le choc, step 5).
  if (c && leads) {
    c->pursued = true;
    c->pursued_from = start;
  } else if (c) {
    ++c->pursuing_friends;
  }
  if (!cx.state.units[u].on_table) return;
  // Step 6: an enemy the pursuer engages may be attacked with the charge's
  // bonuses and no reaction.
  const Board now = cx.board();
  std::vector<UnitId> engaged;
  for (std::size_t e = 0; e < cx.state.units.size(); ++e) {
    const auto other = static_cast<UnitId>(e);
    if (now.present(other) && now.enemies(u, other) && now.engages(u, other))
      engaged.push_back(other);
  }
  if (engaged.empty()) return;
  if (!leads) {
    // Step 6 gives the attack of a pursuit to "l'unité qui charge"; the
    // friend that joined it "pourra ensuite agir normalement, comme si elle
    // n'avait pas effectué cette poursuite" (step 5): no attack of its own
    // follows its pursuit, among the statements of the charge's combat.
    for (const Action* n = cx.next_action(a); n; n = cx.next_action(*n)) {
      if (n->kind != ActionKind::attack && n->kind != ActionKind::combat &&
          n->kind != ActionKind::pursue && n->kind != ActionKind::test &&
          n->kind != ActionKind::save && n->kind != ActionKind::flee &&
          n->kind != ActionKind::result)
        break;
      if (n->kind != ActionKind::attack && n->kind != ActionKind::combat) continue;
      const bool by_friend = !n->actors.empty() && n->actors.front() == u;
      const bool names_friend =
          n->kind == ActionKind::combat && !n->targets.empty() && n->targets.front() == u;
      if (!by_friend && !names_friend) continue;
      cx.checker
          .violation(Check::pursuit_friend_attack, n->span,
                     fmt::format("{} attacks after joining the pursuit of {}: the attack of a "
                                 "pursuit is the charger's",
                                 cx.quoted(u), cx.quoted(c ? c->charger : u)))
          .note(
              "\"Si suite à une poursuite, l'unité qui charge engage une unité adverse, alors "
              "cette unité adverse peut être attaquée\"; the friend acts afterwards \"comme si "
              "elle n'avait pas effectué cette poursuite\"")
          .hint(
              "{} may attack {} only by an action of its own (an assault, when it has not "
              "acted yet)",
              cx.setup.units[u].id, cx.setup.units[engaged.front()].id);
      break;
    }
    return;
  }
  // "Si suite à une poursuite, l'unité qui charge engage une unité adverse,
  // alors cette unité adverse peut être attaquée": when it engages two, the
  // players choose, and the log's `attack` (or `combat`) right after the
  // pursuit names the one. An enemy it does not engage is reported at that
  // statement (sabreur.pursuit.attack-target, combat_sequence.cpp). No attack
  // follows: none is attacked, and the first stays the pursuit's target.
  UnitId t = engaged.front();
  if (engaged.size() > 1) {
    if (const auto named = pursuit_attack_named(cx, a, u);
        named && std::find(engaged.begin(), engaged.end(), *named) != engaged.end())
      t = *named;
  }
  UnitState& ts = cx.state.units.edit(t);
  // "Cette attaque de poursuite bénéficie des bonus sur facteurs de combat
  // liés à la charge": those of the charge it continues, as declared.
  ChargeInProgress p;
  p.charger = u;
  p.target = t;
  p.charger_from = start;
  p.distance_at_declaration =
      c ? c->distance_at_declaration : static_cast<std::int16_t>(hex::distance(start, ts.hex));
  p.target_engaged_at_declaration = true;
  p.target_strength = ts.strength;
  p.pursuit = true;
  // The ground of the doubling (§ Effets du terrain, "du début à la fin"):
  // the hexes written; a pursuit that did not move (it already engaged an
  // enemy, or was blocked at once) crossed only its own hex, judged alone.
  p.path_open = moved == 0 ? path_openness(cx, start, std::span<const Hex>(&start, 1))
                           : path_openness(cx, start, a.path);
  p.pursued = true;
  p.pursued_from = start;
  cx.state.charge = p;
  cx.state.units.edit(u).charging = true;
  ts.is_attack_target = true;
  ts.test_enemy = u;
  ts.clear_reaction();              // no reaction to a pursuit's attack
  impetuous_engages(cx, u, t, {});  // "impétueux": its strike is owed (impetuous.cpp)
}

bool pursuit_attack_off_target(const Context& cx, const Action& a, UnitId pursuer, UnitId t) {
  const Board b = cx.board();
  if (!cx.state.units[pursuer].on_table || !cx.state.units[t].on_table || b.engages(pursuer, t))
    return false;
  // Out of contact is sabreur.combat.contact's (combat.cpp), for a strike.
  if (a.kind == ActionKind::attack &&
      !hex::adjacent(cx.state.units[pursuer].hex, cx.state.units[t].hex))
    return false;
  std::string engaged;
  for (std::size_t e = 0; e < cx.state.units.size(); ++e) {
    const auto other = static_cast<UnitId>(e);
    if (b.present(other) && b.enemies(pursuer, other) && b.engages(pursuer, other))
      engaged += fmt::format("{}{}", engaged.empty() ? "" : ", ", cx.quoted(other));
  }
  cx.checker
      .violation(Check::pursuit_attack_target, a.span,
                 fmt::format("{} attacks {} after its pursuit, but does not engage it",
                             cx.quoted(pursuer), cx.quoted(t)))
      .note(
          "only an enemy the pursuer engages at the end of its pursuit may be attacked "
          "(§ La charge et le choc, step 6)")
      .hint(engaged.empty() ? fmt::format("{} engages no enemy: no attack follows its pursuit",
                                          cx.quoted(pursuer))
                            : fmt::format("{} engages {}", cx.quoted(pursuer), engaged));
  return true;
}

// "Une unité avec cette compétence doit poursuivre, si elle en a
// l'occasion." The chance opens when the charge's target flees or evades
// and lasts while the charge's procedure goes on: reactions, their tests
// and saves, flights, evades, pursuits, and `state` or `remove` statements.
// The first other statement (or the end of the log) closes it; the data's
// `must pursue` says whether the charger had to. A charger that fled, failed
// a test, panicked or has both front hexes blocked has no occasion.
void check_impetuous_pursuit(Context& cx, const Action* next) {
  if (!cx.state.charge) return;
  ChargeInProgress& c = *cx.state.charge;
  if (c.pursued || c.pursuit || !(c.target_fled || fled_by_reaction(cx.state.units[c.target])))
    return;
  if (next) {
    switch (next->kind) {
      case ActionKind::respond:
      case ActionKind::test:
      case ActionKind::save:
      case ActionKind::flee:
      case ActionKind::evade:
      case ActionKind::pursue:
      case ActionKind::state:   // bookkeeping of the procedure
      case ActionKind::remove:  // (a unit fled off the table)
        return;
      default:
        break;
    }
  }
  const UnitState& st = cx.state.units[c.charger];
  if (!st.on_table || st.panicked || c.charger_fled || c.charger_failed) return;
  if (pursuit_blocked(cx, c.charger, st.hex, st.facing)) return;  // no hex to pursue into
  Facts f(cx.rules);
  fill_self(cx, f, c.charger);
  fill_enemy(cx, f, c.target);
  f.word(Given::combat_kind, "shock");
  f.boolean(Given::charge_target_fled_or_evaded, true);
  f.boolean(Given::charge_already_pursued, false);
  f.integer(Given::charge_pursuing_friends, c.pursuing_friends);
  f.boolean(Given::self_same_facing_as_charger, true);
  f.boolean(Given::self_adjacent_to_charger_start, false);
  if (verdict(f, RuleAction::pursue) != rules::Verdict::required) return;  // asked, not explained
  c.pursued = true;  // the chance has passed: reported once
  c.pursued_from = st.hex;
  cx.checker
      .violation(Check::pursuit_impetuous, next ? next->span : cx.checker.event_span(),
                 fmt::format("{} did not pursue, though \"impétueux\" must when it can",
                             cx.quoted(c.charger)))
      .hint("write 'pursue {} …' right after the flight of {}", cx.setup.units[c.charger].id,
            cx.setup.units[c.target].id);
}

}  // namespace umpire::sabreur
