#include "engine/core/replay/dice_source.hpp"

#include <fmt/format.h>

namespace umpire::replay {
namespace {

std::string faces_text(const dice::Roll& roll) {
  std::string out;
  for (const dice::RolledDie& d : roll.dice) {
    if (!out.empty()) out += ',';
    out += std::to_string(d.faces.first);
    if (d.faces.rerolled()) out += fmt::format("r{}", d.faces.second);
  }
  return out;
}

}  // namespace

std::optional<dice::Roll> DiceSource::take(const dice::Expr& wanted, const WrittenRoll* written,
                                           EventChecker& checker, CheckId check,
                                           const LazyText& purpose, const Notes& why) {
  // Written only into a diagnostic: most dice are thrown as asked.
  const auto wanted_text = [&] { return dice::to_string(wanted); };
  if (mode_ == DiceMode::seeded) {
    // Always draw what the rules call for, so the sequence never depends on
    // what the log wrote.
    dice::Roll drawn = dice::draw(wanted, rng_);
    if (written && !(written->expr == wanted)) {
      auto b = checker.violation(
          check, written->span,
          fmt::format("log throws {} for the {}, rules call for {}", dice::to_string(written->expr),
                      purpose.text(), wanted_text()));
      for (const std::string& n : why.lines()) b.note(n);
    } else if (written && written->roll) {
      bool same = written->roll->dice.size() == drawn.dice.size();
      for (std::size_t i = 0; same && i < drawn.dice.size(); ++i)
        same = written->roll->dice[i].faces == drawn.dice[i].faces;
      if (!same) {
        checker
            .violation(checker.core(CoreCheck::dice_seeded_mismatch), written->span,
                       fmt::format("log says {}={} for the {}, the seeded dice give {}={}",
                                   wanted_text(), faces_text(*written->roll), purpose.text(),
                                   wanted_text(), faces_text(drawn)))
            .hint("in a seeded log the engine draws every die (docs/engine.md § Dice)");
        if (checker.mode() == ReplayMode::follow_log) return traced(wanted, written->roll);
      }
    }
    return traced(wanted, drawn);
  }
  if (!written) {
    auto b = checker.violation(checker.core(CoreCheck::dice_missing), checker.event_span(),
                               fmt::format("no dice written for the {}; rules call for {}",
                                           purpose.text(), wanted_text()));
    for (const std::string& n : why.lines()) b.note(n);
    b.hint("a recorded log writes every die thrown, e.g. '{}=...'", wanted_text());
    return std::nullopt;
  }
  if (!(written->expr == wanted)) {
    auto b = checker.violation(
        check, written->span,
        fmt::format("log throws {} for the {}, rules call for {}", dice::to_string(written->expr),
                    purpose.text(), wanted_text()));
    for (const std::string& n : why.lines()) b.note(n);
  }
  return traced(wanted, written->roll);
}

}  // namespace umpire::replay
