#pragma once
// A lowered battle as JSON (`umpire parse --dump events --format json`) and as
// one line per event for people.
#include <string>

#include "engine/core/source_manager.hpp"
#include "engine/events/battle.hpp"

namespace umpire::events {

std::string battle_json(const SourceManager& sources, const Battle& battle, int indent = 2);
std::string battle_text(const SourceManager& sources, const Battle& battle);

}  // namespace umpire::events
