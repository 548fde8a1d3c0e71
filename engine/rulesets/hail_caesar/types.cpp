#include "engine/rulesets/hail_caesar/types.hpp"

#include <array>

#include "engine/core/replay/written_rolls.hpp"
#include "engine/rulesets/common/word_table.hpp"

namespace umpire::hail_caesar {
namespace {

constexpr std::array<std::string_view, 20> kUnitTypes{
    "infantry",        "light_infantry",   "heavy_infantry",   "skirmishers",      "cavalry",
    "light_cavalry",   "horse_archers",    "cataphracts",      "elephants",        "camels",
    "light_chariots",  "heavy_chariots",   "scythed_chariots", "wagons",           "civilians",
    "light_artillery", "medium_artillery", "heavy_artillery",  "mobile_artillery", "commander"};
constexpr std::array<std::string_view, 6> kFormations{"close_order", "open_order", "column",
                                                      "square",      "wedge",      "testudo"};
constexpr std::array<std::string_view, 6> kTerrains{"open_ground", "wood",     "rough_ground",
                                                    "obstacle",    "building", "fortification"};

}  // namespace

std::span<const std::string_view> unit_type_names() {
  return kUnitTypes;
}
std::span<const std::string_view> formation_names() {
  return kFormations;
}
std::span<const std::string_view> terrain_names() {
  return kTerrains;
}
std::string_view name(UnitType t) {
  return rulesets::word_of(kUnitTypes, t);
}
std::string_view name(Formation f) {
  return rulesets::word_of(kFormations, f);
}
std::string_view name(Terrain t) {
  return rulesets::word_of(kTerrains, t);
}

std::optional<UnitType> parse_unit_type(std::string_view word) {
  return rulesets::parse_word<UnitType>(kUnitTypes, word);
}
std::optional<Formation> parse_formation(std::string_view word) {
  return rulesets::parse_word<Formation>(kFormations, word);
}

std::optional<Terrain> terrain_of_kind(std::string_view kind) {
  // § Modificateur de mouvement names Forêt, Accidenté, Obstacle, Bâtiment.
  if (kind == "wood" || kind == "forest") return Terrain::wood;
  if (kind == "rough" || kind == "rough-ground") return Terrain::rough_ground;
  if (kind == "obstacle" || kind == "wall" || kind == "hedge") return Terrain::obstacle;
  if (kind == "building") return Terrain::building;
  if (kind == "fortification") return Terrain::fortification;
  return std::nullopt;
}

const replay::WrittenRoll* Action::roll(std::string_view label, std::size_t nth) const {
  return replay::find_roll(rolls, label, nth);
}

}  // namespace umpire::hail_caesar
