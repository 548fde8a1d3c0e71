#pragma once
// The typed vocabulary of the Warhammer Ancient Battles engine: troop types,
// armour and shields as the rules data names them
// (corpus/rulesets/wab.rules, domains troop_type, armour, shield_carried,
// mount, special_rule), a unit's profile, the set-up of a game on the
// tabletop and the actions of its log. Nothing here knows the battle-log
// representation; from_events.cpp translates it.
#include <boost/container/small_vector.hpp>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/replay/dice_source.hpp"
#include "engine/core/span.hpp"
#include "engine/geometry/tabletop/point.hpp"
#include "engine/rulesets/common/tabletop_setup.hpp"

namespace umpire::wab {

using tabletop::Point;
using UnitId = std::uint16_t;
using GeneralId = std::uint16_t;
using UnitList = boost::container::small_vector<UnitId, 4>;

// In the order of the rules data's domains; *_names() give the value names,
// which the rules binding resolves once.
enum class TroopType : std::uint8_t {
  infantry,
  light_infantry,
  cavalry,
  light_chariot,
  scythed_chariot,
  heavy_chariot,
  elephants,
  war_machine,
};
enum class Armour : std::uint8_t { no_armour, light_armour, heavy_armour };
enum class Shield : std::uint8_t { no_shield, buckler, shield, large_shield };
enum class Mount : std::uint8_t {
  on_foot,
  horse,
  barded_horse,
  chariot,
  chariot_with_shield_bearer,
  howdah
};
// A unit's order on the table as a log writes it (§ Manœuvres, § Tirailleurs).
enum class Formation : std::uint8_t { close_order, skirmish };

std::span<const std::string_view> troop_type_names();
std::span<const std::string_view> armour_names();
std::span<const std::string_view> shield_names();
std::span<const std::string_view> mount_names();
std::span<const std::string_view> special_rule_names();
std::string_view name(TroopType t);
std::string_view name(Armour a);
std::string_view name(Shield s);
std::string_view name(Mount m);

// The words a log writes (`light-infantry`, `large-shield`); nullopt when
// unknown.
std::optional<TroopType> parse_troop_type(std::string_view word);
std::optional<Armour> parse_armour(std::string_view word);
std::optional<Shield> parse_shield(std::string_view word);
std::optional<Formation> parse_formation(std::string_view word);
// A special rule of the data's special_rule domain, by its log word
// (`stubborn`; `fear` and `terror` for causes_fear and causes_terror, as
// rosters write them); nullopt when the data names no such rule.
std::optional<std::string_view> special_rule_of(std::string_view word);

// The characteristics of a model (§ Résultat pour toucher and the charts
// after it). A profile writes 0 for a skill the model lacks (an elephant's
// BS); the charts' header `0` is 10, so a written 10 is 10.
struct Profile {
  std::int32_t movement = 0, weapon_skill = 0, ballistic_skill = 0, strength = 0, toughness = 0,
               wounds = 0, initiative = 0, attacks = 0, leadership = 0;
};

struct UnitSetup {
  Span span;
  std::string id, name;
  std::uint8_t side = 0;
  TroopType type = TroopType::infantry;
  Formation formation = Formation::close_order;
  std::int64_t models = 0;
  std::int64_t ranks = 1;
  double frontage = 0, depth = 0;  // inches: the whole unit's, from its bases, models and ranks
  Profile profile;
  Armour armour = Armour::no_armour;
  Shield shield = Shield::no_shield;
  Mount mount = Mount::on_foot;
  // The data's words of its other equipment: a missile weapon among them
  // is a profile of the weapons table (§ Table des armes de tirs).
  std::vector<std::string> weapons;
  std::vector<std::string> special;  // the data's special_rule names
};

struct GeneralSetup {
  Span span;
  std::string id, name;
  std::uint8_t side = 0;
  std::optional<Point> at;
  std::int32_t leadership = 0;  // `command N`: the Leadership he lends (§ 2.2)
};

using SideSetup = rulesets::TabletopSide;

using DeploymentSetup = rulesets::PlacedDeployment<Formation, UnitId>;

// What a terrain piece does to a move (§ Terrains et obstacles): open
// ground (a hill), difficult ground ("bois, broussailles, colline
// escarpée"), very difficult ground, or an obstacle to cross.
enum class Ground : std::uint8_t { open, difficult, very_difficult, obstacle };
// A terrain piece's kind as the log writes it (`wood`, `wall`), or
// nullopt for a kind the sheet gives no rule for (a river, a building).
std::optional<Ground> ground_of_kind(std::string_view kind);
using TerrainSetup = rulesets::TerrainSetup<Ground>;

// The table, its dice and sides are common/tabletop_setup.hpp's.
struct Setup : rulesets::TabletopTable {
  std::vector<TerrainSetup> terrain;
  std::vector<GeneralSetup> generals;
  std::vector<UnitSetup> units;
  std::vector<DeploymentSetup> deployment;
  // Each player turn the log writes, in order, whether or not a statement
  // stands in it (events::Battle::turns): {number, side}. A turn the log
  // writes after the last statement's shows that turn over.
  struct Turn {
    std::uint32_t number = 0;
    std::uint8_t side = 0;
  };
  std::vector<Turn> turns;
};

enum class ActionKind : std::uint8_t {
  move,
  charge,
  respond,
  shoot,
  combat,
  attack,
  result,
  test,
  save,
  rally,
  pursue,
  flee,
  remove,
  state,
  end,
  other,
};
enum class Phase : std::uint8_t { none, start, movement, shooting, combat, other };

// Whether `p` is a phase before the compulsory moves are over (§ Phase 1 :
// Début du tour, § Phase 2 : Mouvement): the start or the movement phase.
constexpr bool before_shooting(Phase p) {
  return p == Phase::start || p == Phase::movement;
}

// What the players said happened (all optional).
struct Stated {
  Span span;
  std::optional<std::int64_t> hits, wounds, saves;
  std::optional<bool> passed;          // `=> pass`, `=> fail`
  std::optional<UnitId> winner;        // `result => winner <unit> margin N`
  std::optional<std::int64_t> margin;  // `result => … margin N`
  bool draw = false;                   // `result => draw`
  std::optional<double> distance;      // `=> distance N` of a flight or a pursuit
  bool destroyed = false;              // `=> … destroyed`
};

struct Action {
  ActionKind kind = ActionKind::other;
  std::string verb;  // the log's keyword, for messages
  Span span;
  std::uint32_t turn = 0;
  std::uint8_t side = 0;
  Phase phase = Phase::none;
  UnitList actors, targets;
  std::vector<GeneralId> generals;  // generals named among the actors
  std::string detail;               // response, test kind
  std::optional<Point> to;
  bool off_table = false;
  std::string_view off_edge;  // `to off-table <edge>`: the edge written, empty when none
  std::vector<Point> path;
  std::optional<double> facing;
  std::string formation, weapon;
  std::string on;     // `on front|flank|rear`: the side a charge strikes
  std::string cover;  // `cover soft|hard`: the cover players agreed a shot's target has
  std::optional<double> range;
  std::optional<std::int64_t> modifier, target_score;
  std::optional<std::int64_t> against;  // `against N`: the Leadership a test is taken on
  std::optional<std::int64_t> round;    // `combat … round N`
  std::vector<replay::WrittenRoll> rolls;
  Stated stated;
  bool agreed = false;
  std::string agreed_note;
  // Parts of the statement the adapter could not express in these types
  // (reported as not checked).
  std::vector<std::string> untyped;

  // The `nth` roll written with `label` ("" the unlabelled ones), if any.
  const replay::WrittenRoll* roll(std::string_view label, std::size_t nth = 0) const;
};

}  // namespace umpire::wab
