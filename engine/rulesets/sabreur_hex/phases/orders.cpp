// Phase A and the activation of groups: 002_87c3dc452f850204.txt § Points
// d'ordre and § Détermination des points d'ordre (PO) en fonction des
// points d'armée (PA).
#include "engine/rulesets/sabreur_hex/phases/orders.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <boost/container/small_vector.hpp>
#include <limits>

#include "engine/geometry/hex/hex.hpp"
#include "engine/geometry/hex/zone.hpp"
#include "engine/rulesets/sabreur_hex/phases/facts.hpp"
#include "engine/rulesets/sabreur_hex/phases/impetuous.hpp"

namespace umpire::sabreur {
namespace {

bool has_two_d6(const dice::Expr& e) {
  for (const dice::Term& t : e.terms)
    if (t.is_dice && t.dice.count == 2 && t.dice.sides == 6) return true;
  return false;
}

dice::Expr with_constant(dice::DiceTerm dice, std::int64_t constant) {
  dice::Expr e;
  e.terms.push_back(dice::dice_term(dice));
  if (constant != 0) e.terms.push_back(dice::constant_term(constant));
  return e;
}

// The scouts of an activation (see activate()): taken out of `members`,
// at most 2, the most that leave the others a chain of a legal size; none
// when the group has a panicked unit (a scout joins "un groupe d'unités non
// paniquées"). A light infantry with the skill, not in square nor panicked,
// is a scout whenever it can be: next to the group as well as 3 hexes away
// (§ Points d'ordre), so it neither counts in the group's cost nor shares
// its facing.
boost::container::small_vector<UnitId, 2> take_scouts(
    const Context& cx, const Board& b, boost::container::small_vector<UnitId, 8>& members) {
  const auto fits = [&](std::span<const UnitId> group) {
    const bool irregular = std::all_of(group.begin(), group.end(), [&](UnitId u) {
      return cx.setup.units[u].skills.has(Skill::irregular);
    });
    return b.chained(group) && group.size() <= (irregular ? 4U : 3U);
  };
  boost::container::small_vector<UnitId, 2> out;
  if (members.size() < 2) return out;
  boost::container::small_vector<std::size_t, 8> able;
  for (std::size_t i = 0; i < members.size(); ++i) {
    const UnitSetup& s = cx.setup.units[members[i]];
    const UnitState& st = cx.state.units[members[i]];
    if (st.panicked) return out;
    if (s.type == UnitType::light_infantry && s.skills.has(Skill::scout) &&
        !b.square_like(members[i]))
      able.push_back(i);
  }
  const auto without = [&](std::span<const std::size_t> drop) {
    boost::container::small_vector<UnitId, 8> rest;
    for (std::size_t i = 0; i < members.size(); ++i)
      if (std::find(drop.begin(), drop.end(), i) == drop.end()) rest.push_back(members[i]);
    return rest;
  };
  const auto take = [&](std::span<const std::size_t> drop) {
    for (std::size_t i : drop) out.push_back(members[i]);
    members = without(drop);
  };
  for (std::size_t x = 0; x < able.size(); ++x)
    for (std::size_t y = x + 1; y < able.size(); ++y) {
      const std::array<std::size_t, 2> drop{able[x], able[y]};
      if (members.size() > 2 && fits(without(drop))) {
        take(drop);
        return out;
      }
    }
  for (std::size_t x = 0; x < able.size(); ++x) {
    const std::array<std::size_t, 1> drop{able[x]};
    if (fits(without(drop))) {
      take(drop);
      return out;
    }
  }
  return out;
}

}  // namespace

void order_points(Context& cx, const Action& a) {
  SideState& side = cx.state.sides[a.side];
  if (a.phase != Phase::orders || side.order_points_thrown) {
    cx.checker.violation(Check::orders_phase, a.span,
                         side.order_points_thrown
                             ? std::string("order points thrown twice in one turn")
                             : std::string("order points are thrown in the orders phase"));
  }
  side.order_points_thrown = true;
  const std::int64_t army = cx.setup.sides[a.side].army_points;
  const replay::WrittenRoll* written = a.roll("");
  const bool two_d6 = written && has_two_d6(written->expr);

  Facts f(cx.rules);
  f.integer(Given::army_points, army);
  f.word(Given::order_formula, two_d6 ? "two_d6_formula" : "d3_formula");
  if (two_d6 &&
      !check_permissions(f, RuleAction::choose_two_d6_order_points, cx.checker, a.span,
                         Check::orders_two_d6,
                         [&] { return fmt::format("2 D6 order points at {} army points", army); }))
    return;

  // The dice the rules call for: 1 D3 + bonus, or 2 D6 - malus, by army size.
  rules::Evaluator ev(cx.rules.rs(), f.situation());
  ev.set_trace(false);  // asked, not explained
  auto table = cx.rules.optional_item(OptionalItem::order_points_by_army_size);
  std::int64_t constant = 0;
  if (table && table->kind == rules::ItemKind::table) {
    auto row = ev.lookup(table->index, {rules::Val::integer(army)});
    if (!row) {
      cx.checker.problem(
          id_of(Diag::rules_evaluation), a.span,
          fmt::format("the rules data could not look up the order points of {} army "
                      "points: {}",
                      army, ev.error() ? ev.error()->message : std::string("unknown")));
      return;
    }
    // A partial table gives no row for an army size it does not list.
    if (row->size() < 3) {
      cx.checker.not_checked("order points of an army size the table does not cover", a.span);
      return;
    }
    constant = two_d6 ? -(*row)[2].number : (*row)[0].number;
  }
  const auto why = [&] { return std::vector<std::string>{fmt::format("{} army points", army)}; };
  const dice::Expr wanted = two_d6 ? with_constant(dice::make_dice(2, 6), constant)
                                   : with_constant(dice::make_dice(1, 3), constant);
  auto roll = cx.dice.take(wanted, written, cx.checker, Check::orders_dice, "order points", why);
  if (!roll || roll->dice.empty()) return;
  cx.checker.read_roll(wanted, *roll, [&] {
    replay::RollReading r;  // more order points are better
    r.side = a.side;
    r.what = fmt::format("order points of {}", cx.setup.sides[a.side].id);
    return r;
  });
  if (two_d6) {
    f.integer(Given::order_two_d6,
              roll->dice.size() >= 2 ? roll->dice[0].faces.face() + roll->dice[1].faces.face() : 2);
    f.integer(Given::order_d6, 1);
  } else {
    f.integer(Given::order_d6, roll->dice[0].faces.face());
    f.integer(Given::order_two_d6, 2);
  }
  auto points = eval_int(f, Value::order_points, cx.checker);
  if (!points) return;
  side.order_points = static_cast<std::int16_t>(
      cx.checker.outcome(Check::orders_points, a.stated.span, "order points", a.stated.points,
                         *points, [&] { return explain(f, Value::order_points); }));
}

void activate(Context& cx, const Action& a) {
  end_activation(cx, a.span);  // impetuous.cpp: the group activated before
  if (a.phase != Phase::actions) {
    cx.checker.violation(Check::activation_phase, a.span,
                         "groups are activated in the actions phase");
  }
  const Board b = cx.board();
  for (UnitId u : a.actors) {
    if (cx.setup.units[u].side != a.side)
      cx.checker.violation(Check::activation_phase, a.span,
                           fmt::format("{} belongs to the other side", cx.quoted(u)));
  }
  if (a.actors.empty()) return;

  // § Points d'ordre: "Les unités d'artillerie de type pièce régimentaire ne
  // peuvent pas faire partie d'un groupe. On ne peut les activer que si on
  // active un groupe ami composé uniquement d'unités non paniquées de type
  // infanterie ou cavalerie, et que si la pièce régimentaire est voisine
  // d'une unité d'infanterie de ce groupe. [...] au maximum 1 unité de type
  // pièce régimentaire." The first regimental gun listed with other units
  // joins the activation (the data's regimental_gun_joins), outside the
  // group's size, facing and chain; any other stays in the group and is
  // refused there (group_without_regimental_gun).
  boost::container::small_vector<UnitId, 8> members(a.actors.begin(), a.actors.end());
  std::optional<UnitId> joined_gun;
  if (members.size() >= 2) {
    const auto gun = std::find_if(members.begin(), members.end(), [&](UnitId u) {
      return cx.setup.units[u].type == UnitType::regimental_gun;
    });
    const bool others = std::any_of(members.begin(), members.end(), [&](UnitId u) {
      return cx.setup.units[u].type != UnitType::regimental_gun;
    });
    if (gun != members.end() && others) {
      joined_gun = *gun;
      members.erase(gun);
    }
  }

  // § Points d'ordre: "lorsqu'un groupe d'unités non paniquées est activé
  // par un ordre (et pas par un test moral), cela permet d'activer aussi
  // jusqu'à 2 unités maximum de type infanterie légère [...] à 3 cases
  // maximum du groupe, et [avec] la compétence éclairer". A light infantry
  // unit with the skill listed in an activation joins as a scout when the
  // others make a group without it: outside the group's chain, size, facing
  // and cost (the data's scout_conditions).
  const boost::container::small_vector<UnitId, 2> scouts = take_scouts(cx, b, members);

  // The group's facts (§ Points d'ordre).
  int cavalry = 0, artillery = 0, irregular = 0, recruits = 0, linear_column = 0, panicked = 0,
      guns = 0;
  bool all_grand_charge = true, all_grand_battery = true, same_facing = true;
  std::optional<Facing> facing;
  for (UnitId u : members) {
    const UnitSetup& s = cx.setup.units[u];
    const UnitState& st = cx.state.units[u];
    const Arm arm = arm_of(s.type);
    if (arm == Arm::cavalry) {
      ++cavalry;
      all_grand_charge = all_grand_charge && s.skills.has(Skill::grand_charge);
    }
    if (arm == Arm::artillery) {
      ++artillery;
      all_grand_battery = all_grand_battery && s.skills.has(Skill::grand_battery);
    }
    if (s.skills.has(Skill::irregular)) ++irregular;
    if (s.quality == Quality::recruit) ++recruits;
    if (arm == Arm::infantry && st.formation == Formation::column &&
        s.skills.has(Skill::linear_order))
      ++linear_column;
    if (st.panicked) ++panicked;
    if (s.type == UnitType::regimental_gun) ++guns;
    // Squares and panicked units keep their own facing.
    if (!st.panicked && !b.square_like(u)) {
      if (facing && *facing != st.facing) same_facing = false;
      facing = st.facing;
    }
  }
  Facts f(cx.rules);
  fill_self(cx, f, members.front());
  f.integer(Given::group_size, static_cast<std::int64_t>(members.size()));
  f.integer(Given::group_cavalry_count, cavalry);
  f.boolean(Given::group_all_cavalry_grand_charge, cavalry > 0 && all_grand_charge);
  f.integer(Given::group_artillery_count, artillery);
  f.boolean(Given::group_all_artillery_grand_battery, artillery > 0 && all_grand_battery);
  f.integer(Given::group_irregular_count, irregular);
  f.integer(Given::group_recruit_count, recruits);
  f.integer(Given::group_linear_order_column_count, linear_column);
  f.integer(Given::group_panicked_count, panicked);
  f.integer(Given::group_regimental_gun_count, guns);
  f.group(b, members);  // the nearest enemy, looked for if the data asks
  f.boolean(Given::group_same_facing, same_facing);
  f.boolean(Given::group_chained, b.chained(members));
  f.integer(Given::side_order_points_left, cx.state.sides[a.side].order_points);

  const auto names = [&] {
    std::string out;
    for (UnitId u : members) out += (out.empty() ? "" : ", ") + cx.quoted(u);
    return out;
  };
  check_permissions(f, RuleAction::activate_group, cx.checker, a.span, std::nullopt,
                    [&] { return fmt::format("activating the group {}", names()); });
  if (joined_gun) {
    bool only_foot_or_horse = true, next_to_infantry = false;
    for (UnitId u : members) {
      const Arm arm = b.arm(u);
      if (arm != Arm::infantry && arm != Arm::cavalry) only_foot_or_horse = false;
      // Either half of an extended line (Board::adjacent).
      if (arm == Arm::infantry && b.adjacent(u, *joined_gun)) next_to_infantry = true;
    }
    Facts j(cx.rules);
    fill_self(cx, j, *joined_gun);
    j.boolean(Given::group_only_infantry_or_cavalry, only_foot_or_horse);
    j.integer(Given::group_panicked_count, panicked);
    j.boolean(Given::group_self_adjacent_to_group_infantry, next_to_infantry);
    j.integer(Given::group_regimental_guns_joined, 0);
    check_permissions(j, RuleAction::join_activation_as_regimental_gun, cx.checker, a.span,
                      Check::activation_regimental_gun, [&] {
                        return fmt::format("{} joining the activation of the group {}",
                                           cx.quoted(*joined_gun), names());
                      });
  }
  for (std::size_t i = 0; i < scouts.size(); ++i) {
    const UnitId sc = scouts[i];
    int distance = std::numeric_limits<int>::max();
    for (UnitId u : members) distance = std::min(distance, b.distance(u, sc));
    Facts j(cx.rules);
    fill_self(cx, j, sc);
    j.boolean(Given::group_activated_by_order, true);  // a test activates no group
    j.integer(Given::group_panicked_count, panicked);
    j.integer(Given::group_scouts_joined, static_cast<std::int64_t>(i));
    j.integer(Given::group_distance_to_self, distance);
    check_permissions(j, RuleAction::join_activation_as_scout, cx.checker, a.span,
                      Check::activation_scout, [&] {
                        return fmt::format(
                            "{} joining the activation of the group {} as a scout, "
                            "{} from it",
                            cx.quoted(sc), names(), hexes_text(distance));
                      });
  }
  for (UnitId u : members) {
    Facts m(cx.rules);
    fill_self(cx, m, u);
    check_permissions(m, RuleAction::join_group, cx.checker, a.span, std::nullopt,
                      [&] { return fmt::format("{} joining a group", cx.quoted(u)); });
  }
  auto cost = eval_int(f, Value::group_order_points, cx.checker);
  if (!cost) return;
  const std::int64_t spent = cx.checker.outcome(
      Check::activation_cost, a.span, "order points for the group", a.cost, *cost, [&] {
        std::vector<std::string> notes = explain(f, Value::group_order_points);
        notes.insert(notes.begin(),
                     fmt::format("nearest non-panicked enemy {} hexes from the group",
                                 b.nearest_enemy_of_group(members)));
        return notes;
      });
  SideState& side = cx.state.sides[a.side];
  side.order_points =
      static_cast<std::int16_t>(std::max<std::int64_t>(0, side.order_points - spent));
  cx.state.group.assign(a.actors.begin(), a.actors.end());
  for (UnitId u : a.actors) {
    UnitState& st = cx.state.units.edit(u);
    st.activated = true;
    // "tenace" in line: a morale test at once (checked by the next statement).
    // Only the skill's holders can owe it; the data says when they do.
    if (!cx.setup.units[u].skills.has(Skill::tenacious)) continue;
    Facts t(cx.rules);
    fill_self(cx, t, u);
    const auto tested = eval_int(t, Value::tenacious_activation_test_required, cx.checker);
    if (tested && *tested != 0) {
      st.next_test = TestReason::tenacious_activation;
      cx.state.tests_due = true;
    }
  }
  // "impétueux": bound to attack once the whole group is activated.
  for (UnitId u : a.actors) bind_impetuous(cx, u);
}

}  // namespace umpire::sabreur
