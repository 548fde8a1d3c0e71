#pragma once
// What a ruleset engine reports while it applies one event: violations of
// named checks (with the rule cited and the breakdown as notes), stated
// outcomes compared with the recomputed ones, and the aspects it does not
// enforce yet. The mode decides which value the engine goes on with when
// the log and the rules disagree (DESIGN.md § Decisions 4).
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/diagnostic.hpp"
#include "engine/core/replay/check_table.hpp"
#include "engine/core/replay/notes.hpp"
#include "engine/core/replay/roll_reading.hpp"

namespace umpire::replay {

enum class ReplayMode : std::uint8_t {
  follow_log,     // report, then go on with the game as the log played it (default)
  stop_at_first,  // report the first violation and stop
  follow_rules,   // report, then go on with what the rules give
};
std::string_view to_string(ReplayMode mode);

// Aspects not enforced, counted over a whole replay and reported once each
// (`replay.not-checked`) at their first occurrence.
class NotCheckedLog {
 public:
  void add(std::string_view aspect, Span span);
  std::size_t total() const { return total_; }
  std::size_t aspects() const { return entries_.size(); }
  void report(DiagnosticEngine& diags) const;

 private:
  struct Entry {
    Span first;
    std::size_t count = 0;
    std::size_t order = 0;
  };
  std::map<std::string, Entry, std::less<>> entries_;
  std::size_t total_ = 0;
};

// Thrown at the first violation by the checker of a trial
// (EventChecker::refuse_at_first), unless deferred
// (EventChecker::DeferRefusal): a trial asks only whether an action is
// allowed, so the rest of the event and the message would be work thrown
// away. The engine's state is then half changed; whoever runs the trial
// restores it.
struct Refused {};

// A recomputed outcome, as the engine computed it (simulation: a simulated
// log states what the rules give).
struct TracedOutcome {
  CheckId check;
  std::int64_t value = 0;
};

class EventChecker {
 public:
  EventChecker(DiagnosticEngine& diags, const CheckTable& checks, NotCheckedLog& unchecked,
               ReplayMode mode, Span event_span, bool agreed, std::string_view agreed_note)
      : diags_(diags),
        checks_(checks),
        unchecked_(unchecked),
        mode_(mode),
        event_span_(event_span),
        agreed_(agreed),
        agreed_note_(agreed_note) {}

  ReplayMode mode() const { return mode_; }
  // A trial: the first violation (or problem) throws Refused instead of
  // being written; with `unchecked` too, so does the first aspect not
  // checked (a trial that asks whether the action is clean).
  void refuse_at_first(bool unchecked = false) {
    refuse_ = true;
    refuse_unchecked_ = unchecked;
  }
  Span event_span() const { return event_span_; }

  // Whether a breach now would refuse the trial: its message need not be
  // made.
  bool refusing() const { return refuse_ && !agreed_; }
  // While a DeferRefusal lives, a trial's breach marks it refused() instead
  // of throwing, and the event goes on as a replay would after a breach; the
  // procedure returns where it sees refused() (an attack after its
  // declaration) and whoever runs the trial asks refused(). Unwinding a
  // refused trial cost tens of thousands of instructions, more than the
  // rest of the trial.
  class DeferRefusal {
   public:
    explicit DeferRefusal(EventChecker& checker) : checker_(checker), outer_(checker.defer_) {
      checker.defer_ = true;
    }
    ~DeferRefusal() { checker_.defer_ = outer_; }
    DeferRefusal(const DeferRefusal&) = delete;
    DeferRefusal& operator=(const DeferRefusal&) = delete;

   private:
    EventChecker& checker_;
    bool outer_;
  };
  bool refused() const { return refused_; }

  // A broken rule, reported at the check's severity with its citation;
  // under an agreed ruling the diagnostic is a warning `replay.agreed`
  // instead, with the check id and the players' note in notes.
  DiagnosticBuilder violation(CheckId check, Span span, std::string message);

  // A failure of the engine or of the rules data rather than of the game
  // (an item missing, an evaluation that failed): an error, counted as a
  // violation so that the verdict never passes over it.
  DiagnosticBuilder problem(std::string_view id, Span span, std::string message);

  // Compares what the log states with what the rules give. Reports
  // "log says 3 losses, rules give 2" under `check` when they differ and
  // returns the value the replay goes on with (the stated one when following
  // the log, the computed one otherwise). `notes` is the breakdown.
  std::int64_t outcome(CheckId check, Span span, std::string_view what,
                       std::optional<std::int64_t> stated, std::int64_t computed,
                       const Notes& notes = {});
  bool outcome(CheckId check, Span span, std::string_view what, std::optional<bool> stated,
               bool computed, std::string_view yes, std::string_view no, const Notes& notes = {});

  // An aspect of this event the engine does not enforce yet.
  void not_checked(std::string_view aspect, Span span = {});

  // Information for the verdict that judges nothing (a note diagnostic:
  // text, JSON and SARIF), e.g. the victory points at the end of a game.
  DiagnosticBuilder info(std::string_view id, Span span, std::string message);

  std::size_t violations() const { return violations_; }
  std::size_t agreed_breaches() const { return agreed_breaches_; }
  // Whether this event already reported a breach of `check`: a breach
  // that several permissions of the rules data forbid is written once.
  bool reported(CheckId check) const;

  // A check the replay core reports itself, with the ruleset's citation.
  CheckId core(CoreCheck check) const { return checks_.core(check); }

  // Simulation: every outcome computed is also appended to `out` (null: none).
  void trace_outcomes(std::vector<TracedOutcome>* out) { outcomes_ = out; }

  // How the rules read a roll the engine took (the luck report), made by
  // `reading()` (a RollReading) only when the replay keeps them
  // (keep_rolls): a replay that does not pays for a test of a pointer.
  template <typename MakeReading>
  void read_roll(const dice::Expr& expr, const dice::Roll& roll, MakeReading&& reading) {
    if (rolls_) rolls_->push_back({event_span_, expr, roll, reading()});
  }
  void keep_rolls(std::vector<ReadRoll>* out) { rolls_ = out; }
  bool keeping_rolls() const { return rolls_ != nullptr; }

 private:
  DiagnosticEngine& diags_;
  const CheckTable& checks_;
  NotCheckedLog& unchecked_;
  ReplayMode mode_;
  Span event_span_;
  bool agreed_;
  std::string_view agreed_note_;
  bool refuse_ = false;
  bool refuse_unchecked_ = false;
  bool defer_ = false;    // DeferRefusal
  bool refused_ = false;  // a breach deferred
  // A trial's breach: thrown, or marked while deferred (a builder that
  // writes nothing).
  DiagnosticBuilder refuse();
  std::size_t violations_ = 0;
  std::size_t agreed_breaches_ = 0;
  std::vector<CheckId> reported_;  // this event's breaches
  std::vector<TracedOutcome>* outcomes_ = nullptr;
  std::vector<ReadRoll>* rolls_ = nullptr;
};

}  // namespace umpire::replay
