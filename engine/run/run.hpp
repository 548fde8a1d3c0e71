#pragma once
// Checking a battle log end to end: parse, lower, choose and pin the rules
// data, audit the fields, load and bind the data, set up and replay the
// game with the engine of the log's ruleset (engine/rulesets/registry.hpp).
// What `umpire check`, `umpire replay`, `umpire simulate`, the verifier's
// witness logs and the tests run.
#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

#include "engine/core/diagnostic.hpp"
#include "engine/core/replay/replay.hpp"
#include "engine/core/source_manager.hpp"
#include "engine/rulesets/ruleset_entry.hpp"
#include "engine/run/rules_cache.hpp"

namespace umpire::events {
struct Battle;
}

namespace umpire::run {

// Told what a run read and replayed (`umpire report`): the battle as
// lowered, then each step of the replay.
class RunObserver : public replay::ReplayObserver {
 public:
  // Before the replay, and for a log whose ruleset has no engine too.
  virtual void lowered(const events::Battle& /*battle*/) {}
};

struct RunOptions {
  replay::ReplayMode mode = replay::ReplayMode::follow_log;
  bool hash_every_event = true;  // replay::ReplayOptions::hash_every_event
  // The rules data (`--rules`); empty: the data the log names on its
  // `data` line, else the data file of its ruleset in the rules data
  // folder. A log's pin holds either way (engine/rules/data_pin.hpp).
  std::filesystem::path rules_file;
  // The rules data folder in use; empty: paths::rulesets_dir().
  std::filesystem::path rulesets_dir;
  // Shared by the logs of one SourceManager; null: each run loads the data.
  RulesCache* rules_cache = nullptr;
  RunObserver* observer = nullptr;                 // null: none
  std::vector<replay::ReadRoll>* rolls = nullptr;  // replay::ReplayOptions::rolls
};

struct RunResult {
  // False when the log could not be replayed: syntax or lowering errors, a
  // ruleset without an engine, rules data that failed to load.
  bool replayed = false;
  bool syntax_errors = false;
  // The rules data could not be used (not found, outside the folders a log
  // may name, another digest than the log's pin, not loadable): an input
  // error, as a syntax error is.
  bool data_errors = false;
  // A field the engine would ignore was written (the engine's field
  // audit): an input error too.
  bool field_errors = false;
  bool input_errors() const { return syntax_errors || data_errors || field_errors; }
  // A log of a ruleset without a replay engine: read and lowered, its
  // events counted, none of it checked.
  bool no_engine = false;
  std::size_t events_not_replayed = 0;
  // The armies checked against the data's army lists (RulesetEntry::muster),
  // with or without a replay: each breach is an error, counted here and,
  // when the log is replayed, among the replay's violations.
  bool mustered = false;
  rulesets::MusterResult muster;
  std::string ruleset;
  // The rules data applied, as the verdict names it: its path, the SHA-256
  // of its bytes, and whether the log pins that digest. Empty when no data
  // was read.
  std::string data_path;
  std::string data_sha256;
  bool data_pinned = false;
  replay::ReplayResult replay;
  std::vector<std::string> events;  // one line per event: "turn 1 french: move f1"
};

RunResult run_log(SourceManager& sources, FileId file, DiagnosticEngine& diags,
                  const RunOptions& options = {});

}  // namespace umpire::run
