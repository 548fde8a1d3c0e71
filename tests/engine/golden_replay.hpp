#pragma once
// Replaying the logs of replays/<ruleset>/ as `umpire check` and `umpire
// replay` do, for the golden tests of every engine (golden_test.cpp) and
// of one (sabreur_golden_test.cpp).
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "engine/core/diagnostic.hpp"
#include "engine/core/source_manager.hpp"
#include "engine/rulesets/ruleset_entry.hpp"
#include "engine/run/run.hpp"

namespace umpire::test {

struct Replayed {
  SourceManager sources;
  DiagnosticEngine diags{0};
  run::RunResult result;
};

std::string read_file(const std::filesystem::path& p);

std::unique_ptr<Replayed> replay_file(const std::filesystem::path& p,
                                      replay::ReplayMode mode = replay::ReplayMode::follow_log,
                                      bool hash_every_event = true);
std::unique_ptr<Replayed> replay_text(const std::string& name, const std::string& text);

// "deployment HASH" then one "N HASH  event" line per event.
std::string hash_lines(const run::RunResult& r);

// replays/<id>/ and replays/<id>/fail/ of the source tree.
std::filesystem::path replays_dir(const rulesets::RulesetEntry& ruleset);
// The recorded games: every log at the top of the ruleset's folder that has
// a golden .hashes file next to it (fail_ logs live in fail/), sorted.
std::vector<std::filesystem::path> recorded_games(const rulesets::RulesetEntry& ruleset);
// Its fail/*.ulog, sorted.
std::vector<std::filesystem::path> fail_logs(const rulesets::RulesetEntry& ruleset);

// The rulesets of the registry that have a replay engine.
std::vector<const rulesets::RulesetEntry*> rulesets_with_engine();

}  // namespace umpire::test
