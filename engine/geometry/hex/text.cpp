// Written forms of hexes, facings, directions and zones.
#include "engine/geometry/hex/text.hpp"

#include <array>
#include <charconv>
#include <cstddef>

namespace umpire::hex {
namespace {

constexpr std::array<std::string_view, 6> kFacingNames{"n", "ne", "se", "s", "sw", "nw"};
constexpr std::array<std::string_view, 6> kFacingLongNames{"north", "north-east", "south-east",
                                                           "south", "south-west", "north-west"};
constexpr std::array<std::string_view, 6> kFacingJoinedNames{"north", "northeast", "southeast",
                                                             "south", "southwest", "northwest"};
constexpr std::array<std::string_view, 6> kDirectionNames{"ne", "e", "se", "sw", "w", "nw"};
constexpr std::array<std::string_view, 5> kZoneNames{"own", "front", "right flank", "rear",
                                                     "left flank"};

bool equal_ascii_nocase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    char x = a[i];
    if (x >= 'A' && x <= 'Z') x = static_cast<char>(x - 'A' + 'a');
    if (x != b[i]) return false;
  }
  return true;
}

// An optionally signed decimal integer filling the whole of `text`.
std::optional<int> parse_int(std::string_view text) {
  if (text.empty()) return std::nullopt;
  int value = 0;
  const char* first = text.data();
  const char* last = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(first, last, value);
  if (ec != std::errc() || ptr != last) return std::nullopt;
  if (value > kMaxCoordinate || value < -kMaxCoordinate) return std::nullopt;
  return value;
}

}  // namespace

std::string to_string(OffsetCoord c) {
  return std::to_string(c.column) + "," + std::to_string(c.row);
}

std::string to_string(Hex h) {
  return to_string(to_offset(h));
}

std::optional<OffsetCoord> parse_offset(std::string_view text) {
  const std::size_t comma = text.find(',');
  if (comma == std::string_view::npos) return std::nullopt;
  const std::optional<int> column = parse_int(text.substr(0, comma));
  const std::optional<int> row = parse_int(text.substr(comma + 1));
  if (!column || !row) return std::nullopt;
  const OffsetCoord c{*column, *row};
  if (!in_coordinate_range(from_offset(c))) return std::nullopt;
  return c;
}

std::string_view name(Facing f) {
  return kFacingNames[static_cast<std::size_t>(index(f))];
}

std::string_view name(Direction d) {
  return kDirectionNames[static_cast<std::size_t>(index(d))];
}

std::string_view name(Zone z) {
  return kZoneNames[static_cast<std::size_t>(z)];
}

std::optional<Facing> parse_facing(std::string_view text) {
  for (Facing f : kFacings) {
    const auto i = static_cast<std::size_t>(index(f));
    if (equal_ascii_nocase(text, kFacingNames[i]) ||
        equal_ascii_nocase(text, kFacingLongNames[i]) ||
        equal_ascii_nocase(text, kFacingJoinedNames[i]))
      return f;
  }
  return std::nullopt;
}

std::optional<Facing> facing_from_bearing(long long degrees) {
  const long long turn = ((degrees % 360) + 360) % 360;
  if (turn % 60 != 0) return std::nullopt;
  return facing_from_index(static_cast<int>(turn / 60));
}

}  // namespace umpire::hex
