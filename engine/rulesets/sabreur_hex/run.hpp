#pragma once
// Checking a battle log end to end: parse, lower, set up, replay with the
// Sabreur-hex engine. What `umpire check` and `umpire replay` run, and what
// the tests run.
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "engine/core/diagnostic.hpp"
#include "engine/core/replay/replay.hpp"
#include "engine/core/source_manager.hpp"

namespace umpire::sabreur {

struct RunOptions {
  replay::ReplayMode mode = replay::ReplayMode::follow_log;
  // The rules data; empty: corpus/rulesets/sabreur-hex.rules of the source tree.
  std::filesystem::path rules_file;
};

struct RunResult {
  // False when the log could not be replayed: syntax or lowering errors, a
  // ruleset without an engine, rules data that failed to load.
  bool replayed = false;
  bool syntax_errors = false;
  std::string ruleset;
  replay::ReplayResult replay;
  std::vector<std::string> events;  // one line per event: "turn 1 french: move f1"
};

RunResult run_log(SourceManager& sources, FileId file, DiagnosticEngine& diags,
                  const RunOptions& options = {});

}  // namespace umpire::sabreur
