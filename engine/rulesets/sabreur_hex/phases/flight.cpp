// Flight: 002_87c3dc452f850204.txt § Manœuvres ("Une unité qui fuit ...").
// The unit takes the horde, turns its back to the nearest danger, then runs
// 1 D6 hexes (cavalry 1 D6 + 2) through its front hexes without turning,
// the whole length whatever the terrain, unless an enemy or impassable
// terrain blocks it; it is eliminated if it runs off the table or ends on an
// occupied hex. Artillery never flees: it is eliminated. With no danger
// near, it flees towards its own side of the table; friends it passes
// through lose 1 D3 (Elite none, Recruit 1 D6).
#include "engine/rulesets/sabreur_hex/phases/flight.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "engine/geometry/hex/text.hpp"
#include "engine/geometry/hex/zone.hpp"
#include "engine/rulesets/sabreur_hex/phases/facts.hpp"
#include "engine/rulesets/sabreur_hex/phases/movement.hpp"
#include "engine/rulesets/sabreur_hex/phases/turn.hpp"

namespace umpire::sabreur {
namespace {

// "la fuite se fait vers le camp de l'unité en fuite": the facings whose two
// front hexes both lead towards the side's home edge (a pointy-topped grid
// has a vertex due north and due south, none due east or west).
bool faces_home(Facing f, std::string_view edge) {
  if (edge == "north") return f == Facing::n;
  if (edge == "south") return f == Facing::s;
  if (edge == "east") return f == Facing::ne || f == Facing::se;
  if (edge == "west") return f == Facing::nw || f == Facing::sw;
  return true;
}

// Each friend a flight passes through loses what the data's passage_losses
// gives: the log writes one `effect` roll per friend losing dice, in the
// order of the path (a D3 is thrown as a D6, docs/dice.md).
std::optional<std::size_t> pass_through_friends(Context& cx, const Action& a, UnitId u,
                                                const std::vector<UnitId>& friends) {
  const UnitSetup& fleeing = cx.setup.units[u];
  const UnitState& st = cx.state.units[u];
  // Out of skirmish order on the turn it panics: its first flight, since a
  // panicked unit is in horde.
  const bool first_flight_from_skirmish = st.formation == Formation::skirmish_order && !st.panicked;
  std::size_t effect_rolls = 0;
  for (UnitId p : friends) {
    if (!cx.state.units[p].on_table) continue;
    Facts f(cx.rules);
    fill_self(cx, f, p);
    f.set(Given::friend_skills, cx.rules.skills(fleeing.skills));
    f.boolean(Given::friend_fled_from_skirmish_order_this_turn, first_flight_from_skirmish);
    // The die the data reads, found from its highest face: none, 1 D3 or 1 D6.
    f.integer(Given::passage_d6, 6);
    const auto most = eval_int(f, Value::passage_losses, cx.checker);
    if (!most) return std::nullopt;
    if (*most == 0) continue;
    const auto subject = [&] {
      return fmt::format("losses of {}, passed through by {}", cx.quoted(p), cx.quoted(u));
    };
    dice::Expr wanted;
    wanted.terms.push_back(dice::dice_term(dice::make_dice(1, *most == 6 ? 6 : 3)));
    auto roll = cx.dice.take(wanted, a.roll("effect", effect_rolls++), cx.checker,
                             Check::flight_passage_losses, subject);
    if (!roll || roll->dice.empty()) continue;
    f.integer(Given::passage_d6, roll->dice[0].faces.face());
    const auto losses = eval_int(f, Value::passage_losses, cx.checker);
    if (losses && *losses > 0) cx.state.lose(p, static_cast<int>(*losses));
  }
  return effect_rolls;
}

// "Il se peut que la case d'arrivée soit déjà occupée ; dans ce cas l'unité
// en fuite est éliminée" (§ Manœuvres). The engine eliminates it; a log
// that goes on using the unit (before any 'remove' of it) is told so at the
// flight, where the reason is, not only where the unit is missed.
void check_not_used_after(Context& cx, const Action& a, UnitId u, UnitId occupant, Hex at) {
  if (!cx.in_log(a)) return;
  const auto involves = [u](const Action& b) {
    return std::find(b.actors.begin(), b.actors.end(), u) != b.actors.end() ||
           std::find(b.targets.begin(), b.targets.end(), u) != b.targets.end();
  };
  for (const Action* b = cx.next_action(a); b; b = cx.next_action(*b)) {
    if (!involves(*b)) continue;
    if (b->kind == ActionKind::remove) return;
    if (std::find(b->actors.begin(), b->actors.end(), u) != b->actors.end())
      cx.scratch.use_after_flight = b;  // actors_present (turn.cpp) reports it no more
    cx.checker
        .violation(Check::flight_occupied_end, a.span,
                   fmt::format("{} flees onto {}, where {} stands: a flight that ends on an "
                               "occupied hex eliminates the unit",
                               cx.quoted(u), hex::to_string(at), cx.quoted(occupant)))
        .label(b->span, fmt::format("yet {} is used here", cx.quoted(u)))
        .hint("write 'remove {}' after the flight", cx.setup.units[u].id);
    return;
  }
}

}  // namespace

void flee(Context& cx, const Action& a) {
  const UnitId u = a.actors.front();
  UnitState& st = cx.state.units.edit(u);
  const Board b = cx.board();
  const Hex start = st.hex;
  const auto subject = [&] { return fmt::format("the flight of {}", cx.quoted(u)); };
  Facts f(cx.rules);
  fill_self(cx, f, u);
  fill_enemy(cx, f, st.test_enemy);
  f.integer(Given::flee_d6, 1);
  if (!check_permissions(f, RuleAction::flee, cx.checker, a.span, Check::flight_artillery,
                         subject)) {
    // Artillery obliged to flee is eliminated.
    cx.state.eliminate(u);
    return;
  }

  // The length: 1 D6, + 2 for cavalry (the data's flee_distance with a 1).
  auto with_one = eval_int(f, Value::flee_distance, cx.checker);
  if (!with_one) return;
  // Its breakdown only for a diagnostic: take() asks for it before the die
  // is stated below, so on these facts (a die of 1).
  const auto notes = [&] { return explain(f, Value::flee_distance); };
  dice::Expr wanted;
  wanted.terms.push_back(dice::dice_term(dice::make_dice(1, 6)));
  if (*with_one != 1) wanted.terms.push_back(dice::constant_term(*with_one - 1));
  auto roll = cx.dice.take(wanted, a.roll(""), cx.checker, Check::flight_dice, subject, notes);
  std::optional<std::int64_t> length;
  if (roll && !roll->dice.empty()) {
    f.integer(Given::flee_d6, roll->dice[0].faces.face());
    length = eval_int(f, Value::flee_distance, cx.checker);
  }
  if (length) {
    const Span stated = a.stated.span.valid() ? a.stated.span : a.span;
    std::optional<std::int64_t> said;
    if (a.stated.distance) said = static_cast<std::int64_t>(*a.stated.distance);
    length =
        cx.checker.outcome(Check::flight_length, stated, "hexes of flight", said, *length, [&] {
          return std::vector<std::string>{
              fmt::format("{} flees 1 D6{} hexes", cx.quoted(u), *with_one != 1 ? " + 2" : "")};
        });
  }

  // The back to the nearest danger: the enemy just responsible for the
  // flight, else one that engages it or that it engages: "le camp de l'unité
  // en fuite en choisit une au hasard", so any of them that is in the rear
  // cone is the one chosen (`danger` is then it, else the first, named).
  const Facing facing = a.facing.value_or(st.facing);
  std::optional<UnitId> danger;
  bool chosen = false;  // `danger` is in the rear cone
  if (st.test_enemy && cx.state.units[*st.test_enemy].on_table && b.enemies(u, *st.test_enemy)) {
    danger = st.test_enemy;
    chosen = hex::in_rear_cone(start, facing, cx.state.units[*danger].hex);
  }
  const bool responsible = danger.has_value();
  for (std::size_t e = 0; !responsible && !chosen && e < cx.state.units.size(); ++e) {
    const auto other = static_cast<UnitId>(e);
    if (!b.enemies(u, other) || !cx.state.units[other].on_table ||
        !(b.engages(other, u) || b.engages(u, other)))
      continue;
    if (hex::in_rear_cone(start, facing, cx.state.units[other].hex)) {
      danger = other;
      chosen = true;
    } else if (!danger) {
      danger = other;
    }
  }
  const std::string& home = cx.setup.sides[cx.setup.units[u].side].home_edge;
  if (!danger && home.empty()) {
    // "Si il n'y a pas d'unité adverse pouvant être qualifiée de \"danger le
    // plus proche\", alors la fuite se fait vers le camp de l'unité en
    // fuite": which edge is that camp the text leaves to the scenario.
    cx.checker.not_checked(
        fmt::format("the direction of the flight of {} towards its side's camp: no enemy engages "
                    "it, is engaged by it or caused the flight, and the log names no home edge "
                    "for {}",
                    cx.quoted(u), cx.setup.sides[cx.setup.units[u].side].id),
        a.span);
  } else if (!danger && !faces_home(facing, home)) {
    cx.checker
        .violation(Check::flight_direction, a.span,
                   fmt::format("{} flees facing {}, away from its side's {} edge", cx.quoted(u),
                               hex::name(facing), home))
        .note(
            "no enemy engages it, is engaged by it or caused the flight: it flees towards its "
            "own side")
        .hint("face {}", home == "north"   ? "n"
                         : home == "south" ? "s"
                         : home == "east"  ? "ne or se"
                                           : "nw or sw");
  } else if (danger && !chosen) {
    cx.checker
        .violation(
            Check::flight_direction, a.span,
            fmt::format("{} flees facing {} without turning its back to {}{}", cx.quoted(u),
                        hex::name(facing), cx.quoted(*danger),
                        responsible ? ", responsible for the flight"
                                    : " nor to any other enemy it engages or that engages it"))
        .note("{} stands on {} ({} of {} facing {})", cx.quoted(*danger),
              hex::to_string(cx.state.units[*danger].hex),
              hex::name(hex::zone_of(start, facing, cx.state.units[*danger].hex)),
              hex::to_string(start), hex::name(facing))
        .hint(std::string(
            responsible ? "the enemy responsible for the flight must be in the rear cone of "
                          "the fleeing unit"
                        : "one of the enemies it engages or that engage it must be in the rear "
                          "cone of the fleeing unit"));
  }
  const Span span = a.path_span.valid() ? a.path_span : a.span;
  const std::size_t bad = hex::first_invalid_step(start, facing, a.path, hex::StepKind::frontal);
  if (bad < a.path.size()) {
    cx.checker.violation(Check::flight_direction, span,
                         fmt::format("{} flees to {}, which is not one of its front hexes",
                                     cx.quoted(u), hex::to_string(a.path[bad])));
  }

  // The run: stopped by an enemy or impassable terrain, over at the edge.
  bool off_table = false;
  std::size_t run = 0;  // hexes the flight may enter
  std::optional<std::string> blocked_by;
  std::vector<UnitId> friends_passed;
  Hex at = start;
  for (const Hex h : a.path) {
    if (!cx.setup.map.contains(h)) {
      off_table = true;
      ++run;
      break;
    }
    const auto kind = static_cast<std::size_t>(b.terrain_at(h));
    const auto side = static_cast<std::size_t>(b.side_between(at, h));
    if (!cx.terrain.hex_passable[kind] || !cx.terrain.side_passable[side]) {
      blocked_by = fmt::format("impassable terrain at {}", hex::to_string(h));
      break;
    }
    if (auto other = cx.state.unit_at(h); other && *other != u) {
      if (b.enemies(u, *other)) {
        blocked_by = fmt::format("{} on {}", cx.quoted(*other), hex::to_string(h));
        break;
      }
      friends_passed.push_back(*other);
    }
    at = h;
    ++run;
  }
  // `to off-table`: the log says the unit runs on past the end of its path
  // and leaves the table, which it can only do from the edge, short of its
  // length.
  if (a.off_table && !blocked_by && !off_table) {
    const auto front = hex::front_hexes(at, facing);
    if (cx.setup.map.contains(front[0]) && cx.setup.map.contains(front[1])) {
      cx.checker
          .violation(Check::flight_length, span,
                     fmt::format("{} flees off the table from {}, which is not at its edge",
                                 cx.quoted(u), hex::to_string(at)))
          .note("facing {}, the front hexes {} and {} are on the table", hex::name(facing),
                hex::to_string(front[0]), hex::to_string(front[1]));
    } else if (length && static_cast<std::int64_t>(a.path.size()) >= *length) {
      cx.checker
          .violation(Check::flight_length, span,
                     fmt::format("{} leaves the table after {}, the dice give {}", cx.quoted(u),
                                 hexes_text(static_cast<int>(a.path.size())),
                                 hexes_text(static_cast<int>(*length))))
          .note("the flight ends on the table when its length runs out first");
    }
    off_table = true;
  }
  if (blocked_by && run < a.path.size()) {
    cx.checker
        .violation(Check::flight_blocked, span,
                   fmt::format("{} flees on past {}", cx.quoted(u), *blocked_by))
        .note("a flight stops at an enemy or impassable terrain; it never passes through an enemy");
  } else if (length && !blocked_by && !off_table &&
             static_cast<std::int64_t>(a.path.size()) != *length) {
    cx.checker
        .violation(Check::flight_length, span,
                   fmt::format("{} flees {}, the dice give {}", cx.quoted(u),
                               hexes_text(static_cast<int>(a.path.size())),
                               hexes_text(static_cast<int>(*length))))
        .note(
            "the whole length is run, whatever the terrain, unless an enemy or impassable "
            "terrain blocks it or the unit leaves the table");
  }
  // A friend on the hex of arrival is not passed through: the flight ends
  // there and the fleeing unit is eliminated.
  if (!friends_passed.empty() && cx.state.unit_at(at) == friends_passed.back())
    friends_passed.pop_back();
  std::optional<std::size_t> effects_used = 0;
  if (!friends_passed.empty()) effects_used = pass_through_friends(cx, a, u, friends_passed);
  // A die the rules do not call for is not silently dropped: an `effect`
  // roll with no friend passed through to lose it (§ Manœuvres).
  if (effects_used) {
    for (std::size_t i = *effects_used; const replay::WrittenRoll* r = a.roll("effect", i); ++i)
      cx.checker
          .violation(Check::flight_effect_not_called, r->span.valid() ? r->span : a.span,
                     fmt::format("the flight of {} writes an 'effect' roll that no friend passed "
                                 "through calls for",
                                 cx.quoted(u)))
          .note("{} friend{} passed through lose{} dice in this flight", *effects_used,
                *effects_used == 1 ? "" : "s", *effects_used == 1 ? "s" : "")
          .hint(
              "a flight's 'effect' rolls are the losses of the friends it passes through, one "
              "per friend that loses dice; a friend on the hex of arrival is not passed "
              "through");
  }

  // Horde and panic, then the end of the run.
  st.panicked = true;
  st.formation = Formation::horde;
  settle_second_hex(cx, u);  // a horde holds one hex
  st.facing = facing;
  st.next_test = TestReason::special_action;
  if (off_table) {
    cx.state.eliminate(u);
    return;
  }
  if (auto other = cx.state.unit_at(at); other && *other != u) {
    check_not_used_after(cx, a, u, *other, at);
    cx.state.eliminate(u);  // the hex of arrival is occupied: eliminated
    return;
  }
  cx.state.place(u, at);
  st.manoeuvred = true;
}

// The evade (esquive): 002_87c3dc452f850204.txt § Manœuvres ("Une unité qui
// esquive le fait vers l'arrière, en entrant à chaque fois dans l'un des deux
// hexagones de dos de l'unité. L'esquive est interdite si on est engagé de
// dos par une unité adverse. La longueur du déplacement ne peut pas dépasser
// la longueur maximum autorisée pour l'unité."). Passing through units
// follows the rule of marches (check_path); no disengagement losses, which
// the text gives only after a frontal or indirect march.
void evade(Context& cx, const Action& a) {
  const UnitId u = a.actors.front();
  UnitState& st = cx.state.units.edit(u);
  // As a reaction to a charge the unit needs no order, and its `respond`
  // statement already asked whether it may evade (reactions.cpp).
  const bool reacting = st.reaction == Detail::evade;
  const auto subject = [&] { return fmt::format("an evade by {}", cx.quoted(u)); };
  Facts f(cx.rules);
  fill_self(cx, f, u);
  // § La charge et le choc, 4: "si l'unité chargée est de l'infanterie qui a
  // réagi à une charge de cavalerie en se mettant en carré, alors l'unité de
  // cavalerie peut esquiver, mettant ainsi fin à la charge": the charger's
  // evade in its own charge, instead of its attack, is asked of the data
  // (charger_evades_only_from_square, sabreur.charge.evade-square). The
  // evade's own rules (§ Manœuvres, below) still apply.
  const bool charger_evades = cx.state.charge && cx.state.charge->charger == u &&
                              !cx.state.charge->pursuit && cx.setup.units[u].side == cx.state.side;
  f.boolean(Given::charge_charger_evades, charger_evades);
  f.boolean(Given::charge_target_squared, charger_evades && cx.state.charge->target_squared);
  f.boolean(Given::charge_charger_struck, charger_evades && cx.state.combat &&
                                              cx.state.combat->attacker == u &&
                                              cx.state.combat->attacker_struck);
  if (charger_evades) fill_enemy(cx, f, cx.state.charge->target);
  if (!reacting) {
    check_activated(cx, a, u);
    check_permissions(f, RuleAction::evade, cx.checker, a.span, Check::move_evade, subject);
  }
  const Hex start = st.hex;
  HexPath path = a.path;
  if (path.empty() && a.to) path.push_back(*a.to);
  const Span span = a.path_span.valid() ? a.path_span : a.span;
  if (a.facing && *a.facing != st.facing) {
    cx.checker
        .violation(Check::move_evade, span, fmt::format("{} turns while evading", cx.quoted(u)))
        .note("an evade goes backwards, facing {} throughout", hex::name(st.facing));
  }
  const std::size_t bad = hex::first_invalid_step(start, st.facing, path, hex::StepKind::rearward);
  if (bad < path.size()) {
    const Hex from = bad == 0 ? start : path[bad - 1];
    cx.checker
        .violation(Check::move_evade, span,
                   fmt::format("{} evades to {}, which is not one of its rear hexes", cx.quoted(u),
                               hex::to_string(path[bad])))
        .note("facing {} from {}, the rear hexes are {} and {}", hex::name(st.facing),
              hex::to_string(from), hex::to_string(hex::rear_hexes(from, st.facing)[0]),
              hex::to_string(hex::rear_hexes(from, st.facing)[1]));
  }
  PathCheck pc = check_path(cx, u, start, path, span, true);
  const PathCheck second = check_second_path(cx, u, st.facing, path, span);  // extended line
  pc.penalising = pc.penalising || second.penalising;
  if (!second.end) pc.end.reset();

  // The length: within the unit's allowance, as a march's.
  const Board b = cx.board();
  const Hex end = path.empty() ? start : path.back();
  f.word(Given::move_kind, "evading");
  f.boolean(Given::move_forced, false);
  f.boolean(Given::move_on_penalising_terrain, pc.penalising);
  f.integer(Given::move_rotation_degrees, 0);
  f.integer(Given::move_hexes_used, static_cast<std::int64_t>(path.size()));
  f.boolean(Given::move_stays_engaged, false);
  f.march_end(b, cx.setup.units[u].side, end, std::nullopt);  // looked for if the data asks
  check_permissions(f, RuleAction::manoeuvre, cx.checker, a.span, std::nullopt, [&] {
    return fmt::format("{} evading {}", cx.quoted(u), hexes_text(static_cast<int>(path.size())));
  });
  if (pc.end) end_move(cx, u, *pc.end, st.facing, "");
  st.manoeuvred = true;
}

// A unit that flees off the table is eliminated but gives the enemy half
// its victory points (§ Manœuvres; following.cpp's tally). Artillery
// obliged to flee, and a flight ending on an occupied hex, are plain
// eliminations.
void note_fled_off_table(Context& cx, const Action& a) {
  if (a.kind != ActionKind::flee || a.actors.empty()) return;
  const UnitId u = a.actors.front();
  const bool left_map = a.off_table || std::any_of(a.path.begin(), a.path.end(), [&](Hex h) {
                          return !cx.setup.map.contains(h);
                        });
  UnitState& st = cx.state.units.edit(u);
  if (!st.on_table && st.strength > 0 && left_map && cx.board().arm(u) != Arm::artillery)
    st.fled_off_table = true;
}

}  // namespace umpire::sabreur
