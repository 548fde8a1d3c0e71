#pragma once
// A lowered battle as JSON (`umpire parse --dump events --format json`) and as
// one line per event for people.
#include <ostream>
#include <string>

#include "engine/core/source_manager.hpp"
#include "engine/events/battle.hpp"

namespace umpire::events {

std::string battle_json(const SourceManager& sources, const Battle& battle, int indent = 2);
// The same JSON written to `out` one event at a time (a large battle's
// document is never held whole), as nlohmann::json would print it nested
// `depth` levels deep with `indent` spaces a level (-1: on one line); no
// newline after the closing brace.
void write_battle_json(std::ostream& out, const SourceManager& sources, const Battle& battle,
                       int indent = 2, int depth = 0);
std::string battle_text(const SourceManager& sources, const Battle& battle);
// The same, written to `out` as it goes: a large battle's text is never
// held whole.
void write_battle_text(std::ostream& out, const SourceManager& sources, const Battle& battle);

}  // namespace umpire::events
