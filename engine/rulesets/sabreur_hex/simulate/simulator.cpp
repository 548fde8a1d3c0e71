#include "engine/rulesets/sabreur_hex/simulate/simulator.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <span>

#include "engine/core/data_paths.hpp"
#include "engine/rules/loader.hpp"
#include "engine/rulesets/common/simulate/choices.hpp"
#include "engine/rulesets/sabreur_hex/engine.hpp"
#include "engine/rulesets/sabreur_hex/simulate/legal_actions.hpp"
#include "engine/rulesets/sabreur_hex/simulate/roster.hpp"
#include "engine/rulesets/sabreur_hex/simulate/statement_text.hpp"

namespace umpire::sabreur::simulate {
namespace {

// A turn's activations end when no group can be activated (order points
// spent); this bound only guards against an engine that charged nothing.
constexpr int max_activations_per_turn = 40;
// A combat's statements after its declaration and reaction: saves, tests,
// flights, two strikes and a pursuit fit well within this bound.
constexpr int max_combat_statements = 24;
// A player turn that leaves a rule broken at its end (an "impétueux" unit
// bound to attack that neither attacked nor cancelled it: the next turn's
// order points are refused) is played again from its start, with other
// choices, up to this many times in all.
constexpr int max_turn_attempts = 4;

class Game {
 public:
  Game(Engine& engine, const RulesBinding& rules, dice::Rng& choices, std::string& text)
      : prober_(engine, &rules), choices_(choices), text_(text) {}

  std::size_t events() const { return events_; }
  std::size_t probes() const { return prober_.probes(); }

  // A player turn, played again (state, text and count restored) while it
  // ends with a rule broken, up to max_turn_attempts.
  void play_turn(TurnOf t) {
    const Checkpoint before = checkpoint();
    for (int attempt = 1;; ++attempt) {
      play_turn_once(t, attempt > 1);
      if (attempt >= max_turn_attempts || turn_ends_clean(t)) return;
      ++replayed_turns_;
      rollback(before);
    }
  }

  std::size_t replayed_turns() const { return replayed_turns_; }

 private:
  // Whether the next player turn may begin: its order points are accepted
  // (the engine judges there what the turn left owed).
  bool turn_ends_clean(TurnOf t) {
    const TurnOf next = t.side == 0 ? TurnOf{t.turn, 1} : TurnOf{t.turn + 1, 0};
    return !order_point_actions(prober_, next).empty();
  }

  // `impetuous_first`: groups with an "impétueux" unit are activated
  // first, so that none is left bound to an attack it cannot make once the
  // order points are spent (played again after such a turn).
  void play_turn_once(TurnOf t, bool impetuous_first) {
    const Setup& setup = prober_.engine().setup();
    text_ += fmt::format("\nturn {} {}\n  phase orders\n", t.turn, setup.sides[t.side].id);
    // One formula of those the engine accepts (1 D3, or 2 D6 for a large
    // army), each equally likely.
    if (std::vector<Action> points = order_point_actions(prober_, t); !points.empty())
      play(points[pick(points.size())]);
    text_ += "  phase actions\n";
    for (int i = 0; i < max_activations_per_turn; ++i) {
      std::vector<Action> groups = activation_actions(prober_, t);
      // A group whose "impétueux" unit, bound to attack once activated,
      // found no attack that plays out is taken back and another tried.
      bool played = false;
      while (!groups.empty() && !played) {
        std::vector<std::size_t> preferred;
        if (impetuous_first)
          for (std::size_t k = 0; k < groups.size(); ++k)
            for (const UnitId u : groups[k].actors)
              if (setup.units[u].skills.has(Skill::impetuous)) {
                preferred.push_back(k);
                break;
              }
        const std::size_t k =
            preferred.empty() ? pick(groups.size()) : preferred[pick(preferred.size())];
        const Checkpoint before = checkpoint();
        const Action g = groups[k];
        play(g);
        for (const UnitId u : g.actors) act(t, u);
        played = !left_bound(g.actors);
        if (played) break;
        rollback(before);
        groups.erase(groups.begin() + static_cast<std::ptrdiff_t>(k));
      }
      if (!played) break;
    }
    special_actions(t);
    text_ += "  phase victory\n";
  }

