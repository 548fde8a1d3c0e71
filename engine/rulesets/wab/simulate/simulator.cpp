#include "engine/rulesets/wab/simulate/simulator.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <utility>
#include <vector>

#include "engine/geometry/tabletop/measure.hpp"
#include "engine/rulesets/common/simulate/choices.hpp"
#include "engine/rulesets/common/simulate/seeded_setup.hpp"
#include "engine/rulesets/common/simulate/tabletop_moves.hpp"
#include "engine/rulesets/wab/engine.hpp"
#include "engine/rulesets/wab/from_events.hpp"
#include "engine/rulesets/wab/simulate/actions.hpp"
#include "engine/rulesets/wab/simulate/roster.hpp"
#include "engine/rulesets/wab/simulate/statement_text.hpp"

namespace umpire::wab::simulate {
namespace {

using rulesets::simulate::on_grid;
using tabletop::operator+;
using tabletop::operator-;
using tabletop::operator*;

// How far the simulator's units charge, in Movements: the sheet never says
// (the data's gap charge_range: "State the charge move (for example twice
// the Movement)"), so this is the simulator's statement of it, and the
// engine does not measure a charge's reach.
constexpr double charge_movements = 2;

class Play {
 public:
  Play(Engine& engine, const RulesBinding& rules, dice::Rng& choices, std::string& text,
       const std::map<std::string, std::string, std::less<>>& weapons)
      : prober_(engine), rules_(rules), choices_(choices), text_(text), weapons_(weapons) {}

  std::size_t events() const { return events_; }
  std::size_t probes() const { return prober_.probes(); }

  // A player turn: its four phases in order (§ Phase 1 : Début du tour to
  // § Phase 4 : Combat au corps à corps).
  void play_turn(TurnOf t) {
    using Part = void (Play::*)(TurnOf);
    static constexpr std::pair<std::string_view, Part> phases[] = {{"start", &Play::start},
                                                                   {"movement", &Play::movement},
                                                                   {"shooting", &Play::shooting},
                                                                   {"combat", &Play::combat}};
    text_ += fmt::format("\nturn {} {}\n", t.turn, setup().sides[t.side].id);
    for (const auto& [name, part] : phases) {
      text_ += fmt::format("  phase {}\n", name);
      (this->*part)(t);
    }
  }

 private:
  std::size_t pick(std::size_t n) { return rulesets::simulate::pick(choices_, n); }
  const Setup& setup() { return prober_.engine().setup(); }
  const State& state() const { return prober_.state(); }
  const UnitState& unit(UnitId u) const { return state().units[u]; }
  std::int64_t standing(UnitId u) {
    const UnitSetup& s = setup().units[u];
    return std::max<std::int64_t>(
        0, s.models - unit(u).wounds_taken / std::max<std::int32_t>(1, s.profile.wounds));
  }
  // On the table, not fleeing and in no combat: free to move, shoot or be
  // charged.
  bool free(UnitId u) { return present(u) && !unit(u).fleeing && !in_combat(u); }
  // On the table with a model standing (the log writes no removal of a
  // unit its wounds destroyed: the engine does not check one).
  bool present(UnitId u) { return unit(u).on_table && standing(u) > 0; }
  // Free, and not rallied this turn: a rallied unit only reforms (§ 2.2
  // Ralliement des troupes en fuite; the engine does not hold it back).
  bool can_act(UnitId u) {
    return free(u) && std::find(rallied_.begin(), rallied_.end(), u) == rallied_.end();
  }
  bool in_combat(UnitId u) const {
    return std::any_of(combats_.begin(), combats_.end(),
                       [u](const auto& c) { return c.first == u || c.second == u; });
  }
  // A combat is over once one of its units flees or leaves the table.
  void end_broken_combats() {
    std::erase_if(combats_, [&](const std::pair<UnitId, UnitId>& c) {
      return !present(c.first) || !present(c.second) || unit(c.first).fleeing ||
             unit(c.second).fleeing;
    });
  }

  Applied play(const Action& a) {
    Applied applied = prober_.apply(a);
    text_ += "    " + statement_text(setup(), a, applied) + "\n";
    ++events_;
    return applied;
  }

