#pragma once
// The replay driver, shared by every ruleset: it hands a ruleset engine one
// event at a time, collects what the engine found, and hashes the engine's
// canonical state after every event, or only after the last one when the
// caller needs no other (docs/engine-internals.md § State hash).
//
// A ruleset engine owns its state and its typed events; the driver knows
// only how many events there are, where each is written, and how to hash.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/diagnostic.hpp"
#include "engine/core/replay/check_table.hpp"
#include "engine/core/replay/checker.hpp"
#include "engine/core/replay/state_hash.hpp"
#include "engine/core/replay/unit_view.hpp"

namespace umpire::replay {

class ReplayEngine {
 public:
  virtual ~ReplayEngine() = default;
  virtual std::size_t event_count() const = 0;
  virtual Span event_span(std::size_t index) const = 0;
  // One line: "turn 1 french actions: move f1".
  virtual std::string describe_event(std::size_t index) const = 0;
  virtual bool event_agreed(std::size_t index) const = 0;
  virtual std::string_view agreed_note(std::size_t index) const = 0;
  // Applies event `index` to the state, reporting through `checker`. Events
  // come in order, each once.
  virtual void apply(std::size_t index, EventChecker& checker) = 0;
  // Called once after the last event applied (end-of-game checks).
  virtual void finish(EventChecker& checker) = 0;
  // The whole state, in the canonical layout the engine documents.
  virtual void write_state(StateWriter& out) const = 0;
  // The state hash the engine documents after each event. By default the
  // hash64 of write_state()'s bytes; an engine may define it over a
  // digest it keeps up to date instead (Sabreur-hex: per-unit records).
  virtual std::uint64_t state_hash() const {
    StateWriter w(StateWriter::Mode::hash_only);
    write_state(w);
    return w.hash();
  }
  virtual const CheckTable& checks() const = 0;
  // The units as a picture of the board shows them now (`umpire report`),
  // appended to `out`; an engine that draws none leaves it empty.
  virtual void view_units(std::vector<UnitView>& /*out*/) const {}
};

// Told of each step of a replay, to look at the engine between events
// (`umpire report` draws the board after each).
class ReplayObserver {
 public:
  virtual ~ReplayObserver() = default;
  // After deployment, before the first event.
  virtual void deployed(const ReplayEngine& /*engine*/) {}
  virtual void applied(std::size_t /*index*/, const ReplayEngine& /*engine*/) {}
};

struct ReplayOptions {
  ReplayMode mode = ReplayMode::follow_log;
  // The state hash after every event (`umpire replay --hashes`, the golden
  // sequences). A verdict reports the final state only (`umpire check`), and
  // hashing the other states would be a tenth of its replay.
  bool hash_every_event = true;
  ReplayObserver* observer = nullptr;  // null: none
  // The rolls the engine read and how (the luck report); null: not kept.
  std::vector<ReadRoll>* rolls = nullptr;
};

struct EventRecord {
  std::size_t index = 0;
  Span span;
  std::optional<std::uint64_t> hash;  // after the event, with hash_every_event
  std::size_t violations = 0;
};

struct ReplayResult {
  std::uint64_t initial_hash = 0;   // after deployment, before the first event
  std::uint64_t final_hash = 0;     // after the last event applied (initial_hash: none)
  std::vector<EventRecord> events;  // one per event applied
  std::size_t violations = 0;
  std::size_t agreed = 0;
  std::size_t not_checked = 0;          // occurrences
  std::size_t not_checked_aspects = 0;  // distinct aspects (one diagnostic each)
  bool stopped = false;                 // stop_at_first ended the replay early
};

ReplayResult run_replay(ReplayEngine& engine, const ReplayOptions& options,
                        DiagnosticEngine& diags);

}  // namespace umpire::replay
