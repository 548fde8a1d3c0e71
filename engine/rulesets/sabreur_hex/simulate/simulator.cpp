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

class Game {
 public:
  Game(Engine& engine, dice::Rng& choices, std::string& text)
      : prober_(engine), choices_(choices), text_(text) {}

  std::size_t events() const { return events_; }
  std::size_t probes() const { return prober_.probes(); }

  void play_turn(TurnOf t) {
    const Setup& setup = prober_.engine().setup();
    text_ += fmt::format("\nturn {} {}\n  phase orders\n", t.turn, setup.sides[t.side].id);
    for (Action& a : order_point_actions(prober_, t)) play(a);
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

  // One action of unit `u` of the group: fire when it can (two times in
  // three), else an advance (one time in two), else any of its actions or
  // none.
  void act(TurnOf t, UnitId u) {
    std::vector<Action> options = unit_actions(prober_, t, u);
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
      for (Action& m : test_actions(prober_, t, tested)) play(m);
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