  // The engine's state and the text written so far, to take a try back.
  struct Checkpoint {
    Engine::Snapshot engine;
    std::size_t text = 0, events = 0;
  };
  Checkpoint checkpoint() { return {prober_.engine().snapshot(), text_.size(), events_}; }
  void rollback(const Checkpoint& c) {
    prober_.engine().restore(c.engine);
    text_.resize(c.text);
    events_ = c.events;
  }

  // Whether one of `units` is still bound to attack by its activation
  // (UnitState::impetuous_bound): it attacked nothing the engine accepts.
  bool left_bound(std::span<const UnitId> units) const {
    for (const UnitId u : units)
      if (prober_.state().units[u].impetuous_bound) return true;
    return false;
  }

  std::size_t pick(std::size_t n) { return rulesets::simulate::pick(choices_, n); }

  void play(const Action& a) { write(a, prober_.apply(a)); }

  // The statement of `a`, applied with `applied`.
  void write(const Action& a, const Applied& applied) {
    text_ += "    " + statement_text(prober_.engine().setup(), a, applied) + "\n";
    ++events_;
  }

  // The marches among `options` that end nearer the nearest enemy: a
  // preference of the simulator, so that armies meet, not a rule.
  std::vector<std::size_t> advances(UnitId u, const std::vector<Action>& options) {
    const State& s = prober_.state();
    const Setup& setup = prober_.engine().setup();
    const auto nearest = [&](Hex from) {
      int best = 1000;
      for (std::size_t e = 0; e < s.units.size(); ++e)
        if (setup.units[e].side != setup.units[u].side && s.units[e].on_table)
          best = std::min(best, hex::distance(from, s.units[e].hex));
      return best;
    };
    const int now = nearest(s.units[u].hex);
    std::vector<std::size_t> out;
    for (std::size_t i = 0; i < options.size(); ++i) {
      const Action& a = options[i];
      if (a.kind != ActionKind::move) continue;
      const Hex end = a.to ? *a.to : a.path.empty() ? s.units[u].hex : a.path.back();
      if (nearest(end) < now) out.push_back(i);
    }
    return out;
  }

  // One action of unit `u` of the group: a charge or an assault when it can
  // (one time in two, always for an "impétueux" unit) with its combat, else
  // an extended line formed when it can (one time in four), else fire when
  // it can (two times in three), else an advance (one time in two), else
  // an action of any kind or none (any_kind).
  void act(TurnOf t, UnitId u) {
    std::vector<Action> options = unit_actions(prober_, t, u);
    std::vector<std::size_t> attacks;
    for (std::size_t i = 0; i < options.size(); ++i)
      if (options[i].kind == ActionKind::charge || options[i].kind == ActionKind::assault)
        attacks.push_back(i);
    // An "impétueux" unit attacks whenever it can (a preference: the
    // engine does not judge its obligation while order points remain).
    const bool impetuous = prober_.engine().setup().units[u].skills.has(Skill::impetuous);
    if (!attacks.empty() && (impetuous || pick(2) == 0)) {
      const Action a = options[attacks[pick(attacks.size())]];
      if (attack(t, a)) return;
    }
    // Anything but a charge or an assault.
    std::vector<Action> others;
    for (Action& a : options)
      if (a.kind != ActionKind::charge && a.kind != ActionKind::assault)
        others.push_back(std::move(a));
    options = std::move(others);
    std::vector<std::size_t> fire;
    for (std::size_t i = 0; i < options.size(); ++i)
      if (options[i].kind == ActionKind::shoot) fire.push_back(i);
    std::vector<std::size_t> advance = advances(u, options);
    // An extended line (§ Formations spéciales), one choice among the many
    // marches: formed one time in four when the engine accepts one.
    std::vector<std::size_t> special;
    for (std::size_t i = 0; i < options.size(); ++i)
      if (options[i].kind == ActionKind::form && options[i].formation == "extended_line")
        special.push_back(i);
    std::size_t chosen = options.size();  // none
    if (!special.empty() && pick(4) == 0)
      chosen = special[pick(special.size())];
    else if (!fire.empty() && pick(3) != 1)
      chosen = fire[pick(fire.size())];
    else if (!advance.empty() && pick(2) == 0)
      chosen = advance[pick(advance.size())];
    else if (!options.empty())
      chosen = any_kind(options);
    if (chosen >= options.size()) return;
    const Action a = options[chosen];
    play(a);
    // What the rules call for next: the target's save, then its morale test
    // after heavy losses; the test after a change of formation.
    const UnitId tested = a.kind == ActionKind::shoot ? a.targets.front() : u;
    if (a.kind == ActionKind::shoot) take_losses(t, tested);
    if (a.kind == ActionKind::shoot || a.kind == ActionKind::form)
      for (Action& m : test_actions(prober_, t, tested)) {
        play(m);
        after_failure(t, tested);
      }
    if (a.kind == ActionKind::shoot) return_fire(t, u);
  }

