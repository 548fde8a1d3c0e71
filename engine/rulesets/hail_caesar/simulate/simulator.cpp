#include "engine/rulesets/hail_caesar/simulate/simulator.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "engine/geometry/tabletop/measure.hpp"
#include "engine/geometry/tabletop/terrain.hpp"
#include "engine/rulesets/common/simulate/choices.hpp"
#include "engine/rulesets/common/simulate/seeded_setup.hpp"
#include "engine/rulesets/common/simulate/statement_words.hpp"
#include "engine/rulesets/common/simulate/tabletop_moves.hpp"
#include "engine/rulesets/hail_caesar/engine.hpp"
#include "engine/rulesets/hail_caesar/from_events.hpp"
#include "engine/rulesets/hail_caesar/simulate/combat_actions.hpp"
#include "engine/rulesets/hail_caesar/simulate/legal_actions.hpp"
#include "engine/rulesets/hail_caesar/simulate/statement_text.hpp"

namespace umpire::hail_caesar::simulate {
namespace {

class Play {
 public:
  Play(Engine& engine, const RulesBinding& rules, dice::Rng& choices, std::string& text,
       const std::map<std::string, std::string, std::less<>>& weapons,
       const std::map<std::string, ShotRoll, std::less<>>& shot_rolls)
      : prober_(engine),
        choices_(choices),
        text_(text),
        weapons_(weapons),
        shot_rolls_(shot_rolls),
        break_results_(domain_words(rules, Domain::break_result)),
        blunders_(domain_words(rules, Domain::blunder)) {}

  std::size_t events() const { return events_; }
  std::size_t probes() const { return prober_.probes(); }

  void play_turn(TurnOf t) {
    text_ += fmt::format("\nturn {} {}\n", t.turn, setup().sides[t.side].id);
    text_ += "  phase movement\n";
    movement(t);
    text_ += "  phase shooting\n";
    shooting(t);
    text_ += "  phase combat\n";
    combat(t);
    text_ += "  phase end\n";
  }

  // The last line: the turns are played; the sheet defines no victory.
  void end(TurnOf t) {
    prober_.apply(make_action(ActionKind::end, "end", t, Phase::end));
    text_ += fmt::format("\nend reason \"{} turns played\"\n", t.turn);
    ++events_;
  }

 private:
  std::size_t pick(std::size_t n) { return rulesets::simulate::pick(choices_, n); }

  template <typename T>
  void shuffle(std::vector<T>& v) {
    rulesets::simulate::shuffle(choices_, v);
  }

  void play(const Action& a) {
    const Applied applied = prober_.apply(a);
    text_ += "    " + statement_text(prober_.engine().setup(), a, applied) + "\n";
    ++events_;
  }

  const Setup& setup() { return prober_.engine().setup(); }
  const State& state() const { return prober_.state(); }

  // The centre of the nearest enemy on the table, if any.
  std::optional<Point> nearest_enemy(UnitId u) {
    const tabletop::Footprint from = state().units[u].footprint(setup().units[u]);
    std::optional<std::pair<double, Point>> best;
    for (UnitId o = 0; o < setup().units.size(); ++o) {
      const UnitState& st = state().units[o];
      if (setup().units[o].side == setup().units[u].side || !st.on_table) continue;
      const tabletop::Footprint f = st.footprint(setup().units[o]);
      const double d = tabletop::distance(from, f, tabletop::Measure::closest_edges);
      if (!best || d < best->first) best = std::make_pair(d, f.centre());
    }
    if (!best) return std::nullopt;
    return best->second;
  }

  // Each commander of the side, in a random order, orders the units of his
  // division one at a time, in a random order, until one of his orders
  // fails (the engine then refuses the next); an ordered unit advances on
  // its nearest enemy (a preference, so that the armies meet) two times in
  // three. Then he follows his division.
  void movement(TurnOf t) {
    std::vector<GeneralId> generals;
    for (GeneralId g = 0; g < setup().generals.size(); ++g)
      if (setup().generals[g].side == t.side && state().generals[g].on_table) generals.push_back(g);
    shuffle(generals);
    for (const GeneralId g : generals) {
      std::vector<UnitId> units;
      for (UnitId u = 0; u < setup().units.size(); ++u)
        if (setup().units[u].division == setup().generals[g].division && state().units[u].on_table)
          units.push_back(u);
      shuffle(units);
      for (const UnitId u : units) {
        if (state().generals[g].orders_ended) break;
        std::optional<Action> order = order_action(prober_, t, u, g);
        if (!order) continue;
        const Engine::Snapshot before = prober_.engine().snapshot();
        const std::size_t text_before = text_.size(), events_before = events_;
        play(with_blunder(*order));
        // "Fuyez !" wounds the unit (§ D6 Fiasco de commandement): it is
        // removed when that breaks it.
        for (const Action& gone : removal_actions(prober_, t, Phase::movement)) play(gone);
        if (!state().units[u].on_table) continue;
        if (owes_free_move(u)) {
          // With no free move the engine accepts (the way out is blocked),
          // the order is taken back: the unit is left unordered.
          if (!free_move(t, u)) {
            prober_.engine().restore(before);
            text_.resize(text_before);
            events_ = events_before;
          }
          continue;
        }
        if (state().units[u].order != OrderStatus::passed || pick(3) == 0) continue;
        if (pick(3) != 0 && charge(t, u)) continue;
        if (const std::optional<Point> goal = nearest_enemy(u))
          if (const std::optional<Action> m = advance_action(prober_, t, u, *goal)) play(*m);
      }
      follow_division(t, g, units);
    }
  }

