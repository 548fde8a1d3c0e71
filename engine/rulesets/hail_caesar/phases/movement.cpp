#include "engine/rulesets/hail_caesar/phases/movement.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <boost/geometry/algorithms/disjoint.hpp>
#include <cmath>
#include <vector>

#include "engine/geometry/tabletop/bounds.hpp"
#include "engine/geometry/tabletop/charge.hpp"
#include "engine/geometry/tabletop/crossing.hpp"
#include "engine/geometry/tabletop/measure.hpp"
#include "engine/geometry/tabletop/movement.hpp"
#include "engine/geometry/tabletop/terrain.hpp"
#include "engine/geometry/tabletop/tolerance.hpp"
#include "engine/rulesets/common/limit_report.hpp"
#include "engine/rulesets/common/straight_way.hpp"
#include "engine/rulesets/hail_caesar/phases/crossing.hpp"
#include "engine/rulesets/hail_caesar/phases/division.hpp"
#include "engine/rulesets/hail_caesar/phases/facts.hpp"
#include "engine/rulesets/hail_caesar/phases/following.hpp"
#include "engine/rulesets/hail_caesar/phases/proximity.hpp"
#include "engine/rulesets/hail_caesar/phases/turn.hpp"

namespace umpire::hail_caesar {
using tabletop::operator-;
using tabletop::operator+;
using tabletop::operator*;

namespace {

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
  // His rate is his whole movement phase's: every ride of the phase counts.
  const double used = gs.used_milli / 1000.0;
  if (used > 0)
    why.insert(why.begin(), fmt::format("{} rode {} earlier this phase", cx.quoted_general(g),
                                        tabletop::inches(used)));
  check_distance(cx, a, cx.quoted_general(g), measured, static_cast<double>(*rate) - used, why);
  gs.used_milli = milli(used + measured);
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

// The distance from `fp` to the nearest enemy on the table, between
// closest edges; nullopt with none.
std::optional<double> nearest_enemy_from(const Context& cx, UnitId u,
                                         const tabletop::Footprint& fp) {
  std::optional<double> best;
  for (UnitId o = 0; o < cx.setup.units.size(); ++o) {
    if (cx.setup.units[o].side == cx.setup.units[u].side || !cx.state.units[o].on_table) continue;
    const double d = tabletop::distance(fp, cx.footprint(o), tabletop::Measure::closest_edges);
    if (!best || d < *best) best = d;
  }
  return best;
}

// How far the centre of `fp` stands from the table edge `edge`; nullopt
// for an edge the log does not name.
std::optional<double> from_edge(const Context& cx, std::string_view edge,
                                const tabletop::Footprint& fp) {
  const Point c = fp.centre();
  if (edge == "south") return c.y();
  if (edge == "north") return cx.setup.depth - c.y();
  if (edge == "west") return c.x();
  if (edge == "east") return cx.setup.width - c.x();
  return std::nullopt;
}

// § Unité désorganisée: a disordered unit's initiative move "permet
// uniquement à l'unité de s'éloigner de l'ennemi ou de se rapprocher de son
// bord de table": a way that ends nearer its nearest enemy (beyond the
// tolerance) must end nearer its own edge, which the log names (`edge …
// home <side>`) or the engine cannot tell.
void check_disordered_initiative_way(Context& cx, const Action& a, UnitId u,
                                     const tabletop::Footprint& start,
                                     const tabletop::Footprint& end) {
  const std::optional<double> before = nearest_enemy_from(cx, u, start);
  const std::optional<double> after = nearest_enemy_from(cx, u, end);
  if (!before || !after || *after >= *before - cx.scratch.tolerance) return;
  const std::string& edge = cx.setup.sides[cx.setup.units[u].side].home_edge;
  const std::optional<double> edge_before = from_edge(cx, edge, start);
  const std::optional<double> edge_after = from_edge(cx, edge, end);
  if (!edge_before || !edge_after) {
    cx.checker.not_checked(
        fmt::format("whether the disordered {}, moving by initiative nearer the enemy, moves "
                    "towards its own table edge: the log names none ('edge <edge> home <side>')",
                    cx.quoted(u)),
        a.span);
    return;
  }
  if (*edge_after < *edge_before) return;
  cx.checker
      .violation(
          Check::move_not_allowed, a.span,
          fmt::format("the disordered {} moves by initiative nearer the enemy ({} to {}) "
                      "and not towards its {} edge",
                      cx.quoted(u), tabletop::inches(*before), tabletop::inches(*after), edge))
      .note(
          "§ Unité désorganisée: \"ce mouvement permet uniquement à l'unité de s'éloigner de "
          "l'ennemi ou de se rapprocher de son bord de table\"");
}

// A blundered move that fell short of its allowance, refused unless the
// table's edge or a unit stands where the full move along its way would end
// (then the shorter move is not read).
void judge_short_blunder(Context& cx, const Scratch::ShortBlunder& b) {
  const Point from = b.start.leader();
  const double scale = b.allowance / std::max(1e-9, tabletop::length(b.end - from));
  const Point full = from + scale * (b.end - from);
  const UnitSetup& s = cx.setup.units[b.unit];
  const tabletop::Footprint there(full, b.facing, s.frontage, s.depth);
  bool blocked = tabletop::Table(cx.setup.width, cx.setup.depth).overhang(there) > 0;
  for (UnitId o = 0; o < cx.setup.units.size() && !blocked; ++o)
    if (o != b.unit && cx.state.units[o].on_table)
      blocked = !boost::geometry::disjoint(there.polygon(), cx.footprint(o).polygon());
  if (blocked) {
    cx.checker.not_checked(
        fmt::format("whether the table's edge or a unit stops the blunder of {} short of its "
                    "full move",
                    cx.quoted(b.unit)),
        b.span);
    return;
  }
  cx.checker
      .violation(Check::move_distance, b.span,
                 fmt::format("the blunder of {} moves {}, not its full {}", cx.quoted(b.unit),
                             tabletop::inches(b.distance), tabletop::inches(b.allowance)))
      .note(
          "§ D6 Fiasco de commandement: 'mouvement(s) complet(s)' (the data's "
          "blunder_moves_in_full); nothing stands where the full move ends");
}

// A blunder moved "complet" (the data's blunder_moves_in_full) reaches its
// whole allowance. A move short of it with moves left may be followed by
// another statement of the unit: it is judged when the phase ends, unless
// one follows; the last is judged at once.
void check_blunder_in_full(Context& cx, const Action& a, UnitId u, const tabletop::Footprint& start,
                           const tabletop::MoveResult& m, double allowance, double moves_left) {
  const UnitState& st = cx.state.units[u];
  if (st.order != OrderStatus::blundered) return;
  std::erase_if(cx.scratch.short_blunders,
                [&](const Scratch::ShortBlunder& b) { return b.unit == u; });
  const bool in_full = cx.scratch.blunders_in_full.find(u, a.turn, a.side) != nullptr;
  if (!in_full || m.distance >= allowance - cx.scratch.tolerance) return;
  const std::optional<Point> end = written_end(a);
  if (!end || m.distance <= 0) return;
  const Scratch::ShortBlunder b{u,         a.to_span.valid() ? a.to_span : a.span, start,
                                *end,      a.facing.value_or(st.facing),           allowance,
                                m.distance};
  if (moves_left > 1.001)
    cx.scratch.short_blunders.push_back(b);
  else
    judge_short_blunder(cx, b);
}

// Whether a unit other than `u` or a terrain piece other than open ground
// stands on the straight way of `start` along `dir` for `inches`.
bool straight_way_blocked(const Context& cx, UnitId u, const tabletop::Footprint& start, Point dir,
                          double inches) {
  return rulesets::straight_way_blocked(cx, u, start, dir, inches, Terrain::open_ground);
}

// § Unité d'une division démoralisée: "elles devront faire un mouvement
// gratuit vers le bord de table le plus proche pour quitter le champ de
// bataille". The net move (centre to centre) goes straight towards the edge
// nearest the unit's centre (either of two about as near), gaining its
// length less the tolerance, unless a unit or terrain stands on that way.
void check_free_move_direction(Context& cx, const Action& a, UnitId u) {
  const std::optional<Point> end = written_end(a);
  if (!cx.state.units[u].on_table || a.off_table || !end) {
    cx.checker.not_checked(
        "the direction of the free move a unit of a broken division makes towards the nearest "
        "table edge: the log writes no point on the table it goes to",
        a.span);
    return;
  }
  const double tol = cx.scratch.tolerance;
  const tabletop::Footprint start = cx.footprint(u);
  const tabletop::Footprint there = start.placed(*end, a.facing.value_or(start.facing()));
  const tabletop::Table table(cx.setup.width, cx.setup.depth);
  const Point c0 = start.centre();
  const tabletop::TableEdge nearest = table.nearest_edge(c0);
  const tabletop::StraightMove way =
      tabletop::straight_move(c0, there.centre(), tabletop::outward(nearest));
  if (way.moved <= tol || way.straight(tol)) return;
  for (const tabletop::TableEdge e : {tabletop::TableEdge::north, tabletop::TableEdge::east,
                                      tabletop::TableEdge::south, tabletop::TableEdge::west})
    if (table.distance_to_edge(c0, e) <= table.distance_to_edge(c0, nearest) + tol &&
        tabletop::straight_move(c0, there.centre(), tabletop::outward(e)).straight(tol))
      return;
  if (straight_way_blocked(cx, u, start, tabletop::outward(nearest), way.moved)) {
    cx.checker.not_checked(
        fmt::format("whether {} of a broken division could move straight towards the nearest "
                    "table edge: a unit or terrain stands on that way",
                    cx.quoted(u)),
        a.span);
    return;
  }
  cx.checker
      .violation(Check::move_direction, a.to_span.valid() ? a.to_span : a.span,
                 fmt::format("{} of a broken division moves {} but gains {} on the nearest "
                             "table edge ({}), {} short, beyond the {} tolerance",
                             cx.quoted(u), tabletop::inches(way.moved), tabletop::inches(way.gain),
                             tabletop::to_string(nearest), tabletop::inches(way.moved - way.gain),
                             tabletop::inches(tol)))
      .note(
          "§ Unité d'une division démoralisée: 'elles devront faire un mouvement gratuit vers "
          "le bord de table le plus proche pour quitter le champ de bataille'")
      .note(
          "measured between the centres of its bases before and after the move; nothing stands "
          "on its straight way to that edge");
}

// § D6 Fiasco de commandement: a blundered unit's move goes where the chart
// sends it (the data's blunder_move_direction, after an about face when
// blunder_about_face), from its facing when it blundered: its net move
// (centre to centre) gains that way its length less the tolerance, unless
// a unit or terrain stands on the straight way.
void check_blunder_direction(Context& cx, const Action& a, UnitId u,
                             const tabletop::Footprint& start) {
  const Scratch::BlunderDie* die = cx.scratch.blunder_dice.find(u, a.turn, a.side);
  const std::optional<Point> end = written_end(a);
  if (!die || !end) return;
  Facts f(cx.rules);
  f.integer(Given::blunder_die, die->die);
  const auto way = eval_int(f, Value::blunder_move_direction, cx.checker);
  const auto about = eval_int(f, Value::blunder_about_face, cx.checker);
  if (!way || !about) return;
  const std::string_view word = cx.rules.domain_value(Domain::direction, *way);
  double turn = 0;
  if (word == "back")
    turn = 180;
  else if (word == "left")
    turn = -90;
  else if (word == "right")
    turn = 90;
  else if (word != "forward")
    return;
  if (*about != 0) turn += 180;
  const Point dir = tabletop::direction(die->facing + turn);
  const double tol = cx.scratch.tolerance;
  const tabletop::Footprint there = start.placed(*end, a.facing.value_or(start.facing()));
  // "fait un demi-tour et avance": it ends its moves faced about (a degree
  // allowed for the written facing's rounding).
  if (*about != 0 &&
      std::abs(tabletop::normalize_signed_deg(there.facing() - (die->facing + 180))) > 1.0) {
    cx.checker
        .violation(Check::move_direction, a.span,
                   fmt::format("the blunder of {} faces it about (bearing {:.0f}): it ends "
                               "facing {:.0f}",
                               cx.quoted(u), tabletop::normalize_bearing(die->facing + 180),
                               tabletop::normalize_bearing(there.facing())))
        .note(
            "§ D6 Fiasco de commandement: 'Fuyez ! L'unité fait un demi-tour et avance deux "
            "mouvements complets' (the data's blunder_chart about_face)");
    return;
  }
  const tabletop::StraightMove m = tabletop::straight_move(start.centre(), there.centre(), dir);
  if (m.moved <= tol || m.straight(tol)) return;
  if (straight_way_blocked(cx, u, start, dir, m.moved)) {
    cx.checker.not_checked(
        fmt::format("whether the blundered {} could move straight {}: a unit or terrain stands "
                    "on that way",
                    cx.quoted(u), word),
        a.span);
    return;
  }
  cx.checker
      .violation(Check::move_direction, a.to_span.valid() ? a.to_span : a.span,
                 fmt::format("the blunder of {} sends it {}{} (bearing {:.0f}): it moves {} but "
                             "gains {} that way, {} short, beyond the {} tolerance",
                             cx.quoted(u), *about != 0 ? "about face and " : "", word,
                             tabletop::normalize_bearing(die->facing + turn),
                             tabletop::inches(m.moved), tabletop::inches(m.gain),
                             tabletop::inches(m.moved - m.gain), tabletop::inches(tol)))
      .note(
          "§ D6 Fiasco de commandement: 'Fuyez ! L'unité fait un demi-tour et avance', 'Repli ! "
          "L'unité recule', 'A gauche ! ... sur son flanc gauche', 'A droite ! ... sur son flanc "
          "droit', 'En avant ! L'unité avance', 'Foncez ! L'unité avance' (the data's "
          "blunder_chart move_direction and about_face)")
      .note(
          "measured from its facing when it blundered, between the centres of its bases before "
          "and after the move; nothing stands on its straight way");
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

TerrainEntry enter_terrain(Context& cx, const Action& a, UnitId u, const Facts& f,
                           const Entered& entered, std::optional<Check> refused) {
  TerrainEntry out;
  const auto ask = [&](Terrain kind, RuleAction action, std::string_view what) {
    if (!entered.any(cx, kind)) return;
    out.terrain = kind;
    Facts t = f;
    t.set(Given::unit_terrain, cx.rules.terrain(kind));
    const bool allowed =
        refused
            ? check_permissions(t, action, cx.checker, a.span, *refused,
                                [&] { return fmt::format("{} entering {}", cx.quoted(u), what); })
            : verdict(t, action) != rules::Verdict::forbidden;
    if (!allowed && !out.barred) out.barred = kind;
  };
  ask(Terrain::building, RuleAction::enter_building, "a building");
  ask(Terrain::wood, RuleAction::enter_wood, "a wood");
  return out;
}

namespace {

// The leader's way, as the statement writes it.
tabletop::Linestring leader_way(const tabletop::Footprint& start, const Action& a) {
  tabletop::Linestring line{start.leader()};
  for (const Point& p : a.path) line.push_back(p);
  if (a.to) line.push_back(*a.to);
  return line;
}

}  // namespace

double Budget::allowance(double rate) const {
  return std::max(0.0, moves_left * rate + crossing);
}

Budget budget_of_way(Context& cx, const Action& a, UnitId u, const Facts& f,
                     const tabletop::Footprint& start, const tabletop::MoveResult& m,
                     const Entered& entered, std::vector<std::string>& why) {
  UnitState& st = cx.state.units[u];
  Budget out;
  double moves = st.moves;
  // A blunder's obligation to move again against the artillery's single
  // move is the data's open conflict: only an unblundered unit is asked.
  Facts again = f;
  again.boolean(Given::unit_blundered, false);
  if (st.moves > 1 && st.order != OrderStatus::blundered &&
      verdict(again, RuleAction::move_again) == rules::Verdict::forbidden) {
    moves = 1;
    why.push_back(
        fmt::format("{} moves once at most (§ Mouvements des unités: 'peut se déplacer une "
                    "fois')",
                    cx.quoted(u)));
  }
  if (entered.any(cx, Terrain::rough_ground)) st.in_rough_ground = true;
  if (st.in_rough_ground) {
    Facts r = f;
    r.set(Given::unit_terrain, cx.rules.terrain(Terrain::rough_ground));
    const auto most = eval_int(r, Value::max_moves_in_terrain, cx.checker);
    if (most && static_cast<double>(*most) < moves) {
      moves = static_cast<double>(*most);
      why.push_back(
          fmt::format("its way this turn enters rough ground, where it makes {} move{} "
                      "at most (§ Modificateur de mouvement: 'L'unité ne peut faire "
                      "qu'un seul mouvement')",
                      *most, *most == 1 ? "" : "s"));
    }
  }
  const tabletop::Linestring line = leader_way(start, a);
  for (std::size_t i = 0; i < entered.pieces.size(); ++i) {
    const TerrainSetup& t = cx.setup.terrain[i];
    // A wall the unit already stood on was paid for when it got there.
    if (!entered.pieces[i] || t.terrain != Terrain::obstacle || tabletop::enters(start, t.area))
      continue;
    Facts o = f;
    o.set(Given::unit_terrain, cx.rules.terrain(Terrain::obstacle));
    const auto cost = eval_int(o, Value::obstacle_move_cost, cx.checker).value_or(0);
    if (cost <= 0) continue;
    out.crossings += static_cast<int>(cost);
    out.crossing += tabletop::length_inside(line, t.area) + start.depth();
    why.push_back(
        fmt::format("crossing the obstacle '{}' is {} whole move{}, its way over it and its depth "
                    "beyond (§ Modificateur de mouvement: 'Pour franchir un obstacle, cela coûte "
                    "un mouvement')",
                    t.name.empty() ? t.kind : t.name, cost, cost == 1 ? "" : "s"));
  }
  out.crossing = std::min(out.crossing, m.distance);
  const double spent = st.spent_milli / 1000.0;
  out.moves_left = moves - spent - out.crossings;
  if (spent > 0 || out.crossings > 0)
    why.push_back(fmt::format("{:.3g} move{} spent earlier this turn, which leaves it {:.3g}{}",
                              spent, spent == 1 ? "" : "s", std::max(0.0, moves - spent),
                              out.crossings > 0 ? " before its crossing" : ""));
  return out;
}

void spend(UnitState& st, const Budget& b, double distance, double rate) {
  const double at_rate = rate > 0 ? std::max(0.0, distance - b.crossing) / rate : 0.0;
  st.spent_milli = milli(st.spent_milli / 1000.0 + b.crossings + at_rate);
}

bool grant_moves(Context& cx, const Action& a, UnitId u, const Facts& f, Check refused) {
  UnitState& st = cx.state.units[u];
  const bool unordered = st.order == OrderStatus::none && st.moves == 0;
  if ((st.order == OrderStatus::failed || unordered) && in_broken_division(cx, u)) {
    // A unit of a broken division that fails its order, or receives none,
    // must make a free move to leave the battlefield: the data's
    // free_moves, measured as any other.
    check_free_move_direction(cx, a, u);
    if (st.moves > 0) return true;
    const auto moves = eval_int(f, Value::free_moves, cx.checker);
    if (!moves) return false;
    st.moves = static_cast<std::uint8_t>(*moves);
    return true;
  }
  if (st.order == OrderStatus::failed) {
    cx.checker.violation(
        refused, a.span,
        fmt::format("{} has no move this turn: its order failed or gave it none", cx.quoted(u)));
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

namespace {

// A move written in the combat phase, when the variant gives its moves
// (004_b7c666874e8df030.txt § 7-h, 7-i: a victor's one move, a
// breakthrough of two moves at most). Which unit may make it is the
// variant's (HYW: hyw.combat.victor-move).
bool move_after_combat(Context& cx, const Action& a) {
  const VariantFacts* variant = cx.rules.variant();
  if (!variant || a.phase != Phase::combat || !a.detail.empty() || a.off_table || !written_end(a))
    return false;
  const UnitId u = a.actors.front();
  Facts f(cx.rules);
  fill_unit(cx, f, u);
  f.boolean(Given::unit_shaken, cx.state.units[u].shaken);
  f.boolean(Given::unit_in_broken_division, in_broken_division(cx, u));
  if (!check_move_after_combat(cx, a, u, f)) return false;
  cx.checker.not_checked(
      "a move after a combat: the proximity rules it keeps, and that its supports follow it",
      a.span);
  place_as_written(cx, u, a);
  variant->moved_after_combat(cx, a, u);
  return true;
}

}  // namespace

bool check_move_after_combat(Context& cx, const Action& a, UnitId u, const Facts& f) {
  const VariantFacts* variant = cx.rules.variant();
  if (!variant || !written_end(a)) return false;
  const std::optional<std::int64_t> moves = variant->combat_phase_moves(cx, f);
  if (!moves) return false;
  const tabletop::MoveResult m = walk(cx.footprint(u), a);
  const auto rate = move_rate(f, cx.checker);
  if (!rate) return true;
  const auto why = [&] {
    std::vector<std::string> lines{fmt::format("a move after a combat is {} move{} at most, of {}",
                                               *moves, *moves == 1 ? "" : "s",
                                               tabletop::inches(static_cast<double>(*rate)))};
    if (std::string reason = variant->combat_phase_moves_reason(cx, f); !reason.empty())
      lines.push_back(std::move(reason));
    move_rate(f, cx.checker, &lines);
    return lines;
  };
  check_distance(cx, a, cx.quoted(u), m.distance, static_cast<double>(*moves * *rate), why);
  return true;
}

void move(Context& cx, const Action& a) {
  for (GeneralId g : a.generals) move_general(cx, a, g);
  if (a.actors.empty()) return;
  if (a.phase == Phase::movement && a.detail.empty())
    for (UnitId m : a.actors) free_move_made(cx, m);
  if (move_after_combat(cx, a)) return;
  // A move with a reason is the outcome of a test or a response.
  if (!a.detail.empty() || a.phase != Phase::movement || a.off_table || !written_end(a)) {
    follow(cx, a);
    return;
  }
  const UnitId u = a.actors.front();
  UnitState& st = cx.state.units[u];
  Facts f(cx.rules);
  fill_unit(cx, f, u);
  // A unit that left the table comes back only as the data allows (§ Unité
  // ébranlée, § Unité d'une division démoralisée: "Ne peut revenir en jeu
  // si elle quitte la table").
  if (!st.on_table && u < cx.scratch.left_table.size() && cx.scratch.left_table[u]) {
    Facts back = f;
    back.boolean(Given::unit_shaken, st.shaken);
    back.boolean(Given::unit_in_broken_division, in_broken_division(cx, u));
    check_permissions(back, RuleAction::return_to_table, cx.checker, a.span,
                      Check::move_not_allowed,
                      [&] { return fmt::format("{} coming back onto the table", cx.quoted(u)); });
  }
  // A move refused outright is not measured as well: one breach, one report.
  const bool allowed = grant_moves(cx, a, u, f, Check::move_not_allowed);
  const tabletop::Footprint start = cx.footprint(u);
  tabletop::MoveResult m = walk(start, a);
  const Entered entered = entered_terrain(cx, m, a);
  check_way_through_units(cx, a, u, m, f, {});
  if (allowed) check_proximity(cx, a, u, f, start);
  if (allowed && st.order == OrderStatus::blundered) check_blunder_direction(cx, a, u, start);
  if (allowed && st.initiative && st.disordered)
    check_disordered_initiative_way(cx, a, u, start, m.end);
  f.set(Given::unit_terrain,
        cx.rules.terrain(enter_terrain(cx, a, u, f, entered, Check::move_terrain).terrain));
  std::vector<std::string> terrain_why;
  const Budget budget = budget_of_way(cx, a, u, f, start, m, entered, terrain_why);
  if (a.facing && std::abs(tabletop::normalize_signed_deg(*a.facing - st.facing)) > 0.001)
    cx.checker.not_checked("the distance a change of facing uses in a move", a.span);
  const auto rate = move_rate(f, cx.checker);
  if (rate && allowed) {
    // The breakdown of the rate is written only into a diagnostic.
    const auto why = [&] {
      std::vector<std::string> lines{fmt::format("{} has {} move{} of {} this turn", cx.quoted(u),
                                                 st.moves, st.moves == 1 ? "" : "s",
                                                 tabletop::inches(static_cast<double>(*rate)))};
      lines.insert(lines.end(), terrain_why.begin(), terrain_why.end());
      move_rate(f, cx.checker, &lines);
      return lines;
    };
    check_distance(cx, a, cx.quoted(u), m.distance, budget.allowance(static_cast<double>(*rate)),
                   why);
    check_blunder_in_full(cx, a, u, start, m, budget.allowance(static_cast<double>(*rate)),
                          budget.moves_left);
  }
  if (rate) spend(st, budget, m.distance, static_cast<double>(*rate));
  st.used_milli = milli(st.used_milli / 1000.0 + m.distance);
  place_as_written(cx, u, a);
}

void settle_short_blunders(Context& cx) {
  for (const Scratch::ShortBlunder& b : cx.scratch.short_blunders)
    if (cx.state.units[b.unit].on_table) judge_short_blunder(cx, b);
  cx.scratch.short_blunders.clear();
}

}  // namespace umpire::hail_caesar
