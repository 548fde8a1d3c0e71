#pragma once
// Names and written forms: `5,7` for a hex, `ne` for a facing. The battle-log
// grammar parses the text; these are the canonical spellings it maps to and
// from, and the strict readers tools and tests use.
#include <optional>
#include <string>
#include <string_view>

#include "engine/geometry/hex/facing.hpp"
#include "engine/geometry/hex/hex.hpp"
#include "engine/geometry/hex/offset.hpp"
#include "engine/geometry/hex/zone.hpp"

namespace umpire::hex {

// "column,row", e.g. "5,7".
std::string to_string(OffsetCoord c);
std::string to_string(Hex h);  // as its OffsetCoord

// Exactly `[-]digits,[-]digits`, no blanks; nullopt otherwise, or when the
// hex lies beyond kMaxCoordinate (so every parsed hex is safe for sight).
std::optional<OffsetCoord> parse_offset(std::string_view text);

// "n", "ne", "se", "s", "sw", "nw".
std::string_view name(Facing f);
// "ne", "e", "se", "sw", "w", "nw".
std::string_view name(Direction d);
// "own", "front", "right flank", "rear", "left flank".
std::string_view name(Zone z);

// A facing by name, ASCII case-insensitive: the short names above or
// "north", "north-east" / "northeast", ... .
std::optional<Facing> parse_facing(std::string_view text);

// A facing from a compass bearing in degrees (0 = north, clockwise). Only
// multiples of 60 name a vertex; others (e.g. 90, which faces a hex side)
// give nullopt. Any multiple of 360 may be added.
std::optional<Facing> facing_from_bearing(long long degrees);

}  // namespace umpire::hex