  bool owes_free_move(UnitId u) {
    const auto& owed = prober_.engine().scratch().free_moves_owed;
    return std::any_of(owed.begin(), owed.end(),
                       [&](const Scratch::OwedFreeMove& o) { return o.unit == u; });
  }

  // A unit of a broken division that fails its order makes a free move
  // towards the table edge nearest its centre (000 § Unité d'une division
  // démoralisée), straight out, keeping its facing, as far as the engine
  // accepts and the unit stays on the table.
  bool free_move(TurnOf t, UnitId u) {
    const tabletop::Table table(setup().width, setup().depth);
    const UnitState& st = state().units[u];
    const Point centre = st.footprint(setup().units[u]).centre();
    const Point out = tabletop::outward(table.nearest_edge(centre));
    using tabletop::operator+;
    using tabletop::operator*;
    const Point goal = st.at + rulesets::simulate::longest_try * out;
    const std::optional<Action> m = advance_action(prober_, t, u, goal);
    if (!m) return false;
    play(*m);
    return !owes_free_move(u);
  }

  // An order that blunders states the chart's result (§ D6 Fiasco de
  // commandement): the blunder word the engine accepts with the dice it
  // draws. The unit then makes no move of the simulator's.
  Action with_blunder(Action order) {
    const Engine::Snapshot before = prober_.engine().snapshot();
    prober_.apply(order);
    const UnitId u = order.actors.front();
    const bool blundered = state().units[u].order == OrderStatus::blundered;
    prober_.engine().restore(before);
    if (!blundered) return order;
    for (const std::string& w : blunders_) {
      order.stated.result = w;
      if (prober_.legal(order)) return order;
    }
    order.stated.result.clear();
    return order;
  }

  // A charge of `u` at the nearest enemy it reaches face to face, answered
  // by closing shots (see closing_shots) or held by its target (the
  // response the engine accepts of every target).
  bool charge(TurnOf t, UnitId u) {
    std::vector<std::pair<double, UnitId>> enemies;
    const tabletop::Footprint from = state().units[u].footprint(setup().units[u]);
    for (UnitId o = 0; o < setup().units.size(); ++o) {
      const UnitState& st = state().units[o];
      if (setup().units[o].side == t.side || !st.on_table) continue;
      enemies.emplace_back(tabletop::distance(from, st.footprint(setup().units[o]),
                                              tabletop::Measure::closest_edges),
                           o);
    }
    std::sort(enemies.begin(), enemies.end());
    for (const auto& [distance, o] : enemies) {
      const std::optional<Action> c = charge_action(prober_, t, u, o);
      if (!c) continue;
      play(*c);
      if (closing_shots(t, o, u)) return true;
      if (const std::optional<Action> r = hold_action(prober_, t, o)) play(*r);
      return true;
    }
    return false;
  }

  // A charged unit with a weapon answers with closing shots one time in
  // two, when the engine accepts them: the charger saves, and is removed
  // when the casualties break it, as after a shot of the shooting phase.
  bool closing_shots(TurnOf t, UnitId target, UnitId charger) {
    if (!weapons_.contains(setup().units[target].id) || pick(2) == 0) return false;
    const std::optional<Action> r = closing_shots_action(prober_, t, target);
    if (!r) return false;
    const Engine::Snapshot before = prober_.engine().snapshot();
    const std::size_t text_before = text_.size(), events_before = events_;
    play(*r);
    if (prober_.engine().scratch().hits && prober_.engine().scratch().hits->hits > 0)
      play(save_action(t, charger, Phase::movement));
    for (const Action& gone : removal_actions(prober_, t, Phase::movement)) play(gone);
    // The break test the shots call for, as a volley's; with none the
    // engine accepts, the shots are taken back.
    if (!break_test_after_volley(t, charger, Phase::movement)) {
      prober_.engine().restore(before);
      text_.resize(text_before);
      events_ = events_before;
      return false;
    }
    return true;
  }

