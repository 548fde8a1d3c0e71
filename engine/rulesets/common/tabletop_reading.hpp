#pragma once
// What the from_events.cpp of a tabletop engine (Hail Caesar's, WAB's)
// reads the same way out of a lowered battle log: the table and its
// sides, where each unit is deployed, and of each statement when it is
// played, who acts in it and on whom, where it goes and what it writes
// that every tabletop engine reads. Templates over the engine's own
// Setup and Action, whose fields of these names mean the same in every
// tabletop engine (types.hpp).
#include <fmt/format.h>

#include <cmath>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/diagnostic_table.hpp"
#include "engine/events/battle.hpp"
#include "engine/geometry/tabletop/bounds.hpp"
#include "engine/geometry/tabletop/point.hpp"
#include "engine/geometry/tabletop/terrain.hpp"
#include "engine/rulesets/common/event_reading.hpp"

namespace umpire::rulesets {

// A base is written in millimetres; the table is measured in inches.
inline constexpr double kMillimetresPerInch = 25.4;

inline tabletop::Point to_point(const events::Point& p) {
  return {p.x, p.y};
}

// A tabletop game needs a table to measure on: one of positive, finite
// size. The engine reports the refusal under its own diagnostic.
inline bool has_playable_table(const events::Battlefield& bf) {
  return bf.kind == events::BattlefieldKind::tabletop && bf.width > 0 && bf.depth > 0 &&
         std::isfinite(bf.width) && std::isfinite(bf.depth);
}

// The table, the dice and the sides of a game whose table is playable.
template <typename Setup>
void read_table(const events::Battle& battle, Setup& setup) {
  const events::Battlefield& bf = battle.battlefield;
  setup.table_span = bf.span;
  setup.width = bf.width;
  setup.depth = bf.depth;
  setup.dice = dice_mode(battle);
  setup.seed = battle.header.seed;
  setup.tolerance = battle.header.measuring_tolerance();
  for (const events::Side& s : battle.header.sides)
    setup.sides.push_back({s.span, s.id, s.home_edge});
}

// The table, dice and sides of `game` (its name, for the message) when
// its table is playable; else reports `setup_table` (the engine's Diag)
// and reads nothing: no tabletop game is played without a table.
template <auto setup_table, typename Setup>
bool read_playable_table(const events::Battle& battle, Setup& setup, DiagnosticEngine& diags,
                         std::string_view game) {
  const events::Battlefield& bf = battle.battlefield;
  if (!has_playable_table(bf)) {
    report(diags, setup_table, bf.span.valid() ? bf.span : battle.header.ruleset_span,
           "a {} game is played on a table of positive size", game)
        .hint("write the table in inches: 'table 72x48'");
    return false;
  }
  read_table(battle, setup);
  return true;
}

// Each unit placed on the table at a point; a deployment off the table or
// on a hex places nothing. The formation is the one written, else the
// unit's own (`parse_formation` reads the engine's words).
// The terrain pieces of the table, each of the kind `terrain_of_kind`
// gives its written word; a piece whose shape cannot be built is reported
// not checked and left out.
template <auto terrain_of_kind, typename Setup>
void read_terrain(const events::Battle& battle, Setup& setup, DiagnosticEngine& diags) {
  for (const events::TerrainPiece& t : battle.battlefield.terrain) {
    typename decltype(setup.terrain)::value_type s;
    s.span = t.span;
    s.kind = t.kind;
    s.name = t.name;
    s.terrain = terrain_of_kind(t.kind);
    try {
      if (t.is_polygon) {
        std::vector<tabletop::Point> corners;
        for (const events::Point& p : t.polygon) corners.push_back(to_point(p));
        s.area = tabletop::polygon_area(corners);
      } else {
        s.area = tabletop::rect_area(to_point(t.centre), t.width, t.depth, t.rotation);
      }
    } catch (const tabletop::GeometryError& e) {
      diags.not_checked("replay.not-checked", t.span, "terrain piece '{}': {}", t.name, e.what());
      continue;
    }
    s.envelope = tabletop::bounds(s.area.shape);
    setup.terrain.push_back(std::move(s));
  }
}

template <auto parse_formation, typename Setup>
void read_deployment(const events::Battle& battle, Setup& setup) {
  using DeploymentSetup = typename decltype(setup.deployment)::value_type;
  using UnitId = decltype(DeploymentSetup::unit);
  for (const events::Deployment& d : battle.deployment) {
    if (d.unit.kind != events::ForceKind::unit || d.at.empty() || d.at.front().is_hex ||
        d.at.front().off_table())
      continue;
    DeploymentSetup dep;
    dep.span = d.span;
    dep.unit = static_cast<UnitId>(d.unit.index);
    dep.at = to_point(d.at.front().point);
    if (d.facing && !d.facing->is_hex) dep.facing = d.facing->degrees;
    dep.formation = setup.units[dep.unit].formation;
    if (auto f = parse_formation(d.formation)) dep.formation = *f;
    setup.deployment.push_back(dep);
  }
}

// Where a statement stands, its keyword (for messages), and the turn and
// side it is played in.
template <typename Action>
void read_heading(const events::Event& e, Action& a) {
  a.verb = std::string(events::to_string(e.kind()));
  a.span = e.span();
  a.turn = e.turn();
  a.side = static_cast<std::uint8_t>(e.side());
}

// Who acts in a statement and on whom: units and commanders act, units
// are targets. Divisions (and commanders as targets) are kept in
// `untyped`, reported `not checked`.
template <typename Action>
void read_forces(const events::Battle& battle, const events::Event& e, Action& a) {
  using UnitId = typename decltype(a.actors)::value_type;
  using GeneralId = typename decltype(a.generals)::value_type;
  for (const events::ForceRef& r : e.actors()) {
    if (r.kind == events::ForceKind::unit)
      a.actors.push_back(static_cast<UnitId>(r.index));
    else if (r.kind == events::ForceKind::general)
      a.generals.push_back(static_cast<GeneralId>(r.index));
    else
      a.untyped.push_back(fmt::format("divisions as actors ('{}')", battle.name_of(r)));
  }
  for (const events::ForceRef& r : e.targets()) {
    if (r.kind == events::ForceKind::unit)
      a.targets.push_back(static_cast<UnitId>(r.index));
    else
      a.untyped.push_back(
          fmt::format("generals and divisions as targets ('{}')", battle.name_of(r)));
  }
}

// Where a statement takes its units: the point it ends at (or off the
// table), the points of its path and its facing; a hex is no place on a
// tabletop. An engine whose Action keeps `to_span` (Hail Caesar's) learns
// where the places were written.
template <typename Action>
void read_places(const events::Event& e, Action& a) {
  constexpr bool spans = requires(Action & x) {
    x.to_span;
  };
  if (auto to = e.to()) {
    if constexpr (spans) a.to_span = to->span;
    if (to->off_table()) {
      a.off_table = true;
      if constexpr (requires(Action & x) { x.off_edge; }) a.off_edge = events::to_string(to->edge);
    } else if (!to->is_hex)
      a.to = to_point(to->point);
    else
      a.untyped.push_back("'to' a hex on a tabletop");
  }
  for (const events::Location& l : e.path()) {
    if (!l.is_hex && !l.off_table()) a.path.push_back(to_point(l.point));
    if constexpr (spans) a.to_span = merge(a.to_span, l.span);
  }
  if (auto f = e.facing(); f && !f->is_hex) a.facing = f->degrees;
}

// What a statement writes that every tabletop engine reads the same way:
// its heading, forces, detail and places, the formation, weapon, range and
// modifier it names, its rolls, the hits and saves the players state, and
// whether they agreed it. Its kind and phase, and the rest, are the
// engine's own words.
template <typename Action>
void read_tabletop_statement(const events::Battle& battle, const events::Event& e, Action& a) {
  read_heading(e, a);
  read_forces(battle, e, a);
  a.detail = std::string(e.detail());
  read_places(e, a);
  a.formation = std::string(e.formation());
  a.weapon = std::string(e.weapon());
  // `cover`: WAB's written cover (its sheet names no terrain light or hard
  // cover); an engine without the member reads cover from the terrain.
  if constexpr (requires(Action & x) { x.cover; })
    a.cover = std::string(e.cover());
  else if (!e.cover().empty())
    a.untyped.push_back(
        fmt::format("a written 'cover {}' (cover is read from the terrain)", e.cover()));
  a.range = e.range();
  a.modifier = e.modifier();
  append_written_rolls(battle, e, a.rolls);
  const events::Stated st = e.stated();
  a.stated.span = st.span();
  a.stated.hits = st.hits();
  a.stated.saves = st.saves();
  a.agreed = e.agreed();
  a.agreed_note = std::string(e.agreed_note());
}

}  // namespace umpire::rulesets