  // One of `options` or none (options.size()): each kind of action (a
  // march, an evade, a change of formation, a fire, a rally) and none
  // equally likely, then any action of the kind, so that the many marches
  // do not crowd out the rest.
  std::size_t any_kind(const std::vector<Action>& options) {
    std::vector<ActionKind> kinds;
    for (const Action& a : options)
      if (std::find(kinds.begin(), kinds.end(), a.kind) == kinds.end()) kinds.push_back(a.kind);
    const std::size_t k = pick(kinds.size() + 1);
    if (k == kinds.size()) return options.size();
    std::vector<std::size_t> same;
    for (std::size_t i = 0; i < options.size(); ++i)
      if (options[i].kind == kinds[k]) same.push_back(i);
    return same[pick(same.size())];
  }

  // A charge or an assault `a` and its combat, kept only when the combat
  // could be played out as the rules call for it; else taken back (false)
  // and the unit does something else.
  bool attack(TurnOf t, const Action& a) {
    const Checkpoint before = checkpoint();
    play(a);
    if (combat(t, a)) return true;
    rollback(before);
    return false;
  }

  // The losses `u` is taking (State::pending): its save, when the engine
  // accepts one; when `u` may hand them to a friend (artillery, § Précisions
  // sur les facteurs de combat ou de tir), one time in two the save (if
  // any), the transfer and the friend's morale test, played together (the
  // engine judges each with the next). True when anything was played.
  bool take_losses(TurnOf t, UnitId u) {
    std::vector<Action> saves = save_actions(prober_, t, u);
    std::vector<Action> transfers;
    if (pick(2) == 0) transfers = transfer_actions(prober_, t, u);
    if (!transfers.empty()) {
      const Action& transfer = transfers[pick(transfers.size())];
      const UnitId friend_unit = transfer.targets.front();
      Action test = make_action(ActionKind::test, "test", t, Phase::actions);
      test.actors = {friend_unit};
      test.detail = "morale";
      std::vector<Action> seq(saves.begin(), saves.end());
      seq.push_back(transfer);
      // With the friend's test, or without it when the data lets the
      // friend take the losses untested; kept when it hands over losses
      // (not the none a save may leave).
      for (const bool tested : {true, false}) {
        std::vector<Action> played = seq;
        if (tested) played.push_back(test);
        const std::vector<Applied> tried = prober_.apply_sequence(played, false);
        const bool clean =
            !tried.empty() &&
            std::all_of(tried.begin(), tried.end(), [](const Applied& r) { return r.clean(); });
        if (!clean) continue;
        const replay::TracedOutcome* handed =
            tried[seq.size() - 1].outcome(Check::special_transfer_losses);
        if (handed && handed->value <= 0) break;
        const std::vector<Applied> applied = prober_.apply_sequence(played, true);
        for (std::size_t i = 0; i < played.size(); ++i) write(played[i], applied[i]);
        return true;
      }
    }
    for (Action& s : saves) play(s);
    return !saves.empty();
  }

