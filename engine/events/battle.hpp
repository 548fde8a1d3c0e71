#pragma once
// A lowered battle log: who fought where with what (header, battlefield,
// armies, deployment) and the typed event stream of the game. Names are
// resolved to indices, dice are attached to the event that threw them,
// positions are hexes or inches as the battlefield says. Ruleset-neutral: a
// concept the rulesets share (move, charge, shoot, test...) is one event kind;
// what differs is carried as words the ruleset engines interpret.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "engine/core/span.hpp"
#include "engine/events/event.hpp"
#include "engine/events/places.hpp"
#include "engine/geometry/tabletop/tolerance.hpp"

namespace umpire::events {

// `none` until the header's `ruleset` line names one: a log without one is
// refused (log.header.missing), never read as some default ruleset.
enum class Ruleset : std::uint8_t { hail_caesar, hail_caesar_hyw, wab, sabreur_hex, none };
std::string_view to_string(Ruleset ruleset);

enum class DiceMode : std::uint8_t { recorded, seeded };

struct Side {
  Span span;
  std::string id;
  std::string name;
  std::vector<std::string> players;
  std::optional<std::int64_t> points;
  std::string home_edge;  // north, south, east, west; empty if not given
  // The `army <side> points <n>` line of its roster, when it writes points.
  std::optional<std::int64_t> army_points;
  Span army_span;
  // `army <side> list "english"`: the army list of the rules data the army
  // follows (its muster checks it against that list); empty if not written.
  std::string army_list;
  Span army_list_span;  // of the text as written
};

struct Header {
  std::int64_t version = 0;
  Ruleset ruleset = Ruleset::none;
  Span ruleset_span;
  std::string edition;
  std::string data_file;  // `data "PATH"`, as written (docs/log-format.md § The rules data)
  std::string data_sha256;
  std::string data_version;
  Span data_span, data_sha256_span;  // of the path and of the digest as written
  std::string scenario;
  std::string event;
  std::optional<std::int64_t> round;
  std::optional<std::int64_t> table;
  std::string date;
  std::vector<Side> sides;
  DiceMode dice = DiceMode::recorded;
  std::uint64_t seed = 0;
  // `tolerance 0.5"`: how far a measurement written in the log may be from
  // the one the engine computes (docs/log-format.md § Header). Inches; not
  // set when the log does not write one.
  std::optional<double> tolerance;
  Span tolerance_span;  // of the length as written
  // The tolerance a tabletop engine measures under: the log's, else the
  // default (engine/geometry/tabletop/tolerance.hpp).
  double measuring_tolerance() const { return tolerance.value_or(tabletop::kDefaultTolerance); }
};

enum class BattlefieldKind : std::uint8_t { none, hex_map, tabletop };

struct HexTerrain {
  Span span;
  Hex hex;
  std::vector<std::string> kinds;  // `hill+wood` is {hill, wood}
  std::string name;
};
struct Hexside {
  Span span;
  Hex a, b;
  std::string feature;
};
struct TerrainPiece {
  Span span;
  std::string kind;
  std::string name;
  bool is_polygon = false;
  Point centre;  // rectangle
  double width = 0, depth = 0, rotation = 0;
  std::vector<Point> polygon;
  std::optional<std::int64_t> height;
};

struct Battlefield {
  BattlefieldKind kind = BattlefieldKind::none;
  Span span;
  std::int32_t cols = 0, rows = 0;  // hex map
  double width = 0, depth = 0;      // tabletop, inches
  std::vector<HexTerrain> hexes;
  std::vector<Hexside> hexsides;
  std::vector<TerrainPiece> terrain;
};

// A characteristic written on the unit (`stats (clash 7, morale 4+)`).
struct Stat {
  Span span;
  std::string name;
  std::string value;  // as written: 7, 4+, 0/3, -
};

struct Division {
  Span span;
  std::string id, name;
  std::uint32_t side = 0;
};
struct General {
  Span span;
  std::string id, name;
  std::uint32_t side = 0;
  std::optional<std::uint32_t> division;
  std::optional<std::int64_t> command;
  std::optional<Location> at;
  std::optional<Facing> facing;
  std::optional<std::int64_t> points;
};
struct Unit {
  Span span;
  std::string id, name;
  std::uint32_t side = 0;
  std::optional<std::uint32_t> division;
  std::string profile;
  Span profile_span;
  std::vector<Stat> stats;
  std::string type, quality, formation;
  std::vector<std::string> skills, special, equipment;
  std::optional<std::int64_t> strength, models, stamina, command, points, ranks;
  std::optional<std::int64_t> victory_points;  // `vp <n>`: what the scenario gives for it
  std::optional<Point> base;                   // millimetres
  std::optional<std::uint32_t> general;
};

struct Deployment {
  Span span;
  ForceRef unit;
  std::vector<Location> at;  // two hexes for a Sabreur-hex extended line
  std::optional<Facing> facing;
  std::string formation;
};

// One entry of `end score (red 240, blue 120)`: the victory points a side
// scored, as the players stated them.
struct SideScore {
  Span span;
  std::uint32_t side = 0;
  std::int64_t points = 0;
};

// A player turn as written (`turn 2 romans`), whether or not it holds a
// statement: an engine sees the turns that end with nothing played in them
// (the end of a turn has effects of its own, 000 § IV - RÉORGANISATION).
struct PlayerTurn {
  std::uint32_t number = 0;
  std::uint32_t side = 0;
};

struct Battle {
  Header header;
  Battlefield battlefield;
  std::vector<Division> divisions;
  std::vector<General> generals;
  std::vector<Unit> units;
  std::vector<Deployment> deployment;
  std::optional<std::uint32_t> winner;  // `end winner <side>`
  Span winner_span;                     // the side it names
  bool end_reason = false;              // `end reason "<text>"`: the scenario decided
  std::vector<SideScore> score;         // `end score (...)`, in the order written
  Span score_span;                      // the `score` clause
  std::vector<PlayerTurn> turns;        // every turn in order, as lowered
  EventStore store;

  EventRange events() const { return {*this, store.records}; }
  Event event(std::size_t index) const { return {*this, store.records[index]}; }
  std::string_view text(Symbol symbol) const { return store.symbols.text(symbol); }
  std::string_view name_of(ForceRef ref) const;
  // The roll's notation, with term spans where this roll wrote it.
  std::optional<dice::Expr> expr(const DiceRoll& roll) const;
  std::span<const dice::Throw> throws(const DiceRoll& roll) const {
    return {store.throws.data() + roll.first_throw, roll.throw_count};
  }
  // Every die of a checked roll, evaluated again from its throws.
  std::optional<dice::Roll> roll(const DiceRoll& roll) const;
};

}  // namespace umpire::events
