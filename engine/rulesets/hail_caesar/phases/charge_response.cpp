#include "engine/rulesets/hail_caesar/phases/charge_response.hpp"

#include <fmt/format.h>

#include <vector>

#include "engine/geometry/tabletop/charge.hpp"
#include "engine/geometry/tabletop/measure.hpp"
#include "engine/geometry/tabletop/tolerance.hpp"
#include "engine/rulesets/hail_caesar/phases/charge.hpp"
#include "engine/rulesets/hail_caesar/phases/crossing.hpp"
#include "engine/rulesets/hail_caesar/phases/division.hpp"
#include "engine/rulesets/hail_caesar/phases/facts.hpp"
#include "engine/rulesets/hail_caesar/phases/following.hpp"
#include "engine/rulesets/hail_caesar/phases/movement.hpp"
#include "engine/rulesets/hail_caesar/phases/shooting.hpp"
#include "engine/rulesets/hail_caesar/phases/turn.hpp"

namespace umpire::hail_caesar {
namespace {

enum class Response : std::uint8_t { hold, closing_shots, evade, countercharge, turn_to_face };

std::optional<Response> response_of(std::string_view word) {
  if (word == "hold") return Response::hold;
  if (word == "closing-shots") return Response::closing_shots;
  if (word == "evade") return Response::evade;
  if (word == "countercharge") return Response::countercharge;
  if (word == "turn-to-face") return Response::turn_to_face;
  return std::nullopt;
}

// The last charge of this player turn at `u`.
PendingCharge* charge_at(Context& cx, const Action& a, UnitId u) {
  for (auto it = cx.scratch.charges.rbegin(); it != cx.scratch.charges.rend(); ++it)
    if (it->target == u && it->turn == a.turn && it->side == a.side) return &*it;
  return nullptr;
}

// Where the responder stands once the statement is applied.
tabletop::Footprint written_footprint(const Context& cx, UnitId u, const Action& a) {
  const UnitState& st = cx.state.units[u];
  const Point at = written_end(a).value_or(st.at);
  return cx.footprint(u).placed(at, a.facing ? *a.facing : st.facing);
}

// The evasion's length against the data's evade_moves times the rate. An
// evasion is a move: the woods and buildings it enters are the data's, and
// so is its rate there (§ Modificateur de mouvement: "la cavalerie ne
// pourra faire que la moitié de son mouvement").
void check_evade_distance(Context& cx, const Action& a, UnitId u, Facts f) {
  if (!written_end(a)) return;
  const tabletop::MoveResult way = walk(cx.footprint(u), a);
  const TerrainEntry into =
      enter_terrain(cx, a, u, f, entered_terrain(cx, way, a), Check::move_terrain);
  if (into.terrain != Terrain::open_ground)
    f.set(Given::unit_terrain, cx.rules.terrain(into.terrain));
  const auto rate = move_rate(f, cx.checker);
  const auto moves = eval_int(f, Value::evade_moves, cx.checker);
  if (!rate || !moves) return;
  const double walked = way.distance;
  const double allowance = static_cast<double>(*moves * *rate);
  const std::string what = fmt::format("the evasion of {}", cx.quoted(u));
  const tabletop::LimitCheck c = tabletop::check_at_most(walked, allowance, cx.scratch.tolerance);
  if (c.agreement == tabletop::Agreement::beyond_tolerance) {
    auto b = cx.checker.violation(Check::respond_evade, a.span, tabletop::describe(c, what));
    b.note("{} evades {} move{} of {} (evade_moves)", cx.quoted(u), *moves, *moves == 1 ? "" : "s",
           tabletop::inches(static_cast<double>(*rate)));
    std::vector<std::string> why;
    move_rate(f, cx.checker, &why);
    for (const std::string& n : why) b.note(n);
  } else if (c.agreement == tabletop::Agreement::within_tolerance) {
    cx.checker.info(id_of(Diag::measure_within_tolerance), a.span, tabletop::describe(c, what));
  }
}

// Once per charge, as the data says.
bool count_response(Context& cx, const Action& a, UnitId u, PendingCharge& pc) {
  Facts f(cx.rules);
  const auto limit = eval_int(f, Value::responses_per_charge, cx.checker);
  ++pc.responses;
  if (!limit || pc.responses <= *limit) return true;
  cx.checker
      .violation(Check::respond_charged, a.span,
                 fmt::format("{} has responded to the charge of {} already", cx.quoted(u),
                             cx.quoted(pc.charger)))
      .note("a unit makes {} response{} to a charge (responses_per_charge)", *limit,
            *limit == 1 ? "" : "s");
  return false;
}

RuleAction action_of(Response r) {
  switch (r) {
    case Response::closing_shots:
      return RuleAction::closing_shots;
    case Response::evade:
      return RuleAction::evade;
    case Response::countercharge:
      return RuleAction::countercharge;
    case Response::turn_to_face:
      return RuleAction::turn_to_face;
    case Response::hold:
      break;
  }
  return RuleAction::hold;
}

// A variant may disorder the charger that a countercharge meets (HYW 8-d:
// close-order infantry countercharged by cavalry); the base sheet does not.
void disorder_countercharged(Context& cx, UnitId charger, UnitId u) {
  const VariantFacts* variant = cx.rules.variant();
  if (!variant) return;
  Facts f(cx.rules);
  fill_unit(cx, f, charger);
  f.set(Given::other_type, cx.rules.type(cx.setup.units[u].type));
  if (variant->countercharge_disorders(cx, f).value_or(false))
    cx.state.units[charger].disordered = true;
}

}  // namespace

void respond(Context& cx, const Action& a) {
  if (a.actors.size() != 1) {
    follow(cx, a);
    return;
  }
  const UnitId u = a.actors.front();
  PendingCharge* pc = charge_at(cx, a, u);
  const std::optional<Response> r = response_of(a.detail);
  if (!r) {
    cx.checker
        .violation(Check::respond_charged, a.span,
                   fmt::format("'{}' is not a charge response of the sheet", a.detail))
        .hint("respond with hold, closing-shots, evade, countercharge or turn-to-face");
    follow(cx, a);
    return;
  }
  if (!pc) {
    cx.checker.violation(
        Check::respond_charged, a.span,
        fmt::format("{} responds to a charge, but no unit charged it this turn", cx.quoted(u)));
    follow(cx, a);
    return;
  }
  if (!count_response(cx, a, u, *pc)) {
    follow(cx, a);
    return;
  }
  const UnitId c = pc->charger;
  UnitState& st = cx.state.units[u];
  Facts f(cx.rules);
  fill_unit(cx, f, u);
  f.boolean(Given::unit_engaged, pc->target_was_engaged);
  f.boolean(Given::unit_shaken, st.shaken);
  f.boolean(Given::unit_in_broken_division, in_broken_division(cx, u));
  f.word(Given::unit_charged_from, facing_word(pc->face));
  f.integer(Given::unit_long_range, cx.setup.units[u].stats.long_range.value_or(0));
  const tabletop::Footprint charger = cx.footprint(c);
  const tabletop::Footprint after = written_footprint(cx, u, a);
  const auto away = [&](const tabletop::Footprint& fp) {
    return tabletop::distance(fp, charger, tabletop::Measure::closest_edges);
  };
  f.boolean(Given::unit_moves_away_from_charger,
            written_end(a) && away(after) > away(cx.footprint(u)));
  // The charger's centre, not its leader: a charger in contact has its
  // leader on the edge it touches, which the zones count as inside.
  f.boolean(Given::unit_faces_charger,
            tabletop::zone_of(after, charger, tabletop::ZoneRule::diagonals,
                              tabletop::ZoneReference::centre) == tabletop::Zone::front);
  const bool allowed =
      check_permissions(f, action_of(*r), cx.checker, a.span, Check::respond_not_allowed, [&] {
        return fmt::format("{}, charged in the {} by {}, responding '{}'", cx.quoted(u),
                           facing_word(pc->face), cx.quoted(c), a.detail);
      });
  switch (*r) {
    case Response::hold:
      if (!touching(cx, c, u))
        cx.checker.not_checked("a charge that stops short of a target that holds", a.span);
      break;
    case Response::closing_shots:
      if (allowed)
        resolve_shot(cx, a, u, c, "closing_shots",
                     BeforeCharge{pc->target_was_engaged, pc->charger_start});
      break;
    case Response::evade:
      if (allowed) check_evade_distance(cx, a, u, f);
      // The charger meets no Pike or Stakes that slipped away (HYW 1-c).
      if (pc->disordered_charger) {
        cx.state.units[c].disordered = false;
        pc->disordered_charger = false;
      }
      // An evasion is a move: § Se déplacer à travers une unité holds.
      if (written_end(a)) check_way_through_units(cx, a, u, walk(cx.footprint(u), a), f, {});
      break;
    case Response::countercharge:
      // "a chargé ou contre chargé" (§ Modificateurs du jet pour toucher au
      // corps à corps (4+)).
      st.charged = true;
      st.charged_into_combat = true;
      st.flank_charged_in_combat = false;
      if (allowed) disorder_countercharged(cx, c, u);
      break;
    case Response::turn_to_face:
      break;
  }
  place_as_written(cx, u, a);
  if (cx.state.units[u].on_table && touching(cx, c, u)) engage(cx, c, u);
}

}  // namespace umpire::hail_caesar