  // Once no group can be activated (its order points spent), each unit of
  // the side not activated may take the special actions of § Points
  // d'ordre, whatever test of it the engine accepts: a "sens tactique"
  // unit's test (one time in two), which activates it when passed (it then
  // acts); an "impétueux" unit bound to attack (its charges or assaults, or
  // its test, are accepted without an activation) tests to cancel it one
  // time in two, and always when no attack is accepted; else, or failed, it
  // charges or assaults with its combat; and when no combat plays out, it
  // tests if it has not.
  void special_actions(TurnOf t) {
    const Setup& setup = prober_.engine().setup();
    for (UnitId u = 0; u < setup.units.size(); ++u) {
      const UnitState& st = prober_.state().units[u];
      if (setup.units[u].side != t.side || !st.on_table || st.activated) continue;
      std::vector<Action> tests = test_actions(prober_, t, u);
      if (!setup.units[u].skills.has(Skill::impetuous)) {
        if (tests.empty() || pick(2) == 0) continue;
        play(tests.front());
        if (prober_.state().units[u].activated) act(t, u);
        continue;
      }
      // A unit that also has "sens tactique" may be activated by its test,
      // and then be bound to attack: taken back when it attacked nothing.
      const Checkpoint before = checkpoint();
      std::vector<Action> attacks = bound_attacks(t, u);
      bool tested = false;
      if (!tests.empty() && (attacks.empty() || pick(2) == 0)) {
        play(tests.front());
        tested = true;
        attacks = bound_attacks(t, u);  // none once the test has passed
      }
      // Each in turn, from a random one, until a combat plays out.
      const std::size_t first = attacks.empty() ? 0 : pick(attacks.size());
      bool attacked = false;
      for (std::size_t i = 0; i < attacks.size() && !attacked; ++i)
        attacked = attack(t, attacks[(first + i) % attacks.size()]);
      if (!attacked && !tested) {
        tests = test_actions(prober_, t, u);
        if (!tests.empty()) play(tests.front());
      }
      if (left_bound(std::span<const UnitId>(&u, 1))) {
        rollback(before);
      }
    }
  }

  // The charges and assaults of `u`, an "impétueux" unit not activated,
  // that the engine accepts: those of a unit bound to attack.
  std::vector<Action> bound_attacks(TurnOf t, UnitId u) {
    std::vector<Action> out;
    if (!prober_.engine().setup().units[u].skills.has(Skill::impetuous)) return out;
    for (std::vector<Action> more : {charge_actions(prober_, t, u), assault_actions(prober_, t, u)})
      out.insert(out.end(), std::make_move_iterator(more.begin()),
                 std::make_move_iterator(more.end()));
    return out;
  }

  // The return fire (§ Le tir, "Tir de riposte") at `shooter`, whose fire
  // and its save, test and flight were just played: one of those the engine
  // accepts, two times in three, then the shooter's save and test.
  void return_fire(TurnOf t, UnitId shooter) {
    std::vector<Action> fires = return_fire_actions(prober_, t, shooter);
    if (fires.empty() || pick(3) == 0) return;
    play(fires[pick(fires.size())]);
    take_losses(t, shooter);
    for (Action& m : test_actions(prober_, t, shooter)) {
      play(m);
      after_failure(t, shooter);
    }
  }

  // One of `reactions`: a square or a closed column when there is one,
  // else each reaction word, and flight, equally likely; then one of its
  // marches (a flight passing through no friend preferred).
  Action choose_reaction(std::vector<Action>& reactions) {
    std::vector<std::string> kinds;
    for (const Action& r : reactions) {
      const std::string k = r.kind == ActionKind::flee ? "flee" : r.detail.text();
      if (std::find(kinds.begin(), kinds.end(), k) == kinds.end()) kinds.push_back(k);
    }
    // Infantry charged by cavalry forms square, or closed column, whenever
    // the engine accepts it (a preference of the simulator).
    std::vector<std::string> squares;
    for (const std::string& k : kinds)
      if (k == "form-square" || k == "form-closed-column") squares.push_back(k);
    const std::string kind =
        squares.empty() ? kinds[pick(kinds.size())] : squares[pick(squares.size())];
    std::vector<Action> same;
    for (Action& r : reactions)
      if ((r.kind == ActionKind::flee ? "flee" : r.detail.text()) == kind)
        same.push_back(std::move(r));
    if (kind == "flee") return same[pick_flight(same)];
    return same[pick(same.size())];
  }

  // One of `flights`, one that passes through no friend (whose losses are a
  // die the log states no outcome for) when there is one.
  std::size_t pick_flight(const std::vector<Action>& flights) {
    std::vector<std::size_t> clear;
    for (std::size_t i = 0; i < flights.size(); ++i)
      if (prober_.probe(flights[i]).rolls.size() == 1) clear.push_back(i);
    return clear.empty() ? pick(flights.size()) : clear[pick(clear.size())];
  }

  // One of `pursuits` by `pursuer`, one that ends engaging an enemy when
  // there is one (a preference, so that the attack a pursuit may make is
  // played), else any.
  std::size_t pick_pursuit(UnitId pursuer, const std::vector<Action>& pursuits) {
    std::vector<std::size_t> engaging;
    for (std::size_t i = 0; i < pursuits.size(); ++i) {
      const Engine::Snapshot before = prober_.engine().snapshot();
      if (prober_.apply(pursuits[i]).clean()) {
        const std::optional<ChargeInProgress>& c = prober_.state().charge;
        if (c && c->pursuit && c->charger == pursuer) engaging.push_back(i);
      }
      prober_.engine().restore(before);
    }
    return engaging.empty() ? pick(pursuits.size()) : engaging[pick(engaging.size())];
  }

