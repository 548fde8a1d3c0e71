#pragma once
// The glue between the registry's hooks (engine/rulesets/ruleset_entry.hpp)
// and one engine's own types, the same for every engine: its rules binding
// and its game held behind the neutral interfaces, the unit words a log may
// write as profiles, and the binding, set-up and engine hooks (with the
// profile and field-audit hooks of an engine that checks whole statements).
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/events/profile_catalogue.hpp"
#include "engine/rulesets/ruleset_entry.hpp"

namespace umpire::rulesets {

// An engine's binding of the rules data, held for the pipeline's cache.
template <typename Binding>
struct BoundAs final : BoundRules {
  explicit BoundAs(Binding b) : binding(std::move(b)) {}
  Binding binding;
};

template <typename Binding>
const Binding& binding_of(const BoundRules& rules) {
  return static_cast<const BoundAs<Binding>&>(rules).binding;
}

// `umpire simulate` for an engine whose simulator is `simulate_game(binding,
// options, diags)`, giving a game with its log's `text`
// (common/simulate/game.hpp) or nullopt with an error in `diags`.
template <typename Binding, auto simulate_game>
class GameSimulator final : public Simulator {
 public:
  std::optional<std::string> simulate(const BoundRules& rules, const SimulateOptions& options,
                                      DiagnosticEngine& diags) const override {
    auto game = simulate_game(binding_of<Binding>(rules), options, diags);
    if (!game) return std::nullopt;
    return std::move(game->text);
  }
};

// An engine's game of one log, set up and not yet replayed.
template <typename Game>
struct SetUpAs final : GameSetup {
  explicit SetUpAs(Game g) : game(std::move(g)) {}
  Game game;
};

// The profiles a log may name: the words `parse` knows (an engine's
// parse_unit_type), listed as `names` in hints.
template <auto parse, auto names>
class WordProfiles final : public events::ProfileCatalogue {
 public:
  bool has_profile(std::string_view id) const override { return parse(id).has_value(); }
  std::vector<std::string> known_profiles() const override {
    const auto words = names();
    return {words.begin(), words.end()};
  }
};

// The hooks of an engine whose types are `Binding` (with a static
// `bind(data, diags, where)`), `Game` (with `setup` and `actions`, made by
// `game_from_battle`) and `Engine` (built from them); profiles() and
// audit_fields() stay the engine's own.
template <typename Binding, typename Game, typename Engine, auto game_from_battle>
class TypedRulesetEngine : public RulesetEngine {
 public:
  std::unique_ptr<BoundRules> bind(const rules::Ruleset& data, DiagnosticEngine& diags,
                                   Span where) const override {
    std::optional<Binding> binding = Binding::bind(data, diags, where);
    if (!binding) return nullptr;
    return std::make_unique<BoundAs<Binding>>(std::move(*binding));
  }
  std::unique_ptr<GameSetup> set_up(const events::Battle& battle,
                                    DiagnosticEngine& diags) const override {
    std::optional<Game> game = game_from_battle(battle, diags);
    if (!game) return nullptr;
    return std::make_unique<SetUpAs<Game>>(std::move(*game));
  }
  std::unique_ptr<replay::ReplayEngine> engine(GameSetup&& game, const BoundRules& rules,
                                               DiagnosticEngine& diags) const override {
    Game& g = static_cast<SetUpAs<Game>&>(game).game;
    return std::make_unique<Engine>(std::move(g.setup), std::move(g.actions),
                                    binding_of<Binding>(rules), diags);
  }
};

// The hooks of an engine that checks each statement as a whole or reports
// it `not checked` (phases/following.cpp), so that no field of the log is
// audited apart, and whose profiles are the words of `Profiles` (a
// WordProfiles): Hail Caesar's and WAB's.
template <typename Binding, typename Game, typename Engine, auto game_from_battle,
          typename Profiles>
class WholeStatementEngine final
    : public TypedRulesetEngine<Binding, Game, Engine, game_from_battle> {
 public:
  const events::ProfileCatalogue& profiles() const override { return profiles_; }
  bool audit_fields(const log::ast::Log&, replay::NotCheckedLog&,
                    DiagnosticEngine&) const override {
    return true;
  }

 private:
  Profiles profiles_;
};

}  // namespace umpire::rulesets
