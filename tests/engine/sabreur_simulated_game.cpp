#include "tests/engine/sabreur_simulated_game.hpp"

#include "engine/core/diagnostic_render.hpp"
#include "engine/events/lower.hpp"
#include "engine/rulesets/sabreur_hex/from_events.hpp"
#include "engine/rulesets/sabreur_hex/simulate/simulator.hpp"
#include "grammar/log/parser.hpp"
#include "tests/engine/sabreur_fixture.hpp"

namespace umpire::sabreur::testing {

std::string simulated_log(std::uint64_t seed, std::uint32_t turns) {
  DiagnosticEngine diags(0);
  simulate::SimulateOptions o;
  o.seed = seed;
  o.turns = turns;
  auto game = simulate::simulate_game(binding(), o, diags);
  return game ? game->text : std::string();
}

CheckedLog check_log(const std::string& text,
                     const std::function<void(std::size_t, const Engine&)>& after_event) {
  CheckedLog out;
  SourceManager sources;
  DiagnosticEngine diags(0);
  const FileId file = sources.add("simulated.ulog", text);
  const auto finish = [&] {
    out.errors = diags.count(Severity::error);
    out.messages = render_text(sources, diags);
    return out;
  };
  const log::ast::Log ast = log::parse_log(sources, file, diags);
  if (diags.has_errors()) return finish();
  events::Battle battle = events::lower(ast, {}, diags);
  if (diags.has_errors()) return finish();
  auto game = game_from_battle(battle, diags);
  if (!game || diags.has_errors()) return finish();
  Engine engine(std::move(game->setup), std::move(game->actions), binding(), diags);
  replay::NotCheckedLog unchecked;
  out.initial_hash = engine.state_hash();
  if (after_event) after_event(SIZE_MAX, engine);
  for (std::size_t i = 0; i < engine.event_count(); ++i) {
    replay::EventChecker checker(diags, engine.checks(), unchecked, replay::ReplayMode::follow_log,
                                 engine.event_span(i), false, {});
    engine.apply(i, checker);
    out.violations += checker.violations();
    out.hashes.push_back(engine.state_hash());
    if (after_event) after_event(i, engine);
  }
  replay::EventChecker last(diags, engine.checks(), unchecked, replay::ReplayMode::follow_log, {},
                            false, {});
  engine.finish(last);
  out.violations += last.violations();
  out.not_checked = unchecked.total();
  out.replayed = true;
  return finish();
}

}  // namespace umpire::sabreur::testing
