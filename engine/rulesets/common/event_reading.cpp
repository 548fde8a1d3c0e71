#include "engine/rulesets/common/event_reading.hpp"

#include <string>

#include "engine/events/battle.hpp"

namespace umpire::rulesets {

replay::DiceMode dice_mode(const events::Battle& battle) {
  return battle.header.dice == events::DiceMode::seeded ? replay::DiceMode::seeded
                                                        : replay::DiceMode::recorded;
}

void append_written_rolls(const events::Battle& battle, const events::Event& e,
                          std::vector<replay::WrittenRoll>& out) {
  for (const events::DiceRoll& r : e.dice()) {
    auto expr = battle.expr(r);
    if (!expr) continue;  // lowering reported it
    out.push_back({r.span, std::string(battle.text(r.label)), *expr,
                   r.checked ? battle.roll(r) : std::nullopt});
  }
}

}  // namespace umpire::rulesets
