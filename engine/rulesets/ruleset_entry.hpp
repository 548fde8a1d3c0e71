#pragma once
// What the registry (registry.hpp) knows of one ruleset: its rules data,
// the checks its engine enforces, and the hooks through which the neutral
// pipeline (engine/run/run.hpp), `umpire simulate` and the verifier's
// witness logs reach its engine. A ruleset without an engine yet has only its id and data:
// its logs are read and lowered, none of their events checked, and its
// armies mustered when it has a muster (Muster below).
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "engine/core/diagnostic.hpp"
#include "engine/core/replay/check_table.hpp"
#include "engine/core/replay/checker.hpp"
#include "engine/core/replay/replay.hpp"
#include "engine/rulesets/witness_writer.hpp"

namespace umpire::events {
class ProfileCatalogue;
struct Battle;
}  // namespace umpire::events
namespace umpire::log::ast {
struct Log;
}
namespace umpire::rules {
struct Ruleset;
}

namespace umpire::rulesets {

// The rules data as one engine binds it (its items resolved by name). The
// pipeline's rules cache keeps it beside the rules::Ruleset it points into.
class BoundRules {
 public:
  virtual ~BoundRules() = default;
};

// The game of one log as an engine set it up from the lowered battle,
// before it is replayed.
class GameSetup {
 public:
  virtual ~GameSetup() = default;
};

// The steps of a replay that belong to one ruleset; the pipeline does the
// rest (parse, lower, data file and pin, rules loading and caching).
class RulesetEngine {
 public:
  virtual ~RulesetEngine() = default;
  // The unit profiles a log of this ruleset may name, checked by lowering.
  virtual const events::ProfileCatalogue& profiles() const = 0;
  // Reports each field of the log the engine would ignore, and counts each
  // field it does not check in `unchecked`; false when a field was refused
  // (the log is then not replayed).
  virtual bool audit_fields(const log::ast::Log& log, replay::NotCheckedLog& unchecked,
                            DiagnosticEngine& diags) const = 0;
  // `data`, loaded, bound for the engine; null (reported at `where`) when
  // the data lacks what the engine asks of it.
  virtual std::unique_ptr<BoundRules> bind(const rules::Ruleset& data, DiagnosticEngine& diags,
                                           Span where) const = 0;
  // The game of `battle`; null (reported) when it cannot be set up.
  virtual std::unique_ptr<GameSetup> set_up(const events::Battle& battle,
                                            DiagnosticEngine& diags) const = 0;
  // The engine replaying `game` under `rules`; both it and `diags` outlive it.
  virtual std::unique_ptr<replay::ReplayEngine> engine(GameSetup&& game, const BoundRules& rules,
                                                       DiagnosticEngine& diags) const = 0;
};

// What a muster found.
struct MusterResult {
  std::size_t armies = 0;    // armies checked against their list
  std::size_t breaches = 0;  // errors reported, each under a check of the ruleset's table
};

// Army-list validation at muster: the armies of a lowered battle against the
// army lists of the rules data, before any replay and whether or not the
// ruleset has a replay engine. Each breach is an error under a check of the
// ruleset's table (RulesetEntry::checks), at the roster line that breaks the
// list (the army, division, general or unit line), with the written and the
// required values.
class Muster {
 public:
  virtual ~Muster() = default;
  virtual MusterResult check(const events::Battle& battle, const rules::Ruleset& data,
                             DiagnosticEngine& diags) const = 0;
};

struct SimulateOptions {
  std::uint64_t seed = 1;
  std::uint32_t turns = 6;  // turns of each side
};

// `umpire simulate`: a battle log of random legal play.
class Simulator {
 public:
  virtual ~Simulator() = default;
  // The log's text; nullopt, with an error in `diags`, when the engine
  // refused the simulated game (an engine or data problem, never the seed's).
  virtual std::optional<std::string> simulate(const BoundRules& rules,
                                              const SimulateOptions& options,
                                              DiagnosticEngine& diags) const = 0;
};

struct RulesetEntry {
  std::string_view id;            // as a log's `ruleset` line writes it: `sabreur-hex`
  std::string_view display_name;  // as a sentence writes it: `Sabreur-hex`
  std::string_view data_file;     // in the rules data folder: `sabreur-hex.rules`
  // The rest is null for a ruleset without an engine yet; `checks`,
  // `checks_markdown` and `muster` may come without an engine.
  const replay::CheckTable* checks = nullptr;
  // Its section of docs/checks.md (`umpire check --list-checks`).
  std::string (*checks_markdown)() = nullptr;
  const RulesetEngine* engine = nullptr;
  const Simulator* simulator = nullptr;
  // Writes a verifier's witness as a log of this ruleset; null: findings
  // of this ruleset get no log.
  const WitnessWriter* witness_writer = nullptr;
  // Checks the armies against the data's army lists; null: not mustered.
  const Muster* muster = nullptr;
};

}  // namespace umpire::rulesets
