#pragma once
// What every engine's from_events.cpp reads the same way out of the event
// stream: how the game throws its dice, and the rolls a statement wrote
// (with their faces when the log recorded them).
#include <vector>

#include "engine/core/replay/dice_source.hpp"

namespace umpire::events {
struct Battle;
class Event;
}  // namespace umpire::events

namespace umpire::rulesets {

// Recorded (every face written) or seeded (the engine draws), as the
// header says.
replay::DiceMode dice_mode(const events::Battle& battle);

// Appends the rolls `e` writes to `out`; a roll whose expression lowering
// refused (and reported) is left out.
void append_written_rolls(const events::Battle& battle, const events::Event& e,
                          std::vector<replay::WrittenRoll>& out);

}  // namespace umpire::rulesets
