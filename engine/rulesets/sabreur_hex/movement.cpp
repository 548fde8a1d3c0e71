// Marches, changes of formation and charges: 002_87c3dc452f850204.txt
// § Manœuvres, § Orientation des unités, § Les terrains dans Sabreur,
// § Changements de formation, § Conditions pour qu'une charge soit valide.
#include <fmt/format.h>

#include <algorithm>
#include <boost/container/small_vector.hpp>

#include "engine/geometry/hex/footprint.hpp"
#include "engine/geometry/hex/text.hpp"
#include "engine/geometry/hex/zone.hpp"
#include "engine/rulesets/sabreur_hex/engine.hpp"

namespace umpire::sabreur {

Engine::PathCheck Engine::check_path(UnitId u, Hex start, std::span<const Hex> hexes, Span span,
                                     bool final_hex_free, replay::EventChecker& checker,
                                     bool judge_last_hex) {
  PathCheck out;
  const Board b = board();
  const UnitSetup& mover = setup_.units[u];
  const bool mover_passes_friends = arm_of(mover.type) == Arm::artillery ||
                                    state_.units[u].formation == Formation::skirmish_order;
  out.penalising = terrain_.hex_penalising[static_cast<std::size_t>(b.terrain_at(start))];
  Hex from = start;
  for (std::size_t i = 0; i < hexes.size(); ++i) {
    const Hex h = hexes[i];
    // The caller judges where the last hex is (an extended line's second
    // half, second_half_arrives): only the hexside into it is asked here.
    const bool caller_judges = !judge_last_hex && i + 1 == hexes.size();
    if (caller_judges && (!setup_.map.contains(h) ||
                          !terrain_.hex_passable[static_cast<std::size_t>(b.terrain_at(h))])) {
      const auto side = static_cast<std::size_t>(b.side_between(from, h));
      if (setup_.map.contains(h) && !terrain_.side_passable[side])
        checker.violation(
            Check::move_impassable, span,
            fmt::format("{} crosses impassable terrain into {}", quoted(u), hex::to_string(h)));
      out.end = h;
      return out;
    }
    if (!setup_.map.contains(h)) {
      // A log cannot write such a path (lowering reports log.hex.off-map):
      // only an action built elsewhere gets here.
      checker.problem(id_of(Diag::move_off_map), span,
                      fmt::format("{} leaves the map at {}", quoted(u), hex::to_string(h)));
      return out;
    }
    const auto side = static_cast<std::size_t>(b.side_between(from, h));
    const auto kind = static_cast<std::size_t>(b.terrain_at(h));
    if (!terrain_.hex_passable[kind] || !terrain_.side_passable[side]) {
      checker.violation(
          Check::move_impassable, span,
          fmt::format("{} enters impassable terrain at {}", quoted(u), hex::to_string(h)));
      return out;
    }
    out.penalising =
        out.penalising || terrain_.hex_penalising[kind] || terrain_.side_penalising[side];
    if (auto other = state_.unit_at(h); other && *other != u) {
      const bool last = i + 1 == hexes.size();
      const UnitState& o = state_.units[*other];
      const bool friendly = !b.enemies(u, *other);
      const bool passable_friend =
          friendly && !o.panicked &&
          (mover_passes_friends || arm_of(setup_.units[*other].type) == Arm::artillery ||
           o.formation == Formation::skirmish_order);
      if (last && final_hex_free) {
        checker
            .violation(Check::move_occupied, span,
                       fmt::format("{} ends its move on {}, where {} stands", quoted(u),
                                   hex::to_string(h), quoted(*other)))
            .hint("at most one unit per hex");
        return out;
      }
      if (!last && !passable_friend) {
        checker
            .violation(Check::move_pass_through, span,
                       fmt::format("{} passes through {} on {}", quoted(u), quoted(*other),
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

void Engine::end_move(UnitId u, Hex to, Facing facing, replay::EventChecker& checker,
                      std::string_view way_unknown_on) {
  if (auto other = state_.unit_at(to); other && *other != u) {
    // Two units cannot share a hex; the unit stays where it was.
    state_.face(u, facing);
    return;
  }
  if (state_.units[u].second_hex &&
      !second_half_arrives(u, to, facing, checker, way_unknown_on))
    return;
  state_.place(u, to);
  state_.face(u, facing);
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
std::string Engine::no_room_for_half(UnitId u, Hex h) const {
  if (!setup_.map.contains(h)) return "off the map";
  if (!terrain_.hex_passable[static_cast<std::size_t>(board().terrain_at(h))])
    return "on impassable terrain";
  if (auto other = state_.unit_at(h); other && *other != u)
    return fmt::format("where {} stands", quoted(*other));
  return {};
}

bool Engine::second_half_arrives(UnitId u, Hex to, Facing facing, replay::EventChecker& checker,
                                 std::string_view way_unknown_on) {
  const UnitState& st = state_.units[u];
  const Hex second = *second_end(u, to, facing);
  if (to != st.hex && !way_unknown_on.empty())
    checker.not_checked(
        fmt::format("the hexes the second half of an extended line crosses on {}", way_unknown_on),
        checker.event_span());
  const std::string problem = no_room_for_half(u, second);
  if (problem.empty()) return true;
  checker
      .violation(Check::move_second_half, checker.event_span(),
                 fmt::format("the second half of {} would end on {}, {}", quoted(u),
                             hex::to_string(second), problem))
      .note(
          "the first half ends on {} facing {}; the second stands beside it, as it stood "
          "before the move",
          hex::to_string(to), hex::name(facing))
      .hint("an extended line needs two free neighbouring hexes side by side");
  return false;
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
Engine::PathCheck Engine::check_second_path(UnitId u, Facing after, std::span<const Hex> path,
                                            Span span, replay::EventChecker& checker) {
  const UnitState& st = state_.units[u];
  PathCheck out;
  out.end = path.empty() ? st.hex : path.back();
  if (!st.second_hex || path.empty()) return out;
  const int steps = hex::rotation_steps(st.facing, after);
  Hex turned = *st.second_hex;
  if (steps != 0 && steps != 3) {
    turned = hex::rotate_about(turned, st.hex, steps);
    if (const std::string problem = no_room_for_half(u, turned); !problem.empty()) {
      checker
          .violation(Check::move_second_half, span,
                     fmt::format("the second half of {} turns about its first half to {}, {}",
                                 quoted(u), hex::to_string(turned), problem))
          .note("the first half turns on {} to face {}; a rotation may cross units but must "
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
    if (setup_.map.contains(hexes[i])) continue;
    checker
        .violation(Check::move_second_half, span,
                   fmt::format("the second half of {} leaves the map at {}", quoted(u),
                               hex::to_string(hexes[i])))
        .note("the second half moves as the first, by the same offset");
    out.end.reset();
    return out;
  }
  const PathCheck crossed = check_path(u, turned, hexes, span, false, checker, false);
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
void Engine::settle_second_hex(UnitId u, replay::EventChecker& checker) {
  const UnitState& st = state_.units[u];
  if (!st.on_table || (st.formation == Formation::extended_line) == st.second_hex.has_value())
    return;
  if (st.second_hex) {
    state_.place_second(u, std::nullopt);
  } else {
    checker.not_checked(
        "the second hex of a unit that forms an extended line (the log writes none, 'to <hex>'; "
        "the engine keeps the unit on one hex)",
        checker.event_span());
  }
}

std::optional<Hex> Engine::second_end(UnitId u, Hex end, Facing after) const {
  const UnitState& st = state_.units[u];
  if (!st.second_hex) return std::nullopt;
  Hex second = *st.second_hex + (end - st.hex);
  const int steps = hex::rotation_steps(st.facing, after);
  if (steps != 0 && steps != 3) second = hex::rotate_about(second, end, steps);
  return second;
}

// "engagée par une unité adverse B si l'unité A est située sur l'un des deux
// hexagones frontaux de l'unité B" (§ Engager une unité), a square on any
// neighbour: each half of either unit counts (Board::engages).
bool Engine::engages_at(UnitId e, Hex end, std::optional<Hex> second) const {
  const Board b = board();
  const UnitState& es = state_.units[e];
  for (const Hex from : {es.hex, es.second_hex.value_or(es.hex)})
    for (const Hex to : {end, second.value_or(end)})
      if (b.square_like(e) ? hex::adjacent(from, to) : hex::in_front_hexes(from, es.facing, to))
        return true;
  return false;
}

// `form <line> <formation> to <hex>`: the half that stays fixed, one of its
// two hexes (§ Changements de formation).
void Engine::keep_half(const Action& a, UnitId u, replay::EventChecker& checker) {
  const UnitState& st = state_.units[u];
  const Hex first = st.hex;
  const Hex second = *st.second_hex;
  state_.place_second(u, std::nullopt);
  if (!a.to || *a.to == first) return;
  if (*a.to == second) {
    state_.place(u, second);
    return;
  }
  checker
      .violation(Check::formation_kept_hex, a.span,
                 fmt::format("{} leaves extended line on {}, which is neither of its hexes ({} "
                             "and {})",
                             quoted(u), hex::to_string(*a.to), hex::to_string(first),
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
void Engine::form_second_half(const Action& a, UnitId u, Hex to, replay::EventChecker& checker) {
  const UnitState& st = state_.units[u];
  std::string problem;
  if (!hex::is_extended_line(st.hex, to, st.facing))
    problem = fmt::format("which does not stand beside {} facing {}", hex::to_string(st.hex),
                          hex::name(st.facing));
  else if (!setup_.map.contains(to))
    problem = "off the map";
  else if (!terrain_.hex_passable[static_cast<std::size_t>(board().terrain_at(to))])
    problem = "on impassable terrain";
  else if (auto other = state_.unit_at(to); other && *other != u)
    problem = fmt::format("where {} stands", quoted(*other));
  if (!problem.empty()) {
    checker
        .violation(Check::formation_second_hex, a.span,
                   fmt::format("{} forms extended line with its second half on {}, {}", quoted(u),
                               hex::to_string(to), problem))
        .hint("the second half stands on a free flank hex of the first, facing the same way");
    checker.not_checked(
        "the second hex of a unit that forms an extended line (the log's is refused; the engine "
        "keeps the unit on one hex)",
        a.span);
    return;
  }
  const bool in_contact_before = board().in_contact(u);
  state_.place_second(u, to);
  if (!in_contact_before && board().in_contact(u))
    checker
        .violation(Check::formation_second_hex, a.span,
                   fmt::format("{} forms extended line with its second half on {}, in contact "
                               "with an enemy",
                               quoted(u), hex::to_string(to)))
        .note("a change of formation ends out of contact with the enemy");
}

void Engine::move(const Action& a, replay::EventChecker& checker) {
  const UnitId u = a.actors.front();
  check_activated(a, u, checker);
  // "impétueux": a march that brings it to engage an enemy (impetuous.cpp).
  const std::vector<std::uint8_t> engaged_before = engaged_now(u);
  struct AfterMarch {
    Engine& engine;
    UnitId u;
    const std::vector<std::uint8_t>& before;
    replay::EventChecker& checker;
    ~AfterMarch() { engine.impetuous_engages(u, std::nullopt, before, checker); }
  } after_march{*this, u, engaged_before, checker};
  const bool frontal = a.detail == Detail::frontal || (a.detail.empty() && !a.path.empty());
  const bool forced = a.detail == Detail::forced;
  if (state_.units[u].panicked && (frontal || forced || a.detail == Detail::indirect)) {
    // A panicked unit does not march (§ Actions des unités paniquées): said,
    // then applied as written (its horde has no movement factor to check).
    Facts f(rules_);
    fill_self(f, u);
    check_permissions(f, frontal || forced ? RuleAction::frontal_march : RuleAction::indirect_march,
                      checker, a.span, std::nullopt,
                      [&] { return fmt::format("a march by {}", quoted(u)); });
    UnitState& st = state_.units.edit(u);
    std::optional<Hex> to = a.to;
    if (!to && !a.path.empty()) to = a.path.back();
    if (to && setup_.map.contains(*to))
      end_move(u, *to, a.facing.value_or(st.facing), checker, "a panicked unit's march");
    st.manoeuvred = true;
    return;
  }
  if (frontal) {
    frontal_march(a, u, false, checker);
  } else if (forced) {
    frontal_march(a, u, false, checker, true);
  } else if (a.detail == Detail::indirect) {
    indirect_march(a, u, checker);
  } else {
    follow(a, checker);
  }
}

bool Engine::frontal_march(const Action& a, UnitId u, bool charge, replay::EventChecker& checker,
                           bool forced) {
  UnitState& st = state_.units.edit(u);
  const Hex start = st.hex;
  const Facing before = st.facing;
  const Facing after = a.facing.value_or(before);
  const Board b = board();
  const bool engaged_before = b.engaged_by_enemy(u);
  const std::vector<UnitId> engagers = b.engagers(u);

  HexPath path = a.path;
  if (path.empty() && a.to) path.push_back(*a.to);
  const Span span = a.path_span.valid() ? a.path_span : a.span;

  // The rotation first (§ Manœuvres: "une rotation, PUIS un déplacement frontal").
  const int steps = hex::rotation_steps(before, after);
  const int degrees = 60 * (steps < 0 ? -steps : steps);
  Facts f(rules_);
  fill_self(f, u);
  if (degrees != 0) {
    const RuleAction rotation = degrees == 60    ? RuleAction::rotate_60
                                : degrees == 120 ? RuleAction::rotate_120
                                // An extended line cannot turn 180° but "peut effectuer une
                                // volte-face", both halves in place (§ Orientation des unités):
                                // its half turn is that about-face (State::face).
                                : st.formation == Formation::extended_line ? RuleAction::about_face
                                                                           : RuleAction::rotate_180;
    check_permissions(f, rotation, checker, a.span, Check::move_rotation, [&] {
      return fmt::format("a rotation of {} degrees by {}", degrees, quoted(u));
    });
  }
  const std::size_t bad = hex::first_invalid_step(start, after, path, hex::StepKind::frontal);
  if (bad < path.size()) {
    checker
        .violation(Check::move_frontal_step, span,
                   fmt::format("{} steps to {}, which is not one of its front hexes", quoted(u),
                               hex::to_string(path[bad])))
        .note("facing {} from {}, the front hexes are {} and {}", hex::name(after),
              hex::to_string(bad == 0 ? start : path[bad - 1]),
              hex::to_string(hex::front_hexes(bad == 0 ? start : path[bad - 1], after)[0]),
              hex::to_string(hex::front_hexes(bad == 0 ? start : path[bad - 1], after)[1]));
  }
  PathCheck pc = check_path(u, start, path, span, true, checker);
  const PathCheck second = check_second_path(u, after, path, span, checker);
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
  auto rotation_cost = eval_int(f, Value::rotation_cost, checker);
  const std::int64_t used = static_cast<std::int64_t>(path.size()) + rotation_cost.value_or(0);
  f.integer(Given::move_hexes_used, used);
  const Hex end = path.empty() ? start : path.back();
  // An extended line ends on two hexes: either half counts.
  const std::optional<Hex> end2 = second_end(u, end, after);
  bool stays = false;
  // Engaged at the start: the march must keep one of those enemies engaging it.
  for (UnitId e : engagers) stays = stays || engages_at(e, end, end2);
  f.boolean(Given::move_stays_engaged, stays);
  f.march_end(board(), setup_.units[u].side, end, end2);  // looked for if the data asks
  auto allowance = eval_int(f, Value::max_move, checker);
  const auto subject = [&] {
    return fmt::format("{} {} {}{}", quoted(u),
                       charge   ? "charging"
                       : forced ? "marching by a forced march"
                                : "marching",
                       hexes_text(static_cast<int>(used)),
                       allowance ? fmt::format(" (allowance {})", *allowance) : std::string());
  };
  // A charge's own conditions were asked at its declaration (charge()).
  if (forced)
    check_permissions(f, RuleAction::forced_march, checker, a.span, std::nullopt, subject);
  if (!charge)
    check_permissions(f, RuleAction::frontal_march, checker, a.span, std::nullopt, subject);
  check_permissions(f, RuleAction::manoeuvre, checker, a.span, std::nullopt, subject);
  if (pc.end) end_move(u, *pc.end, after, checker, "");
  st.manoeuvred = true;
  if (engaged_before) disengage(a, u, engagers, checker);
  return true;
}

// § Manœuvres: a unit no longer engaged after a march by enemies that
// engaged it at the start loses 2 strength points for each (no test).
void Engine::disengage(const Action& a, UnitId u, std::span<const UnitId> engagers,
                       replay::EventChecker& checker) {
  const Board b = board();
  int left = 0;
  boost::container::small_vector<UnitId, 6> left_behind;
  for (UnitId e : engagers) {
    if (!state_.units[e].on_table || b.engages(e, u)) continue;
    ++left;
    left_behind.push_back(e);
  }
  if (left == 0 && !a.stated.losses) return;
  Facts f(rules_);
  auto per = eval_int(f, Value::disengagement_loss_per_enemy, checker);
  if (!per) return;
  const auto notes = [&] {  // only for a diagnostic
    std::vector<std::string> out;
    for (UnitId e : left_behind)
      out.push_back(fmt::format("{} no longer engages {}", quoted(e), quoted(u)));
    const std::vector<std::string> why = explain(f, Value::disengagement_loss_per_enemy);
    out.insert(out.end(), why.begin(), why.end());
    return out;
  };
  const std::int64_t losses =
      checker.outcome(Check::move_disengagement, a.stated.span.valid() ? a.stated.span : a.span,
                      "strength points lost disengaging", a.stated.losses, left * *per, notes);
  if (losses > 0) state_.lose(u, static_cast<int>(losses));
}

void Engine::indirect_march(const Action& a, UnitId u, replay::EventChecker& checker) {
  UnitState& st = state_.units.edit(u);
  const Hex start = st.hex;
  // § Manœuvres: engaged at the start, the unit marches "de façon à rester
  // toujours engagée par au moins une des unités adverses qui l'engageaient
  // au début de sa manœuvre" (judged at the end, as for a frontal march).
  const Board at_start = board();
  const bool engaged_before = at_start.engaged_by_enemy(u);
  const std::vector<UnitId> engagers = at_start.engagers(u);
  std::optional<Hex> to = a.to;
  if (!to && !a.path.empty()) to = a.path.back();
  if (!to) {
    checker.not_checked("an indirect march without a destination", a.span);
    return;
  }
  const Span span = a.to ? a.span : a.path_span;
  if (a.facing && *a.facing != st.facing) {
    checker
        .violation(Check::move_indirect, span,
                   fmt::format("{} turns during an indirect march", quoted(u)))
        .note("an indirect march allows no rotation");
  }
  Facts f(rules_);
  fill_self(f, u);
  auto max = eval_int(f, Value::indirect_march_max, checker);
  const int length = hex::distance(start, *to);
  const auto dir = hex::straight_direction(start, *to);
  if (!dir) {
    checker
        .violation(Check::move_indirect, span,
                   fmt::format("{} does not go straight from {} to {}", quoted(u),
                               hex::to_string(start), hex::to_string(*to)))
        .note("an indirect march allows no change of direction");
  }
  if (max && length > *max) {
    auto b = checker.violation(Check::move_indirect, span,
                               fmt::format("{} marches {} indirectly, at most {}", quoted(u),
                                           hexes_text(length), hexes_text(static_cast<int>(*max))));
    std::vector<std::string> notes;
    eval_int(f, Value::indirect_march_max, checker, &notes);  // again, for its breakdown
    for (const std::string& n : notes) b.note(n);
  }
  std::vector<Hex> hexes;
  if (dir)
    for (int i = 1; i <= length; ++i) hexes.push_back(hex::step(start, *dir, i));
  else
    hexes.push_back(*to);
  PathCheck pc = check_path(u, start, hexes, span, true, checker);
  // An extended line's second half goes the same straight way beside the
  // first, without a turn (check_second_path); a march that does not go
  // straight has no way known for either half.
  if (dir) {
    const PathCheck second = check_second_path(u, st.facing, hexes, span, checker);
    pc.penalising = pc.penalising || second.penalising;
    if (!second.end) pc.end.reset();
  }
  f.word(Given::move_kind, "marching");
  f.boolean(Given::move_forced, false);
  f.boolean(Given::move_on_penalising_terrain, pc.penalising);
  f.integer(Given::move_rotation_degrees, 0);
  f.integer(Given::move_hexes_used, length);
  // Either half of an extended line counts (engages_at, as a frontal march).
  const std::optional<Hex> to2 = second_end(u, *to, st.facing);
  bool stays = false;
  for (UnitId e : engagers) stays = stays || engages_at(e, *to, to2);
  f.boolean(Given::move_stays_engaged, stays);
  f.march_end(board(), setup_.units[u].side, *to, to2);  // looked for if the data asks
  const auto subject = [&] {
    return fmt::format("{} marching {} indirectly", quoted(u), hexes_text(length));
  };
  check_permissions(f, RuleAction::indirect_march, checker, a.span, std::nullopt, subject);
  check_permissions(f, RuleAction::manoeuvre, checker, a.span, std::nullopt, subject);
  if (pc.end)
    end_move(u, *pc.end, st.facing, checker,
             dir ? "" : "an indirect march that does not go straight");
  st.manoeuvred = true;
  // Enemies it no longer engages: 2 strength points each (§ Manœuvres).
  if (engaged_before) disengage(a, u, engagers, checker);
}

void Engine::change_formation(const Action& a, replay::EventChecker& checker) {
  const UnitId u = a.actors.front();
  check_activated(a, u, checker);
  const std::string word = a.formation.empty() ? a.detail.text() : a.formation;
  const auto formation = parse_formation(word);
  if (!formation) {
    checker.not_checked(fmt::format("formation '{}'", word), a.span);
    return;
  }
  Facts f(rules_);
  fill_self(f, u);
  f.set(Given::self_new_formation, rules_.formation(*formation));
  check_permissions(f, RuleAction::adopt_formation, checker, a.span, Check::formation_not_allowed,
                    [&] { return fmt::format("{} forming {}", quoted(u), name(*formation)); });
  UnitState& st = state_.units.edit(u);
  // A failed test leaves the unit as it was (§ Test moral: the change is not
  // made): Engine::test restores these.
  st.former_formation = st.formation;
  st.former_facing = st.facing;
  st.formation = *formation;
  const bool extended = *formation == Formation::extended_line;
  if (st.second_hex && !extended) {
    st.former_hexes = TwoHexes{st.hex, *st.second_hex};  // a failed test restores them
    keep_half(a, u, checker);
    if (a.facing) state_.face(u, *a.facing);
  } else if (!st.second_hex && extended && a.to && st.on_table) {
    if (a.facing) state_.face(u, *a.facing);
    form_second_half(a, u, *a.to, checker);
  } else {
    settle_second_hex(u, checker);
    if (a.facing) state_.face(u, *a.facing);
  }
  st.next_test = TestReason::formation_change;
  state_.tests_due = true;
}

ChargeInProgress Engine::declaration(UnitId u, UnitId t) const {
  const Board b = board();
  const UnitState& us = state_.units[u];
  const UnitState& ts = state_.units[t];
  ChargeInProgress d;
  d.charger = u;
  d.target = t;
  d.charger_from = us.hex;
  d.charger_facing = us.facing;  // whether it engaged a unit firing defensively (reactions.cpp)
  d.distance_at_declaration = static_cast<std::int16_t>(b.distance(u, t));
  d.target_engaged_at_declaration = b.engaged_by_enemy(t) || b.engages_enemy(t);
  d.target_strength = ts.strength;
  return d;
}

ChargeInProgress::PathOpenness Engine::path_openness(Hex start, std::span<const Hex> path) const {
  using enum ChargeInProgress::PathOpenness;
  if (path.empty()) return unwritten;
  const Board b = board();
  const auto open_ground = [&](Hex h) {
    return terrain_.hex_open[static_cast<std::size_t>(b.terrain_at(h))];
  };
  if (!open_ground(start) || !std::all_of(path.begin(), path.end(), open_ground)) return not_open;
  // A wood along a side it crosses: whether the path is then "en terrain
  // dégagé" the text does not say (combat.cpp). Water, a ford or a bridge
  // crossed denies the doubling only between the two units at the end
  // (§ Effets du terrain, "De même si l'unité cible [...]").
  return b.crosses_side(start, path, HexsideTerrain::wood) ? open_across_side_wood : open;
}

bool Engine::attack_allowed(const Action& a, UnitId u, const Facts& f, const Subject& subject,
                            replay::EventChecker& checker) {
  if (check_permissions(f, RuleAction::attack, checker, a.span, std::nullopt, subject)) return true;
  // The unit may not attack at all (artillery, a panicked unit, a square,
  // skirmishers against formed troops, "harcèlement" against others):
  // nothing more to check; the march is applied as written.
  std::optional<Hex> to = a.to;
  if (!to && !a.path.empty()) to = a.path.back();
  UnitState& st = state_.units.edit(u);
  if (to && setup_.map.contains(*to))
    end_move(u, *to, a.facing.value_or(st.facing), checker,
             "an attack the rules do not allow (applied as written)");
  st.manoeuvred = true;
  return false;
}

void Engine::charge(const Action& a, replay::EventChecker& checker) {
  const UnitId u = a.actors.front();
  // A trial of the charge (can_attack, the simulator's) is refused without
  // unwinding: at the end of the declaration, before anything moves, or
  // once the charge is over.
  replay::EventChecker::DeferRefusal deferred(checker);
  check_activated(a, u, checker);
  if (a.targets.empty()) {
    checker.not_checked("a charge without a target", a.span);
    return;
  }
  const UnitId t = a.targets.front();
  impetuous_declares(a, u, t, checker);  // impetuous.cpp
  const UnitState& cs = state_.units[u];
  const UnitState& ts = state_.units[t];
  const Board b = board();
  const int distance = b.distance(u, t);  // to the nearer half of an extended line
  // An extended line's front cone and flank hexes are its halves' (Board);
  // condition 5 needs no check over two hexes either (check_charge_priority).
  Facts f(rules_);
  fill_self(f, u);
  fill_enemy(f, t);
  f.integer(Given::charge_target_distance, distance);
  f.integer(Given::charge_distance_at_declaration, distance);
  // "sans que cela nécessite une rotation": the target in the front cone.
  f.boolean(Given::charge_would_rotate, !b.in_front_cone(u, t));
  // "impétueux" binds a unit once its side has spent its order points.
  f.integer(Given::side_order_points_left, state_.sides[setup_.units[u].side].order_points);
  const auto subject = [&] {
    return fmt::format("{} charging {} ({} away)", quoted(u), quoted(t), hexes_text(distance));
  };
  if (!attack_allowed(a, u, f, subject, checker)) return;
  check_permissions(f, RuleAction::charge, checker, a.span, std::nullopt, subject);
  // Condition 3: in the front cone, or on one of the two flank hexes.
  // An extended line charges from either half (Board::in_front_cone,
  // on_flank_hex), and is charged on either.
  if (!b.in_front_cone(u, t) && !b.on_flank_hex(u, t)) {
    auto v =
        checker.violation(Check::charge_cone, a.span,
                          fmt::format("{} is neither in the front cone nor on a flank hex of {}",
                                      quoted(t), quoted(u)));
    v.note("{} faces {} from {}; {} stands on {} ({})", quoted(u), hex::name(cs.facing),
           hex::to_string(cs.hex), quoted(t), hex::to_string(ts.hex),
           hex::name(hex::zone_of(cs.hex, cs.facing, ts.hex)));
    if (cs.second_hex)
      v.note("{} is an extended line: its half on {} has {} on {} ({})", quoted(u),
             hex::to_string(*cs.second_hex), quoted(t), hex::to_string(ts.hex),
             hex::name(hex::zone_of(*cs.second_hex, cs.facing, ts.hex)));
    if (ts.second_hex)
      v.note("{} is an extended line: its half on {} is neither", quoted(t),
             hex::to_string(*ts.second_hex));
  }
  check_charge_priority(a, u, t, f, checker);
  if (checker.refused()) return;  // a trial refused at the declaration
  declaration_passed_ = true;
  // The reactions are chosen against the charge as declared (reactions.cpp).
  ChargeInProgress declared = declaration(u, t);
  declared.path_open = path_openness(cs.hex, a.path);
  state_.charge = declared;
  state_.assault.reset();
  state_.units.edit(u).charging = true;
  frontal_march(a, u, true, checker);
  // Condition 6: at the end of its march the charger engages its target.
  const UnitState& after = state_.units[u];
  if (!board().engages(u, t)) {  // either half of an extended line (board.cpp)
    checker
        .violation(Check::charge_must_engage, a.span,
                   fmt::format("{} ends its charge on {} facing {} without engaging {}", quoted(u),
                               hex::to_string(after.hex), hex::name(after.facing), quoted(t)))
        .hint(
            "a charge that cannot engage its target is cancelled: back to the start, 1 strength "
            "point lost");
  }
  UnitState& target = state_.units.edit(t);
  target.is_attack_target = true;
  target.next_test = TestReason::charge_reaction;
  target.test_enemy = u;
  impetuous_engages(u, t, {}, checker);  // "impétueux": its strike is owed
}

// Condition 4 of § Conditions pour qu'une charge soit valide, with
// "directement devant son front" read as the front cone
// (docs/hex-geometry.md § charge geometry): an enemy in the charger's front
// cone within reach is charged before one on a flank hex. Condition 5 (no
// flank or rear charge from in front of the target) needs no check between
// units on one hex: a frontal march from the target's front cone that ends
// engaging it always ends on its front (tests/geometry/zone_test.cpp). Nor
// with an extended line, by or at it, "devant le front" read as a hex of
// the charger in the front cone of a half of the target ("même
// partiellement") and the front as a half of the charger engaging from
// there: the line turns 0°, 60° or about-faces before it marches, and a
// search of every such charge finds none that ends on a flank or the rear
// (tests/geometry/footprint_test.cpp). Only a 120° turn, which
// sabreur.move.rotation refuses, could make one.
void Engine::check_charge_priority(const Action& a, UnitId u, UnitId t, const Facts& f,
                                   replay::EventChecker& checker) {
  const Board b = board();
  // An extended line's front cone is either half's, at either half of an
  // enemy on two hexes (Board::in_front_cone); distances between the
  // nearer hexes.
  if (!b.in_front_cone(u, t)) {
    const auto reach = eval_int(f, Value::movement_factor, checker);
    for (std::size_t e = 0; reach && e < state_.units.size(); ++e) {
      const auto other = static_cast<UnitId>(e);
      const UnitState& es = state_.units[e];
      if (other == t || !es.on_table || !b.enemies(u, other)) continue;
      if (!b.in_front_cone(u, other) || b.distance(u, other) > *reach) continue;
      checker
          .violation(
              Check::charge_priority, a.span,
              fmt::format("{} charges {} on its flank hex while {} stands in its front cone, "
                          "{} away",
                          quoted(u), quoted(t), quoted(other), hexes_text(b.distance(u, other))))
          .note("the charge range is the movement factor, {}", hexes_text(static_cast<int>(*reach)))
          .hint("an enemy directly in front is charged first");
      break;
    }
  }
}

}  // namespace umpire::sabreur