  // After a test of `u`: when the engine holds a failure with consequences
  // (State::failure), a panicked unit flees, as it must; any other flees one
  // time in three instead of taking the difference as losses. True when the
  // unit fled.
  bool after_failure(TurnOf t, UnitId u) {
    const State& s = prober_.state();
    if (!s.failure || s.failure->unit != u) return false;
    // A "harcèlement" unit always flees (§ Les compétences); the engine
    // refuses a flight it does not allow (a "tenace" unit's above its threshold).
    const bool must_flee =
        s.units[u].panicked || prober_.engine().setup().units[u].skills.has(Skill::harassment);
    if (!must_flee && pick(3) != 0) return false;
    std::vector<Action> flights = flight_actions(prober_, t, u);
    if (flights.empty()) return false;
    play(flights[pick_flight(flights)]);
    return true;
  }

  // The procedure that follows a charge or an assault (§ La charge et le
  // choc, § L'assaut et la mêlée), statement by statement, each the engine
  // accepts: the target's reaction (and the evade, or the save and test of
  // a charger hit by defensive fire), then while anything is legal: a save
  // of the losses pending, a test the engine calls for (and the flight that
  // may follow a failure), each unit's strike (the charger's always, the
  // return strike two times in three in a shock, always in a mêlée), a
  // pursuit of a unit that fled (always when allowed, which also satisfies
  // an "impétueux" charger) and, when it ends engaging an enemy, the shock
  // it opens (the pursuer's strike, the return strike, their saves and
  // tests, but no second pursuit). False when the combat stopped short: no unit
  // struck, fled or, for the charger, failed a test (the charger or
  // assaulting unit strikes unless its target fled), or in a mêlée the
  // assaulted unit did not riposte: the engine refuses a strike it cannot
  // check (docs/engine-sabreur-hex.md § Combats), and a charge left without its strike
  // would break the rules unreported.
  bool combat(TurnOf t, const Action& declared) {
    UnitId attacker = declared.actors.front();
    UnitId defender = declared.targets.front();
    const bool shock = declared.kind == ActionKind::charge;
    std::optional<UnitId> fled;
    bool ended = false;  // a unit fled, evaded or failed a test
    std::vector<Action> reactions = reaction_actions(prober_, t, defender, attacker);
    while (!reactions.empty()) {
      std::vector<Action> options = reactions;
      const Action r = choose_reaction(options);
      const Checkpoint before = checkpoint();
      play(r);
      if (r.kind == ActionKind::flee) {
        fled = defender;
        ended = true;
      }
      if (r.kind == ActionKind::respond && r.detail == Detail::evade) {
        std::vector<Action> evades = evade_actions(prober_, t, defender);
        if (evades.empty()) {
          // An evade reaction is its march: with none accepted, another
          // reaction (the engine judges the reaction with the statement
          // after it, which a probe does not see).
          rollback(before);
          reactions.erase(std::remove_if(reactions.begin(), reactions.end(),
                                         [](const Action& x) {
                                           return x.kind == ActionKind::respond &&
                                                  x.detail == Detail::evade;
                                         }),
                          reactions.end());
          continue;
        }
        play(evades[pick(evades.size())]);
        fled = defender;
        ended = true;
      }
      break;
    }
    std::vector<UnitId> struck, played_strikes;
    bool pursued = false;
    std::optional<UnitId> pursuit_target;
    const auto has_struck = [&](UnitId x) {
      return std::find(struck.begin(), struck.end(), x) != struck.end();
    };
    for (int step = 0; step < max_combat_statements; ++step) {
      const State& s = prober_.state();
      if (s.pending && take_losses(t, s.pending->unit)) continue;
      bool tested = false;
      for (const UnitId x : {defender, attacker}) {
        std::vector<Action> tests = test_actions(prober_, t, x);
        if (tests.empty()) continue;
        play(tests.front());
        // A charger that fails its test after a defensive fire ends its
        // charge; a target that fails fights on unless it flees.
        if (x == attacker && prober_.state().failure) ended = true;
        if (after_failure(t, x)) fled = x;
        tested = true;
        break;
      }
      if (tested) continue;
      if (fled && !pursued) {
        const UnitId pursuer = *fled == defender ? attacker : defender;
        std::vector<Action> pursuits = pursuit_actions(prober_, t, pursuer, fled);
        if (!pursuits.empty()) {
          play(pursuits[pick_pursuit(pursuer, pursuits)]);
          pursued = true;
          fled.reset();
          // A pursuit that ends engaging an enemy opens a shock on it
          // without reaction (§ La charge et le choc, step 6; the engine's
          // State::charge with `pursuit` set): the pursuer strikes it,
          // always, and the combat goes on as a shock between the two.
          const std::optional<ChargeInProgress>& c = prober_.state().charge;
          if (!c || !c->pursuit || c->charger != pursuer) break;
          attacker = pursuer;
          defender = c->target;
          pursuit_target = c->target;
          struck.clear();
          continue;
        }
      }
      bool struck_now = false;
      for (const UnitId x : {attacker, defender}) {
        if (has_struck(x)) continue;
        std::vector<Action> strikes = attack_actions(prober_, t, x);
        // The pursuer strikes the enemy the engine took as its pursuit's
        // target (the first it engages), the one its attack must name.
        if (pursuit_target && x == attacker)
          strikes.erase(
              std::remove_if(strikes.begin(), strikes.end(),
                             [&](const Action& a) { return a.targets.front() != *pursuit_target; }),
              strikes.end());
        if (strikes.empty()) continue;
        struck.push_back(x);
        if (x == defender && shock && pick(3) == 0) break;  // no return strike
        play(strikes[pick(strikes.size())]);
        played_strikes.push_back(x);
        struck_now = true;
        break;
      }
      if (!struck_now) break;
    }
    const auto played = [&](UnitId x) {
      return std::find(played_strikes.begin(), played_strikes.end(), x) != played_strikes.end();
    };
    if (played_strikes.empty()) return ended;
    // Losses with no save to make (artillery) are taken at the next
    // statement: a defender they eliminate has no riposte to make.
    const State& s = prober_.state();
    const bool falls =
        s.pending && s.pending->unit == defender && s.pending->count >= s.units[defender].strength;
    if (!shock && played(attacker) && !played(defender) && s.units[defender].on_table && !falls)
      return false;
    return true;
  }