  // The enemy on the table nearest `u`, between closest edges, that
  // `wanted` accepts.
  template <typename Wanted>
  std::optional<std::pair<double, UnitId>> nearest_enemy(UnitId u, Wanted&& wanted) {
    const tabletop::Footprint from = unit(u).footprint(setup().units[u]);
    std::optional<std::pair<double, UnitId>> best;
    for (UnitId o = 0; o < setup().units.size(); ++o) {
      if (setup().units[o].side == setup().units[u].side || !unit(o).on_table || !wanted(o))
        continue;
      const double d = tabletop::distance(from, unit(o).footprint(setup().units[o]),
                                          tabletop::Measure::closest_edges);
      if (!best || d < best->first) best = std::make_pair(d, o);
    }
    return best;
  }

  // The start of the turn (§ Phase 1 : Début du tour): the panic tests the
  // engine owes (a fleeing friend within 4"); a unit that fails flees in
  // the compulsory moves.
  void start(TurnOf t) {
    rallied_.clear();
    for (UnitId u = 0; u < setup().units.size(); ++u)
      if (setup().units[u].side == t.side && present(u) && !unit(u).fleeing)
        leadership_test(t, u, "panic", Phase::start, false);
  }

  // Each fleeing unit's rally test (§ 2.2 Ralliement des troupes en fuite).
  void rally(TurnOf t, const std::vector<UnitId>& units) {
    for (const UnitId u : units) {
      if (!present(u) || !unit(u).fleeing) continue;
      if (const auto r = rally_action(prober_, t, u)) {
        play(*r);
        if (!unit(u).fleeing) rallied_.push_back(u);
      }
    }
  }

  // A `test u <kind>` the engine accepts (one it owes), played; a failed
  // one sends the unit fleeing, at once when `flee_now`.
  void leadership_test(TurnOf t, UnitId u, std::string_view kind, Phase phase, bool flee_now) {
    const auto test = test_action(prober_, t, u, kind, phase);
    if (!test) return;
    play(*test);
    if (unit(u).fleeing) {
      end_broken_combats();
      if (flee_now) flee(t, u, phase);
    }
  }

  void flee(TurnOf t, UnitId u, Phase phase) {
    if (const auto f = flight_action(prober_, t, u, phase)) play(*f);
  }

  // The movement phase in the sheet's order (§ Phase 2 : Mouvement):
  // close-order units charge the nearest enemy they reach, face to face,
  // two times in three; fleeing units rally, then those still fleeing flee;
  // the others advance straight ahead, marching when the engine allows it,
  // skirmishers only until their weapon reaches.
  void movement(TurnOf t) {
    std::vector<UnitId> units;
    for (UnitId u = 0; u < setup().units.size(); ++u)
      if (setup().units[u].side == t.side && unit(u).on_table) units.push_back(u);
    rulesets::simulate::shuffle(choices_, units);
    for (const UnitId u : units)
      if (can_act(u) && setup().units[u].formation == Formation::close_order && pick(3) != 0)
        charge(t, u);
    rally(t, units);
    for (const UnitId u : units)
      if (present(u) && unit(u).fleeing) flee(t, u, Phase::movement);
    for (const UnitId u : units)
      if (can_act(u)) advance(t, u);
  }

  // The charge of `u` at the nearest free enemy ahead of it within its
  // charge move (charge_movements), ending front to front with it.
  bool charge(TurnOf t, UnitId u) {
    const double ahead = setup().units[u].side == 0 ? 1 : -1;
    const auto target = nearest_enemy(
        u, [&](UnitId o) { return free(o) && (unit(o).at.y() - unit(u).at.y()) * ahead > 0; });
    if (!target) return false;
    const UnitId o = target->second;
    const double reach = charge_movements * setup().units[u].profile.movement;
    if (tabletop::length(unit(o).at - unit(u).at) > reach) return false;
    Action c = statement(ActionKind::charge, "charge", t, Phase::movement);
    c.actors = {u};
    c.targets = {o};
    c.to = on_grid(unit(o).at);
    if (!lands_clear(u, o, *c.to) || !prober_.legal(c)) return false;
    play(c);
    respond(t, o, u);
    combats_.emplace_back(u, o);
    // A new combat: its first round comes next, whatever the two fought
    // before (the engine counts the rounds, phases/combat_round.hpp).
    rounds_.erase(std::make_pair(std::min(u, o), std::max(u, o)));
    return true;
  }

  // Whether `u`, its front edge's centre at `to`, touches no unit but its
  // target `o` (the engine does not check where a charge ends).
  bool lands_clear(UnitId u, UnitId o, Point to) {
    const UnitSetup& s = setup().units[u];
    const tabletop::Footprint f(to, unit(u).facing, s.frontage, s.depth);
    for (UnitId other = 0; other < setup().units.size(); ++other) {
      if (other == u || other == o || !unit(other).on_table) continue;
      if (tabletop::distance(f, unit(other).footprint(setup().units[other]),
                             tabletop::Measure::closest_edges) <= 0)
        return false;
    }
    return true;
  }

