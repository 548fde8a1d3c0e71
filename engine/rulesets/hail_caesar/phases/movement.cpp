#include "engine/rulesets/hail_caesar/phases/movement.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <boost/geometry/algorithms/disjoint.hpp>
#include <cmath>
#include <vector>

#include "engine/geometry/tabletop/bounds.hpp"
#include "engine/geometry/tabletop/charge.hpp"
#include "engine/geometry/tabletop/movement.hpp"
#include "engine/geometry/tabletop/terrain.hpp"
#include "engine/geometry/tabletop/tolerance.hpp"
#include "engine/rulesets/common/limit_report.hpp"
#include "engine/rulesets/hail_caesar/phases/division.hpp"
#include "engine/rulesets/hail_caesar/phases/facts.hpp"
#include "engine/rulesets/hail_caesar/phases/following.hpp"
#include "engine/rulesets/hail_caesar/phases/turn.hpp"

namespace umpire::hail_caesar {
using tabletop::operator-;

namespace {

// § Se déplacer à travers une unité: each unit the way of `u` passes
// through, under the data's move_through_enemy and move_through_friend
// permissions. A unit is passed through when the way overlaps it by more
// than the log's tolerance on every side (a tape's slack grazing a corner
// is no crossing).
void check_crossings(Context& cx, const Action& a, UnitId u, const tabletop::MoveResult& m,
                     const Facts& f) {
  using tabletop::operator*;
  using tabletop::operator-;
  const double slack = cx.scratch.tolerance;
  const tabletop::Box way = tabletop::bounds(m.swept);
  for (UnitId o = 0; o < cx.setup.units.size(); ++o) {
    const UnitState& other = cx.state.units[o];
    const UnitSetup& os = cx.setup.units[o];
    if (o == u || !other.on_table || os.frontage <= 2 * slack || os.depth <= 2 * slack) continue;
    const tabletop::Footprint whole = cx.footprint(o);
    if (boost::geometry::disjoint(way, tabletop::bounds(whole.polygon()))) continue;
    const tabletop::Footprint inner(whole.leader() - slack * whole.ahead(), whole.facing(),
                                    os.frontage - 2 * slack, os.depth - 2 * slack);
    if (!tabletop::may_cross(m.swept, inner) || tabletop::fraction_crossed(m.swept, inner) <= 0)
      continue;
    const bool enemy = os.side != cx.setup.units[u].side;
    Facts g = f;
    g.set(Given::other_type, cx.rules.type(os.type));
    g.set(Given::other_formation, cx.rules.formation(other.formation));
    g.boolean(Given::other_engaged, other.engaged_with >= 0);
    // "sauf pour rejoindre ce combat (en charge ou en soutien)": a unit
    // that ends its move touching an engaged friend joins its combat.
    g.boolean(Given::unit_charging, false);
    g.boolean(Given::unit_supporting,
              other.engaged_with >= 0 && tabletop::in_contact(m.end, whole, slack));
    // Only the disorder tests of friends read the share crossed: an enemy
    // passed through costs no second overlay.
    g.boolean(Given::other_share_crossed_over_half,
              !enemy && tabletop::fraction_crossed(m.swept, whole) > 0.5);
    const bool allowed = check_permissions(
        g, enemy ? RuleAction::move_through_enemy : RuleAction::move_through_friend, cx.checker,
        a.span, Check::move_not_allowed, [&] {
          return fmt::format("{} moving through {} {}", cx.quoted(u),
                             enemy ? "the enemy" : "its friend", cx.quoted(o));
        });
    if (allowed && !enemy &&
        eval_int(g, Value::move_through_disorder_tests, cx.checker).value_or(0) != 0)
      cx.checker.not_checked(
          fmt::format("the disorder tests of {} and {}, passing through more than half of one "
                      "another: the sheet never says how they are rolled (gap "
                      "disorder_test_undefined)",
                      cx.quoted(u), cx.quoted(o)),
          a.span);
  }
}

// The allowance against the way measured, within the tolerance.
void check_distance(Context& cx, const Action& a, std::string_view who, double measured,
                    double allowance, const replay::Notes& why) {
  const std::string what = fmt::format("the move of {}", who);
  rulesets::report_at_most(cx.checker,
                           {Check::move_distance, id_of(Diag::measure_within_tolerance),
                            a.to_span.valid() ? a.to_span : a.span, what, ""},
                           measured, allowance, cx.scratch.tolerance, why);
}

void move_general(Context& cx, const Action& a, GeneralId g) {
  GeneralState& gs = cx.state.generals[g];
  const std::optional<Point> end = written_end(a);
  if (!end || !gs.on_table) {
    follow(cx, a);
    return;
  }
  double measured = 0;
  Point at = gs.at;
  for (const Point& p : a.path) measured += tabletop::length(p - std::exchange(at, p));
  if (a.to) measured += tabletop::length(*a.to - at);
  Facts f(cx.rules);
  f.set(Given::unit_type, cx.rules.type(UnitType::commander));
  f.set(Given::unit_formation, cx.rules.formation(Formation::close_order));
  f.set(Given::unit_terrain, cx.rules.terrain(Terrain::open_ground));
  std::vector<std::string> why;
  const auto rate = move_rate(f, cx.checker, &why);
  if (!rate) return;
  check_distance(cx, a, cx.quoted_general(g), measured, static_cast<double>(*rate), why);
  gs.at = *end;
}

// Initiative (§ I - PHASE DE MOUVEMENT): allowed by the data, it gives one
// move; false when refused.
bool initiative(Context& cx, const Action& a, UnitId u, Facts f, Check refused) {
  const std::optional<double> enemy = initiative_enemy_distance(cx, f, u);
  return check_permissions(f, RuleAction::initiative_move, cx.checker, a.span, refused, [&] {
    return fmt::format("{} moving by initiative, unordered, with its nearest enemy {}",
                       cx.quoted(u), enemy ? tabletop::inches(*enemy) + " away" : "off the table");
  });
}

}  // namespace

Entered entered_terrain(Context& cx, const tabletop::MoveResult& m, const Action& a) {
  Entered out;
  out.pieces.reserve(cx.setup.terrain.size());
  // Boxes first: the overlay is asked only of the pieces near the way.
  const tabletop::Box way = tabletop::bounds(m.swept);
  for (const TerrainSetup& t : cx.setup.terrain) {
    const bool in =
        !boost::geometry::disjoint(way, t.envelope) && tabletop::enters(m.swept, t.area);
    out.pieces.push_back(in);
    if (in && !t.terrain)
      cx.checker.not_checked(
          fmt::format("a move into '{}' terrain, which the sheet gives no rule for", t.kind),
          a.span);
  }
  return out;
}

std::uint8_t moves_over_terrain(Context& cx, UnitId u, const Facts& f,
                                const tabletop::Footprint& start, const Entered& entered,
                                std::vector<std::string>& why) {
  UnitState& st = cx.state.units[u];
  if (entered.any(cx, Terrain::rough_ground)) st.in_rough_ground = true;
  int crossed_here = 0;
  for (std::size_t i = 0; i < entered.pieces.size(); ++i) {
    const TerrainSetup& t = cx.setup.terrain[i];
    // A wall the unit already stood on was paid for when it got there.
    if (!entered.pieces[i] || t.terrain != Terrain::obstacle || tabletop::enters(start, t.area))
      continue;
    Facts o = f;
    o.set(Given::unit_terrain, cx.rules.terrain(Terrain::obstacle));
    const auto cost = eval_int(o, Value::obstacle_move_cost, cx.checker).value_or(0);
    if (cost <= 0) continue;
    crossed_here += static_cast<int>(cost);
    st.obstacle_moves =
        static_cast<std::uint8_t>(std::min<std::int64_t>(255, st.obstacle_moves + cost));
    why.push_back(
        fmt::format("crossing the obstacle '{}' costs {} move{} (§ Modificateur de "
                    "mouvement: 'Pour franchir un obstacle, cela coûte un mouvement')",
                    t.name.empty() ? t.kind : t.name, cost, cost == 1 ? "" : "s"));
  }
  if (st.obstacle_moves > crossed_here)
    why.push_back(fmt::format("the obstacles it crossed earlier this turn cost {} move{}",
                              st.obstacle_moves - crossed_here,
                              st.obstacle_moves - crossed_here == 1 ? "" : "s"));
  int moves = st.moves;
  if (st.in_rough_ground) {
    Facts r = f;
    r.set(Given::unit_terrain, cx.rules.terrain(Terrain::rough_ground));
    const auto most = eval_int(r, Value::max_moves_in_terrain, cx.checker);
    if (most && *most < moves) {
      moves = static_cast<int>(*most);
      why.push_back(
          fmt::format("its way this turn enters rough ground, where it makes {} move{} "
                      "at most (§ Modificateur de mouvement: 'L'unité ne peut faire "
                      "qu'un seul mouvement')",
                      *most, *most == 1 ? "" : "s"));
    }
  }
  const int left = std::max(0, moves - st.obstacle_moves);
  if (left != st.moves)
    why.push_back(fmt::format("which leaves it {} move{}", left, left == 1 ? "" : "s"));
  return static_cast<std::uint8_t>(left);
}

bool grant_moves(Context& cx, const Action& a, UnitId u, const Facts& f, Check refused) {
  UnitState& st = cx.state.units[u];
  const bool unordered = st.order == OrderStatus::none && st.moves == 0;
  if ((st.order == OrderStatus::failed || unordered) && in_broken_division(cx, u)) {
    // A unit of a broken division that fails its order, or receives none,
    // must make a free move to leave the battlefield: the data's
    // free_moves, measured as any other.
    cx.checker.not_checked(
        "the direction of the free move a unit of a broken division makes towards the nearest "
        "table edge",
        a.span);
    if (st.moves > 0) return true;
    const auto moves = eval_int(f, Value::free_moves, cx.checker);
    if (!moves) return false;
    st.moves = static_cast<std::uint8_t>(*moves);
    return true;
  }
  if (st.order == OrderStatus::failed) {
    cx.checker.violation(
        refused, a.span,
        fmt::format("{} failed its order this turn and does not move", cx.quoted(u)));
    return false;
  }
  if (st.order != OrderStatus::none && a.means == "initiative") {
    // "Une unité peut faire l'un de ses trois mouvements": an ordered
    // unit's moves are its order's.
    cx.checker
        .violation(refused, a.span,
                   fmt::format("{} received an order this turn: it makes no move by initiative",
                               cx.quoted(u)))
        .note("§ I - PHASE DE MOUVEMENT: 'Une unité peut faire l'un de ses trois mouvements'");
    return false;
  }
  if (st.order != OrderStatus::none || st.moves > 0) return true;
  if (!initiative(cx, a, u, f, refused)) return false;
  const auto moves = eval_int(f, Value::initiative_moves, cx.checker);
  if (!moves) return false;
  st.moves = static_cast<std::uint8_t>(*moves);
  st.initiative = true;
  return true;
}

void move(Context& cx, const Action& a) {
  for (GeneralId g : a.generals) move_general(cx, a, g);
  if (a.actors.empty()) return;
  // A move with a reason is the outcome of a test or a response.
  if (!a.detail.empty() || a.phase != Phase::movement || a.off_table || !written_end(a)) {
    follow(cx, a);
    return;
  }
  const UnitId u = a.actors.front();
  UnitState& st = cx.state.units[u];
  Facts f(cx.rules);
  fill_unit(cx, f, u);
  // A move refused outright is not measured as well: one breach, one report.
  const bool allowed = grant_moves(cx, a, u, f, Check::move_not_allowed);
  const tabletop::Footprint start = cx.footprint(u);
  tabletop::MoveResult m = walk(start, a);
  const Entered entered = entered_terrain(cx, m, a);
  check_crossings(cx, a, u, m, f);
  Terrain terrain = Terrain::open_ground;
  if (entered.any(cx, Terrain::building)) {
    Facts b = f;
    b.set(Given::unit_terrain, cx.rules.terrain(Terrain::building));
    check_permissions(b, RuleAction::enter_building, cx.checker, a.span, Check::move_terrain,
                      [&] { return fmt::format("{} entering a building", cx.quoted(u)); });
    terrain = Terrain::building;
  }
  if (entered.any(cx, Terrain::wood)) {
    Facts w = f;
    w.set(Given::unit_terrain, cx.rules.terrain(Terrain::wood));
    check_permissions(w, RuleAction::enter_wood, cx.checker, a.span, Check::move_terrain,
                      [&] { return fmt::format("{} entering a wood", cx.quoted(u)); });
    terrain = Terrain::wood;
  }
  f.set(Given::unit_terrain, cx.rules.terrain(terrain));
  std::vector<std::string> terrain_why;
  const std::uint8_t moves = moves_over_terrain(cx, u, f, start, entered, terrain_why);
  if (a.facing && std::abs(tabletop::normalize_signed_deg(*a.facing - st.facing)) > 0.001)
    cx.checker.not_checked("the distance a change of facing uses in a move", a.span);
  const auto rate = move_rate(f, cx.checker);
  if (rate && allowed) {
    const double used = st.used_milli / 1000.0;
    // The breakdown of the rate is written only into a diagnostic.
    const auto why = [&] {
      std::vector<std::string> lines{
          fmt::format("{} has {} move{} of {} this turn{}", cx.quoted(u), st.moves,
                      st.moves == 1 ? "" : "s", tabletop::inches(static_cast<double>(*rate)),
                      used > 0 ? fmt::format(", {} used", tabletop::inches(used)) : "")};
      lines.insert(lines.end(), terrain_why.begin(), terrain_why.end());
      move_rate(f, cx.checker, &lines);
      return lines;
    };
    check_distance(cx, a, cx.quoted(u), m.distance, moves * static_cast<double>(*rate) - used, why);
  }
  st.used_milli = milli(st.used_milli / 1000.0 + m.distance);
  place_as_written(cx, u, a);
}

}  // namespace umpire::hail_caesar
