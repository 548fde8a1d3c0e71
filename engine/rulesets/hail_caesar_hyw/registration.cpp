// The ruleset Hail Caesar: Hundred Years War: its rules data, its muster
// (army-list validation, muster.hpp) and its replay engine, the Hail Caesar
// engine over the HYW data (engine.hpp).
#include "engine/rulesets/hail_caesar_hyw/registration.hpp"

#include "engine/events/battle.hpp"
#include "engine/events/profile_catalogue.hpp"
#include "engine/rulesets/hail_caesar/from_events.hpp"
#include "engine/rulesets/hail_caesar/types.hpp"
#include "engine/rulesets/hail_caesar_hyw/checks.hpp"
#include "engine/rulesets/hail_caesar_hyw/engine.hpp"
#include "engine/rulesets/hail_caesar_hyw/muster.hpp"
#include "engine/rulesets/hail_caesar_hyw/rules_binding.hpp"
#include "engine/rulesets/hail_caesar_hyw/simulate/simulator.hpp"
#include "engine/rulesets/hail_caesar_hyw/unit_profiles.hpp"

namespace umpire::hyw {
namespace {

// A HYW unit names an entry of its army's list, checked against the data
// by the muster (hyw.muster.unit-entry) once the data is loaded: lowering,
// which comes first, takes every name.
class ListEntries final : public events::ProfileCatalogue {
 public:
  bool has_profile(std::string_view) const override { return true; }
  std::vector<std::string> known_profiles() const override { return {}; }
};

struct BoundBinding final : rulesets::BoundRules {
  explicit BoundBinding(std::unique_ptr<Binding> b) : binding(std::move(b)) {}
  std::unique_ptr<Binding> binding;
};

struct GameOfLog final : rulesets::GameSetup {
  GameOfLog(hail_caesar::Game g, std::vector<WrittenProfile> w)
      : game(std::move(g)), written(std::move(w)) {}
  hail_caesar::Game game;
  std::vector<WrittenProfile> written;  // per unit
};

// `umpire simulate --ruleset hail-caesar-hyw` (simulate/simulator.hpp).
class HundredYearsWarSimulator final : public rulesets::Simulator {
 public:
  std::optional<std::string> simulate(const rulesets::BoundRules& rules,
                                      const rulesets::SimulateOptions& options,
                                      DiagnosticEngine& diags) const override {
    const Binding& b = *static_cast<const BoundBinding&>(rules).binding;
    auto game = simulate::simulate_game(b, {options.seed, options.turns}, diags);
    if (!game) return std::nullopt;
    return std::move(game->text);
  }
};

class HundredYearsWarEngine final : public rulesets::RulesetEngine {
 public:
  const events::ProfileCatalogue& profiles() const override { return entries_; }
  bool audit_fields(const log::ast::Log&, replay::NotCheckedLog&,
                    DiagnosticEngine&) const override {
    return true;
  }
  std::unique_ptr<rulesets::BoundRules> bind(const rules::Ruleset& data, DiagnosticEngine& diags,
                                             Span where) const override {
    std::unique_ptr<Binding> b = hyw::bind(data, diags, where);
    if (!b) return nullptr;
    return std::make_unique<BoundBinding>(std::move(b));
  }
  std::unique_ptr<rulesets::GameSetup> set_up(const events::Battle& battle,
                                              DiagnosticEngine& diags) const override {
    // A roster alone (no deployment, no event) is mustered and has nothing
    // to replay: its units need no table nor bases.
    if (battle.deployment.empty() && battle.events().size() == 0) return nullptr;
    // Each unit's profile is read when the engine is made (game_of_battle).
    std::optional<GameOfBattle> g = game_of_battle(battle, diags);
    if (!g) return nullptr;
    return std::make_unique<GameOfLog>(std::move(g->game), std::move(g->written));
  }
  std::unique_ptr<replay::ReplayEngine> engine(rulesets::GameSetup&& game,
                                               const rulesets::BoundRules& rules,
                                               DiagnosticEngine& diags) const override {
    GameOfLog& g = static_cast<GameOfLog&>(game);
    const Binding& b = *static_cast<const BoundBinding&>(rules).binding;
    units_from_profiles(g.game.setup, g.written, b.base.rs());
    return std::make_unique<Engine>(std::move(g.game.setup), std::move(g.game.actions), b, diags);
  }

 private:
  ListEntries entries_;
};

}  // namespace
}  // namespace umpire::hyw

namespace umpire::rulesets {

const RulesetEntry& hail_caesar_hyw_registration() {
  static const hyw::HundredYearsWarEngine engine;
  static const hyw::HundredYearsWarSimulator simulator;
  static const RulesetEntry entry{.id = "hail-caesar-hyw",
                                  .display_name = "Hail Caesar: Hundred Years War",
                                  .data_file = "hail-caesar-hyw.rules",
                                  .checks = &hyw::ruleset_check_table(),
                                  .checks_markdown = &hyw::checks_markdown,
                                  .engine = &engine,
                                  .simulator = &simulator,
                                  .muster = &hyw::muster()};
  return entry;
}

}  // namespace umpire::rulesets
