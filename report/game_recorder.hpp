#pragma once
// What `umpire report` draws, gathered while a log is checked: the
// battlefield and the rosters as lowered, the board after deployment and
// after every event (the engine's picture of its units, or the positions
// the log writes when the ruleset has no engine), and what each event
// names as actor and target. It holds plain JSON, so the page it becomes
// (html_page.hpp) knows nothing of engines or events.
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/diagnostic.hpp"
#include "engine/core/replay/roll_reading.hpp"
#include "engine/core/replay/unit_view.hpp"
#include "engine/core/source_manager.hpp"
#include "engine/run/run.hpp"

namespace umpire::reports {

class GameRecorder final : public run::RunObserver {
 public:
  GameRecorder(const SourceManager& sources, FileId file) : sources_(sources), file_(file) {}

  // What run::RunOptions::rolls points to: the rolls the engine read, for
  // the luck report.
  std::vector<replay::ReadRoll>* rolls() { return &rolls_; }

  void lowered(const events::Battle& battle) override;
  void deployed(const replay::ReplayEngine& engine) override;
  void applied(std::size_t index, const replay::ReplayEngine& engine) override;

  // The page's data, once the run is over: `result` its verdict, `diags`
  // the diagnostics it reported (each pinned to the event it follows).
  nlohmann::json finish(const run::RunResult& result, const DiagnosticEngine& diags,
                        std::string_view ruleset_name);

 private:
  // An event of the log as the page shows it.
  struct LogEvent {
    std::uint32_t begin = 0;  // offset of its statement
    std::uint32_t line = 0;
    std::string text;                            // "turn 2 gauls: charge r1 w1"
    std::string kind;                            // the statement: move, charge, shoot...
    std::vector<std::uint32_t> actors, targets;  // units (roster indices)
    std::vector<replay::UnitView> log_units;     // units the statement moves, as written
  };
  struct Frame {
    std::uint32_t begin = 0;
    std::uint32_t line = 0;
    std::string text;
    std::string kind;
    std::vector<std::uint32_t> actors, targets;
    std::vector<replay::UnitView> changed;  // units whose picture changed
  };
  void add_frame(std::uint32_t begin, std::uint32_t line, std::string text, std::string kind,
                 std::vector<std::uint32_t> actors, std::vector<std::uint32_t> targets,
                 const std::vector<replay::UnitView>& now);
  const LogEvent* log_event_at(std::uint32_t begin) const;
  std::size_t frame_at(std::uint32_t begin) const;  // frames_ holds the deployment

  const SourceManager& sources_;
  FileId file_;
  nlohmann::json battle_;  // sides, battlefield, units
  std::vector<LogEvent> log_events_;
  std::vector<replay::UnitView> deployment_;  // as the log writes it
  std::vector<replay::UnitView> board_;       // the last frame's picture
  std::vector<Frame> frames_;
  bool engine_draws_ = false;
  std::vector<replay::ReadRoll> rolls_;
};

}  // namespace umpire::reports
