// § Charge ou assaut à travers tirailleurs amis: the friendly skirmishers in
// the way of a unit that charges, assaults or marches (the last paragraph)
// are taken off before it moves and put back after it, within 2 hexes of it
// (the data's displaced_skirmisher_max_distance), in its rear cone, not next
// to a non-panicked enemy; they do not act voluntarily for the rest of the
// turn. The log writes the return, `move f2 aside to 5,2`, after the move.
#include "engine/rulesets/sabreur_hex/phases/skirmishers_aside.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "engine/geometry/hex/text.hpp"
#include "engine/geometry/hex/zone.hpp"
#include "engine/rulesets/sabreur_hex/phases/facts.hpp"

namespace umpire::sabreur {
namespace {

bool moves_through_friends(const Action& a) {
  switch (a.kind) {
    case ActionKind::move:
      return a.detail == Detail::frontal || a.detail == Detail::forced ||
             a.detail == Detail::indirect || (a.detail.empty() && !a.path.empty());
    case ActionKind::charge:
    case ActionKind::assault:
      return !a.stated.cancelled;
    default:
      return false;
  }
}

// The actions a unit takes of its own will: its reactions and its
// flight are not.
bool voluntary(const Action& a) {
  switch (a.kind) {
    case ActionKind::move:
    case ActionKind::form:
    case ActionKind::charge:
    case ActionKind::assault:
    case ActionKind::shoot:
    case ActionKind::rally:
    case ActionKind::special:
      return true;
    default:
      return false;
  }
}

// Why `u`, moved aside by `by`, may not go back on `to` (empty: it may):
// "Au maximum à 2 cases ou moins… Dans le cône arrière… Sans être voisins
// d'une unité adverse non paniquée", on a free hex it may stand on.
std::vector<std::string> why_not_there(const Context& cx, UnitId u, UnitId by, Hex to,
                                       std::optional<std::int64_t> max) {
  std::vector<std::string> why;
  const UnitState& mover = cx.state.units[by];
  const Board b = cx.board();
  const int distance = hex::distance(mover.hex, to);
  if (max && distance > *max)
    why.push_back(fmt::format("it is {} from {}, more than {}", hexes_text(distance), cx.quoted(by),
                              hexes_text(static_cast<int>(*max))));
  if (!hex::in_rear_cone(mover.hex, mover.facing, to))
    why.push_back(fmt::format("it is not in the rear cone of {} (on {}, facing {})", cx.quoted(by),
                              hex::to_string(mover.hex), hex::name(mover.facing)));
  const bool on_map = cx.setup.map.contains(to);
  if (!on_map || !cx.terrain.hex_passable[static_cast<std::size_t>(b.terrain_at(to))])
    why.push_back("the hex is off the map or impassable");
  const std::optional<UnitId> there = on_map ? cx.state.unit_at(to) : std::nullopt;
  if (there && *there != u) why.push_back(fmt::format("{} stands there", cx.quoted(*there)));
  for (const hex::Direction dir : hex::kDirections) {
    const std::optional<UnitId> e = cx.state.unit_at(hex::neighbour(to, dir));
    if (e && b.enemies(u, *e) && !cx.state.units[*e].panicked)
      why.push_back(fmt::format("it is next to {}, a non-panicked enemy", cx.quoted(*e)));
  }
  return why;
}

std::optional<std::int64_t> max_distance(Context& cx, UnitId u) {
  Facts f(cx.rules);
  fill_self(cx, f, u);
  return eval_int(f, Value::displaced_skirmisher_max_distance, cx.checker);
}

std::string put_back_rule(std::optional<std::int64_t> max) {
  return fmt::format(
      "a skirmisher moved aside goes back within {} of the unit that moved, in its rear cone, "
      "not next to a non-panicked enemy; with no such hex it is eliminated",
      max ? hexes_text(static_cast<int>(*max)) : std::string("the data's distance"));
}

}  // namespace

void displace_skirmishers(Context& cx, const Action& a) {
  if (!moves_through_friends(a) || a.actors.empty()) return;
  const UnitId u = a.actors.front();
  if (cx.state.units[u].panicked) return;  // "une unité non paniquée"
  HexPath way = a.path;
  if (a.to && (way.empty() || way.back() != *a.to)) way.push_back(*a.to);
  const Board b = cx.board();
  for (std::size_t i = 0; i < way.size(); ++i) {
    const std::optional<UnitId> other = cx.state.unit_at(way[i]);
    if (!other || *other == u || b.enemies(u, *other)) continue;
    const UnitState& o = cx.state.units[*other];
    // "unités amies d'infanterie en tirailleur"
    if (o.panicked || o.formation != Formation::skirmish_order ||
        arm_of(cx.setup.units[*other].type) != Arm::infantry)
      continue;
    const bool last = i + 1 == way.size();
    cx.state.displaced.push_back({*other, u, last, false, a.span});
    if (last) cx.state.eliminate(*other);  // off the table until put back
  }
}

void put_back_skirmisher(Context& cx, const Action& a) {
  const UnitId u = a.actors.front();
  auto& displaced = cx.state.displaced;
  const auto it = std::find_if(displaced.begin(), displaced.end(), [&](const State::Displaced& d) {
    return d.unit == u && !d.put_back;
  });
  if (it == displaced.end()) {
    cx.checker
        .violation(Check::skirmisher_aside, a.span,
                   fmt::format("{} moves aside, but no march, charge or assault of a friend went "
                               "through it this turn",
                               cx.quoted(u)))
        .note(
            "only friendly infantry skirmishers, not panicked, in the way of a non-panicked unit "
            "that marches, charges or assaults are moved aside");
    return;
  }
  std::optional<Hex> to = a.to;
  if (!to && !a.path.empty()) to = a.path.back();
  if (!to) {
    cx.checker.not_checked("a skirmisher moved aside with no hex written", a.span);
    return;
  }
  const UnitId by = it->by;
  const std::optional<std::int64_t> max = max_distance(cx, u);
  const std::vector<std::string> why = why_not_there(cx, u, by, *to, max);
  if (!why.empty()) {
    auto d = cx.checker.violation(
        Check::skirmisher_aside, a.path_span.valid() ? a.path_span : a.span,
        fmt::format("{} is put back on {}, where a skirmisher moved aside may not go", cx.quoted(u),
                    hex::to_string(*to)));
    for (const std::string& w : why) d.note("{}", w);
    d.note("{}", put_back_rule(max));
  }
  const bool on_map = cx.setup.map.contains(*to);
  const std::optional<UnitId> there = on_map ? cx.state.unit_at(*to) : std::nullopt;
  it->put_back = true;
  if (on_map && (!there || *there == u)) {
    cx.state.place(u, *to);
    if (a.facing) cx.state.face(u, *a.facing);
  }
  // "à condition de garder la formation en tirailleur": it keeps its own; a
  // `move` writes no formation (field_audit.cpp refuses one).
}

// "Fuite" and "Esquive" are two of the 14 actions (§ Déroulement d'un tour
// de jeu): in the unit's own turn, a flight no failed test called for and
// an evade are the player's choice, so acting voluntarily. Out of its turn
// they are reactions, and a flight a failed test calls is forced.
bool chosen_flight(const Context& cx, const Action& a, UnitId u) {
  if (a.kind != ActionKind::flee && a.kind != ActionKind::evade) return false;
  if (cx.setup.units[u].side != cx.state.side || a.phase != Phase::actions) return false;
  return a.kind == ActionKind::evade || !cx.scratch.flight_forced;
}

void check_displaced_idle(Context& cx, const Action& a) {
  if (a.actors.empty() || a.detail == Detail::aside) return;
  const UnitId u = a.actors.front();
  if (!voluntary(a) && !chosen_flight(cx, a, u)) return;
  if (!cx.state.is_displaced(u)) return;
  Facts f(cx.rules);
  fill_self(cx, f, u);
  check_permissions(
      f, RuleAction::act_voluntarily, cx.checker, a.span, Check::skirmisher_idle,
      [&] { return fmt::format("a '{}' of {} (moved aside this turn)", a.verb, cx.quoted(u)); });
}

// "Si une unité en tirailleur ne peut pas être replacée dans ces
// conditions sur le terrain, alors elle est éliminée": one taken off and not
// put back stays off; a hex it could have gone to makes that a breach.
void settle_displaced(Context& cx) {
  for (const State::Displaced& d : cx.state.displaced) {
    if (!d.lifted || d.put_back) continue;
    const std::optional<std::int64_t> max = max_distance(cx, d.unit);
    if (!max) continue;
    const Hex from = cx.state.units[d.by].hex;
    const int reach = static_cast<int>(*max);
    std::optional<Hex> free;
    for (int dq = -reach; dq <= reach && !free; ++dq)
      for (int dr = -reach; dr <= reach && !free; ++dr) {
        const Hex h = from + Hex{dq, dr};
        if (h != from && why_not_there(cx, d.unit, d.by, h, max).empty()) free = h;
      }
    if (!free) continue;  // eliminated, as the text says
    cx.checker
        .violation(Check::skirmisher_aside, d.span,
                   fmt::format("{} was moved aside and never put back, though {} was left for it",
                               cx.quoted(d.unit), hex::to_string(*free)))
        .note("{}", put_back_rule(max))
        .hint("write its return after the move: move {} aside to {}", cx.setup.units[d.unit].id,
              hex::to_string(*free));
  }
  cx.state.displaced.clear();
}

}  // namespace umpire::sabreur
