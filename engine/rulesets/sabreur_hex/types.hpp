#pragma once
// The typed vocabulary of the Sabreur-hex engine: unit types, formations,
// qualities, terrain and skills, each named as the rules data names them
// (corpus/rulesets/sabreur-hex.rules, identifiers of GLOSSARY.md § 5), the
// set-up of a game and the actions of its log. Nothing here knows the
// battle-log representation; from_events.cpp translates it.
#include <array>
#include <boost/container/small_vector.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/replay/dice_source.hpp"
#include "engine/core/span.hpp"
#include "engine/geometry/hex/facing.hpp"
#include "engine/geometry/hex/hex.hpp"
#include "engine/geometry/hex/hex_map.hpp"
#include "engine/rulesets/sabreur_hex/detail_word.hpp"

namespace umpire::sabreur {

using hex::Facing;
using hex::Hex;
using UnitId = std::uint16_t;
// An action's units and the hexes of its path, in place up to a group's
// usual size and a march's usual length: a replay destroys every action of
// its log, and heap blocks made that cost more than the rest of an action.
using UnitList = boost::container::small_vector<UnitId, 4>;
using HexPath = boost::container::small_vector<Hex, 6>;

// Enumerations in the order of the rules data's domains; names() gives the
// domain value names, which the rules binding resolves once.
enum class UnitType : std::uint8_t {
  heavy_cavalry,
  medium_cavalry,
  light_cavalry,
  line_infantry,
  light_infantry,
  heavy_foot_battery,
  medium_foot_battery,
  light_horse_battery,
  regimental_gun,
};
enum class Arm : std::uint8_t { infantry, cavalry, artillery };
enum class Formation : std::uint8_t {
  line,
  column,
  square,
  skirmish_order,
  horde,
  closed_column,
  extended_line
};
enum class Quality : std::uint8_t { elite, ordinary, recruit };
enum class HexTerrain : std::uint8_t {
  open_ground,
  strongpoint,
  village,
  wood,
  difficult_terrain,
  impassable,
  bridge,
};
enum class HexsideTerrain : std::uint8_t {
  no_hexside_terrain,
  stream,
  river,
  ford,
  bridge,
  wood,
  impassable
};
enum class Skill : std::uint8_t {
  cuirassier,
  half_cuirass,
  feudal_cavalry,
  countercharge_skill,
  lancer,
  harassment,
  grand_charge,
  controlled_fire,
  tenacious,
  warrior,
  skirmisher,
  scout,
  large_battalion,
  linear_order,
  loose_order,
  irregular,
  impetuous,
  tactical_sense,
  bombard,
  obsolete_firearm,
  grand_battery,
};
inline constexpr std::size_t skill_count = 21;

std::span<const std::string_view> unit_type_names();
std::span<const std::string_view> formation_names();
std::span<const std::string_view> quality_names();
std::span<const std::string_view> hex_terrain_names();
std::span<const std::string_view> hexside_terrain_names();
std::span<const std::string_view> skill_names();

std::string_view name(UnitType t);
std::string_view name(Formation f);
std::string_view name(Quality q);
Arm arm_of(UnitType t);
// "1 hex", "3 hexes": distances in messages.
std::string hexes_text(int n);

// Parsers of the words a log writes (`skirmish_order`, `linear-order`,
// `countercharge`); nullopt when unknown.
std::optional<UnitType> parse_unit_type(std::string_view word);
std::optional<Formation> parse_formation(std::string_view word);
std::optional<Quality> parse_quality(std::string_view word);
std::optional<Skill> parse_skill(std::string_view word);

// A hex's content on the map: the terrain kind and a hill flag (a hill may
// be bare or topped, § Les terrains dans Sabreur), packed into the map's id.
constexpr hex::TerrainId pack_terrain(HexTerrain t, bool hill) {
  return {static_cast<std::uint16_t>(static_cast<unsigned>(t) | (hill ? 0x100U : 0U))};
}
constexpr HexTerrain terrain_kind(hex::TerrainId id) {
  return static_cast<HexTerrain>(id.value & 0xffU);
}
constexpr bool terrain_hill(hex::TerrainId id) {
  return (id.value & 0x100U) != 0;
}

struct SkillSet {
  std::uint32_t bits = 0;
  constexpr bool has(Skill s) const { return (bits >> static_cast<unsigned>(s)) & 1U; }
  constexpr void add(Skill s) { bits |= 1U << static_cast<unsigned>(s); }
};

struct UnitSetup {
  Span span;
  std::string id, name;
  std::uint8_t side = 0;
  UnitType type = UnitType::line_infantry;
  Quality quality = Quality::ordinary;
  SkillSet skills;
  Formation formation = Formation::line;
  std::int32_t strength = 0;
  std::int32_t command = 7;
  // roster.cpp: the unit's written `points`, and whether it writes explicit
  // characteristics (`stats (...)`), whose cost the rules do not give.
  std::optional<std::int64_t> points;
  bool explicit_stats = false;
  // `vp <n>`: the victory points the scenario gives for it (victory.cpp).
  std::optional<std::int64_t> victory_points;
};

struct DeploymentSetup {
  Span span;
  UnitId unit = 0;
  Hex hex;
  Facing facing = Facing::n;
  Formation formation = Formation::line;
  std::optional<Hex> second_hex;  // the second position written: an extended line's other half
};

struct SideSetup {
  Span span;
  std::string id;
  std::int64_t army_points = 0;
  std::string home_edge;  // north, south, east, west; empty when the log names none
};

// roster.cpp: a side's points as written in the header and on its `army` line.
struct WrittenPoints {
  std::optional<std::int64_t> header, roster;
  Span roster_span;
};

// victory.cpp: what `end` states, the victory points of each side
// (`score (red 240, blue 120)`) and the winner.
struct SideScoreSetup {
  Span span;
  std::uint8_t side = 0;
  std::int64_t points = 0;
};
struct EndSetup {
  std::optional<std::uint8_t> winner;
  Span winner_span;
  bool reason = false;  // the scenario's reason: the winner is only reported
  std::vector<SideScoreSetup> score;
  Span score_span;
};

struct Setup {
  replay::DiceMode dice = replay::DiceMode::recorded;
  std::uint64_t seed = 0;
  hex::HexMap map{0, 0};
  std::vector<SideSetup> sides;
  std::vector<UnitSetup> units;
  std::vector<DeploymentSetup> deployment;
  std::vector<WrittenPoints> written_points;  // per side (roster.cpp)
  EndSetup end;
};

enum class ActionKind : std::uint8_t {
  order_points,
  activate,
  move,
  form,
  charge,
  assault,
  respond,
  shoot,
  combat,
  attack,
  support,
  result,
  test,
  save,
  rally,
  pursue,
  flee,
  evade,
  special,
  remove,
  state,
  end,
  other,
};
enum class Phase : std::uint8_t { none, orders, actions, victory, other };

// What the players said happened (all optional).
struct Stated {
  Span span;
  std::optional<std::int64_t> hits, saves, losses, points, total;
  std::optional<bool> passed;
  std::optional<double> distance;
  std::optional<Hex> to;
  std::optional<Facing> facing;
  std::string formation;
  bool destroyed = false;
  bool cancelled = false;  // a charge or assault that could not engage
};

struct Action {
  ActionKind kind = ActionKind::other;
  std::string verb;  // the log's keyword, for messages
  Span span;
  std::uint32_t turn = 0;
  std::uint8_t side = 0;
  Phase phase = Phase::none;
  UnitList actors, targets;
  DetailWord detail;  // manoeuvre, response, kind of test
  std::optional<Hex> to;
  bool off_table = false;  // `to off-table`: the move ends off the table
  HexPath path;
  Span path_span;
  std::optional<Facing> facing;
  // `from <hex>` on a fire: the hex of the extended line's half that fires (§ Le tir).
  std::optional<Hex> from;
  Span from_span;
  std::string formation;
  std::optional<std::int64_t> range, cost, modifier;
  std::vector<std::string> states;  // `state u panicked`
  std::vector<replay::WrittenRoll> rolls;
  Stated stated;
  bool agreed = false;
  std::string agreed_note;
  // Parts of the statement the adapter could not express in these types
  // (reported as not checked).
  std::vector<std::string> untyped;

  // The roll with this label ("" is the main roll), or null.
  // The `nth` roll written with `label` ("" the unlabelled ones), if any.
  const replay::WrittenRoll* roll(std::string_view label, std::size_t nth = 0) const;
  // The labelled roll, else the main roll.
  const replay::WrittenRoll* roll_or_main(std::string_view label) const;
};

}  // namespace umpire::sabreur
