#include "engine/rulesets/sabreur_hex/engine.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "engine/geometry/hex/footprint.hpp"
#include "engine/geometry/hex/text.hpp"
#include "engine/rulesets/sabreur_hex/checks.hpp"

namespace umpire::sabreur {
namespace {

// A deployment that breaks `check`: reported before any event, at the
// check's severity, citing its rule.
template <typename... Args>
DiagnosticBuilder setup_breach(DiagnosticEngine& diags, Check check, Span span,
                               fmt::format_string<Args...> format, Args&&... args) {
  const replay::CheckInfo& c = check_info(check);
  auto b = diags.report(c.severity, c.id, span, fmt::format(format, std::forward<Args>(args)...));
  b.rule(std::string(c.file), std::string(c.section));
  return b;
}

}  // namespace

Engine::Engine(Setup setup, std::vector<Action> actions, const RulesBinding& rules,
               DiagnosticEngine& diags)
    : setup_(std::move(setup)),
      actions_(std::move(actions)),
      rules_(rules),
      terrain_(rules.terrain_rules()),
      state_(setup_),
      dice_(setup_.dice, setup_.seed) {
  deploy(diags);
}

const replay::CheckTable& Engine::checks() const {
  return check_table();
}

std::string Engine::quoted(UnitId u) const {
  return fmt::format("'{}'", setup_.units[u].id);
}

void Engine::deploy(DiagnosticEngine& diags) {
  for (const DeploymentSetup& d : setup_.deployment) {
    UnitState& u = state_.units.edit(d.unit);
    u.facing = d.facing;
    u.formation = d.formation;
    if (!setup_.map.contains(d.hex) ||
        !terrain_.hex_passable[static_cast<std::size_t>(board().terrain_at(d.hex))]) {
      setup_breach(diags, Check::setup_off_map, d.span, "{} is deployed on {}, {}", quoted(d.unit),
                   hex::to_string(d.hex),
                   setup_.map.contains(d.hex) ? "impassable terrain" : "off the map");
      continue;
    }
    if (auto other = state_.unit_at(d.hex)) {
      setup_breach(diags, Check::setup_stacked, d.span,
                   "{} is deployed on {}, where {} already stands", quoted(d.unit),
                   hex::to_string(d.hex), quoted(*other))
          .hint("at most one unit per hex");
      continue;
    }
    state_.place(d.unit, d.hex);
    deploy_second_hex(d, diags);
  }
}

// An extended line "est disposée ... sur 2 hexagones voisins" (§ Formations
// spéciales): only it holds two hexes, side by side (each half on a flank
// hex of the other, facing the same way), both on the map and free.
void Engine::deploy_second_hex(const DeploymentSetup& d, DiagnosticEngine& diags) {
  const bool extended = d.formation == Formation::extended_line;
  if (extended != d.second_hex.has_value()) {
    auto v =
        setup_breach(diags, Check::setup_two_hexes, d.span, "{} {} deployed on {}", quoted(d.unit),
                     extended ? "in extended line is" : "is not in extended line but is",
                     extended ? "one hex" : "two hexes");
    if (extended)
      v.hint("write both halves' hexes: 'at {} <neighbour>'", hex::to_string(d.hex));
    else
      v.hint("only an extended line stands on two hexes; write one position");
    return;
  }
  if (!d.second_hex) return;
  const Hex h = *d.second_hex;
  if (!hex::is_extended_line(d.hex, h, d.facing)) {
    setup_breach(diags, Check::setup_extended_line_hexes, d.span,
                 "the halves of {} on {} and {} do not stand side by side facing {}",
                 quoted(d.unit), hex::to_string(d.hex), hex::to_string(h), hex::name(d.facing))
        .hint(hex::adjacent(d.hex, h)
                  ? "the second half stands on a flank hex of the first, not before or behind it"
                  : "the two halves stand on neighbouring hexes");
    return;
  }
  if (!setup_.map.contains(h) ||
      !terrain_.hex_passable[static_cast<std::size_t>(board().terrain_at(h))]) {
    setup_breach(diags, Check::setup_off_map, d.span, "the second half of {} is deployed on {}, {}",
                 quoted(d.unit), hex::to_string(h),
                 setup_.map.contains(h) ? "impassable terrain" : "off the map");
    return;
  }
  if (auto other = state_.unit_at(h)) {
    setup_breach(diags, Check::setup_stacked, d.span,
                 "the second half of {} is deployed on {}, where {} already stands", quoted(d.unit),
                 hex::to_string(h), quoted(*other))
        .hint("at most one unit per hex");
    return;
  }
  state_.place_second(d.unit, h);
}

std::string Engine::describe_event(std::size_t i) const {
  const Action& a = actions_[i];
  std::string who;
  for (UnitId u : a.actors) who += fmt::format(" {}", setup_.units[u].id);
  for (UnitId u : a.targets) who += fmt::format(" {}", setup_.units[u].id);
  const std::string side =
      a.side < setup_.sides.size() ? setup_.sides[a.side].id : std::string("?");
  return fmt::format("turn {} {}: {}{}", a.turn, side, a.verb, who);
}

void Engine::write_state(replay::StateWriter& out) const {
  state_.write(out);
  dice_.write_state(out);
}

std::uint64_t Engine::state_hash() const {
  replay::Hasher out;
  state_.write_hashed(out, unit_digests_);
  dice_.write_state(out);
  return out.hash();
}

std::uint64_t Engine::state_hash_from_scratch() const {
  UnitDigests fresh;
  replay::Hasher out;
  state_.write_hashed(out, fresh);
  dice_.write_state(out);
  return out.hash();
}

void Engine::begin(const Action& a, replay::EventChecker& checker) {
  if (a.kind == ActionKind::end) return;
  if (a.turn != state_.turn || a.side != state_.side) {
    // A new player turn: order points and activations start afresh.
    flush_pending(checker);
    end_activation(a.span, checker);              // impetuous.cpp
    check_impetuous_obligation(a.span, checker);  // morale.cpp, impetuous.cpp: special actions
    settle_combat(&a, checker);  // tests the last turn's combat still owed
    // The last turn's charge is over: an "impétueux" attacker's pursuit and
    // strike owed are judged before it is dropped (pursuit.cpp, impetuous.cpp).
    check_impetuous_pursuit(&a, checker);
    check_impetuous_strike(&a, checker);
    state_.combat.reset();
    state_.turn = a.turn;
    state_.side = a.side;
    for (std::size_t i = 0; i < state_.units.size(); ++i) {
      UnitState& u = state_.units.edit(i);
      u.activated = false;
      u.manoeuvred = false;
      u.shots = 0;
      u.charging = false;
      u.is_attack_target = false;
      u.clear_reaction();
      u.defensive_fires = 0;
      u.tenacious_failed = false;
      u.return_fires = 0;
      u.choice = ActionChoice::none;
      u.fired_at.reset();
      u.fire_losses_dealt = 0;
      u.impetuous_test_passed = false;  // special actions (impetuous.cpp)
      u.impetuous_bound = false;
      u.second_half_fired_first = false;  // an extended line's double fire (fire.cpp)
    }
    state_.charge.reset();
    state_.assault.reset();  // assault.cpp
    for (SideState& s : state_.sides) s = SideState{};
    state_.group.clear();
  }
  state_.phase = a.phase;
  // A return fire answers the fire just resolved, after the target's save,
  // morale test or flight (§ Le tir): any other statement ends the chance.
  const bool answers_fire =
      a.kind == ActionKind::save || a.kind == ActionKind::test || a.kind == ActionKind::flee ||
      (a.kind == ActionKind::shoot && !a.actors.empty() &&
       setup_.units[a.actors.front()].side != state_.side);
  if (!answers_fire) state_.fire_to_answer.reset();
  check_required_tests(&a, checker);
  settle_failure(&a, checker);
  // Losses not saved by the next statement are taken.
  const bool saves_pending = a.kind == ActionKind::save && state_.pending && !a.actors.empty() &&
                             a.actors[0] == state_.pending->unit;
  // Artillery's losses offered to a friend (morale.cpp) wait for it too.
  const bool transfer_pending = a.kind == ActionKind::special &&
                                a.detail == Detail::transfer_losses && state_.pending &&
                                !a.actors.empty() && a.actors[0] == state_.pending->unit;
  if (!saves_pending && !transfer_pending) flush_pending(checker);
  step_combat(&a, checker);
}

// Tests owed "just before" a change of formation near a non-panicked enemy
// (§ Changements de formation) or "immediately" on activating a "tenace" unit
// in line (§ Points d'ordre): the log writes each as a `test ... morale`
// right after the statement that calls it, several in a row for a group.
// Checked when a statement other than one of those tests comes, or at the
// end of the log.
void Engine::check_required_tests(const Action* next, replay::EventChecker& checker) {
  if (!state_.tests_due) return;
  const auto owes_test = [&](UnitId u) {
    const TestReason r = state_.units[u].next_test;
    return r == TestReason::formation_change || r == TestReason::tenacious_activation;
  };
  if (next && next->kind == ActionKind::test && !next->actors.empty() &&
      owes_test(next->actors.front()))
    return;  // the tests are being taken
  state_.tests_due = false;
  for (std::size_t i = 0; i < state_.units.size(); ++i) {
    const auto u = static_cast<UnitId>(i);
    if (!owes_test(u)) continue;
    UnitState& st = state_.units.edit(i);
    const TestReason reason = st.next_test;
    // The test was not taken: what called it no longer does.
    st.next_test = TestReason::special_action;
    st.former_formation.reset();
    st.former_facing = Facing::n;  // canonical while no change awaits its test
    st.former_hexes.reset();        // an extended line's hexes before the change
    if (!st.on_table) continue;
    const Span span = next ? next->span : checker.event_span();
    if (reason == TestReason::tenacious_activation) {
      checker
          .violation(Check::activation_tenacious_test, span,
                     fmt::format("{} was activated in line with \"tenace\" and took no morale "
                                 "test",
                                 quoted(u)))
          .hint("write 'test {} morale …' right after its activation", setup_.units[u].id);
      continue;
    }
    Facts f(rules_);
    fill_self(f, u);
    const auto required = eval_int(f, Value::formation_change_test_required, checker);
    if (!required || *required == 0) continue;
    const int nearest = board().nearest_enemy(u, true);  // for the message
    checker
        .violation(Check::formation_test, span,
                   fmt::format("{} changed formation with a non-panicked enemy {} away and took "
                               "no morale test",
                               quoted(u), hexes_text(nearest)))
        .hint("write 'test {} morale …' right after its 'form' statement", setup_.units[u].id);
  }
}

// A failed test is followed by flight or by the losses of the difference
// (§ Test moral): settled by the next statement, or at the end of the log.
void Engine::settle_failure(const Action* next, replay::EventChecker& checker) {
  if (!state_.failure) return;
  const PendingFailure f = *state_.failure;
  state_.failure.reset();
  const bool flees =
      next && next->kind == ActionKind::flee && !next->actors.empty() && next->actors[0] == f.unit;
  if (flees) return;
  if (state_.units[f.unit].panicked) {
    checker
        .violation(
            Check::morale_result, next ? next->span : Span{},
            fmt::format("{} failed a morale test while panicked and did not flee", quoted(f.unit)))
        .hint("a panicked unit that fails a test must flee (§ Test moral)");
  }
  state_.lose(f.unit, f.losses);
}

void Engine::flush_pending(replay::EventChecker& checker) {
  if (!state_.pending) return;
  const PendingLosses p = *state_.pending;
  state_.pending.reset();
  apply_losses(p.unit, p.count, p.from, p.cause, checker);
}

void Engine::apply_losses(UnitId u, int n, std::optional<UnitId> from, LossCause cause,
                          replay::EventChecker& checker) {
  count_combat_losses(u, n, from);
  if (n <= 0) return;
  // "Tir puis charge ou assaut": the losses of the fire may count with the
  // attack's (§ Test moral); combat_sequence.cpp reads them.
  if (cause == LossCause::fire_losses && from && setup_.units[*from].side == state_.side &&
      state_.units[*from].fired_at == u)
    state_.units.edit(*from).fire_losses_dealt =
        static_cast<std::int16_t>(state_.units[*from].fire_losses_dealt + n);
  state_.lose(u, n);
  if (!state_.units[u].on_table) return;
  // Enough losses in one fire or one fight call a test (§ Test moral): the
  // data's losses_call_for_test (3 or more).
  Facts f(rules_);
  fill_self(f, u);
  fill_enemy(f, from);
  f.word(Given::losses_cause, name(cause));
  f.integer(Given::losses_count, n);
  const auto calls = eval_int(f, Value::losses_call_for_test, checker);
  if (calls && *calls != 0) {
    state_.units.edit(u).next_test = TestReason::losses_taken;
    state_.units.edit(u).test_enemy = from;
  }
}

bool Engine::on_table(UnitId u, Span span, replay::EventChecker& checker) {
  if (state_.units[u].on_table) return true;
  checker.violation(Check::unit_eliminated, span,
                    fmt::format("{} is no longer on the table", quoted(u)));
  return false;
}

bool Engine::actors_present(const Action& a, replay::EventChecker& checker) {
  bool ok = true;
  // Every absent actor is reported, not only the first.
  for (UnitId u : a.actors) ok = on_table(u, a.span, checker) && ok;
  return ok;
}

void Engine::check_activated(const Action& a, UnitId u, replay::EventChecker& checker) {
  if (probing_) return;  // impetuous.cpp: an attack tried, activation aside
  if (setup_.units[u].side != state_.side || a.phase != Phase::actions) return;
  for (UnitId g : state_.group)
    if (g == u) return;
  if (impetuous_auto_activation(a, u, checker)) return;  // impetuous.cpp
  checker
      .violation(Check::activation_not_activated, a.span,
                 fmt::format("{} acts without being in the group activated last", quoted(u)))
      .hint("activate the unit's group first ('activate {} cost 1')", setup_.units[u].id);
}

void Engine::fill_self(Facts& f, UnitId u) const {
  f.self(board(), u);
}

void Engine::fill_enemy(Facts& f, std::optional<UnitId> e) const {
  if (!e) {
    // No enemy concerned: no skill, no state, open ground; conditions on
    // the enemy then read false.
    f.set(Given::enemy_type, rules_.type(UnitType::line_infantry));
    f.set(Given::enemy_formation, rules_.formation(Formation::line));
    f.set(Given::enemy_skills, rules_.skills({}));
    f.boolean(Given::enemy_panicked, false);
    f.boolean(Given::enemy_outflanked, false);
    f.set(Given::enemy_hex_terrain, rules_.terrain(HexTerrain::open_ground));
    f.boolean(Given::enemy_isolated_artillery, false);
    return;
  }
  const UnitSetup& s = setup_.units[*e];
  const UnitState& st = state_.units[*e];
  const Board b = board();
  f.set(Given::enemy_type, rules_.type(s.type));
  f.set(Given::enemy_formation, rules_.formation(st.formation));
  f.set(Given::enemy_skills, rules_.skills(s.skills));
  f.boolean(Given::enemy_panicked, st.panicked);
  f.set(Given::enemy_hex_terrain, rules_.terrain(b.terrain_at(st.hex)));
  f.enemy(b, *e);  // outflanked, isolated artillery: when read
}

void Engine::apply(std::size_t i, replay::EventChecker& checker) {
  if (i == 0) check_rosters(checker);  // roster.cpp: before turn 1
  apply_action(actions_[i], checker);
}

void Engine::apply_action(const Action& a, replay::EventChecker& checker) {
  begin(a, checker);
  for (const std::string& what : a.untyped) checker.not_checked(what, a.span);
  // The impetuous charger's chance to pursue passes with the first
  // statement outside the charge's procedure (pursuit.cpp).
  check_impetuous_pursuit(&a, checker);
  check_impetuous_strike(&a, checker);  // impetuous.cpp
  if (!actors_present(a, checker)) return;
  choose_action(a, checker);
  // A failed reaction test undoes a rotation or a square (reaction_effects.cpp).
  const auto reaction_before = reaction_before_test(a);
  switch (a.kind) {
    case ActionKind::order_points:
      order_points(a, checker);
      break;
    case ActionKind::activate:
      activate(a, checker);
      break;
    case ActionKind::move:
      move(a, checker);
      break;
    case ActionKind::form:
      change_formation(a, checker);
      break;
    case ActionKind::charge:
      charge(a, checker);
      break;
    case ActionKind::shoot:
      shoot(a, checker);
      break;
    case ActionKind::save:
      save(a, checker);
      break;
    case ActionKind::test:
      test(a, checker);
      break;
    case ActionKind::rally:
      rally(a, checker);
      break;
    case ActionKind::respond:
      respond(a, checker);
      break;
    case ActionKind::flee:
      flee(a, checker);
      break;
    case ActionKind::evade:
      evade(a, checker);
      break;
    case ActionKind::attack:
      attack(a, checker);
      break;
    case ActionKind::combat:
      name_combat(a, checker);
      break;
    // Assaults and pursuits (assault.cpp, pursuit.cpp).
    case ActionKind::assault:
      assault(a, checker);
      break;
    case ActionKind::pursue:
      pursue(a, checker);
      break;
    case ActionKind::special:  // morale.cpp: special actions
      special(a, checker);
      break;
    default:
      follow(a, checker);
      break;
  }
  settle_reaction_test(a, reaction_before, checker);
  // A flight, an evade or a test may open a pursuit or end the charge.
  note_flight(a);
  // A unit that flees off the table is eliminated but gives the enemy half
  // its victory points (§ Manœuvres; following.cpp's tally). Artillery
  // obliged to flee, and a flight ending on an occupied hex, are plain
  // eliminations.
  if (a.kind == ActionKind::flee && !a.actors.empty()) {
    const UnitId u = a.actors.front();
    const bool left_map = a.off_table || std::any_of(a.path.begin(), a.path.end(), [&](Hex h) {
                            return !setup_.map.contains(h);
                          });
    UnitState& st = state_.units.edit(u);
    if (!st.on_table && st.strength > 0 && left_map && board().arm(u) != Arm::artillery)
      st.fled_off_table = true;
  }
}

void Engine::finish(replay::EventChecker& checker) {
  if (actions_.empty()) check_rosters(checker);  // roster.cpp: a log of no events
  check_required_tests(nullptr, checker);
  settle_failure(nullptr, checker);
  flush_pending(checker);
  step_combat(nullptr, checker);
  check_impetuous_pursuit(nullptr, checker);
  check_impetuous_strike(nullptr, checker);
  end_activation(checker.event_span(), checker);
  check_impetuous_obligation(checker.event_span(), checker);  // impetuous.cpp
}

}  // namespace umpire::sabreur
