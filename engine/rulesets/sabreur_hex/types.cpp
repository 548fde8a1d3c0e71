#include "engine/rulesets/sabreur_hex/types.hpp"

#include <algorithm>

namespace umpire::sabreur {
namespace {

constexpr std::array<std::string_view, 9> kUnitTypes{
    "heavy_cavalry",       "medium_cavalry",      "light_cavalry",
    "line_infantry",       "light_infantry",      "heavy_foot_battery",
    "medium_foot_battery", "light_horse_battery", "regimental_gun"};
constexpr std::array<std::string_view, 7> kFormations{
    "line", "column", "square", "skirmish_order", "horde", "closed_column", "extended_line"};
constexpr std::array<std::string_view, 3> kQualities{"elite", "ordinary", "recruit"};
constexpr std::array<std::string_view, 7> kHexTerrain{
    "open_ground", "strongpoint", "village", "wood", "difficult_terrain", "impassable", "bridge"};
constexpr std::array<std::string_view, 7> kHexsideTerrain{
    "no_hexside_terrain", "stream", "river", "ford", "bridge", "wood", "impassable"};
constexpr std::array<std::string_view, skill_count> kSkills{
    "cuirassier",      "half_cuirass",   "feudal_cavalry", "countercharge_skill",
    "lancer",          "harassment",     "grand_charge",   "controlled_fire",
    "tenacious",       "warrior",        "skirmisher",     "scout",
    "large_battalion", "linear_order",   "loose_order",    "irregular",
    "impetuous",       "tactical_sense", "bombard",        "obsolete_firearm",
    "grand_battery"};

// Log words use '-' where the rules data uses '_'.
std::string normalise(std::string_view word) {
  std::string out(word);
  std::replace(out.begin(), out.end(), '-', '_');
  std::transform(out.begin(), out.end(), out.begin(), [](char c) {
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
  });
  return out;
}

template <typename E, std::size_t N>
std::optional<E> find_name(const std::array<std::string_view, N>& names, std::string_view word) {
  const std::string w = normalise(word);
  for (std::size_t i = 0; i < N; ++i)
    if (names[i] == w) return static_cast<E>(i);
  return std::nullopt;
}

}  // namespace

std::span<const std::string_view> unit_type_names() {
  return kUnitTypes;
}
std::span<const std::string_view> formation_names() {
  return kFormations;
}
std::span<const std::string_view> quality_names() {
  return kQualities;
}
std::span<const std::string_view> hex_terrain_names() {
  return kHexTerrain;
}
std::span<const std::string_view> hexside_terrain_names() {
  return kHexsideTerrain;
}
std::span<const std::string_view> skill_names() {
  return kSkills;
}

std::string_view name(UnitType t) {
  return kUnitTypes[static_cast<std::size_t>(t)];
}
std::string_view name(Formation f) {
  return kFormations[static_cast<std::size_t>(f)];
}
std::string_view name(Quality q) {
  return kQualities[static_cast<std::size_t>(q)];
}

std::string hexes_text(int n) {
  return std::to_string(n) + (n == 1 || n == -1 ? " hex" : " hexes");
}

Arm arm_of(UnitType t) {
  switch (t) {
    case UnitType::heavy_cavalry:
    case UnitType::medium_cavalry:
    case UnitType::light_cavalry:
      return Arm::cavalry;
    case UnitType::line_infantry:
    case UnitType::light_infantry:
      return Arm::infantry;
    default:
      return Arm::artillery;
  }
}

std::optional<UnitType> parse_unit_type(std::string_view word) {
  return find_name<UnitType>(kUnitTypes, word);
}
std::optional<Formation> parse_formation(std::string_view word) {
  return find_name<Formation>(kFormations, word);
}
std::optional<Quality> parse_quality(std::string_view word) {
  return find_name<Quality>(kQualities, word);
}
std::optional<Skill> parse_skill(std::string_view word) {
  // The log writes the skill "contre-charge" as `countercharge`; the rules
  // data names it countercharge_skill to keep it apart from the reaction.
  if (normalise(word) == "countercharge") return Skill::countercharge_skill;
  return find_name<Skill>(kSkills, word);
}

const replay::WrittenRoll* Action::roll(std::string_view label, std::size_t nth) const {
  for (const replay::WrittenRoll& r : rolls)
    if (r.label == label && nth-- == 0) return &r;
  return nullptr;
}

const replay::WrittenRoll* Action::roll_or_main(std::string_view label) const {
  if (const auto* r = roll(label)) return r;
  return roll("");
}

}  // namespace umpire::sabreur