  // The charged unit holds, or, with a missile weapon, stands and shoots
  // one time in two when the engine accepts it; the charger then saves,
  // and tests panic when the engine owes it.
  void respond(TurnOf t, UnitId target, UnitId charger) {
    if (weapons_.contains(setup().units[target].id) && pick(2) == 0)
      if (const auto shot = stand_and_shoot_action(prober_, t, target, standing(target))) {
        play(*shot);
        save(t, charger, Phase::movement);
        // A quarter lost to the shots owes a panic test (§ Phase 2 :
        // Mouvement step 6); failed, the charger flees in the compulsory
        // moves.
        leadership_test(t, charger, "panic", Phase::movement, false);
        return;
      }
    Action hold = statement(ActionKind::respond, "respond", t, Phase::movement);
    hold.actors = {target};
    hold.detail = "hold";
    play(hold);
  }

  void advance(TurnOf t, UnitId u) {
    const auto goal = nearest_enemy(u, [](UnitId) { return true; });
    if (!goal) return;
    const auto weapon = weapons_.find(setup().units[u].id);
    if (weapon != weapons_.end()) {
      const auto range = rules_.weapon_range(data_word(weapon->second));
      if (range && goal->first < static_cast<double>(*range) - 2) return;
    }
    Action a = statement(ActionKind::move, "move", t, Phase::movement);
    a.actors = {u};
    // Straight ahead: the sheet does not say whether a unit may move
    // obliquely, and the lines face each other.
    const Point to =
        unit(u).at + rulesets::simulate::longest_try * tabletop::direction(unit(u).facing);
    // Shooters do not march: a unit that marched does not shoot.
    if (weapon == weapons_.end() && pick(3) != 0) {
      Action march = a;
      march.detail = "march";
      if (auto m = rulesets::simulate::advance(prober_, march, u, to)) {
        play(*m);
        return;
      }
    }
    if (auto m = rulesets::simulate::advance(prober_, a, u, to)) play(*m);
  }

  static std::string data_word(std::string w) {
    std::replace(w.begin(), w.end(), '-', '_');
    return w;
  }

  void save(TurnOf t, UnitId u, Phase phase) {
    if (const auto a = save_action(prober_, t, u, phase)) play(*a);
  }

  // Every free unit with a missile weapon that did not march shoots, two
  // times in three, at the nearest free enemy its weapon reaches; the
  // target saves. Then each unit the casualties owe a panic test takes it.
  void shooting(TurnOf t) {
    std::vector<UnitId> shooters;
    for (UnitId u = 0; u < setup().units.size(); ++u)
      if (setup().units[u].side == t.side && can_act(u) && !unit(u).marched &&
          weapons_.contains(setup().units[u].id))
        shooters.push_back(u);
    rulesets::simulate::shuffle(choices_, shooters);
    std::vector<UnitId> struck;
    for (const UnitId u : shooters) {
      if (!free(u) || pick(3) == 0) continue;
      const auto target = nearest_enemy(u, [&](UnitId o) { return free(o); });
      if (!target) continue;
      const auto shot =
          shot_action(prober_, t, u, target->second, weapons_.find(setup().units[u].id)->second,
                      target->first, standing(u));
      if (!shot) continue;
      play(*shot);
      save(t, target->second, Phase::shooting);
      struck.push_back(target->second);
    }
    for (const UnitId u : struck)
      if (unit(u).on_table && !unit(u).fleeing && !unit(u).panic_tested)
        leadership_test(t, u, "panic", Phase::shooting, true);
  }

  // Every combat: a round each, the charger striking first in the first
  // round, the higher Initiative after it; each strike's roll to wound and
  // save; the result; the break tests the engine owes; a broken unit flees
  // and its enemy pursues; then the panic tests the broken units owe.
  void combat(TurnOf t) {
    const std::vector<std::pair<UnitId, UnitId>> fights = combats_;
    for (const auto& [a, b] : fights) {
      if (!present(a) || !present(b) || unit(a).fleeing || unit(b).fleeing) continue;
      fight(t, a, b);
    }
    end_broken_combats();
    // § Tests de Panique à la phase de combat: the friends of a unit broken
    // or destroyed nearby test once, when the engine owes it.
    for (UnitId u = 0; u < setup().units.size(); ++u)
      if (present(u) && !unit(u).fleeing && !unit(u).panic_tested)
        leadership_test(t, u, "panic", Phase::combat, true);
  }

