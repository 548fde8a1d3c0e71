#include "engine/rulesets/wab/types.hpp"

#include <array>

#include "engine/core/replay/written_rolls.hpp"
#include "engine/rulesets/common/word_table.hpp"

namespace umpire::wab {
namespace {

constexpr std::array<std::string_view, 8> kTroopTypes{
    "infantry",        "light_infantry", "cavalry",   "light_chariot",
    "scythed_chariot", "heavy_chariot",  "elephants", "war_machine"};
constexpr std::array<std::string_view, 3> kArmours{"no_armour", "light_armour", "heavy_armour"};
constexpr std::array<std::string_view, 4> kShields{"no_shield", "buckler", "shield",
                                                   "large_shield"};
constexpr std::array<std::string_view, 6> kMounts{
    "on_foot", "horse", "barded_horse", "chariot", "chariot_with_shield_bearer", "howdah"};
constexpr std::array<std::string_view, 8> kSpecialRules{
    "drilled", "frenzy",      "hatred",        "stubborn",
    "warband", "causes_fear", "causes_terror", "used_to_elephants"};
constexpr std::array<std::string_view, 2> kFormations{"close_order", "skirmish"};

}  // namespace

std::span<const std::string_view> troop_type_names() {
  return kTroopTypes;
}
std::span<const std::string_view> armour_names() {
  return kArmours;
}
std::span<const std::string_view> shield_names() {
  return kShields;
}
std::span<const std::string_view> mount_names() {
  return kMounts;
}
std::span<const std::string_view> special_rule_names() {
  return kSpecialRules;
}
std::string_view name(TroopType t) {
  return rulesets::word_of(kTroopTypes, t);
}
std::string_view name(Armour a) {
  return rulesets::word_of(kArmours, a);
}
std::string_view name(Shield s) {
  return rulesets::word_of(kShields, s);
}
std::string_view name(Mount m) {
  return rulesets::word_of(kMounts, m);
}

std::optional<TroopType> parse_troop_type(std::string_view word) {
  return rulesets::parse_word<TroopType>(kTroopTypes, word);
}
std::optional<Armour> parse_armour(std::string_view word) {
  return rulesets::parse_word<Armour>(kArmours, word);
}
std::optional<Shield> parse_shield(std::string_view word) {
  return rulesets::parse_word<Shield>(kShields, word);
}
std::optional<Ground> ground_of_kind(std::string_view kind) {
  // § Terrains et obstacles: "bois, broussailles, colline escarpée" are
  // difficult (a log writes brush as `rough`); the sheet names no very
  // difficult ground, so the log's plain words for it are taken; a hill, a
  // road and a field are open ground to move on. A steep hill has no word
  // of the log yet (Ground::steep_hill is the data's).
  if (kind == "wood" || kind == "rough" || kind == "difficult") return Ground::difficult;
  if (kind == "marsh" || kind == "very-difficult") return Ground::very_difficult;
  if (kind == "obstacle" || kind == "wall") return Ground::obstacle;
  if (kind == "hill" || kind == "open" || kind == "road" || kind == "field") return Ground::open;
  return std::nullopt;
}

std::optional<Formation> parse_formation(std::string_view word) {
  return rulesets::parse_word<Formation>(kFormations, word);
}

std::optional<std::string_view> special_rule_of(std::string_view word) {
  if (word == "fear") return kSpecialRules[5];
  if (word == "terror") return kSpecialRules[6];
  if (auto i = rulesets::parse_word<std::size_t>(kSpecialRules, word)) return kSpecialRules[*i];
  return std::nullopt;
}

const replay::WrittenRoll* Action::roll(std::string_view label, std::size_t nth) const {
  return replay::find_roll(rolls, label, nth);
}

}  // namespace umpire::wab