  Prober prober_;
  dice::Rng& choices_;
  std::string& text_;
  std::size_t events_ = 0;
  std::size_t replayed_turns_ = 0;
};

}  // namespace

std::optional<SimulatedGame> simulate_game(const RulesBinding& rules,
                                           const SimulateOptions& options,
                                           DiagnosticEngine& diags) {
  dice::Rng choices = rulesets::simulate::choice_rng(options.seed);
  SimulatedSetup made = make_setup(rules, choices, options.seed);
  // The engine draws the dice of the game from the seed; the log records them.
  Setup setup = made.setup;
  setup.dice = replay::DiceMode::seeded;
  setup.seed = options.seed;
  DiagnosticEngine setup_diags(0);
  Engine engine(std::move(setup), {}, rules, setup_diags);
  if (setup_diags.has_errors()) {
    diags.error("simulate.setup", Span{}, "the engine refused the simulated set-up of seed {}",
                options.seed);
    diags.absorb(std::move(setup_diags));
    return std::nullopt;
  }
  SimulatedGame out;
  out.text = std::move(made.text);
  Game game(engine, rules, choices, out.text);
  for (std::uint32_t turn = 1; turn <= options.turns; ++turn)
    for (std::uint8_t side = 0; side < 2; ++side) game.play_turn({turn, side});
  out.events = game.events();
  out.probes = game.probes();
  return out;
}

std::optional<SimulatedGame> simulate_game(SourceManager& sources, const SimulateOptions& options,
                                           DiagnosticEngine& diags,
                                           const std::filesystem::path& rules_file) {
  const std::filesystem::path path =
      rules_file.empty() ? paths::rulesets_dir() / "sabreur-hex.rules" : rules_file;
  rules::LoadOptions load;
  load.check_file_name = rules_file.empty();
  auto rs = rules::load_ruleset(sources, path, diags, load);
  if (!rs) return std::nullopt;
  auto binding = RulesBinding::bind(*rs, diags, Span{});
  if (!binding) return std::nullopt;
  return simulate_game(*binding, options, diags);
}

}  // namespace umpire::sabreur::simulate
