#pragma once
// A lowered battle log: who fought where with what (header, battlefield,
// armies, deployment) and the typed event stream of the game. Names are
// resolved to indices, dice are attached to the event that threw them,
// positions are hexes or inches as the battlefield says. Ruleset-neutral: a
// concept the rulesets share (move, charge, shoot, test...) is one event kind;
// what differs is carried as words the ruleset engines interpret.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/dice/expr.hpp"
#include "engine/core/dice/roll.hpp"
#include "engine/core/span.hpp"

namespace umpire::events {

enum class Ruleset : std::uint8_t { hail_caesar, hail_caesar_hyw, wab, sabreur_hex };
std::string_view to_string(Ruleset ruleset);

enum class DiceMode : std::uint8_t { recorded, seeded };

// Hexes are column,row on a grid of pointy-topped hexes, even rows shifted
// half a hex east, both counted from 1 at the south-west corner
// (engine/geometry/hex/offset.hpp converts them to axial coordinates).
struct Hex {
  std::int32_t col = 0;
  std::int32_t row = 0;
  friend constexpr bool operator==(Hex, Hex) = default;
};
// Tabletop points in inches from the south-west corner, x east, y north.
struct Point {
  double x = 0;
  double y = 0;
};

struct Location {
  Span span;
  bool is_hex = false;
  Hex hex;
  Point point;
};

// Hex facings point at one of the six vertices of a pointy-topped hex
// (002 § Orientation des unités): n, ne, se, s, sw, nw. Tabletop facings are
// degrees clockwise from north, in [0, 360).
enum class HexFacing : std::uint8_t { n, ne, se, s, sw, nw };
std::string_view to_string(HexFacing facing);
struct Facing {
  Span span;
  bool is_hex = false;
  HexFacing hex = HexFacing::n;
  double degrees = 0;
};

struct Side {
  Span span;
  std::string id;
  std::string name;
  std::vector<std::string> players;
  std::optional<std::int64_t> points;
  std::string home_edge;  // north, south, east, west; empty if not given
};

struct Header {
  std::int64_t version = 0;
  Ruleset ruleset = Ruleset::hail_caesar;
  Span ruleset_span;
  std::string edition;
  std::string data_file;
  std::string data_sha256;
  std::string data_version;
  std::string scenario;
  std::string event;
  std::optional<std::int64_t> round;
  std::optional<std::int64_t> table;
  std::string date;
  std::vector<Side> sides;
  DiceMode dice = DiceMode::recorded;
  std::uint64_t seed = 0;
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

enum class ForceKind : std::uint8_t { unit, general, division };
struct ForceRef {
  Span span;
  ForceKind kind = ForceKind::unit;
  std::uint32_t index = 0;
  friend constexpr bool operator==(const ForceRef& a, const ForceRef& b) {
    return a.kind == b.kind && a.index == b.index;
  }
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
  std::optional<Point> base;  // millimetres
  std::optional<std::uint32_t> general;
};

struct Deployment {
  Span span;
  ForceRef unit;
  std::vector<Location> at;  // two hexes for a Sabreur-hex extended line
  std::optional<Facing> facing;
  std::string formation;
};

enum class EventKind : std::uint8_t {
#define UMPIRE_EVENT_KIND(name, verb) name,
#include "engine/events/event_kinds.def"
#undef UMPIRE_EVENT_KIND
};
std::string_view to_string(EventKind kind);

// A dice roll of an event, as written and, once checked, evaluated.
struct DiceRoll {
  Span span;
  std::string label;  // `hit`, `save`, `blunder`...; empty for the event's main roll
  std::string notation;
  std::optional<dice::Expr> expr;
  std::optional<dice::Roll> roll;  // recorded faces that passed the checks
};

// What the players said happened; every field is optional.
struct Stated {
  Span span;
  std::optional<std::int64_t> hits, saves, losses, casualties, wounds, moves, points, margin, score, total;
  std::string result;
  std::vector<std::string> states;
  std::optional<bool> passed;
  bool draw = false;
  bool destroyed = false;
  std::optional<ForceRef> winner;
  std::optional<Location> to;
  std::optional<Facing> facing;
  std::string formation;
  std::optional<double> distance;
  bool empty() const { return !span.valid(); }
};

struct Event {
  EventKind kind = EventKind::move;
  Span span;
  std::uint32_t turn = 0;   // 1-based
  std::uint32_t side = 0;   // whose turn it is
  std::string phase;        // empty before any phase statement of the turn
  std::vector<ForceRef> actors;
  std::vector<ForceRef> targets;
  std::string detail;       // manoeuvre, response, test, special action, reason, order intent
  std::string means;        // `by initiative`, `by order`, `by test`: how the unit was moved or activated
  std::optional<ForceRef> by;  // general giving an order or rallying
  std::optional<Location> to;
  std::vector<Location> path;
  std::optional<Facing> facing;
  std::string formation;
  std::string weapon, on;   // shoot weapon; charge side (front, flank, rear)
  std::vector<std::string> states;  // state statement
  std::optional<double> distance, range;
  std::optional<std::int64_t> modifier, against, round, cost, dice_count;
  std::optional<std::int64_t> target_score;  // `target 4+`
  std::vector<DiceRoll> dice;
  Stated stated;
  bool agreed = false;
  std::string agreed_note;
};

struct Battle {
  Header header;
  Battlefield battlefield;
  std::vector<Division> divisions;
  std::vector<General> generals;
  std::vector<Unit> units;
  std::vector<Deployment> deployment;
  std::vector<Event> events;
  std::optional<std::uint32_t> winner;  // `end winner <side>`

  std::string_view name_of(ForceRef ref) const;
};

}  // namespace umpire::events
