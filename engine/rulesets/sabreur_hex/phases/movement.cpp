// Marches and changes of formation: 002_87c3dc452f850204.txt § Manœuvres,
// § Orientation des unités, § Les terrains dans Sabreur, § Changements de
// formation.
#include "engine/rulesets/sabreur_hex/phases/movement.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <boost/container/small_vector.hpp>

#include "engine/geometry/hex/footprint.hpp"
#include "engine/geometry/hex/text.hpp"
#include "engine/geometry/hex/zone.hpp"
#include "engine/rulesets/sabreur_hex/phases/facts.hpp"
#include "engine/rulesets/sabreur_hex/phases/following.hpp"
#include "engine/rulesets/sabreur_hex/phases/impetuous.hpp"
#include "engine/rulesets/sabreur_hex/phases/turn.hpp"

namespace umpire::sabreur {
namespace {

// The hexes of `allowance` a march of `used` left (none when it overran).
std::uint8_t hexes_left(std::int64_t allowance, std::int64_t used) {
  return static_cast<std::uint8_t>(std::clamp<std::int64_t>(allowance - used, 0, 255));
}

// An extended line (§ Formations spéciales) moves as one: the log writes
// where its first half (the hex deployed first) ends and the facing; the
// second half keeps its place beside it, turned about the first when the
// line rotates, "L'autre demi-unité tourne autour de la première" (§
// Orientation des unités), and stays beside it in an about-face, "les deux
// demi-unités restent sur la même case". Where the second half ends must be
// on the map, passable and free; else the line stays where it was. The way
// there is check_second_path's; a move that did not ask it (its caller
// knows no path) reports the way not checked, naming the move.
// Why half of `u` cannot stand on `h` (off the map, impassable, another
// unit there), or nothing when it can.
std::string no_room_for_half(const Context& cx, UnitId u, Hex h) {
  if (!cx.setup.map.contains(h)) return "off the map";
  if (!cx.terrain.hex_passable[static_cast<std::size_t>(cx.board().terrain_at(h))])
    return "on impassable terrain";
  if (auto other = cx.state.unit_at(h); other && *other != u)
    return fmt::format("where {} stands", cx.quoted(*other));
  return {};
}

bool second_half_arrives(Context& cx, UnitId u, Hex to, Facing facing,
                         std::string_view way_unknown_on) {
  const UnitState& st = cx.state.units[u];
  const Hex second = *second_end(cx, u, to, facing);
  if (to != st.hex && !way_unknown_on.empty())
    cx.checker.not_checked(
        fmt::format("the hexes the second half of an extended line crosses on {}", way_unknown_on),
        cx.checker.event_span());
  const std::string problem = no_room_for_half(cx, u, second);
  if (problem.empty()) return true;
  // A half that a displacement carries onto impassable terrain breaks "Il
  // est strictement interdit d'occuper ou de traverser un terrain
  // impassable" (§ Les terrains dans Sabreur), whether or not the line
  // turned; only a rotation in place is § Orientation des unités' alone.
  const bool impassable =
      to != st.hex && cx.setup.map.contains(second) &&
      !cx.terrain.hex_passable[static_cast<std::size_t>(cx.board().terrain_at(second))];
  cx.checker
      .violation(impassable ? Check::move_impassable : Check::move_second_half,
                 cx.checker.event_span(),
                 fmt::format("the second half of {} would end on {}, {}", cx.quoted(u),
                             hex::to_string(second), problem))
      .note(
          "the first half ends on {} facing {}; the second stands beside it, as it stood "
          "before the move",
          hex::to_string(to), hex::name(facing))
      .hint("an extended line needs two free neighbouring hexes side by side");
  return false;
}

// `form <line> <formation> to <hex>`: the half that stays fixed, one of its
// two hexes (§ Changements de formation).
void keep_half(Context& cx, const Action& a, UnitId u) {
  const UnitState& st = cx.state.units[u];
  const Hex first = st.hex;
  const Hex second = *st.second_hex;
  cx.state.place_second(u, std::nullopt);
  if (!a.to || *a.to == first) return;
  if (*a.to == second) {
    cx.state.place(u, second);
    return;
  }
  cx.checker
      .violation(Check::formation_kept_hex, a.span,
                 fmt::format("{} leaves extended line on {}, which is neither of its hexes ({} "
                             "and {})",
                             cx.quoted(u), hex::to_string(*a.to), hex::to_string(first),
                             hex::to_string(second)))
      .note("in a change of formation one half at least stays where it is")
      .hint("write 'to {}' or 'to {}', or nothing for the first half", hex::to_string(first),
            hex::to_string(second));
}

// `form <unit> extended_line to <hex>`: the hex of the second half, the unit
// on its own hex staying fixed (§ Changements de formation), "disposée ...
// sur 2 hexagones voisins", both halves "orientés vers la même direction"
// (§ Formations spéciales): side by side under the facing it takes, on the
// map, passable and free; and "Une unité qui change de formation doit
// terminer ce changement sans être en contact avec une unité adverse".
void form_second_half(Context& cx, const Action& a, UnitId u, Hex to) {
  const UnitState& st = cx.state.units[u];
  std::string problem;
  if (!hex::is_extended_line(st.hex, to, st.facing))
    problem = fmt::format("which does not stand beside {} facing {}", hex::to_string(st.hex),
                          hex::name(st.facing));
  else if (!cx.setup.map.contains(to))
    problem = "off the map";
  else if (!cx.terrain.hex_passable[static_cast<std::size_t>(cx.board().terrain_at(to))])
    problem = "on impassable terrain";
  else if (auto other = cx.state.unit_at(to); other && *other != u)
    problem = fmt::format("where {} stands", cx.quoted(*other));
  if (!problem.empty()) {
    cx.checker
        .violation(Check::formation_second_hex, a.span,
                   fmt::format("{} forms extended line with its second half on {}, {}",
                               cx.quoted(u), hex::to_string(to), problem))
        .hint("the second half stands on a free flank hex of the first, facing the same way");
    cx.checker.not_checked(
        "the second hex of a unit that forms an extended line (the log's is refused; the engine "
        "keeps the unit on one hex)",
        a.span);
    return;
  }
  const bool in_contact_before = cx.board().in_contact(u);
  cx.state.place_second(u, to);
  if (!in_contact_before && cx.board().in_contact(u))
    cx.checker
        .violation(Check::formation_second_hex, a.span,
                   fmt::format("{} forms extended line with its second half on {}, in contact "
                               "with an enemy",
                               cx.quoted(u), hex::to_string(to)))
        .note("a change of formation ends out of contact with the enemy");
}

void indirect_march(Context& cx, const Action& a, UnitId u) {
  UnitState& st = cx.state.units.edit(u);
  const Hex start = st.hex;
  // § Manœuvres: engaged at the start, the unit marches "de façon à rester
  // toujours engagée par au moins une des unités adverses qui l'engageaient
  // au début de sa manœuvre" (judged at the end, as for a frontal march).
  const Board at_start = cx.board();
  const bool engaged_before = at_start.engaged_by_enemy(u);
  const std::vector<UnitId> engagers = at_start.engagers(u);
  std::optional<Hex> to = a.to;
  if (!to && !a.path.empty()) to = a.path.back();
  if (!to) {
    cx.checker.not_checked("an indirect march without a destination", a.span);
    return;
  }
  const Span span = a.to ? a.span : a.path_span;
  if (a.facing && *a.facing != st.facing) {
    cx.checker
        .violation(Check::move_indirect, span,
                   fmt::format("{} turns during an indirect march", cx.quoted(u)))
        .note("an indirect march allows no rotation");
  }
  Facts f(cx.rules);
  fill_self(cx, f, u);
  auto max = eval_int(f, Value::indirect_march_max, cx.checker);
  const int length = hex::distance(start, *to);
  const auto dir = hex::straight_direction(start, *to);
  if (!dir) {
    cx.checker
        .violation(Check::move_indirect, span,
                   fmt::format("{} does not go straight from {} to {}", cx.quoted(u),
                               hex::to_string(start), hex::to_string(*to)))
        .note("an indirect march allows no change of direction");
  }
  if (max && length > *max) {
    auto b =
        cx.checker.violation(Check::move_indirect, span,
                             fmt::format("{} marches {} indirectly, at most {}", cx.quoted(u),
                                         hexes_text(length), hexes_text(static_cast<int>(*max))));
    std::vector<std::string> notes;
    eval_int(f, Value::indirect_march_max, cx.checker, &notes);  // again, for its breakdown
    for (const std::string& n : notes) b.note(n);
  }
  std::vector<Hex> hexes;
  if (dir)
    for (int i = 1; i <= length; ++i) hexes.push_back(hex::step(start, *dir, i));
  else
    hexes.push_back(*to);
  PathCheck pc = check_path(cx, u, start, hexes, span, true);
  // An extended line's second half goes the same straight way beside the
  // first, without a turn (check_second_path); a march that does not go
  // straight has no way known for either half.
  if (dir) {
    const PathCheck second = check_second_path(cx, u, st.facing, hexes, span);
    pc.penalising = pc.penalising || second.penalising;
    if (!second.end) pc.end.reset();
  }
  f.word(Given::move_kind, "marching");
  f.boolean(Given::move_forced, false);
  f.boolean(Given::move_on_penalising_terrain, pc.penalising);
  f.integer(Given::move_rotation_degrees, 0);
  f.integer(Given::move_hexes_used, length);
  // Either half of an extended line counts (engages_at, as a frontal march).
  const std::optional<Hex> to2 = second_end(cx, u, *to, st.facing);
  bool stays = false;
  for (UnitId e : engagers) stays = stays || engages_at(cx, e, *to, to2);
  f.boolean(Given::move_stays_engaged, stays);
  f.march_end(cx.board(), cx.setup.units[u].side, *to, to2);  // looked for if the data asks
  const auto subject = [&] {
    return fmt::format("{} marching {} indirectly", cx.quoted(u), hexes_text(length));
  };
  check_permissions(f, RuleAction::indirect_march, cx.checker, a.span, std::nullopt, subject);
  check_permissions(f, RuleAction::manoeuvre, cx.checker, a.span, std::nullopt, subject);
  if (pc.end)
    end_move(cx, u, *pc.end, st.facing, dir ? "" : "an indirect march that does not go straight");
  st.manoeuvred = true;
  if (max) st.march_hexes_left = hexes_left(*max, length);
  // Enemies it no longer engages: 2 strength points each (§ Manœuvres).
  if (engaged_before) disengage(cx, a, u, engagers);
}

}  // namespace

PathCheck check_path(Context& cx, UnitId u, Hex start, std::span<const Hex> hexes, Span span,
                     bool final_hex_free, bool judge_last_hex) {
  PathCheck out;
  const Board b = cx.board();
  const UnitSetup& mover = cx.setup.units[u];
  const bool mover_passes_friends = arm_of(mover.type) == Arm::artillery ||
                                    cx.state.units[u].formation == Formation::skirmish_order;
  out.penalising = cx.terrain.hex_penalising[static_cast<std::size_t>(b.terrain_at(start))];
  Hex from = start;
  for (std::size_t i = 0; i < hexes.size(); ++i) {
    const Hex h = hexes[i];
    // The caller judges where the last hex is (an extended line's second
    // half, second_half_arrives): only the hexside into it is asked here.
    const bool caller_judges = !judge_last_hex && i + 1 == hexes.size();
    if (caller_judges && (!cx.setup.map.contains(h) ||
                          !cx.terrain.hex_passable[static_cast<std::size_t>(b.terrain_at(h))])) {
      const auto side = static_cast<std::size_t>(b.side_between(from, h));
      if (cx.setup.map.contains(h) && !cx.terrain.side_passable[side])
        cx.checker.violation(
            Check::move_impassable, span,
            fmt::format("{} crosses impassable terrain into {}", cx.quoted(u), hex::to_string(h)));
      out.end = h;
      return out;
    }
    if (!cx.setup.map.contains(h)) {
      // A log cannot write such a path (lowering reports log.hex.off-map):
      // only an action built elsewhere gets here.
      cx.checker.problem(id_of(Diag::move_off_map), span,
                         fmt::format("{} leaves the map at {}", cx.quoted(u), hex::to_string(h)));
      return out;
    }
    const auto side = static_cast<std::size_t>(b.side_between(from, h));
    const auto kind = static_cast<std::size_t>(b.terrain_at(h));
    if (!cx.terrain.hex_passable[kind] || !cx.terrain.side_passable[side]) {
      cx.checker.violation(
          Check::move_impassable, span,
          fmt::format("{} enters impassable terrain at {}", cx.quoted(u), hex::to_string(h)));
      return out;
    }
    out.penalising =
        out.penalising || cx.terrain.hex_penalising[kind] || cx.terrain.side_penalising[side];
    if (auto other = cx.state.unit_at(h); other && *other != u) {
      const bool last = i + 1 == hexes.size();
      const UnitState& o = cx.state.units[*other];
      const bool friendly = !b.enemies(u, *other);
      const bool passable_friend =
          friendly && !o.panicked &&
          (mover_passes_friends || arm_of(cx.setup.units[*other].type) == Arm::artillery ||
           o.formation == Formation::skirmish_order);
      if (last && final_hex_free) {
        cx.checker
            .violation(Check::move_occupied, span,
                       fmt::format("{} ends its move on {}, where {} stands", cx.quoted(u),
                                   hex::to_string(h), cx.quoted(*other)))
            .hint("at most one unit per hex");
        return out;
      }
      if (!last && !passable_friend) {
        cx.checker
            .violation(Check::move_pass_through, span,
                       fmt::format("{} passes through {} on {}", cx.quoted(u), cx.quoted(*other),
                                   hex::to_string(h)))
            .note(
                friendly
                    ? "only friendly artillery or skirmishers, not panicked, may be passed through"
                    : "no march passes through an enemy");
      }
    }
    from = h;
  }
  out.end = hexes.empty() ? start : hexes.back();
  return out;
}

void end_move(Context& cx, UnitId u, Hex to, Facing facing, std::string_view way_unknown_on) {
  if (auto other = cx.state.unit_at(to); other && *other != u) {
    // Two units cannot share a hex; the unit stays where it was.
    cx.state.face(u, facing);
    return;
  }
  if (cx.state.units[u].second_hex && !second_half_arrives(cx, u, to, facing, way_unknown_on))
    return;
  cx.state.place(u, to);
  cx.state.face(u, facing);
}

// § Manœuvres: a frontal march is "une rotation, PUIS un déplacement
// frontal". An extended line turns about its first half ("L'autre
// demi-unité tourne autour de la première", § Orientation des unités): a
// rotation may cross units, "l'important est qu'en fin de rotation il y ait
// suffisamment de places", so the second half's hex after the turn must be
// on the map, passable and free when a displacement follows (without one,
// second_half_arrives asks it of the end). Then the second half moves as
// the first does, hex by hex by the same offset, and what it crosses is
// judged as the first half's way is (check_path, the same check ids): it
// enters no impassable hex or hexside and passes through no unit the rule
// forbids; its last hex is second_half_arrives'. Its penalising terrain
// counts for the line's allowance (a reading: the unit enters it).
PathCheck check_second_path(Context& cx, UnitId u, Facing after, std::span<const Hex> path,
                            Span span) {
  const UnitState& st = cx.state.units[u];
  PathCheck out;
  out.end = path.empty() ? st.hex : path.back();
  if (!st.second_hex || path.empty()) return out;
  const int steps = hex::rotation_steps(st.facing, after);
  Hex turned = *st.second_hex;
  if (steps != 0 && steps != 3) {
    turned = hex::rotate_about(turned, st.hex, steps);
    if (const std::string problem = no_room_for_half(cx, u, turned); !problem.empty()) {
      cx.checker
          .violation(Check::move_second_half, span,
                     fmt::format("the second half of {} turns about its first half to {}, {}",
                                 cx.quoted(u), hex::to_string(turned), problem))
          .note(
              "the first half turns on {} to face {}; a rotation may cross units but must "
              "end with room for the unit",
              hex::to_string(st.hex), hex::name(after))
          .hint("an extended line needs two free neighbouring hexes side by side");
      out.end.reset();
      return out;
    }
  }
  std::vector<Hex> hexes;
  hexes.reserve(path.size());
  for (const Hex h : path) hexes.push_back(turned + (h - st.hex));
  // The hexes before the last leave the map only by the line's fault (a log
  // writes the first half's way); the last hex is second_half_arrives'
  // (sabreur.move.second-half) unless only its hexside is impassable.
  for (std::size_t i = 0; i + 1 < hexes.size(); ++i) {
    if (cx.setup.map.contains(hexes[i])) continue;
    cx.checker
        .violation(Check::move_second_half, span,
                   fmt::format("the second half of {} leaves the map at {}", cx.quoted(u),
                               hex::to_string(hexes[i])))
        .note("the second half moves as the first, by the same offset");
    out.end.reset();
    return out;
  }
  const PathCheck crossed = check_path(cx, u, turned, hexes, span, false, false);
  out.penalising = crossed.penalising;
  if (!crossed.end) out.end.reset();
  return out;
}

// Only an extended line holds two hexes (§ Formations spéciales). "En cas
// de changement de formation, l'une au moins des figurines ou plaquettes
// doit rester fixe, tandis que les autres sont repositionnées autour
// d'elle" (§ Changements de formation): a line that takes another
// formation may keep either half's hex. The log names it (`form <unit>
// <formation> to <hex>`, change_formation); without it, and whenever a
// line leaves its formation otherwise (a flight into horde, a rally, a
// following move, a refused change), it keeps its first half's hex, the
// convention docs/log-format.md states. A unit that forms extended line
// puts its second half on the hex the log names (`to`, change_formation);
// where the log names none (or the unit returns to extended line after a
// refused change), the text leaves two hexes possible: it stays on one hex
// and that is reported not checked.
void settle_second_hex(Context& cx, UnitId u) {
  const UnitState& st = cx.state.units[u];
  if (!st.on_table || (st.formation == Formation::extended_line) == st.second_hex.has_value())
    return;
  if (st.second_hex) {
    cx.state.place_second(u, std::nullopt);
  } else {
    cx.checker.not_checked(
        "the second hex of a unit that forms an extended line (the log writes none, 'to <hex>'; "
        "the engine keeps the unit on one hex)",
        cx.checker.event_span());
  }
}

std::optional<Hex> second_end(const Context& cx, UnitId u, Hex end, Facing after) {
  const UnitState& st = cx.state.units[u];
  if (!st.second_hex) return std::nullopt;
  Hex second = *st.second_hex + (end - st.hex);
  const int steps = hex::rotation_steps(st.facing, after);
  if (steps != 0 && steps != 3) second = hex::rotate_about(second, end, steps);
  return second;
}

// "engagée par une unité adverse B si l'unité A est située sur l'un des deux
// hexagones frontaux de l'unité B" (§ Engager une unité), a square on any
// neighbour: each half of either unit counts (Board::engages).
bool engages_at(const Context& cx, UnitId e, Hex end, std::optional<Hex> second) {
  const Board b = cx.board();
  const UnitState& es = cx.state.units[e];
  for (const Hex from : {es.hex, es.second_hex.value_or(es.hex)})
    for (const Hex to : {end, second.value_or(end)})
      if (b.square_like(e) ? hex::adjacent(from, to) : hex::in_front_hexes(from, es.facing, to))
        return true;
  return false;
}

namespace {

// § La charge et le choc: "La charge est le seul moyen pour une unité
// d'engager volontairement une unité adverse qui est à 3 cases ou plus"
// (the data's charge_only_from). An enemy that far from either of the
// unit's hexes at the start of its march did not engage it then; standing
// still, on the unit's front hexes at the end, the march engaged it.
void check_march_engagement(Context& cx, const Action& a, UnitId u, Hex start,
                            std::optional<Hex> start2) {
  const Board b = cx.board();
  if (!cx.state.units[u].on_table || !b.engages_enemy(u)) return;
  Facts f(cx.rules);
  const auto from = eval_int(f, Value::charge_only_from, cx.checker);
  if (!from) return;
  for (std::size_t i = 0; i < cx.state.units.size(); ++i) {
    const auto e = static_cast<UnitId>(i);
    if (!b.present(e) || cx.setup.units[e].side == cx.setup.units[u].side || !b.engages(u, e))
      continue;
    const Hex at = cx.state.units[e].hex;
    const int distance =
        std::min(hex::distance(start, at), hex::distance(start2.value_or(start), at));
    if (distance < *from) continue;
    cx.checker
        .violation(Check::move_engages_far_enemy, a.span,
                   fmt::format("{} engages {} by a march from {} away: only a charge engages an "
                               "enemy {} or more away",
                               cx.quoted(u), cx.quoted(e), hexes_text(distance),
                               hexes_text(static_cast<int>(*from))))
        .note("{} stood on {} at the start of the march, {} on {}", cx.quoted(u),
              hex::to_string(start), cx.quoted(e), hex::to_string(at))
        .hint("charge {} instead ('charge {} {} …')", cx.quoted(e), cx.setup.units[u].id,
              cx.setup.units[e].id);
    return;
  }
}

}  // namespace

void move(Context& cx, const Action& a) {
  const UnitId u = a.actors.front();
  const Hex march_start = cx.state.units[u].hex;
  const std::optional<Hex> march_start2 = cx.state.units[u].second_hex;
  check_activated(cx, a, u);
  // "impétueux": a march that brings it to engage an enemy (impetuous.cpp).
  const std::vector<std::uint8_t> engaged_before = engaged_now(cx, u);
  struct AfterMarch {
    Context& cx;
    UnitId u;
    const std::vector<std::uint8_t>& before;
    ~AfterMarch() { impetuous_engages(cx, u, std::nullopt, before); }
  } after_march{cx, u, engaged_before};
  const bool frontal = a.detail == Detail::frontal || (a.detail.empty() && !a.path.empty());
  const bool forced = a.detail == Detail::forced;
  if (cx.state.units[u].panicked && (frontal || forced || a.detail == Detail::indirect)) {
    // A panicked unit does not march (§ Actions des unités paniquées): said,
    // then applied as written (its horde has no movement factor to check).
    Facts f(cx.rules);
    fill_self(cx, f, u);
    check_permissions(f, frontal || forced ? RuleAction::frontal_march : RuleAction::indirect_march,
                      cx.checker, a.span, std::nullopt,
                      [&] { return fmt::format("a march by {}", cx.quoted(u)); });
    UnitState& st = cx.state.units.edit(u);
    std::optional<Hex> to = a.to;
    if (!to && !a.path.empty()) to = a.path.back();
    if (to && cx.setup.map.contains(*to))
      end_move(cx, u, *to, a.facing.value_or(st.facing), "a panicked unit's march");
    st.manoeuvred = true;
    return;
  }
  if (frontal) {
    frontal_march(cx, a, u, false);
    check_march_engagement(cx, a, u, march_start, march_start2);
  } else if (forced) {
    frontal_march(cx, a, u, false, true);
    check_march_engagement(cx, a, u, march_start, march_start2);
  } else if (a.detail == Detail::indirect) {
    indirect_march(cx, a, u);
    check_march_engagement(cx, a, u, march_start, march_start2);
  } else {
    follow(cx, a);
  }
}

bool frontal_march(Context& cx, const Action& a, UnitId u, bool charge, bool forced) {
  UnitState& st = cx.state.units.edit(u);
  const Hex start = st.hex;
  const Facing before = st.facing;
  const Facing after = a.facing.value_or(before);
  const Board b = cx.board();
  const bool engaged_before = b.engaged_by_enemy(u);
  const std::vector<UnitId> engagers = b.engagers(u);

  HexPath path = a.path;
  if (path.empty() && a.to) path.push_back(*a.to);
  const Span span = a.path_span.valid() ? a.path_span : a.span;

  // The rotation first (§ Manœuvres: "une rotation, PUIS un déplacement frontal").
  const int steps = hex::rotation_steps(before, after);
  const int degrees = 60 * (steps < 0 ? -steps : steps);
  Facts f(cx.rules);
  fill_self(cx, f, u);
  if (degrees != 0) {
    const RuleAction rotation = degrees == 60    ? RuleAction::rotate_60
                                : degrees == 120 ? RuleAction::rotate_120
                                // An extended line cannot turn 180° but "peut effectuer une
                                // volte-face", both halves in place (§ Orientation des unités):
                                // its half turn is that about-face (State::face).
                                : st.formation == Formation::extended_line ? RuleAction::about_face
                                                                           : RuleAction::rotate_180;
    check_permissions(f, rotation, cx.checker, a.span, Check::move_rotation, [&] {
      return fmt::format("a rotation of {} degrees by {}", degrees, cx.quoted(u));
    });
  }
  const std::size_t bad = hex::first_invalid_step(start, after, path, hex::StepKind::frontal);
  if (bad < path.size()) {
    cx.checker
        .violation(Check::move_frontal_step, span,
                   fmt::format("{} steps to {}, which is not one of its front hexes", cx.quoted(u),
                               hex::to_string(path[bad])))
        .note("facing {} from {}, the front hexes are {} and {}", hex::name(after),
              hex::to_string(bad == 0 ? start : path[bad - 1]),
              hex::to_string(hex::front_hexes(bad == 0 ? start : path[bad - 1], after)[0]),
              hex::to_string(hex::front_hexes(bad == 0 ? start : path[bad - 1], after)[1]));
  }
  PathCheck pc = check_path(cx, u, start, path, span, true);
  const PathCheck second = check_second_path(cx, u, after, path, span);
  pc.penalising = pc.penalising || second.penalising;
  if (!second.end) pc.end.reset();

  f.word(Given::move_kind, "marching");
  // § Manœuvres: "La marche forcée s'effectue comme une marche frontale,
  // sauf que la distance de déplacement autorisée est doublée"; the data's
  // max_move doubles it, and its forced_march permissions add the enemies
  // within 4 hexes (at the start, at the end) and who may force a march.
  f.boolean(Given::move_forced, forced);
  f.boolean(Given::move_on_penalising_terrain, pc.penalising);
  f.integer(Given::move_rotation_degrees, degrees);
  // A breach of the allowance is explained by the permission's own breakdown.
  auto rotation_cost = eval_int(f, Value::rotation_cost, cx.checker);
  const std::int64_t used = static_cast<std::int64_t>(path.size()) + rotation_cost.value_or(0);
  f.integer(Given::move_hexes_used, used);
  const Hex end = path.empty() ? start : path.back();
  // An extended line ends on two hexes: either half counts.
  const std::optional<Hex> end2 = second_end(cx, u, end, after);
  bool stays = false;
  // Engaged at the start: the march must keep one of those enemies engaging it.
  for (UnitId e : engagers) stays = stays || engages_at(cx, e, end, end2);
  f.boolean(Given::move_stays_engaged, stays);
  f.march_end(cx.board(), cx.setup.units[u].side, end, end2);  // looked for if the data asks
  auto allowance = eval_int(f, Value::max_move, cx.checker);
  const auto subject = [&] {
    return fmt::format("{} {} {}{}", cx.quoted(u),
                       charge   ? "charging"
                       : forced ? "marching by a forced march"
                                : "marching",
                       hexes_text(static_cast<int>(used)),
                       allowance ? fmt::format(" (allowance {})", *allowance) : std::string());
  };
  // A charge's own conditions were asked at its declaration (charge()).
  if (forced)
    check_permissions(f, RuleAction::forced_march, cx.checker, a.span, std::nullopt, subject);
  if (!charge)
    check_permissions(f, RuleAction::frontal_march, cx.checker, a.span, std::nullopt, subject);
  check_permissions(f, RuleAction::manoeuvre, cx.checker, a.span, std::nullopt, subject);
  if (pc.end) end_move(cx, u, *pc.end, after, "");
  st.manoeuvred = true;
  if (!charge && allowance) st.march_hexes_left = hexes_left(*allowance, used);
  if (engaged_before) disengage(cx, a, u, engagers);
  return true;
}

// § Manœuvres: a unit no longer engaged after a march by enemies that
// engaged it at the start loses 2 strength points for each (no test).
void disengage(Context& cx, const Action& a, UnitId u, std::span<const UnitId> engagers) {
  const Board b = cx.board();
  int left = 0;
  boost::container::small_vector<UnitId, 6> left_behind;
  for (UnitId e : engagers) {
    if (!cx.state.units[e].on_table || b.engages(e, u)) continue;
    ++left;
    left_behind.push_back(e);
  }
  if (left == 0 && !a.stated.losses) return;
  Facts f(cx.rules);
  auto per = eval_int(f, Value::disengagement_loss_per_enemy, cx.checker);
  if (!per) return;
  const auto notes = [&] {  // only for a diagnostic
    std::vector<std::string> out;
    for (UnitId e : left_behind)
      out.push_back(fmt::format("{} no longer engages {}", cx.quoted(e), cx.quoted(u)));
    const std::vector<std::string> why = explain(f, Value::disengagement_loss_per_enemy);
    out.insert(out.end(), why.begin(), why.end());
    return out;
  };
  const std::int64_t losses =
      cx.checker.outcome(Check::move_disengagement, a.stated.span.valid() ? a.stated.span : a.span,
                         "strength points lost disengaging", a.stated.losses, left * *per, notes);
  if (losses > 0) cx.state.lose(u, static_cast<int>(losses));
}

namespace {
// A column that marched then changes formation: "changer de formation
// équivaut à 1 case de déplacement" (§ Changements de formation), a hex its
// march must have left (the data's march_then_change_within_allowance).
void check_march_then_change(Context& cx, const Action& a, UnitId u, Formation formation) {
  const UnitState& st = cx.state.units[u];
  if (st.choice != ActionChoice::march_then_change_formation) return;
  Facts f(cx.rules);
  fill_self(cx, f, u);
  f.set(Given::self_new_formation, cx.rules.formation(formation));
  f.integer(Given::move_hexes_left, st.march_hexes_left);
  check_permissions(f, RuleAction::march_then_change_formation, cx.checker, a.span,
                    Check::formation_not_allowed, [&] {
                      const auto cost = eval_int(f, Value::formation_change_move_cost, cx.checker);
                      return fmt::format(
                          "{} forming {} after a march that left {} of its allowance, when the "
                          "change costs {},",
                          cx.quoted(u), name(formation), hexes_text(st.march_hexes_left),
                          cost ? hexes_text(static_cast<int>(*cost)) : std::string("a hex"));
                    });
}

}  // namespace

void change_formation(Context& cx, const Action& a) {
  const UnitId u = a.actors.front();
  check_activated(cx, a, u);
  const std::string word = a.formation.empty() ? a.detail.text() : a.formation;
  const auto formation = parse_formation(word);
  if (!formation) {
    cx.checker.not_checked(fmt::format("formation '{}'", word), a.span);
    return;
  }
  Facts f(cx.rules);
  fill_self(cx, f, u);
  f.set(Given::self_new_formation, cx.rules.formation(*formation));
  // A panicked unit is named so: its state is most often the reason (it stays
  // in horde, the data's panicked_stays_in_horde).
  // What its type and skills allow (hold_formation) is asked first: it is
  // the reason when both refuse.
  const auto subject = [&] {
    return fmt::format("{}{} forming {}", cx.state.units[u].panicked ? "panicked " : "",
                       cx.quoted(u), name(*formation));
  };
  if (check_permissions(f, RuleAction::hold_formation, cx.checker, a.span,
                        Check::formation_not_allowed, subject))
    check_permissions(f, RuleAction::adopt_formation, cx.checker, a.span,
                      Check::formation_not_allowed, subject);
  check_march_then_change(cx, a, u, *formation);
  UnitState& st = cx.state.units.edit(u);
  // A failed test leaves the unit as it was (§ Test moral: the change is not
  // made): test() restores these.
  st.former_formation = st.formation;
  st.former_facing = st.facing;
  st.formation = *formation;
  const bool extended = *formation == Formation::extended_line;
  if (st.second_hex && !extended) {
    st.former_hexes = TwoHexes{st.hex, *st.second_hex};  // a failed test restores them
    keep_half(cx, a, u);
    if (a.facing) cx.state.face(u, *a.facing);
  } else if (!st.second_hex && extended && a.to && st.on_table) {
    if (a.facing) cx.state.face(u, *a.facing);
    form_second_half(cx, a, u, *a.to);
  } else {
    settle_second_hex(cx, u);
    if (a.facing) cx.state.face(u, *a.facing);
  }
  st.next_test = TestReason::formation_change;
  cx.state.tests_due = true;
}

}  // namespace umpire::sabreur
