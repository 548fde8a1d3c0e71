#include "engine/rulesets/wab/phases/panic.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "engine/geometry/tabletop/charge.hpp"
#include "engine/geometry/tabletop/measure.hpp"
#include "engine/geometry/tabletop/tolerance.hpp"
#include "engine/geometry/tabletop/zones.hpp"
#include "engine/rulesets/wab/phases/engagement.hpp"
#include "engine/rulesets/wab/phases/facts.hpp"
#include "engine/rulesets/wab/phases/flight.hpp"
#include "engine/rulesets/wab/phases/owed_at_start.hpp"

namespace umpire::wab {
namespace {

std::int64_t shooting_losses(const Context& cx, UnitId u) {
  return std::max<std::int64_t>(0, cx.state.units[u].phase_models - cx.models_standing(u));
}

// Whether `u` fights an enemy or touches one (a charger in contact before
// its round is written): that enemy is within any charge reach.
bool enemy_within_any_reach(const Context& cx, UnitId u) {
  if (fights_an_enemy(cx, u)) return true;
  // Every point of a unit lies within its frontage's half and its depth of
  // its leader: two units whose leaders are farther apart than the sum of
  // those, and the tolerance, cannot touch (asked of every unit at every
  // turn's start, the exact measure only of the few near).
  const auto radius = [&](UnitId w) {
    return std::hypot(cx.setup.units[w].frontage / 2, cx.setup.units[w].depth);
  };
  const tabletop::Footprint here = cx.footprint(u);
  const Point at = cx.state.units[u].at;
  const double own = radius(u) + cx.scratch.tolerance;
  for (std::size_t i = 0; i < cx.setup.units.size(); ++i) {
    const auto e = static_cast<UnitId>(i);
    if (cx.setup.units[e].side == cx.setup.units[u].side || !cx.state.units[e].on_table) continue;
    const double dx = cx.state.units[e].at.x() - at.x(), dy = cx.state.units[e].at.y() - at.y();
    const double limit = own + radius(e);
    if (dx * dx + dy * dy > limit * limit) continue;
    if (tabletop::in_contact(here, cx.footprint(e), cx.scratch.tolerance)) return true;
  }
  return false;
}

// The facts of a panic test of `u` for `cause` in `phase` (the data's
// domains panic_cause and phase); no friend and no charger.
Facts panic_facts(const Context& cx, UnitId u, std::string_view cause, std::string_view phase) {
  Facts f(cx.rules);
  fill_unit(cx, f, u);
  f.boolean(Given::self_took_break_test_this_phase, false);
  f.word(Given::panic_cause, cause);
  f.word(Given::panic_phase, phase);
  // No friend yet: as far as the data's distances run.
  f.integer(Given::panic_distance, std::numeric_limits<std::int64_t>::max());
  f.integer(Given::panic_friend_models, 0);
  f.integer(Given::panic_charger_models, 0);
  f.boolean(Given::panic_friend_fell_back_in_good_order, false);
  f.word(Given::panic_friend_loss, "destroyed_otherwise");
  f.integer(Given::panic_casualties_this_phase, shooting_losses(cx, u));
  f.integer(Given::panic_models_at_phase_start,
            std::max<std::int64_t>(cx.state.units[u].phase_models, 1));
  f.integer(Given::panic_models_at_battle_start, cx.setup.units[u].models);
  // § Frénésie (Frenzy): "Elles sont immunisées à la psychologie tant
  // qu'elles sont à portée de charge". How far a charge reaches the sheet
  // never says (the data's gap charge_range), but an enemy a unit fights is
  // within any reach, and so is one it touches; of other enemies the
  // engine knows nothing (reach_decides).
  f.boolean(Given::self_enemy_in_charge_range, enemy_within_any_reach(cx, u));
  return f;
}

std::optional<bool> panic_required(Context& cx, const Facts& f) {
  const auto v = eval_int(f, Value::panic_test_required, cx.checker);
  if (!v) return std::nullopt;
  return *v != 0;
}

// Whether the data makes `u` immune to psychology were an enemy within its
// charge range (§ Frénésie (Frenzy), its psychology_immune).
bool immune_in_range(Context& cx, UnitId u) {
  Facts f(cx.rules);
  fill_unit(cx, f, u);
  f.boolean(Given::self_enemy_in_charge_range, true);
  const auto immune = eval_int(f, Value::psychology_immune, cx.checker);
  return immune && *immune != 0;
}

// Whether a panic test owed by `u`, touching no enemy, turns on a reach
// the sheet never gives: the data makes it immune were an enemy within its
// charge range. Such a test is not checked; `span` is where it was owed.
bool reach_decides(Context& cx, UnitId u, Span span) {
  if (enemy_within_any_reach(cx, u) || !immune_in_range(cx, u)) return false;
  cx.checker.not_checked(
      fmt::format("whether {}, frenzied, has an enemy within charge range, which makes it immune "
                  "to the panic test it otherwise owes: the sheet never says how far a charge "
                  "reaches (§ Frénésie (Frenzy) 'à portée de charge'; the data's gap "
                  "charge_range)",
                  cx.quoted(u)),
      span);
  return true;
}

bool generals_on_table(const Context& cx, std::uint8_t side) {
  for (std::size_t g = 0; g < cx.setup.generals.size(); ++g)
    if (cx.setup.generals[g].side == side && !cx.state.generals[g].on_table) return false;
  return true;
}

// Whether `u` is engaged in combat as the charges of this turn begin: in
// contact with an enemy that does not flee and did not charge this turn
// (a charger of this phase has moved already, but its contact is new).
bool engaged_before_the_charges(const Context& cx, UnitId u) {
  const tabletop::Footprint here = cx.footprint(u);
  for (std::size_t e = 0; e < cx.setup.units.size(); ++e) {
    const UnitState& es = cx.state.units[e];
    if (cx.setup.units[e].side == cx.setup.units[u].side || !es.on_table || es.fleeing ||
        es.charging)
      continue;
    if (tabletop::in_contact(here, cx.footprint(static_cast<UnitId>(e)), cx.scratch.tolerance))
      return true;
  }
  return false;
}

// The first flank or rear charge of this phase on `u` that owes it a panic
// test, if any.
const FlankCharge* owing_flank_charge(Context& cx, UnitId u) {
  for (const FlankCharge& c : cx.scratch.flank_charges) {
    if (c.target != u) continue;
    Facts f = panic_facts(cx, u, "charged_in_flank_or_rear_while_engaged", "movement_phase");
    // Engaged, so its enemy is within its charge range (§ Frénésie).
    f.boolean(Given::self_engaged, true);
    f.boolean(Given::self_enemy_in_charge_range, true);
    f.integer(Given::panic_charger_models, c.charger_models);
    const std::optional<bool> due = panic_required(cx, f);
    if (due && *due) return &c;
  }
  return nullptr;
}

// The first fleeing friend a charge destroyed in this movement phase whose
// loss makes `u` test panic, if any (§ Tests de Panique suite aux charges 1).
const BrokenFriend* caught_friend(Context& cx, UnitId u) {
  for (const BrokenFriend& b : cx.scratch.caught_by_chargers) {
    if (b.unit == u || cx.setup.units[b.unit].side != cx.setup.units[u].side) continue;
    Facts f = panic_facts(cx, u, "fleeing_friend_destroyed_by_chargers", "movement_phase");
    f.integer(Given::panic_distance,
              whole_inches_up(
                  tabletop::distance(cx.footprint(u), b.where, tabletop::Measure::closest_edges)));
    f.integer(Given::panic_friend_models, b.models);
    const std::optional<bool> due = panic_required(cx, f);
    if (due && *due) return &b;
  }
  return nullptr;
}

// Whether a charge of this movement phase was declared on `u`, its charger
// still on the table and not fleeing.
bool charged_this_phase(const Context& cx, UnitId u) {
  return std::any_of(cx.scratch.charges.begin(), cx.scratch.charges.end(),
                     [&](const PendingCharge& c) {
                       const UnitState& charger = cx.state.units[c.charger];
                       return c.target == u && charger.on_table && !charger.fleeing;
                     });
}

}  // namespace

bool immune_while_engaged(Context& cx, UnitId u) {
  return enemy_within_any_reach(cx, u) && immune_in_range(cx, u);
}

void note_flank_charge(Context& cx, UnitId charger, UnitId target, Span span) {
  const tabletop::Zone side = cx.state.units[charger].charged_side;
  if (side != tabletop::Zone::rear && !tabletop::is_flank(side)) return;
  if (!engaged_before_the_charges(cx, target)) return;
  cx.scratch.flank_charges.push_back(
      {span, charger, target, side == tabletop::Zone::rear, cx.models_standing(charger)});
}

// The first friend broken or destroyed in this combat phase whose loss
// makes `u` test panic, if any.
const BrokenFriend* breaking_friend(Context& cx, UnitId u) {
  std::optional<Facts> base;
  for (const BrokenFriend& b : cx.scratch.lost_friends) {
    if (b.unit == u || cx.setup.units[b.unit].side != cx.setup.units[u].side) continue;
    if (!base) {
      base = panic_facts(cx, u, "friend_broken_or_destroyed_nearby", "close_combat_phase");
      base->boolean(Given::self_took_break_test_this_phase, cx.state.units[u].break_tested);
    }
    Facts f = *base;
    f.integer(Given::panic_distance,
              whole_inches_up(
                  tabletop::distance(cx.footprint(u), b.where, tabletop::Measure::closest_edges)));
    f.integer(Given::panic_friend_models, b.models);
    f.word(Given::panic_friend_loss, b.loss);
    f.boolean(Given::panic_friend_fell_back_in_good_order, b.fell_back);
    const std::optional<bool> due = panic_required(cx, f);
    if (due && *due) return &b;
  }
  return nullptr;
}

std::optional<bool> panic_due(Context& cx, UnitId u) {
  // One test a phase: the combat phase's "un seul test de panique", the
  // shooting phase's one mark at 25% (§ Phase 3 : Tir), the start of the
  // turn's one test. The movement phase's causes are separate events (a
  // flank charge, the shots of a charge response), each with its test.
  if (cx.state.units[u].panic_tested && cx.state.phase != Phase::movement) return false;
  // § Frénésie (Frenzy): immune to psychology within charge range of the
  // enemy it fights, whatever the cause.
  if (immune_while_engaged(cx, u)) return false;
  if (!generals_on_table(cx, cx.setup.units[u].side)) return std::nullopt;
  // § Tests de Panique à la phase de combat: a friend broken nearby; the
  // other causes of the phase (a flank charge, the General) are not judged,
  // except that a unit that took a break test owes none, whatever the cause:
  // the data is asked with its cause that needs nothing else.
  if (cx.state.phase == Phase::combat) {
    if (breaking_friend(cx, u)) return true;
    if (!cx.state.units[u].break_tested) return std::nullopt;
    Facts f = panic_facts(cx, u, "general_killed", "close_combat_phase");
    f.boolean(Given::self_took_break_test_this_phase, true);
    const std::optional<bool> due = panic_required(cx, f);
    return due && !*due ? std::optional<bool>(false) : std::nullopt;
  }
  if (cx.state.phase == Phase::shooting)
    return panic_required(cx, panic_facts(cx, u, "shooting_casualties", "shooting_phase"));
  if (cx.state.phase == Phase::movement) {
    // § Phase 2 : Mouvement step 5: charged in the flank or rear while
    // engaged in combat.
    if (owing_flank_charge(cx, u)) return true;
    // § Tests de Panique suite aux charges 1: a fleeing friend a charger
    // destroyed within 4".
    if (caught_friend(cx, u)) return true;
    // Step 6: a charger shot at by a charge response.
    if (u < cx.scratch.shooting_casualties.size() && cx.scratch.shooting_casualties[u].valid()) {
      const std::optional<bool> due =
          panic_required(cx, panic_facts(cx, u, "shooting_casualties", "movement_phase"));
      if (!due || *due) return due;
    }
    // A fleeing unit removed with no charge at it, a charge the engine did
    // not record (its target, and a flank charge's test, unknown): not
    // judged. The General killed is above.
    if (cx.scratch.fleeing_removed_unknown || cx.scratch.charge_unrecorded) return std::nullopt;
    return false;
  }
  if (cx.state.phase != Phase::start) return std::nullopt;
  // § Panique item 4: a friend fleeing within 4", unless twice its size.
  std::optional<Facts> base;
  for (std::size_t w = 0; w < cx.setup.units.size(); ++w) {
    const UnitState& friend_state = cx.state.units[w];
    if (w == u || !friend_state.on_table || !friend_state.fleeing ||
        cx.setup.units[w].side != cx.setup.units[u].side)
      continue;
    if (!base) base = panic_facts(cx, u, "fleeing_friend_nearby", "start_of_turn");
    Facts f = *base;
    f.integer(Given::panic_distance, whole_inches_up(tabletop::distance(
                                         cx.footprint(u), cx.footprint(static_cast<UnitId>(w)),
                                         tabletop::Measure::closest_edges)));
    f.integer(Given::panic_friend_models, cx.models_standing(static_cast<UnitId>(w)));
    const std::optional<bool> due = panic_required(cx, f);
    if (!due || *due) return due;
  }
  return false;
}

void note_shooting_casualties(Context& cx, UnitId u, Span shot) {
  auto& spans = cx.scratch.shooting_casualties;
  if (spans.size() < cx.setup.units.size()) spans.resize(cx.setup.units.size());
  spans[u] = shot;
}

void note_broken_in_combat(Context& cx, UnitId u, Span span, std::string_view loss) {
  if (cx.state.phase != Phase::combat) return;
  // § Frénésie (Frenzy): "Elles perdent leur frénésie si elles fuient en
  // combat". A broken unit flees, unless it falls back in good order
  // instead (`flee u fall-back`, phases/flight.cpp): lost, pending that.
  const auto& special = cx.setup.units[u].special;
  UnitState& st = cx.state.units[u];
  if (loss != "destroyed_in_combat" && st.frenzy == Frenzy::kept &&
      std::find(special.begin(), special.end(), "frenzy") != special.end())
    st.frenzy = Frenzy::pending;
  for (const BrokenFriend& b : cx.scratch.lost_friends)
    if (b.unit == u) return;  // its first loss counts
  cx.scratch.lost_friends.push_back({u, span, cx.footprint(u), cx.models_standing(u), loss});
}

void note_destroyed(Context& cx, UnitId u, Span span) {
  if (cx.state.phase == Phase::combat) {
    note_broken_in_combat(cx, u, span, "destroyed_in_combat");
    return;
  }
  // A fleeing unit destroyed in the movement phase was caught by a charger
  // (§ 2.4 Mouvements des unités en charge: "Si l'unité en charge touche
  // n'importe quel modèle d'une unité en fuite, l'unité toute entière est
  // détruite"): § Tests de Panique suite aux charges item 1 says who tests
  // (friends within 4", in this movement phase), not § Panique item 5.
  if (cx.state.phase == Phase::movement && cx.state.units[u].fleeing) {
    if (!charged_this_phase(cx, u)) {
      // A charger may have gone through it on its way to another unit
      // ("se déplacent de leur mouvement complet à travers les unités en
      // fuite"), which the log does not write.
      cx.scratch.fleeing_removed_unknown = true;
      cx.checker.not_checked(
          fmt::format("what destroyed {}, fleeing, in the movement phase, with no charge of the "
                      "phase declared at it: a charger going through it owes its friends within "
                      "4\" a panic test (§ Tests de Panique suite aux charges 1), which is not "
                      "judged",
                      cx.quoted(u)),
          span);
      return;
    }
    for (const BrokenFriend& b : cx.scratch.caught_by_chargers)
      if (b.unit == u) return;
    cx.scratch.caught_by_chargers.push_back(
        {u, span, cx.footprint(u), cx.models_standing(u), "destroyed_by_chargers"});
    return;
  }
  for (const BrokenFriend& b : cx.scratch.lost_friends)
    if (b.unit == u) return;
  // Its models as the unit it was: none stand now.
  cx.scratch.lost_friends.push_back(
      {u, span, cx.footprint(u), cx.setup.units[u].models, "destroyed_otherwise"});
}

void owe_start_panic(Context& cx) {
  cx.scratch.start_panic_owed = owed_at_turn_start(cx, [&](UnitId u) { return panic_due(cx, u); });
}

void settle_start_panic(Context& cx, Span span) {
  const auto tested = [](const UnitState& st) { return st.panic_tested; };
  settle_owed_at_start(cx, cx.scratch.start_panic_owed, tested, [&](UnitId u) {
    if (reach_decides(cx, u, span)) return;
    DiagnosticBuilder d = cx.checker.violation(
        Check::panic_due, span,
        fmt::format("{} had a fleeing friend within 4\" at the start of the turn and took no "
                    "panic test",
                    cx.quoted(u)));
    d.note(
         "§ Phase 1 : Début du tour, item 1: 'Test de Panique provoqué par une unité amie en "
         "fuite à 4 pas' (the data's panic_test_required)")
        .hint("write its test in the turn's start phase: 'test {} panic 2d6=… against {}'",
              cx.setup.units[u].id, cx.setup.units[u].profile.leadership);
    note_skipped_turn(cx, d);
  });
}

void end_phase_panic(Context& cx, bool turn_ends) {
  auto& spans = cx.scratch.shooting_casualties;
  if (cx.state.phase == Phase::shooting || cx.state.phase == Phase::movement) {
    for (std::size_t i = 0; i < spans.size(); ++i) {
      const auto u = static_cast<UnitId>(i);
      const UnitState& st = cx.state.units[u];
      // A unit shot to its last model is destroyed: it tests nothing.
      if (!spans[u].valid() || !st.on_table || st.fleeing || st.panic_tested ||
          cx.models_standing(u) == 0)
        continue;
      const std::optional<bool> due = panic_due(cx, u);
      if (!due || !*due || reach_decides(cx, u, spans[u])) continue;
      cx.checker
          .violation(Check::panic_due, spans[u],
                     fmt::format("{} lost {} of its {} models to shooting this phase and takes no "
                                 "panic test",
                                 cx.quoted(u), shooting_losses(cx, u), st.phase_models))
          .note(cx.state.phase == Phase::movement
                    ? "§ Phase 2 : Mouvement, step 6: the shots of a charge response; 'Si l'unité "
                      "en charge panique' (the data's panic_test_required)"
                    : "§ Tests de Panique suite aux tirs: 'Une unité a subi 25% de pertes suite "
                      "aux tirs' (the data's panic_test_required)")
          .hint("write its test after the shooting: 'test {} panic 2d6=… against {}'",
                cx.setup.units[u].id, cx.setup.units[u].profile.leadership);
    }
  }
  if (cx.state.phase == Phase::movement) {
    for (const FlankCharge& c : cx.scratch.flank_charges) {
      const UnitState& st = cx.state.units[c.target];
      if (!st.on_table || st.fleeing || st.panic_tested || owing_flank_charge(cx, c.target) != &c)
        continue;
      cx.checker
          .violation(Check::panic_due, c.span,
                     fmt::format("{} charges the {} of {}, engaged in combat, with {} models: {} "
                                 "takes no panic test",
                                 cx.quoted(c.charger), c.rear ? "rear" : "flank",
                                 cx.quoted(c.target), c.charger_models, cx.quoted(c.target)))
          .note(
              "§ Phase 2 : Mouvement step 5: 'Les défenseurs effectuent un test de Panique s'ils "
              "sont déjà engagés en combat et qu'ils sont chargés par le flanc ou par l'arrière "
              "par une unité d'au moins 5 modèles' (the data's panic_test_required)")
          .hint("write its test after the charge: 'test {} panic 2d6=… against {}'",
                cx.setup.units[c.target].id, cx.setup.units[c.target].profile.leadership);
    }
  }
  // The combat phase's tests, owed by its end, or by the turn's end when
  // the log writes no combat phase after a friend was destroyed.
  const bool combat_tests_end =
      cx.state.phase == Phase::combat || (turn_ends && !cx.scratch.lost_friends.empty());
  if (combat_tests_end) {
    for (std::size_t i = 0; i < cx.state.units.size(); ++i) {
      const auto u = static_cast<UnitId>(i);
      const UnitState& st = cx.state.units[u];
      if (!st.on_table || st.fleeing || (st.panic_tested && cx.state.phase == Phase::combat) ||
          cx.models_standing(u) == 0)
        continue;
      const BrokenFriend* b = breaking_friend(cx, u);
      if (!b || reach_decides(cx, u, b->span)) continue;
      cx.checker
          .violation(Check::panic_due, b->span,
                     fmt::format("{} {} {} from {}, which takes no panic test", cx.quoted(b->unit),
                                 b->loss.starts_with("destroyed") ? "was destroyed" : "broke",
                                 tabletop::inches(tabletop::distance(
                                     cx.footprint(u), b->where, tabletop::Measure::closest_edges)),
                                 cx.quoted(u)))
          .note(b->loss == "destroyed_otherwise"
                    ? "§ Panique item 5: 'Une unité amie rate son test de moral ou est détruite à "
                      "12 pas (30cm). Test à effectuer à la phase de combat.' (the data's "
                      "panic_test_required, switch destroyed_friend_panic)"
                    : "§ Tests de Panique à la phase de combat 1: 'Une unité amie rate son test "
                      "de moral ou est détruite lors des combats à 12 pas' (the data's "
                      "panic_test_required)")
          .hint("write its test in the combat phase: 'test {} panic 2d6=… against {}'",
                cx.setup.units[u].id, cx.setup.units[u].profile.leadership);
    }
  }
  if (cx.state.phase == Phase::movement) {
    for (std::size_t i = 0; i < cx.state.units.size(); ++i) {
      const auto u = static_cast<UnitId>(i);
      const UnitState& st = cx.state.units[u];
      if (!st.on_table || st.fleeing || st.panic_tested || cx.models_standing(u) == 0) continue;
      const BrokenFriend* b = caught_friend(cx, u);
      if (!b || immune_while_engaged(cx, u) || !generals_on_table(cx, cx.setup.units[u].side) ||
          reach_decides(cx, u, b->span))
        continue;
      cx.checker
          .violation(Check::panic_due, b->span,
                     fmt::format("{}, fleeing, was destroyed by a charge {} from {}, which takes "
                                 "no panic test",
                                 cx.quoted(b->unit),
                                 tabletop::inches(tabletop::distance(
                                     cx.footprint(u), b->where, tabletop::Measure::closest_edges)),
                                 cx.quoted(u)))
          .note(
              "§ Tests de Panique suite aux charges 1 (§ Phase 2 : Mouvement, after 2.4): 'Une "
              "unité amie en fuite est détruite par une unité en charge à 4 pas (10cm). Les "
              "unités 2 fois plus nombreuses que l'unité détruite ne testent pas.' (§ Panique "
              "item 7; the data's panic_test_required)")
          .hint(
              "write its test in the movement phase, after the charge: 'test {} panic 2d6=… "
              "against {}'",
              cx.setup.units[u].id, cx.setup.units[u].profile.leadership);
    }
  }
  if (combat_tests_end) cx.scratch.lost_friends.clear();
  cx.scratch.flank_charges.clear();
  cx.scratch.caught_by_chargers.clear();
  cx.scratch.fleeing_removed_unknown = false;
  spans.assign(cx.setup.units.size(), Span{});
  for (std::size_t u = 0; u < cx.state.units.size(); ++u) {
    cx.state.units[u].phase_models =
        static_cast<std::int32_t>(cx.models_standing(static_cast<UnitId>(u)));
    cx.state.units[u].panic_tested = false;
    cx.state.units[u].passed_break = false;
    cx.state.units[u].break_tested = false;
    cx.state.units[u].fell_back = false;
  }
}

}  // namespace umpire::wab