  // Every combat of the table, in the order of its first unit: a round
  // each, both units striking, their saves, the result, the removal of a
  // unit the casualties broke, the break tests the result calls for and
  // what their results owe.
  void combat(TurnOf t) {
    for (UnitId u = 0; u < setup().units.size(); ++u) {
      const UnitState& st = state().units[u];
      if (!st.on_table || st.engaged_with < 0 || setup().units[u].side != t.side) continue;
      const auto enemy = static_cast<UnitId>(st.engaged_with);
      if (!state().units[enemy].on_table || state().units[enemy].engaged_with != u) continue;
      fight(t, u, enemy);
    }
  }

  void fight(TurnOf t, UnitId a, UnitId b) {
    // The round the engine counts for the pair: one more than its combat
    // has fought (a charge opens a combat at 0).
    const std::int64_t round =
        1 + std::max(state().units[a].combat_rounds, state().units[b].combat_rounds);
    const Engine::Snapshot before = prober_.engine().snapshot();
    const std::size_t text_before = text_.size(), events_before = events_;
    play(combat_action(t, a, b, round));
    for (const auto& [striker, struck] : {std::make_pair(a, b), std::make_pair(b, a)}) {
      const Action strike = attack_action(t, striker, struck);
      if (!prober_.legal(strike)) continue;
      play(strike);
      if (prober_.engine().scratch().hits && prober_.engine().scratch().hits->hits > 0)
        play(save_action(t, struck, Phase::combat));
    }
    // With no result or test result the engine accepts, or a debt left
    // unpaid, the round is taken back: a round fought is written whole.
    const auto take_back = [&] {
      prober_.engine().restore(before);
      text_.resize(text_before);
      events_ = events_before;
    };
    const std::optional<Action> result = result_action(prober_, t, a, b);
    if (!result) return take_back();
    play(*result);
    for (const Action& r : removal_actions(prober_, t, Phase::combat)) play(r);
    const std::vector<DueTest> due = prober_.engine().scratch().due_tests;
    for (const DueTest& d : due) {
      const std::optional<Action> test =
          break_test_action(prober_, t, d.unit, d.difference, break_results_);
      if (!test) continue;
      play(*test);
      for (const Action& o : outcome_actions(prober_, t, d.unit)) play(o);
    }
    const Scratch& owed = prober_.engine().scratch();
    if (!owed.due_tests.empty() || !owed.due_outcomes.empty()) take_back();
  }

  // The commander walks to a point behind the middle of his division.
  void follow_division(TurnOf t, GeneralId g, const std::vector<UnitId>& units) {
    if (units.empty()) return;
    double x = 0, y = 0;
    for (const UnitId u : units) {
      const Point c = state().units[u].footprint(setup().units[u]).centre();
      x += c.x();
      y += c.y();
    }
    const double n = static_cast<double>(units.size());
    // Three inches behind the line, on his side's half of the table.
    const double back = t.side == 0 ? -3 : 3;
    const Point goal = on_grid(Point(x / n, std::clamp(y / n + back, 1.0, setup().depth - 1)));
    if (const std::optional<Action> m = general_action(prober_, t, g, goal)) play(*m);
  }

  // Every unit of the side with a weapon and out of combat shoots two
  // times in three, at the nearest enemy out of combat the engine lets it
  // shoot (a preference: the sheet does not say whether a unit in combat
  // shoots, nor the engine); the target saves, and a unit the casualties
  // break is removed.
  void shooting(TurnOf t) {
    std::vector<UnitId> shooters;
    for (UnitId u = 0; u < setup().units.size(); ++u)
      if (setup().units[u].side == t.side && state().units[u].on_table &&
          state().units[u].engaged_with < 0 && weapons_.contains(setup().units[u].id))
        shooters.push_back(u);
    shuffle(shooters);
    for (const UnitId u : shooters) {
      if (!state().units[u].on_table || pick(3) == 0) continue;
      const auto w = weapons_.find(setup().units[u].id);
      std::vector<Action> shots = shoot_actions(prober_, t, u, w->second);
      std::erase_if(shots, [&](const Action& a) {
        return state().units[a.targets.front()].engaged_with >= 0;
      });
      if (shots.empty()) continue;
      const Action shot = shots.front();
      const Engine::Snapshot before = prober_.engine().snapshot();
      const std::size_t text_before = text_.size(), events_before = events_;
      play(shot);
      const bool destroyed = side_roll(u, text_before);
      const UnitId target = shot.targets.front();
      if (prober_.engine().scratch().hits && prober_.engine().scratch().hits->hits > 0)
        play(save_action(t, target, Phase::shooting));
      for (const Action& r : removal_actions(prober_, t, Phase::shooting)) play(r);
      // The break test the volley calls for (§ Le test à lieu quand) and
      // what its result owes; with none the engine accepts, the shot is
      // taken back, as is a shot whose side roll destroyed a unit the
      // engine does not let go.
      bool kept = break_test_after_volley(t, target);
      if (kept && destroyed && state().units[u].on_table) {
        Action gone = make_action(ActionKind::remove, "remove", t, Phase::shooting);
        gone.actors = {u};
        kept = prober_.legal(gone);
        if (kept) play(gone);
      }
      if (!kept) {
        prober_.engine().restore(before);
        text_.resize(text_before);
        events_ = events_before;
      }
    }
  }

