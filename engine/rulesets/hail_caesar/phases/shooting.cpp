#include "engine/rulesets/hail_caesar/phases/shooting.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <array>
#include <boost/geometry/algorithms/intersects.hpp>
#include <boost/geometry/algorithms/touches.hpp>

#include "engine/geometry/tabletop/bounds.hpp"
#include "engine/geometry/tabletop/measure.hpp"
#include "engine/geometry/tabletop/tolerance.hpp"
#include "engine/geometry/tabletop/zones.hpp"
#include "engine/rulesets/common/word_table.hpp"
#include "engine/rulesets/hail_caesar/phases/dice.hpp"
#include "engine/rulesets/hail_caesar/phases/facts.hpp"
#include "engine/rulesets/hail_caesar/phases/following.hpp"
#include "engine/rulesets/hail_caesar/phases/shooting_break.hpp"

namespace umpire::hail_caesar {
namespace {

// The faces of the target standing at `target` that a shot from `shooter`
// may strike: the target's quarters its diagonals cut (the zones a
// charge's face is read in, tabletop/zones.hpp) holding the shooter's
// corners. One when the whole shooter stands in one quarter; the sheet
// draws no faces, so a shooter across two may strike either.
std::vector<std::string_view> faces_struck(const tabletop::Footprint& target,
                                           const tabletop::Footprint& shooter) {
  std::vector<std::string_view> faces;
  for (const tabletop::Point& p :
       {shooter.front_left(), shooter.front_right(), shooter.rear_left(), shooter.rear_right()}) {
    const tabletop::Zone z = tabletop::zone_of(target, p, tabletop::ZoneRule::diagonals);
    const std::string_view face = z == tabletop::Zone::front  ? "front"
                                  : z == tabletop::Zone::rear ? "rear"
                                  : tabletop::is_flank(z)     ? "flank"
                                                              : "";
    if (!face.empty() && std::find(faces.begin(), faces.end(), face) == faces.end())
      faces.push_back(face);
  }
  if (faces.empty()) faces.push_back("front");
  return faces;
}

// What may hide part of the target standing at `target` from `u`: the
// first other unit on the table, or piece of terrain, whose interior meets
// the corridor every sight line between the two runs in (tabletop::hull).
// The sheet says neither what hides a target ("partiellement cachée",
// § Modificateurs du jet pour toucher au tir) nor from which points one
// sights; a target with nothing in that corridor is hidden by no reading.
// Empty when nothing is there.
std::string what_may_hide(const Context& cx, UnitId u, UnitId t,
                          const tabletop::Footprint& target) {
  namespace bg = boost::geometry;
  const tabletop::Polygon corridor = tabletop::hull(cx.footprint(u), target);
  const tabletop::Box box = tabletop::bounds(corridor);
  const auto inside = [&](const tabletop::Polygon& shape) {
    return tabletop::gap(box, tabletop::bounds(shape)) == 0.0 && bg::intersects(corridor, shape) &&
           !bg::touches(corridor, shape);
  };
  for (UnitId o = 0; o < cx.setup.units.size(); ++o)
    if (o != u && o != t && cx.state.units[o].on_table && inside(cx.footprint(o).polygon()))
      return cx.quoted(o);
  // Water and flat ground (a river's bed, a road, a marsh) stand no higher
  // than the table and hide nothing; every other piece may.
  static constexpr std::array<std::string_view, 8> kFlat{"open",   "river", "stream", "ford",
                                                         "bridge", "marsh", "road",   "lake"};
  for (const TerrainSetup& piece : cx.setup.terrain)
    if (std::find(kFlat.begin(), kFlat.end(), piece.kind) == kFlat.end() &&
        inside(piece.area.shape))
      return fmt::format("the {} '{}'", piece.kind, piece.name.empty() ? piece.kind : piece.name);
  return {};
}

// The range: written against measured, and measured against the weapon;
// true when the target is out of reach.
bool check_range(Context& cx, const Action& a, UnitId u, UnitId t, double measured,
                 std::int64_t reach) {
  const std::string what = fmt::format("the range from {} to {}", cx.quoted(u), cx.quoted(t));
  if (a.range) {
    const tabletop::Measurement m = tabletop::compare(*a.range, measured, cx.scratch.tolerance);
    if (m.agreement == tabletop::Agreement::beyond_tolerance)
      cx.checker.violation(Check::shoot_range, a.span, tabletop::describe(m, what))
          .note("measured between the closest edges of the two bases");
  }
  const tabletop::LimitCheck c =
      tabletop::check_at_most(measured, static_cast<double>(reach), cx.scratch.tolerance);
  if (c.agreement != tabletop::Agreement::beyond_tolerance) return false;
  cx.checker
      .violation(Check::shoot_range, a.span,
                 fmt::format("{} is out of reach: {}", cx.quoted(t), tabletop::describe(c, what)))
      .note("'{}' reach {}\" (§ Portée des armes de jet)", a.weapon, reach);
  return true;
}

// The dice of `u`'s shot in a shooting phase when the variant lets a unit
// divide its shots: its `due` dice are shared between its shots of the
// phase, each throwing any part of what is left (the written dice), the
// last what is left. nullopt when none are left (reported).
std::optional<std::int64_t> shot_share(Context& cx, const Action& a, UnitId u, std::int64_t due) {
  auto& shares = cx.scratch.shot_shares.of_turn(a.turn, a.side);
  auto it = std::find_if(shares.begin(), shares.end(),
                         [&](const Scratch::ShotShare& s) { return s.unit == u; });
  if (it == shares.end()) it = shares.insert(shares.end(), Scratch::ShotShare{u, 0});
  const std::int64_t left = due - it->thrown;
  if (left <= 0) {
    cx.checker
        .violation(Check::shoot_dice, a.span,
                   fmt::format("{} has thrown its {} shooting dice in this phase: none are left",
                               cx.quoted(u), due))
        .note("a unit divides its shooting dice between its targets, it does not throw them twice");
    return std::nullopt;
  }
  std::int64_t n = left;
  if (const auto part = written_share(a, left - 1)) {
    n = *part;
    cx.checker.not_checked(
        "a unit dividing its shots: that its targets are at the same distance, and that it "
        "throws the rest of its dice",
        a.span);
  }
  it->thrown += n;
  return n;
}

}  // namespace

void shoot(Context& cx, const Action& a) {
  if (a.actors.empty() || a.targets.empty() || a.weapon.empty()) {
    follow(cx, a);
    return;
  }
  // A shot outside its side's shooting phase is an opportunity shot ("Tir
  // d'opportunité", 000_a44b407871cbdad9.txt § Modificateurs du jet pour
  // toucher au tir): closing shots are written as a charge's response.
  const UnitId u = a.actors.front();
  const bool own_phase = a.phase == Phase::shooting && cx.setup.units[u].side == a.side;
  resolve_shot(cx, a, u, a.targets.front(), own_phase ? "normal_shot" : "opportunity_shots");
  // A shot the engine did not resolve leaves the target's break test open.
  if (!cx.scratch.hits) note_unresolved_volley(cx, a, a.targets.front());
}

void resolve_shot(Context& cx, const Action& a, UnitId u, UnitId t, std::string_view shot,
                  const std::optional<BeforeCharge>& before) {
  const UnitSetup& s = cx.setup.units[u];
  const UnitState& st = cx.state.units[u];
  Facts f(cx.rules);
  fill_unit(cx, f, u);
  if (before) f.boolean(Given::unit_engaged, before->shooter_engaged);
  // In support of a combat still fought, from an earlier round.
  f.boolean(Given::unit_supporting, in_support(cx, u));
  f.boolean(Given::unit_shaken, st.shaken);
  f.boolean(Given::unit_moved, st.used_milli > 0);
  f.integer(Given::unit_long_range, s.stats.long_range.value_or(0));
  f.integer(Given::unit_short_range, s.stats.short_range.value_or(0));
  // A garrison shoots from the faces of its building that see the target:
  // the sheet defines no faces (gap terms_defined_nowhere), one is taken.
  const bool garrison = terrain_under(cx, u) == Terrain::building;
  f.integer(Given::unit_faces_in_building, garrison ? 1 : 0);
  if (garrison)
    cx.checker.not_checked(
        "how many faces of a building shoot at one target (the sheet defines none; taken as one)",
        a.span);
  if (!a.weapon.empty())
    f.word(Given::shot_weapon, rulesets::data_word(a.weapon, rulesets::WordCase::exact));
  // Each range belongs to its weapon (§ Portée des armes de jet): a unit
  // whose roster declares its equipment shoots with one of its weapons (the
  // replay goes on with the one written); one that declares none shoots
  // with the weapon written. A variant's unit of a profile shoots the
  // profile's weapon, which its data reads.
  if (!a.weapon.empty() && !s.equipment.empty() && !s.profile) {
    const std::string written = rulesets::data_word(a.weapon, rulesets::WordCase::exact);
    const bool declared =
        std::any_of(s.equipment.begin(), s.equipment.end(), [&](const std::string& e) {
          return rulesets::data_word(e, rulesets::WordCase::exact) == written;
        });
    if (!declared)
      cx.checker
          .violation(Check::shoot_weapon, a.span,
                     fmt::format("{} shoots with '{}', which its equipment ({}) does not hold",
                                 cx.quoted(u), a.weapon, fmt::join(s.equipment, ", ")))
          .note("§ Portée des armes de jet: each range is its weapon's");
  }
  f.word(Given::shot, shot);
  f.set(Given::target_type, cx.rules.type(cx.setup.units[t].type));
  f.set(Given::target_formation, cx.rules.formation(cx.state.units[t].formation));
  f.boolean(Given::target_partially_obscured, false);
  // The target where it stands when shot: a charger is shot where it set
  // out from (BeforeCharge).
  const tabletop::Footprint target_at = before ? before->charger_start : cx.footprint(t);
  const std::vector<std::string_view> faces = faces_struck(target_at, cx.footprint(u));
  f.word(Given::target_facing_hit, faces.front());
  const std::string hider = what_may_hide(cx, u, t, target_at);
  const double measured =
      tabletop::distance(cx.footprint(u), target_at, tabletop::Measure::closest_edges);
  f.integer(Given::shot_distance, std::max<std::int64_t>(1, whole_inches_up(measured)));
  // The weapon's reach, -1 when the shot writes no weapon.
  std::int64_t reach = -1;
  if (!a.weapon.empty()) {
    const auto r = eval_int(f, Value::weapon_range, cx.checker);
    if (!r) return;
    reach = *r;
  }
  // A shot the rules would allow within reach, refused only because its
  // target is beyond it (a variant gives no dice there): the reach is the
  // rule broken.
  if (reach >= 0 &&
      tabletop::check_at_most(measured, static_cast<double>(reach), cx.scratch.tolerance)
              .agreement == tabletop::Agreement::beyond_tolerance) {
    Facts near = f;
    near.integer(Given::shot_distance, 1);
    if (verdict(near, RuleAction::shoot) == rules::Verdict::allowed) {
      check_range(cx, a, u, t, measured, reach);
      return;
    }
  }
  if (!check_permissions(f, RuleAction::shoot, cx.checker, a.span, Check::shoot_not_allowed,
                         [&] { return fmt::format("{} shooting", cx.quoted(u)); }))
    return;
  if (!hider.empty()) {
    // Something stands between: the reading of "partly hidden" whose
    // modifier the log writes, on some face the shot may strike.
    const auto writes = [&](bool hidden) {
      if (!a.modifier) return false;
      return std::any_of(faces.begin(), faces.end(), [&](std::string_view face) {
        Facts g = f;
        g.boolean(Given::target_partially_obscured, hidden);
        g.word(Given::target_facing_hit, face);
        const auto th = eval_test(g, Test::shooting_to_hit, cx.checker);
        return th && th->modifier == *a.modifier;
      });
    };
    if (!writes(false) && writes(true)) f.boolean(Given::target_partially_obscured, true);
    cx.checker.not_checked(
        fmt::format("whether {} is partly hidden from {}, {} standing between them: the reading "
                    "the log's modifier agrees with is taken",
                    cx.quoted(t), cx.quoted(u), hider),
        a.span);
  }
  const auto count = eval_int(f, Value::shooting_dice, cx.checker);
  const auto needed = eval_int(f, Value::shooting_needed, cx.checker);
  // The to-hit score and its modifiers as the data's test states them
  // (4+ in § Modificateurs du jet pour toucher au tir).
  auto to_hit = eval_test(f, Test::shooting_to_hit, cx.checker);
  if (!count || !needed || !to_hit) return;
  std::int64_t dice = *count;
  if (a.phase == Phase::shooting && !before && cx.rules.variant() &&
      cx.rules.variant()->splits_shots()) {
    const std::optional<std::int64_t> share = shot_share(cx, a, u, *count);
    if (!share) return;
    dice = *share;
  }
  if (reach >= 0)
    check_range(cx, a, u, t, measured, reach);
  else
    cx.checker.not_checked("the weapon of a shot that writes none, and its reach", a.span);
  auto roll = cx.dice.take(d6s(dice), a.roll("hit"), cx.checker, Check::shoot_dice,
                           [&] { return fmt::format("shooting dice of {}", cx.quoted(u)); });
  if (!roll) return;
  cx.checker.read_roll(d6s(dice), *roll, [&] {
    return replay::dice_at_least(static_cast<std::int32_t>(*needed), cx.setup.units[u].side,
                                 fmt::format("shooting of {}", cx.quoted(u)));
  });
  if (faces.size() > 1) {
    // Across two faces the shooter may strike either: the reading the
    // log's modifier agrees with, else the one whose hits before re-rolls
    // come nearest the log's hits without passing them.
    std::optional<std::int64_t> best;
    for (const std::string_view face : faces) {
      Facts g = f;
      g.word(Given::target_facing_hit, face);
      const auto th = eval_test(g, Test::shooting_to_hit, cx.checker);
      if (!th) return;
      const NaturalFaces n = natural_faces(g, Test::shooting_to_hit);
      const std::int64_t first_hits =
          std::count_if(roll->dice.begin(), roll->dice.end(),
                        [&](const auto& die) { return die_succeeds(n, *th, die.faces.face()); });
      const bool agrees = a.modifier ? *a.modifier == th->modifier
                                     : a.stated.hits && first_hits <= *a.stated.hits &&
                                           (!best || first_hits > *best);
      if (!agrees) continue;
      best = first_hits;
      f = g;
      to_hit = th;
      if (a.modifier) break;
    }
    cx.checker.not_checked(
        "the face a shot strikes, its shooter standing across two of the target's faces (the "
        "sheet draws none): the reading the log agrees with is taken",
        a.span);
  }
  const auto notes = [&] {
    std::vector<std::string> lines = explain(f, Value::shooting_needed);
    lines.insert(lines.begin(),
                 fmt::format("{} to {} between closest edges{}", tabletop::inches(measured),
                             cx.quoted(t), before ? ", where it set out from" : ""));
    return lines;
  };
  if (a.modifier)
    cx.checker.outcome(Check::shoot_hits, a.span, "to-hit modifier", a.modifier, to_hit->modifier,
                       notes);
  const NaturalFaces naturals = natural_faces(f, Test::shooting_to_hit);
  std::int64_t hits = 0, natural_sixes = 0;
  for (const auto& die : roll->dice) {
    if (die_succeeds(naturals, *to_hit, die.faces.face())) ++hits;
    if (die.faces.face() == 6) ++natural_sixes;
  }
  hits += rerolled_successes(cx, a, *to_hit, naturals,
                             static_cast<std::int64_t>(roll->dice.size()) - hits, Check::shoot_dice,
                             fmt::format("the shooting of {}", cx.quoted(u)));
  const std::int64_t go_on =
      cx.checker.outcome(Check::shoot_hits, a.stated.span.valid() ? a.stated.span : a.span, "hits",
                         a.stated.hits, hits, notes);
  cx.scratch.hits =
      PendingHits{t, go_on, rulesets::data_word(a.weapon, rulesets::WordCase::exact), std::nullopt};
  // A volley of the shooting phase, or closing shots in the movement phase
  // (§ Le test à lieu quand: "au tir (normal, contre-charge ou
  // d'opportunité)"), may call for a break test.
  if (a.phase == Phase::shooting || a.phase == Phase::movement) {
    cx.scratch.hits->volley = f;
    note_volley(cx, a, t, f, natural_sixes);
  }
}

}  // namespace umpire::hail_caesar
