// Fire and saves: 002_87c3dc452f850204.txt § Le tir, § Précisions sur les
// facteurs de combat ou de tir, § Sauvegarde.
#include "engine/rulesets/sabreur_hex/phases/fire.hpp"

#include <fmt/format.h>

#include "engine/core/plural.hpp"
#include "engine/geometry/hex/sight.hpp"
#include "engine/geometry/hex/text.hpp"
#include "engine/geometry/hex/zone.hpp"
#include "engine/rules/evaluator.hpp"
#include "engine/rulesets/sabreur_hex/phases/facts.hpp"
#include "engine/rulesets/sabreur_hex/phases/special_actions.hpp"
#include "engine/rulesets/sabreur_hex/phases/turn.hpp"

namespace umpire::sabreur {
namespace {

dice::Expr plain_dice(std::int64_t count) {
  dice::Expr e;
  e.terms.push_back(dice::dice_term(dice::make_dice(static_cast<std::uint16_t>(count), 6)));
  return e;
}

// The hex a fire by `u` is made from, and the hex of `t` it goes at: the
// unit's own hex unless fire_hexes says otherwise.
Hex fire_origin(const Context& cx, UnitId u) {
  const std::optional<FireHexes>& h = cx.scratch.fire_hexes;
  return h && h->shooter == u ? h->from : cx.state.units[u].hex;
}

Hex fire_target_hex(const Context& cx, UnitId t) {
  const std::optional<FireHexes>& h = cx.scratch.fire_hexes;
  return h && h->target == t ? h->at : cx.state.units[t].hex;
}

// From fire_origin(shooter) to fire_target_hex(target), or to `to`;
// `quiet`: asked, not reported (the side woods it meets are not noted).
bool line_of_sight(Context& cx, UnitId shooter, UnitId target, std::vector<std::string>& blocked,
                   std::optional<Hex> to_hex = std::nullopt, bool quiet = false) {
  const Board b = cx.board();
  const Hex from = fire_origin(cx, shooter);
  const Hex to = to_hex.value_or(fire_target_hex(cx, target));
  const hex::SightLine line = hex::trace_sight(from, to);
  const int distance = hex::distance(from, to);
  for (const hex::SightHex& s : line.hexes) {
    const char* how = s.contact == hex::Contact::crossed ? "crosses" : "grazes";
    // The shooter's or the target's own other half (an extended line,
    // § Formations spéciales) is no unit between them.
    if (auto other = cx.state.unit_at(s.hex); other && *other != shooter && *other != target) {
      bool blocks = true;
      if (!b.enemies(shooter, *other)) {
        // Friends may not block from or onto a hill (§ Le tir): the data decides.
        Facts f(cx.rules);
        f.integer(Given::fire_distance, distance);
        f.boolean(Given::friend_on_hill, b.hill_at(s.hex));
        f.boolean(Given::friend_adjacent, hex::adjacent(from, s.hex));
        f.boolean(Given::fire_shooter_on_hill, b.hill_at(from));
        f.boolean(Given::fire_target_on_hill, b.hill_at(to));
        blocks = eval_int(f, Value::friend_blocks_line_of_sight, cx.checker).value_or(1) != 0;
      }
      if (blocks)
        blocked.push_back(
            fmt::format("the line {} {} on {}", how, cx.quoted(*other), hex::to_string(s.hex)));
    }
    const HexTerrain t = b.terrain_at(s.hex);
    if (cx.terrain.hex_blocks_sight[static_cast<std::size_t>(t)] || b.hill_at(s.hex)) {
      blocked.push_back(fmt::format(
          "the line {} {} on {}", how,
          b.hill_at(s.hex) ? std::string("a hill")
                           : std::string(hex_terrain_names()[static_cast<std::size_t>(t)]),
          hex::to_string(s.hex)));
    }
  }
  // Woods along hex sides: "Bois" is one of the terrains "qui peuvent
  // s'étaler sur un ou plusieurs côtés de cases" (§ Les terrains dans
  // Sabreur). § Le tir blocks a line that "traverse ou frôle une case occupée
  // par une unité amie ou ennemie, un bois, un village, un point fortifié, ou
  // une colline": hexes, while a side wood occupies a side ("Le côté d'un
  // terrain peut aussi être occupé par des terrains particuliers").
  // - Along a side of the shooter's or the target's hex that the line meets
  //   it does not block: it "s'étale sur un côté de la case occupée par
  //   l'unité, et [...] sépare l'unité de l'unité adverse", so it is that
  //   unit's terrain in the fire (§ Les terrains dans Sabreur), and "le
  //   terrain contenu dans la case" of either unit does not block (§ Le
  //   tir). Its effects (the limits, the save "en bois") are the data's:
  //   fill_confronted_terrain (facts.cpp).
  // - Along a side between two other hexes no passage says whether it
  //   blocks: neither hex is "occupée par un bois", and nothing gives a side
  //   wood an effect on sight; reported not checked (docs/rules-coverage.md
  //   § sabreur-hex readings).
  for (const hex::SightSide& side : line.sides) {
    if (quiet) break;
    if (b.side_between(side.a, side.b) != HexsideTerrain::wood) continue;
    if (side.a == from || side.a == to || side.b == from || side.b == to) continue;
    cx.checker.not_checked(
        "whether a wood along a hex side that the line of sight meets blocks the fire when "
        "neither hex of that side is the shooter's or the target's (§ Le tir blocks at hexes "
        "\"occupée par [...] un bois\")",
        cx.checker.event_span());
  }
  return blocked.empty();
}

// § Le tir: "chaque demi-unité est située sur sa propre case. Ensuite chaque
// demi-unité tire l'une après l'autre" (the double fire; § Formations
// spéciales: "1 seul tir défensif et [...] 1 seul tir de riposte"). The log
// names the half that fires with `from <hex>`; without it the double fire
// goes first half (the hex deployed first), then the other, and a return or
// defensive fire is taken from the first half, which is not checked
// (docs/log-format.md).
Hex fire_half(Context& cx, const Action& a, UnitId u, bool double_fire) {
  const UnitState& s = cx.state.units[u];
  const bool defensive = a.kind == ActionKind::respond;
  std::optional<Hex> written = a.from;
  if (written && *written != s.hex && (!s.second_hex || *written != *s.second_hex)) {
    auto v = cx.checker.violation(
        Check::fire_from_hex, a.from_span.valid() ? a.from_span : a.span,
        fmt::format("{} {} from {}, which it does not stand on", cx.quoted(u),
                    defensive ? "fires defensively" : "fires", hex::to_string(*written)));
    if (s.second_hex) {
      v.note("{} is an extended line on {} and {}", cx.quoted(u), hex::to_string(s.hex),
             hex::to_string(*s.second_hex));
      v.hint("write the hex of the half that fires: 'from {}' or 'from {}'", hex::to_string(s.hex),
             hex::to_string(*s.second_hex));
    } else {
      v.note("{} stands on {}", cx.quoted(u), hex::to_string(s.hex));
      v.hint("'from' names the half of an extended line that fires; leave it out");
    }
    written.reset();  // the fire is judged from the hex the convention gives
  }
  if (!s.second_hex) return s.hex;
  const Hex first = s.hex;
  const Hex second = *s.second_hex;
  if (!double_fire) {  // one return fire, one defensive fire: by either half
    if (written) return *written;
    cx.checker.not_checked(
        defensive ? "the hex an extended line fires defensively from when the log does not "
                    "write it ('from <hex>'; the engine takes its first half's)"
                  : "the hex an extended line returns fire from when the log does not write it "
                    "('from <hex>'; the engine takes its first half's)",
        a.span);
    return first;
  }
  if (s.shots == 0) return written.value_or(first);
  const Hex fired = s.second_half_fired_first ? second : first;
  const Hex other = fired == first ? second : first;
  if (s.shots == 1 && written && *written == fired) {
    cx.checker
        .violation(Check::fire_half_twice, a.from_span.valid() ? a.from_span : a.span,
                   fmt::format("the half of {} on {} fires twice: each half of an extended "
                               "line fires once in its double fire",
                               cx.quoted(u), hex::to_string(fired)))
        .note("its first fire this turn was from {}", hex::to_string(fired))
        .hint("the second fire is the other half's: 'from {}'", hex::to_string(other));
    return fired;  // as played
  }
  return written.value_or(other);
}

// § Le tir at a target on two hexes (an extended line, § Formations
// spéciales), a reading (docs/rules-coverage.md § sabreur-hex): the text
// measures everything to "la case de l'unité cible" and splits a line in
// halves "chacune sur sa propre case" when it fires, not when it is fired
// at. The target is valid if one of its halves is, all conditions holding
// together for that half ("Il faut vérifier toutes les conditions
// suivantes"): in the shooter's front cone and in sight; the fire goes at
// the nearer such half (the first half if both are as near), and range and
// hill are those of that half (enfilade is the whole line's: in_enfilade).
// With no such half, the nearer half in the cone (its line of sight is
// reported), else the nearer half.
Hex fire_aim(Context& cx, const Action& a, UnitId u, UnitId t, Hex from) {
  const UnitState& ts = cx.state.units[t];
  if (!ts.second_hex) return ts.hex;
  // A square's front is its virtual facing; missing, it is reported
  // (check_fire_geometry) and no half is out of its cone here.
  const std::optional<Facing> front =
      cx.board().square_like(u) ? a.facing : std::optional<Facing>(cx.state.units[u].facing);
  const Hex halves[2] = {ts.hex, *ts.second_hex};
  int best = 0, best_rank = 3, best_distance = 0;
  for (int i = 0; i < 2; ++i) {
    const bool in_cone = !front || hex::in_front_cone(from, *front, halves[i]);
    std::vector<std::string> blocked;
    const bool seen = in_cone && line_of_sight(cx, u, t, blocked, halves[i], true);
    const int rank = seen ? 0 : in_cone ? 1 : 2;
    const int distance = hex::distance(from, halves[i]);
    if (rank < best_rank || (rank == best_rank && distance < best_distance)) {
      best = i;
      best_rank = rank;
      best_distance = distance;
    }
  }
  return halves[best];
}

}  // namespace

// The hexes from `from` to the nearest non-panicked enemy that `u` could
// take for a target (99: none): one with a half in its front cone (a
// square's is all round) and in sight. § Le tir: "La cible doit être dans
// le cône frontal"; its example (L1065) leaves an enemy out of the cone out
// of the count ("ne compte pas car elle ne peut pas être prise pour
// cible"). Range needs no test: an enemy nearer than the target is in reach
// when the target is. `ignored`: the first half's target, which the second
// half of an extended line may ignore ("Elle doit alors tirer sur la plus
// proche des autres cibles").
int nearest_possible_target(Context& cx, UnitId u, Hex from, std::optional<UnitId> ignored) {
  const Board b = cx.board();
  const UnitState& s = cx.state.units[u];
  const bool all_round = b.square_like(u);
  int best = 99;
  std::vector<std::string> blocked;
  for (std::size_t i = 0; i < cx.state.units.size(); ++i) {
    const auto e = static_cast<UnitId>(i);
    const UnitState& o = cx.state.units[e];
    if (!o.on_table || o.panicked || !b.enemies(u, e) || e == ignored) continue;
    for (const std::optional<Hex> half : {std::optional<Hex>(o.hex), o.second_hex}) {
      if (!half || hex::distance(from, *half) >= best) continue;
      if (!all_round && !hex::in_front_cone(from, s.facing, *half)) continue;
      blocked.clear();
      if (!line_of_sight(cx, u, e, blocked, *half, true)) continue;
      best = hex::distance(from, *half);
    }
  }
  return best;
}

void fill_fire(const Context& cx, Facts& f, UnitId u, UnitId t, std::string_view kind,
               bool free_at_declaration) {
  const Board b = cx.board();
  const UnitState& s = cx.state.units[u];
  const Hex from = fire_origin(cx, u);    // an extended line's half (§ Le tir)
  const Hex at = fire_target_hex(cx, t);  // the half of an extended line it goes at
  const int distance = hex::distance(from, at);
  fill_self(cx, f, u);
  fill_enemy(cx, f, t);
  // A wood along a side of the shooter's or the target's hex, crossed or
  // grazed by the line from the one to the other, is that unit's terrain
  // (facts.cpp): the cover and the limits of a unit "en bois".
  fill_confronted_terrain(cx, f, u, t, std::pair{from, at});
  f.integer(Given::fire_distance, distance);
  f.word(Given::fire_kind, kind);
  f.boolean(Given::fire_self_was_target, false);
  f.boolean(Given::fire_for_adjacent_infantry, false);
  f.integer(Given::self_return_fires_this_turn, s.return_fires);
  // A square cannot be taken in enfilade (§ Le tir).
  f.boolean(Given::fire_enfilade, in_enfilade(cx, t, from));
  f.integer(Given::fire_nearest_target_distance,
            s.second_hex ? b.nearest_enemy_from(from, cx.setup.units[u].side, true)
                         : b.nearest_enemy(u, true));
  f.boolean(Given::fire_free_at_declaration, free_at_declaration);
  f.boolean(Given::fire_target_adjacent, b.distance_from(from, t) == 1);
  f.boolean(Given::fire_target_in_contact_with_friend, b.adjacent_to_friend_of(t, u));
  f.boolean(Given::fire_shooter_on_hill, b.hill_at(from));
  f.boolean(Given::fire_target_on_hill, b.hill_at(at));
  f.boolean(Given::fire_at_first_half_target,
            cx.scratch.second_shot && s.second_hex && cx.scratch.fired_before == t);
}

// § Le tir, "Cas particulier du carré": "avant de faire tirer une unité en
// carré, il faut d'abord l'orienter virtuellement, juste le temps du tir ;
// pour cela il faut clairement indiquer le sommet de la case qui va servir à
// déterminer l'avant du carré". A closed column "est considérée comme un
// carré" (§ Formations spéciales): Board::square_like. The log writes that
// vertex as `facing <f>` on the `shoot` (or on the `respond … defensive-fire`:
// "L'unité qui charge doit être une cible de tir valide pour cette unité
// amie (portée de tir, angle de tir, …)", so the same fire rules hold); the
// front cone is the cone of that facing, and the square's own facing does
// not change ("juste le temps du tir": no statement here moves or turns it).
// No other unit is faced virtually: a facing written on another unit's fire
// must be its own. "Un carré ne tire qu'une fois par tour, par un seul de ses
// côtés par tour": the data's square_fires_once (own turn) and
// square_one_defensive_fire (the enemy's turn; a square never returns fire,
// return_fire_who) — one fire, hence one side.
void check_fire_geometry(Context& cx, const Action& a, UnitId u, UnitId t, bool defensive) {
  const UnitState& s = cx.state.units[u];
  const UnitState& ts = cx.state.units[t];
  const Hex from = fire_origin(cx, u);    // an extended line's half (§ Le tir)
  const Hex at = fire_target_hex(cx, t);  // the half of an extended line it goes at
  const bool square = cx.board().square_like(u);
  std::optional<Facing> front = s.facing;
  if (square) {
    front = a.facing;
    if (!front) {
      // The facings that would put the target in its front cone, to name one.
      std::vector<std::string_view> fit;
      std::string listed;
      for (const Facing f : hex::kFacings) {
        if (!hex::in_front_cone(from, f, at)) continue;
        fit.push_back(hex::name(f));
        listed += fmt::format("{}{}", listed.empty() ? "" : ", ", hex::name(f));
      }
      auto v = cx.checker.violation(
          Check::fire_square_facing, a.span,
          fmt::format("{} fires in {} without its virtual facing: the vertex of its hex that is "
                      "its front for this fire",
                      cx.quoted(u), name(s.formation)));
      if (!fit.empty()) v.note("facings that put {} in its front cone: {}", cx.quoted(t), listed);
      v.hint(
          "write it on the statement, e.g. '{} facing {}'; the square's own facing does not "
          "change",
          defensive ? fmt::format("respond {} defensive-fire", cx.setup.units[u].id)
                    : fmt::format("shoot {} {}", cx.setup.units[u].id, cx.setup.units[t].id),
          fit.empty() ? hex::name(s.facing) : fit.front());
    }
  } else if (a.facing && *a.facing != s.facing) {
    cx.checker
        .violation(Check::fire_square_facing, a.span,
                   fmt::format("{} fires facing {}, but it faces {}: only a square (or a "
                               "closed column) is faced virtually to fire",
                               cx.quoted(u), hex::name(*a.facing), hex::name(s.facing)))
        .hint("drop 'facing', or write the unit's own facing");
  }
  if (front && !hex::in_front_cone(from, *front, at)) {
    auto v = cx.checker.violation(
        Check::fire_cone, a.span,
        defensive ? fmt::format("the charger {} is not in the front cone of {}, which "
                                "fires defensively",
                                cx.quoted(t), cx.quoted(u))
                  : fmt::format("{} is not in the front cone of {}", cx.quoted(t), cx.quoted(u)));
    v.note("{} {} {} from {}; {} stands on {} ({})", cx.quoted(u),
           square ? "is faced virtually" : "faces", hex::name(*front), hex::to_string(from),
           cx.quoted(t), hex::to_string(at), hex::name(hex::zone_of(from, *front, at)));
    if (ts.second_hex)
      v.note("{} is an extended line on {} and {}: neither half is in the cone", cx.quoted(t),
             hex::to_string(ts.hex), hex::to_string(*ts.second_hex));
  }
  std::vector<std::string> blocked;
  if (!line_of_sight(cx, u, t, blocked)) {
    auto v = cx.checker.violation(
        Check::fire_sight, a.span,
        defensive ? fmt::format("{} cannot see the charger {}: no line of sight for its "
                                "defensive fire",
                                cx.quoted(u), cx.quoted(t))
                  : fmt::format("{} cannot see {}: no line of sight", cx.quoted(u), cx.quoted(t)));
    for (const std::string& n : blocked) v.note(n);
    if (ts.second_hex)
      v.note(
          "{} is an extended line on {} and {}: no half is both in the cone and in sight; the "
          "line is traced to its half on {}",
          cx.quoted(t), hex::to_string(ts.hex), hex::to_string(*ts.second_hex), hex::to_string(at));
  }
}

// § Le tir: "il y a une situation de tir en enfilade si l'unité qui tire
// n'est pas dans l'angle de vue (le cône frontal en réalité) de la cible. [...]
// Un carré ne peut pas être pris en enfilade." An extended line is split in
// halves "juste le temps de tirer" (§ Formations spéciales), its own fire:
// fired at, it is one unit, whose angle of view is both halves' (a reading,
// docs/rules-coverage.md § sabreur-hex; hex::zone_of(Footprint) gives the
// same front).
bool in_enfilade(const Context& cx, UnitId t, Hex from) {
  const UnitState& ts = cx.state.units[t];
  if (cx.board().square_like(t)) return false;
  if (hex::in_front_cone(ts.hex, ts.facing, from)) return false;
  return !ts.second_hex || !hex::in_front_cone(*ts.second_hex, ts.facing, from);
}

const FireHexes& aim_fire(Context& cx, const Action& a, UnitId u, UnitId t, bool double_fire) {
  cx.scratch.fire_hexes = FireHexes{u, t, cx.state.units[u].hex, cx.state.units[t].hex};
  cx.scratch.fire_hexes->from = fire_half(cx, a, u, double_fire);
  cx.scratch.fire_hexes->at = fire_aim(cx, a, u, t, cx.scratch.fire_hexes->from);
  return *cx.scratch.fire_hexes;
}

void shoot(Context& cx, const Action& a) {
  const UnitId u = a.actors.front();
  if (a.targets.empty()) {
    cx.checker.not_checked("fire without a target", a.span);
    return;
  }
  const UnitId t = a.targets.front();
  if (!on_table(cx, t, a.span)) return;
  const bool own_turn = cx.setup.units[u].side == cx.state.side;
  if (own_turn) check_activated(cx, a, u);
  const Board b = cx.board();
  // Out of its own turn a unit fires only to return a fire (§ Le tir, "Tir
  // de riposte"): at the unit whose fire was just resolved on it or, for a
  // regimental gun, on a neighbouring friendly infantry unit.
  const std::optional<FireToAnswer> answered = cx.state.fire_to_answer;
  if (!own_turn && !answered) {
    cx.checker
        .violation(Check::fire_return_answers, a.span,
                   fmt::format("{} fires in the enemy's turn, but no enemy fire has just been "
                               "resolved for it to answer",
                               cx.quoted(u)))
        .hint(
            "a return fire comes right after the fire it answers (and the target's save and "
            "morale test)");
  } else if (!own_turn && answered->shooter != t) {
    cx.checker
        .violation(Check::fire_return_answers, a.span,
                   fmt::format("{} returns fire at {}, but the fire it answers came from {}",
                               cx.quoted(u), cx.quoted(t), cx.quoted(answered->shooter)))
        .hint("a return fire goes at the unit that fired");
  }
  const UnitState& s = cx.state.units[u];
  // An extended line's double fire (§ Le tir): "chaque demi-unité est
  // située sur sa propre case" and fires "en respectant à chaque fois les
  // conditions pour avoir le droit de tirer": range, cone, sight and
  // priority from the hex of the half that fires (fire_half). The second
  // fire of its turn may ignore the first's target (fire.second_half).
  cx.scratch.second_shot = own_turn && s.second_hex && s.shots == 1;
  const FireHexesScope scope{cx.scratch.fire_hexes, cx.scratch.second_shot};
  const FireHexes& aimed = aim_fire(cx, a, u, t, own_turn);
  const Hex from = aimed.from, at = aimed.at;
  const int distance = hex::distance(from, at);
  cx.checker.outcome(Check::fire_distance, a.span, "hexes of range", a.range, distance);

  const bool enfilade = in_enfilade(cx, t, from);
  Facts f(cx.rules);
  fill_fire(cx, f, u, t, own_turn ? "standard_fire" : "return_fire_kind", false);
  f.boolean(Given::fire_self_was_target, answered && answered->target == u);
  f.boolean(Given::fire_for_adjacent_infantry,
            answered && answered->target != u && cx.state.units[answered->target].on_table &&
                !b.enemies(u, answered->target) && b.arm(answered->target) == Arm::infantry &&
                b.adjacent(u, answered->target));
  const auto subject = [&] {
    return fmt::format("{} firing at {} ({})", cx.quoted(u), cx.quoted(t), hexes_text(distance));
  };
  // A panicked unit does not fire (§ Actions des unités paniquées): said
  // first, since its horde has no row in the fire table either.
  if (cx.state.units[u].panicked &&
      !check_permissions(f, RuleAction::fire, cx.checker, a.span, Check::fire_not_allowed, subject))
    return;
  {
    // A unit the fire table has no row for has no fire at all ("Le tir de la
    // cavalerie n'est pas pris en compte"): say so rather than evaluate more.
    rules::Evaluator probe(cx.rules.rs(), f.situation());
    probe.set_trace(false);  // asked, not explained
    if (!probe.value(cx.rules.value(Value::fire_range))) {
      const bool cavalry = b.arm(u) == Arm::cavalry;
      auto v = cx.checker.violation(
          cavalry ? Check::fire_cavalry : Check::fire_not_allowed, a.span,
          fmt::format("{} is not allowed: {} in {} has no fire factor", subject(),
                      name(cx.setup.units[u].type), name(s.formation)));
      if (cavalry) v.note("forbidden by 'cavalry_does_not_fire' of the rules data");
      return;
    }
  }
  if (own_turn)
    check_permissions(f, RuleAction::fire, cx.checker, a.span, Check::fire_not_allowed, subject);
  if (!own_turn && answered)
    check_permissions(f, RuleAction::return_fire, cx.checker, a.span, Check::fire_return, [&] {
      return fmt::format("a return fire by {} at {}", cx.quoted(u), cx.quoted(t));
    });
  check_permissions(f, RuleAction::shoot, cx.checker, a.span, Check::fire_not_allowed, subject);

  check_fire_geometry(cx, a, u, t, false);
  // A return fire has its target: the unit that fired. Priority is between
  // units: a target on two hexes is as near as its nearer half; an enemy
  // the shooter could not take for a target does not count.
  const std::optional<UnitId> first_target =
      cx.scratch.second_shot ? cx.scratch.fired_before : std::nullopt;
  const int nearest = own_turn ? nearest_possible_target(cx, u, from, first_target) : 99;
  f.integer(Given::fire_nearest_target_distance, nearest);
  const int unit_distance = b.distance_from(from, t);
  if (own_turn && unit_distance > nearest) {
    check_permissions(
        f, RuleAction::choose_non_nearest_target, cx.checker, a.span, Check::fire_priority, [&] {
          return fmt::format("{} firing at {} {} away while a non-panicked enemy is {} away",
                             cx.quoted(u), cx.quoted(t), hexes_text(unit_distance),
                             hexes_text(nearest));
        });
  }

  auto figures = fire_figures(cx, f);
  if (!figures) return;
  // The double fire's first fire by its second half (`from`): the other
  // fire is then the first half's (fire_half).
  if (own_turn && s.second_hex && s.shots == 0 && from == *s.second_hex)
    cx.state.units.edit(u).second_half_fired_first = true;
  ++cx.state.units.edit(u).shots;
  if (own_turn) {
    cx.state.fire_to_answer = FireToAnswer{u, t};
  } else {
    ++cx.state.units.edit(u).return_fires;
  }
  roll_fire(cx, a, u, t, *figures, enfilade,
            FireChecks{Check::fire_dice, Check::fire_hits, "fire"});
}

std::optional<FireFigures> fire_figures(const Context& cx, const Facts& f) {
  FireFigures out;
  auto factor = eval_int(f, Value::fire_factor, cx.checker);
  out.facts = &f;
  auto test = eval_test(f, Test::fire_to_hit, cx.checker);
  auto six = eval_int(f, Value::fire_six_losses, cx.checker);
  if (!factor || !test || !six) return std::nullopt;
  out.factor = *factor;
  out.needed = test->needed;
  out.six_losses = *six;
  return out;
}

// The dice of a fire (or a defensive fire) and its hits, which become the
// target's pending losses (a save may follow).
void roll_fire(Context& cx, const Action& a, UnitId u, UnitId t, FireFigures figures, bool enfilade,
               const FireChecks& ids) {
  const replay::WrittenRoll* written = a.roll_or_main("hit");
  if (figures.factor <= 0) {
    if (written)
      cx.checker.violation(
          ids.dice, written->span,
          fmt::format("{} throws no {} dice: its fire factor is 0", cx.quoted(u), ids.what));
    return;
  }
  const auto notes = [&] {
    std::vector<std::string> lines = explain(*figures.facts, Value::fire_factor);
    lines.insert(lines.begin(), fmt::format("fire factor {} of {}", figures.factor, cx.quoted(u)));
    return lines;
  };
  const dice::Expr wanted = plain_dice(figures.factor);
  auto roll = cx.dice.take(
      wanted, written, cx.checker, ids.dice,
      [&] { return fmt::format("{} of {}", ids.what, cx.quoted(u)); }, notes);
  if (!roll) return;
  cx.checker.read_roll(wanted, *roll, [&] {
    return replay::dice_at_least(figures.needed, cx.setup.units[u].side,
                                 fmt::format("{} of {}", ids.what, cx.quoted(u)));
  });
  std::int64_t hits = 0, losses = 0;
  for (const dice::RolledDie& d : roll->dice) {
    if (d.value < figures.needed) continue;
    ++hits;
    losses += d.faces.face() == 6 ? figures.six_losses : 1;
  }
  const std::int64_t applied = cx.checker.outcome(
      ids.hits, a.stated.span.valid() ? a.stated.span : a.span, "hits", a.stated.hits, hits,
      [&] { return std::vector{fmt::format("a hit on {}+ (test fire_to_hit)", figures.needed)}; });
  // A 6 against feudal cavalry costs two strength points; the log states hits.
  const std::int64_t extra = losses - hits;
  cx.state.pending =
      PendingLosses{t, u, static_cast<std::int16_t>(std::max<std::int64_t>(0, applied + extra)),
                    LossCause::fire_losses, enfilade};
}

namespace {

// The skills whose save would hold but for the artillery that fired (the
// cuirassier's and demi-cuirasse's, § Les compétences: "sauf contre les
// tirs d'artillerie"), quoted and joined; empty when the artillery is not
// the reason. Asked only for a refused save's first line.
std::string saves_but_for_artillery(const Facts& f) {
  const rules::Ruleset& rs = f.binding().rs();
  const auto permissions = f.binding().permissions(RuleAction::save);
  const auto skills_lifting = [&](const Facts& g) {
    std::vector<std::uint32_t> out;
    rules::Evaluator ev(rs, g.situation());
    ev.set_trace(false);
    if (const auto r = ev.action_with(permissions); r && r->verdict != rules::Verdict::forbidden)
      for (const std::uint32_t i : r->applicable)
        if (rs.permissions[i].modality == rules::Modality::can && rs.permissions[i].skill)
          out.push_back(*rs.permissions[i].skill);
    return out;
  };
  Facts without = f;
  without.boolean(Given::losses_by_artillery_fire, false);
  std::string out;
  for (const std::uint32_t s : skills_lifting(without))
    out += fmt::format("{}'{}'", out.empty() ? "" : ", ", rs.skills[s].name);
  return out;
}

}  // namespace

void save(Context& cx, const Action& a) {
  const UnitId u = a.actors.front();
  if (!cx.state.pending || cx.state.pending->unit != u) {
    cx.checker
        .violation(Check::save_nothing, a.span,
                   fmt::format("{} saves, but has no losses to save", cx.quoted(u)))
        .hint("a save follows the fire or the attack that caused the losses");
    // Follow the log: its stated losses are taken.
    if (a.stated.losses) cx.state.lose(u, static_cast<int>(*a.stated.losses));
    return;
  }
  const PendingLosses p = *cx.state.pending;
  cx.state.pending.reset();
  const Board b = cx.board();
  Facts f(cx.rules);
  fill_self(cx, f, u);
  fill_enemy(cx, f, p.from);
  fill_confronted_terrain(cx, f, u, p.from);  // a side wood (facts.cpp)
  f.word(Given::losses_cause, name(p.cause));
  f.integer(Given::losses_count, p.count);
  f.integer(Given::losses_self_strength_before, cx.state.units[u].strength);
  f.integer(Given::losses_enemy_strength_before, cx.state.units[p.from].strength);
  f.boolean(Given::losses_by_artillery_fire,
            p.cause == LossCause::fire_losses && b.arm(p.from) == Arm::artillery);
  f.word(Given::combat_kind, p.cause == LossCause::melee_losses ? "melee" : "shock");
  const Hex here = cx.state.units[u].hex, there = cx.state.units[p.from].hex;
  f.set(Given::combat_separating_hexside, cx.rules.hexside(separating_side(cx, u, p.from)));
  f.boolean(Given::self_higher_than_enemy, b.hill_at(here) && !b.hill_at(there));
  f.boolean(Given::fire_enfilade, p.enfilade);
  const bool allowed =
      check_permissions(f, RuleAction::save, cx.checker, a.span, Check::save_not_allowed, [&] {
        // The artillery named when it is the reason (the cuirassier's exception).
        const std::string skills =
            b.arm(p.from) == Arm::artillery && p.cause == LossCause::fire_losses
                ? saves_but_for_artillery(f)
                : std::string();
        if (!skills.empty())
          return fmt::format(
              "a save by {} against {} {} from the artillery {}, which the save of {} does not "
              "cover,",
              cx.quoted(u), p.count, name(p.cause), cx.quoted(p.from), skills);
        return fmt::format("a save by {} against {} {}", cx.quoted(u), p.count, name(p.cause));
      });
  auto test = eval_test(f, Test::save_roll, cx.checker);
  if (!test) return;
  std::int64_t saves = 0;
  if (p.count > 0) {
    const dice::Expr wanted = plain_dice(p.count);
    const auto what = [&] {
      return fmt::format("save of {} against {}", cx.quoted(u), plural(p.count, "loss", "losses"));
    };
    auto roll = cx.dice.take(wanted, a.roll_or_main("save"), cx.checker, Check::save_dice, what);
    if (roll) {
      cx.checker.read_roll(wanted, *roll, [&] {
        return replay::dice_at_least(test->needed, cx.setup.units[u].side, what());
      });
      for (const dice::RolledDie& d : roll->dice) saves += d.value >= test->needed ? 1 : 0;
    }
  }
  if (!allowed && cx.checker.mode() == replay::ReplayMode::follow_rules) saves = 0;
  const Span stated = a.stated.span.valid() ? a.stated.span : a.span;
  const auto why = [&] {
    return std::vector{
        fmt::format("{} to save on {}+", plural(p.count, "loss", "losses"), test->needed)};
  };
  const std::int64_t kept =
      cx.checker.outcome(Check::save_saves, stated, "saves", a.stated.saves, saves, why);
  const std::int64_t losses =
      cx.checker.outcome(Check::save_losses, stated, "losses", a.stated.losses,
                         std::max<std::int64_t>(0, p.count - kept), why);
  // Artillery may offer what it did not save to a friend (morale.cpp).
  if (transfer_follows(cx, a, u)) {
    cx.state.pending =
        PendingLosses{u, p.from, static_cast<std::int16_t>(losses), p.cause, p.enfilade};
    return;
  }
  apply_losses(cx, u, static_cast<int>(losses), p.from, p.cause);
}

}  // namespace umpire::sabreur
