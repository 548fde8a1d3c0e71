#include "engine/core/replay/replay.hpp"

#include <fmt/format.h>

#include "engine/core/replay/diagnostics.hpp"

namespace umpire::replay {

std::string hash_text(std::uint64_t hash) {
  return fmt::format("0x{:016x}", hash);
}

ReplayResult run_replay(ReplayEngine& engine, const ReplayOptions& options,
                        DiagnosticEngine& diags) {
  ReplayResult result;
  NotCheckedLog unchecked;
  result.initial_hash = engine.state_hash();
  result.events.reserve(engine.event_count());
  if (options.observer) options.observer->deployed(engine);
  for (std::size_t i = 0; i < engine.event_count(); ++i) {
    EventChecker checker(diags, engine.checks(), unchecked, options.mode, engine.event_span(i),
                         engine.event_agreed(i), engine.agreed_note(i));
    checker.keep_rolls(options.rolls);
    engine.apply(i, checker);
    std::optional<std::uint64_t> hash;
    if (options.hash_every_event) hash = engine.state_hash();
    result.events.push_back({i, engine.event_span(i), hash, checker.violations()});
    if (options.observer) options.observer->applied(i, engine);
    result.violations += checker.violations();
    result.agreed += checker.agreed_breaches();
    if (options.mode == ReplayMode::stop_at_first && checker.violations() > 0) {
      result.stopped = true;
      diags
          .report(replay::Diag::stopped, engine.event_span(i),
                  "replay stopped at the first violation")
          .hint("run without '--mode stop' to check the rest of the game");
      break;
    }
  }
  // The state the replay ends on: the end-of-game checks below report, they
  // do not change it.
  result.final_hash = result.events.empty()      ? result.initial_hash
                      : options.hash_every_event ? *result.events.back().hash
                                                 : engine.state_hash();
  if (!result.stopped) {
    EventChecker checker(diags, engine.checks(), unchecked, options.mode, {}, false, {});
    engine.finish(checker);
    result.violations += checker.violations();
  }
  unchecked.report(diags);
  result.not_checked = unchecked.total();
  result.not_checked_aspects = unchecked.aspects();
  return result;
}

}  // namespace umpire::replay
