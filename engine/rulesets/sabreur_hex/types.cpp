#include "engine/rulesets/sabreur_hex/types.hpp"

#include "engine/core/replay/written_rolls.hpp"
#include "engine/rulesets/common/word_table.hpp"

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

// A Sabreur-hex log may write its words with capitals.
template <typename E, std::size_t N>
std::optional<E> find_name(const std::array<std::string_view, N>& names, std::string_view word) {
  return rulesets::parse_word<E>(names, word, rulesets::WordCase::folded);
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
  return rulesets::word_of(kUnitTypes, t);
}
std::string_view name(Formation f) {
  return rulesets::word_of(kFormations, f);
}
std::string_view name(Quality q) {
  return rulesets::word_of(kQualities, q);
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
  if (rulesets::data_word(word, rulesets::WordCase::folded) == "countercharge")
    return Skill::countercharge_skill;
  return find_name<Skill>(kSkills, word);
}

const replay::WrittenRoll* Action::roll(std::string_view label, std::size_t nth) const {
  return replay::find_roll(rolls, label, nth);
}

const replay::WrittenRoll* Action::roll_or_main(std::string_view label) const {
  if (const auto* r = roll(label)) return r;
  return roll("");
}

}  // namespace umpire::sabreur