  // The roll a variant throws beside each shot of `u` (ShotRoll), written
  // into the shot's line (the statement from `line` on), before its
  // outcome: whether it destroys `u`.
  bool side_roll(UnitId u, std::size_t line) {
    const auto r = shot_rolls_.find(setup().units[u].id);
    if (r == shot_rolls_.end()) return false;
    const dice::Roll roll = dice::draw(r->second.dice, choices_);
    const std::string words =
        " " + r->second.label + " " + rulesets::simulate::roll_text({r->second.dice, roll});
    const std::size_t outcome = text_.find(" =>", line);
    const std::size_t end = text_.find('\n', line);
    text_.insert(outcome < end ? outcome : end, words);
    return r->second.destroys && r->second.destroys(roll);
  }

  // Whether `target` owes nothing once its break test, if a volley calls
  // for one, and its outcome are played.
  bool break_test_after_volley(TurnOf t, UnitId target, Phase phase = Phase::shooting) {
    const auto owed = [&] {
      if (!state().units[target].on_table) return false;
      const Scratch& s = prober_.engine().scratch();
      return std::any_of(s.due_tests.begin(), s.due_tests.end(),
                         [&](const DueTest& d) { return d.unit == target; }) ||
             std::any_of(s.due_outcomes.begin(), s.due_outcomes.end(),
                         [&](const DueOutcome& o) { return o.unit == target; });
    };
    if (!owed()) return true;
    std::optional<Action> test = break_test_action(prober_, t, target, 0, break_results_, phase);
    // A variant that defines the excess casualties (HYW 8-f: those beyond
    // the stamina) has the test subtract them.
    const auto stamina = setup().units[target].stats.stamina;
    if (!test && stamina && state().units[target].casualties > *stamina)
      test = break_test_action(prober_, t, target, state().units[target].casualties - *stamina,
                               break_results_, phase);
    if (!test) return false;
    play(*test);
    for (const Action& o : outcome_actions(prober_, t, target, phase)) play(o);
    return !owed();
  }

  Prober prober_;
  dice::Rng& choices_;
  std::string& text_;
  const std::map<std::string, std::string, std::less<>>& weapons_;
  const std::map<std::string, ShotRoll, std::less<>>& shot_rolls_;
  std::size_t events_ = 0;
  std::vector<std::string> break_results_, blunders_;
};

}  // namespace

std::optional<SimulatedGame> play_game(const RulesBinding& rules, SimulatedRoster roster,
                                       const SetUp& set_up, const SimulateOptions& options,
                                       DiagnosticEngine& diags) {
  dice::Rng choices = rulesets::simulate::choice_rng(options.seed);
  std::optional<Setup> setup =
      rulesets::simulate::seeded_setup<Setup>(roster.text, options.seed, set_up, diags);
  if (!setup) return std::nullopt;
  return rulesets::simulate::play_seeded<Engine>(
      std::move(*setup), rules, std::move(roster.text), options.seed, diags,
      [&](Engine& engine, SimulatedGame& out) {
        Play game(engine, rules, choices, out.text, roster.weapons, roster.shot_rolls);
        TurnOf last{1, 1};
        for (std::uint32_t turn = 1; turn <= options.turns; ++turn)
          for (std::uint8_t side = 0; side < 2; ++side) {
            last = {turn, side};
            game.play_turn(last);
          }
        game.end(last);
        out.events = game.events();
        out.probes = game.probes();
      });
}

std::optional<SimulatedGame> simulate_game(const RulesBinding& rules,
                                           const SimulateOptions& options,
                                           DiagnosticEngine& diags) {
  dice::Rng roster_choices = rulesets::simulate::choice_rng(options.seed ^ 1);
  SimulatedRoster roster = hail_caesar_roster(rules.rs(), roster_choices, options.seed);
  const SetUp set_up = &rulesets::simulate::setup_of_game<&game_from_battle>;
  return play_game(rules, std::move(roster), set_up, options, diags);
}

}  // namespace umpire::hail_caesar::simulate
