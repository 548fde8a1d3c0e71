#include "engine/rulesets/sabreur_hex/simulate/simulator.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "engine/rules/loader.hpp"
#include "engine/rulesets/sabreur_hex/engine.hpp"
#include "engine/rulesets/sabreur_hex/simulate/legal_actions.hpp"
#include "engine/rulesets/sabreur_hex/simulate/roster.hpp"
#include "engine/rulesets/sabreur_hex/simulate/statement_text.hpp"

namespace umpire::sabreur::simulate {
namespace {

// The stream of choices is apart from the stream of dice, so that a change
// in what the simulator considers never shifts the dice of a seed's set-up.
constexpr std::uint64_t choice_stream = 0x9e3779b97f4a7c15ULL;
// A turn's activations end when no group can be activated (order points
// spent); this bound only guards against an engine that charged nothing.
constexpr int max_activations_per_turn = 40;
// A combat's statements after its declaration and reaction: saves, tests,
// flights, two strikes and a pursuit fit well within this bound.
constexpr int max_combat_statements = 24;

class Game {
 public:
  Game(Engine& engine, dice::Rng& choices, std::string& text)
      : prober_(engine), choices_(choices), text_(text) {}

  std::size_t events() const { return events_; }
  std::size_t probes() const { return prober_.probes(); }

  void play_turn(TurnOf t) {
    const Setup& setup = prober_.engine().setup();
    text_ += fmt::format("\nturn {} {}\n  phase orders\n", t.turn, setup.sides[t.side].id);
    // One formula of those the engine accepts (1 D3, or 2 D6 for a large
    // army), each equally likely.
    if (std::vector<Action> points = order_point_actions(prober_, t); !points.empty())
      play(points[pick(points.size())]);
    text_ += "  phase actions\n";
    for (int i = 0; i < max_activations_per_turn; ++i) {
      std::vector<Action> groups = activation_actions(prober_, t);
      if (groups.empty()) break;
      Action& g = groups[pick(groups.size())];
      play(g);
      for (const UnitId u : std::vector<UnitId>(g.actors)) act(t, u);
    }
    text_ += "  phase victory\n";
  }

 private:
  std::size_t pick(std::size_t n) {
    return static_cast<std::size_t>(choices_.face(static_cast<std::uint32_t>(n))) - 1;
  }