  // The attack dice of `u`: a die per Attack of each model of its front
  // rank (a preference: the engine does not count the models in contact).
  std::int64_t attack_dice(UnitId u) {
    const UnitSetup& s = setup().units[u];
    const std::int64_t ranks = std::max<std::int64_t>(1, s.ranks);
    const std::int64_t front = std::min(standing(u), (s.models + ranks - 1) / ranks);
    return front * std::max<std::int32_t>(1, s.profile.attacks);
  }

  void strike(TurnOf t, UnitId striker, UnitId struck) {
    const std::int64_t dice = attack_dice(striker);
    if (dice <= 0) return;
    Action hit = statement(ActionKind::attack, "attack", t, Phase::combat);
    hit.actors = {striker};
    hit.targets = {struck};
    hit.rolls = {roll_of("hit", dice)};
    if (!prober_.legal(hit)) return;
    play(hit);
    const auto& s = prober_.engine().scratch().strike;
    if (!s || s->hits <= 0) return;
    const auto wound = wound_action(prober_, hit, s->hits);
    if (!wound) return;
    play(*wound);
    save(t, struck, Phase::combat);
  }

  void fight(TurnOf t, UnitId a, UnitId b) {
    std::int64_t& fought = rounds_[std::make_pair(std::min(a, b), std::max(a, b))];
    const std::int64_t round = fought + 1;
    Action open = statement(ActionKind::combat, "combat", t, Phase::combat);
    open.actors = {a};
    open.targets = {b};
    open.round = round;
    if (!prober_.legal(open)) return;
    fought = round;
    play(open);
    const bool a_first =
        round == 1 || setup().units[a].profile.initiative >= setup().units[b].profile.initiative;
    const UnitId first = a_first ? a : b, second = a_first ? b : a;
    strike(t, first, second);
    strike(t, second, first);
    const auto result = result_action(prober_, t, a, b);
    if (!result) return;
    play(*result);
    const auto owed = prober_.engine().scratch().owed_break_tests;
    for (const auto& [loser, span] : owed) {
      const auto test = test_action(prober_, t, loser, "break", Phase::combat);
      if (!test) continue;
      play(*test);
      if (!unit(loser).fleeing) continue;
      flee(t, loser, Phase::combat);
      pursue(t, loser == a ? b : a, loser);
    }
  }

  void pursue(TurnOf t, UnitId pursuer, UnitId fled) {
    if (!unit(pursuer).on_table || unit(pursuer).fleeing || !unit(fled).on_table) return;
    if (const auto p = pursuit_action(prober_, t, pursuer, fled)) play(*p);
  }

  Prober prober_;
  const RulesBinding& rules_;
  dice::Rng& choices_;
  std::string& text_;
  const std::map<std::string, std::string, std::less<>>& weapons_;
  std::size_t events_ = 0;
  std::vector<std::pair<UnitId, UnitId>> combats_;            // charger, charged
  std::vector<UnitId> rallied_;                               // rallied this turn
  std::map<std::pair<UnitId, UnitId>, std::int64_t> rounds_;  // rounds fought by each pair
};

}  // namespace

std::optional<SimulatedGame> simulate_game(const RulesBinding& rules,
                                           const SimulateOptions& options,
                                           DiagnosticEngine& diags) {
  dice::Rng choices = rulesets::simulate::choice_rng(options.seed);
  dice::Rng roster_choices = rulesets::simulate::choice_rng(options.seed ^ 1);
  SimulatedRoster roster = wab_roster(rules, roster_choices, options.seed);
  std::optional<Setup> setup = rulesets::simulate::seeded_setup<Setup>(
      roster.text, options.seed, &rulesets::simulate::setup_of_game<&game_from_battle>, diags);
  if (!setup) return std::nullopt;
  return rulesets::simulate::play_seeded<Engine>(
      std::move(*setup), rules, std::move(roster.text), options.seed, diags,
      [&](Engine& engine, SimulatedGame& out) {
        Play play(engine, rules, choices, out.text, roster.weapons);
        for (std::uint32_t turn = 1; turn <= options.turns; ++turn)
          for (std::uint8_t side = 0; side < 2; ++side) play.play_turn({turn, side});
        out.events = play.events();
        out.probes = play.probes();
      });
}

}  // namespace umpire::wab::simulate
