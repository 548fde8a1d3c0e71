#pragma once
// The typed vocabulary of the Hail Caesar engine: unit types and formations
// as the rules data names them (corpus/rulesets/hail-caesar.rules, domains
// unit_type and formation), the set-up of a game on the tabletop and the
// actions of its log. Nothing here knows the battle-log representation;
// from_events.cpp translates it.
#include <boost/container/small_vector.hpp>
#include <boost/geometry/geometries/box.hpp>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/replay/dice_source.hpp"
#include "engine/core/span.hpp"
#include "engine/geometry/tabletop/point.hpp"
#include "engine/geometry/tabletop/terrain.hpp"
#include "engine/rulesets/common/tabletop_setup.hpp"

namespace umpire::hail_caesar {

using tabletop::Point;
using UnitId = std::uint16_t;
using GeneralId = std::uint16_t;
using UnitList = boost::container::small_vector<UnitId, 4>;
using GeneralList = boost::container::small_vector<GeneralId, 2>;

// In the order of the rules data's domains; names() gives the value names,
// which the rules binding resolves once.
enum class UnitType : std::uint8_t {
  infantry,
  light_infantry,
  heavy_infantry,
  skirmishers,
  cavalry,
  light_cavalry,
  horse_archers,
  cataphracts,
  elephants,
  camels,
  light_chariots,
  heavy_chariots,
  scythed_chariots,
  wagons,
  civilians,
  light_artillery,
  medium_artillery,
  heavy_artillery,
  mobile_artillery,
  commander,
};
enum class Formation : std::uint8_t { close_order, open_order, column, square, wedge, testudo };
// The terrain a unit stands or moves in, as the data's `terrain` domain
// names it (§ Modificateur de mouvement).
enum class Terrain : std::uint8_t {
  open_ground,
  wood,
  rough_ground,
  obstacle,
  building,
  fortification
};

std::span<const std::string_view> unit_type_names();
std::span<const std::string_view> formation_names();
std::span<const std::string_view> terrain_names();
std::string_view name(UnitType t);
std::string_view name(Formation f);
std::string_view name(Terrain t);

// The words a log writes (`heavy-infantry`, `close-order`); nullopt when
// unknown.
std::optional<UnitType> parse_unit_type(std::string_view word);
std::optional<Formation> parse_formation(std::string_view word);
// A terrain piece's kind as the log writes it (`wood`, `rough`), or
// nullopt for a kind the sheet gives no rule for (a hill, a river).
std::optional<Terrain> terrain_of_kind(std::string_view kind);

// A unit's characteristics as its `stats (...)` write them; unset when not
// written. `morale_save` is the score a save needs (4 for `4+`), unset for
// a unit without a save (`morale 0`).
struct Stats {
  std::optional<std::int32_t> clash, sustained, short_range, long_range, stamina;
  std::optional<std::int32_t> morale_save;
};

struct UnitSetup {
  Span span;
  std::string id, name;
  std::uint8_t side = 0;
  std::optional<std::uint16_t> division;
  UnitType type = UnitType::infantry;
  Formation formation = Formation::close_order;
  double frontage = 0, depth = 0;  // inches, from the base
  Stats stats;
  std::vector<std::string> special;
  // The weapons the roster declares (`equipment (…)`), as written; empty
  // when it declares none.
  std::vector<std::string> equipment;
  // The profile of the rules data the unit's type and stats come from, for
  // a variant whose units name one (hail_caesar_hyw/unit_profiles.cpp).
  std::optional<std::uint32_t> profile;
};

struct GeneralSetup {
  Span span;
  std::string id, name;
  std::uint8_t side = 0;
  std::optional<std::uint16_t> division;
  std::int32_t leadership = 0;
  std::optional<Point> at;
};

struct DivisionSetup {
  Span span;
  std::string id;
  std::uint8_t side = 0;
};

using SideSetup = rulesets::TabletopSide;

using TerrainSetup = rulesets::TerrainSetup<Terrain>;

using DeploymentSetup = rulesets::PlacedDeployment<Formation, UnitId>;

// The table, its dice and sides are common/tabletop_setup.hpp's.
struct Setup : rulesets::TabletopTable {
  std::vector<DivisionSetup> divisions;
  std::vector<GeneralSetup> generals;
  std::vector<UnitSetup> units;
  std::vector<TerrainSetup> terrain;
  std::vector<DeploymentSetup> deployment;
  // The player turns in the order written, those with no statement
  // included (the end of each reorganises its side, turn.cpp); empty for a
  // game built without a log (the simulator's), whose sides alternate.
  struct PlayerTurn {
    std::uint32_t number = 0;
    std::uint8_t side = 0;
  };
  std::vector<PlayerTurn> turns;
};

enum class ActionKind : std::uint8_t {
  order,
  move,
  form,
  charge,
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
enum class Phase : std::uint8_t { none, movement, shooting, combat, end, other };

// What the players said happened (all optional).
struct Stated {
  Span span;
  std::optional<std::int64_t> moves, hits, saves, casualties;
  std::string result;
  std::optional<bool> passed;  // `=> pass`, `=> fail`
  // `result => winner <unit> margin N` or `result => draw`.
  std::optional<UnitId> winner;
  std::optional<std::int64_t> margin;
  bool draw = false;
};

struct Action {
  ActionKind kind = ActionKind::other;
  std::string verb;  // the log's keyword, for messages
  Span span;
  std::uint32_t turn = 0;
  std::uint8_t side = 0;
  Phase phase = Phase::none;
  UnitList actors, targets;
  GeneralList generals;         // generals named among the actors (`move g1 ...`)
  std::optional<GeneralId> by;  // `by <general>`: who gives the order
  std::string detail;           // manoeuvre, response, test kind, order intent
  std::string means;            // `by initiative|order|test`: the kind of move written
  std::optional<Point> to;
  bool off_table = false;
  std::vector<Point> path;
  Span to_span;
  std::optional<double> facing;
  std::string formation, weapon;
  std::optional<double> range;
  std::optional<double> distance;  // `distance D`: a measurement written with a move
  std::string on;                  // `on front|flank|rear`: the face a charge strikes
  std::optional<std::int64_t> modifier;
  std::optional<std::int64_t> round;  // `combat a vs b round N`
  std::vector<std::string> states;    // `state u disordered`
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

}  // namespace umpire::hail_caesar