  void play(const Action& a) {
    const Applied applied = prober_.apply(a);
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
  // (one time in two) with its combat, else fire when it can (two times in
  // three), else an advance (one time in two), else any of its other
  // actions or none.
  void act(TurnOf t, UnitId u) {
    std::vector<Action> options = unit_actions(prober_, t, u);
    std::vector<std::size_t> attacks;
    for (std::size_t i = 0; i < options.size(); ++i)
      if (options[i].kind == ActionKind::charge || options[i].kind == ActionKind::assault)
        attacks.push_back(i);
    if (!attacks.empty() && pick(2) == 0) {
      const Action a = options[attacks[pick(attacks.size())]];
      // A charge or an assault is kept only when its combat could be played
      // out as the rules call for it; else it is taken back and the unit
      // does something else.
      const Engine::Snapshot engine_before = prober_.engine().snapshot();
      const std::size_t text_before = text_.size(), events_before = events_;
      play(a);
      if (combat(t, a)) return;
      prober_.engine().restore(engine_before);
      text_.resize(text_before);
      events_ = events_before;
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
    std::size_t chosen = options.size();  // none
    if (!fire.empty() && pick(3) != 1)
      chosen = fire[pick(fire.size())];
    else if (!advance.empty() && pick(2) == 0)
      chosen = advance[pick(advance.size())];
    else if (!options.empty())
      chosen = pick(options.size() + 1);
    if (chosen >= options.size()) return;
    const Action a = options[chosen];
    play(a);
    // What the rules call for next: the target's save, then its morale test
    // after heavy losses; the test after a change of formation.
    const UnitId tested = a.kind == ActionKind::shoot ? a.targets.front() : u;
    if (a.kind == ActionKind::shoot)
      for (Action& s : save_actions(prober_, t, tested)) play(s);
    if (a.kind == ActionKind::shoot || a.kind == ActionKind::form)
      for (Action& m : test_actions(prober_, t, tested)) {
        play(m);
        after_failure(t, tested);
      }
    if (a.kind == ActionKind::shoot) return_fire(t, u);
  }

  // The return fire (§ Le tir, "Tir de riposte") at `shooter`, whose fire
  // and its save, test and flight were just played: one of those the engine
  // accepts, two times in three, then the shooter's save and test.
  void return_fire(TurnOf t, UnitId shooter) {
    std::vector<Action> fires = return_fire_actions(prober_, t, shooter);
    if (fires.empty() || pick(3) == 0) return;
    play(fires[pick(fires.size())]);
    for (Action& s : save_actions(prober_, t, shooter)) play(s);
    for (Action& m : test_actions(prober_, t, shooter)) {
      play(m);
      after_failure(t, shooter);
    }
  }

  // One of `reactions`: each reaction word, and flight, equally likely,
  // then one of its marches (a flight passing through no friend preferred).
  Action choose_reaction(std::vector<Action>& reactions) {
    std::vector<std::string> kinds;
    for (const Action& r : reactions) {
      const std::string k = r.kind == ActionKind::flee ? "flee" : r.detail;
      if (std::find(kinds.begin(), kinds.end(), k) == kinds.end()) kinds.push_back(k);
    }
    const std::string kind = kinds[pick(kinds.size())];
    std::vector<Action> same;
    for (Action& r : reactions)
      if ((r.kind == ActionKind::flee ? "flee" : r.detail) == kind) same.push_back(std::move(r));
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
    if (!s.units[u].panicked && pick(3) != 0) return false;
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
  // check (docs/engine.md § Combats), and a charge left without its strike
  // would break the rules unreported.
  bool combat(TurnOf t, const Action& declared) {
    UnitId attacker = declared.actors.front();
    UnitId defender = declared.targets.front();
    const bool shock = declared.kind == ActionKind::charge;
    std::optional<UnitId> fled;
    bool ended = false;  // a unit fled, evaded or failed a test
    std::vector<Action> reactions = reaction_actions(prober_, t, defender, attacker);
    if (!reactions.empty()) {
      const Action r = choose_reaction(reactions);
      play(r);
      if (r.kind == ActionKind::flee) {
        fled = defender;
        ended = true;
      }
      if (r.kind == ActionKind::respond && r.detail == "evade") {
        std::vector<Action> evades = evade_actions(prober_, t, defender);
        if (!evades.empty()) {
          play(evades[pick(evades.size())]);
          fled = defender;
          ended = true;
        }
      }
    }
    std::vector<UnitId> struck, played_strikes;
    bool pursued = false;
    std::optional<UnitId> pursuit_target;
    const auto has_struck = [&](UnitId x) {
      return std::find(struck.begin(), struck.end(), x) != struck.end();
    };
    for (int step = 0; step < max_combat_statements; ++step) {
      const State& s = prober_.state();
      if (s.pending) {
        std::vector<Action> saves = save_actions(prober_, t, s.pending->unit);
        if (!saves.empty()) {
          play(saves.front());
          continue;
        }
      }
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
          strikes.erase(std::remove_if(strikes.begin(), strikes.end(),
                                       [&](const Action& a) {
                                         return a.targets.front() != *pursuit_target;
                                       }),
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
    if (!shock && played(attacker) && !played(defender) &&
        prober_.state().units[defender].on_table)
      return false;
    return true;
  }

  Prober prober_;
  dice::Rng& choices_;
  std::string& text_;
  std::size_t events_ = 0;
};

}  // namespace

std::optional<SimulatedGame> simulate_game(const RulesBinding& rules,
                                           const SimulateOptions& options,
                                           DiagnosticEngine& diags) {
  dice::Rng choices(options.seed ^ choice_stream);
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
  Game game(engine, choices, out.text);
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
      rules_file.empty() ? rules::default_rulesets_dir() / "sabreur-hex.rules" : rules_file;
  rules::LoadOptions load;
  load.check_file_name = rules_file.empty();
  auto rs = rules::load_ruleset(sources, path, diags, load);
  if (!rs) return std::nullopt;
  auto binding = RulesBinding::bind(*rs, diags, Span{});
  if (!binding) return std::nullopt;
  return simulate_game(*binding, options, diags);
}

}  // namespace umpire::sabreur::simulate
