// The only file of the engine that reads engine/events: it turns a lowered
// battle log into the engine's Setup and Actions.
#include "engine/rulesets/sabreur_hex/from_events.hpp"

#include <fmt/format.h>

#include <cmath>

#include "engine/core/suggest.hpp"
#include "engine/events/battle.hpp"
#include "engine/geometry/hex/offset.hpp"
#include "engine/rulesets/common/event_reading.hpp"
#include "engine/rulesets/common/statement_reading.hpp"
#include "engine/rulesets/sabreur_hex/diagnostics.hpp"

namespace umpire::sabreur {
namespace {

Hex to_hex(const events::Hex& h) {
  return hex::from_offset({h.col, h.row});
}

std::optional<std::pair<HexTerrain, bool>> hex_terrain_of(const std::vector<std::string>& kinds) {
  HexTerrain t = HexTerrain::open_ground;
  bool hill = false;
  for (const std::string& k : kinds) {
    if (k == "hill")
      hill = true;
    else if (k == "open")
      t = HexTerrain::open_ground;
    else if (k == "wood")
      t = HexTerrain::wood;
    else if (k == "village")
      t = HexTerrain::village;
    else if (k == "strongpoint" || k == "fortification")
      t = HexTerrain::strongpoint;
    else if (k == "difficult" || k == "marsh" || k == "very-difficult" || k == "rough")
      t = HexTerrain::difficult_terrain;
    else if (k == "impassable" || k == "lake")
      t = HexTerrain::impassable;
    else if (k == "bridge")
      t = HexTerrain::bridge;
    else
      return std::nullopt;
  }
  return std::pair{t, hill};
}

std::optional<HexsideTerrain> hexside_of(std::string_view f) {
  if (f == "stream") return HexsideTerrain::stream;
  if (f == "river") return HexsideTerrain::river;
  if (f == "ford") return HexsideTerrain::ford;
  if (f == "bridge") return HexsideTerrain::bridge;
  if (f == "wood") return HexsideTerrain::wood;
  if (f == "impassable") return HexsideTerrain::impassable;
  return std::nullopt;
}

std::int32_t default_command(Quality q) {
  // § Coût du commandement: the norm is 6 for Recruits, 7 Ordinary, 8 Elite.
  return q == Quality::recruit ? 6 : q == Quality::elite ? 8 : 7;
}

bool read_units(const events::Battle& battle, Game& game, DiagnosticEngine& diags) {
  bool ok = true;
  std::vector<std::string> type_names(unit_type_names().begin(), unit_type_names().end());
  std::vector<std::string> skill_list(skill_names().begin(), skill_names().end());
  for (const events::Unit& u : battle.units) {
    UnitSetup s;
    rulesets::read_identity(u, s);
    if (auto t = parse_unit_type(u.profile)) {
      s.type = *t;
    } else {
      ok = false;
      auto d =
          report(diags, Diag::setup_unit_type, u.profile_span.valid() ? u.profile_span : u.span,
                 "'{}' is not a Sabreur-hex unit type", u.profile);
      if (auto m = closest_match(u.profile, type_names)) d.hint("did you mean '{}'?", *m);
    }
    if (!u.quality.empty()) {
      if (auto q = parse_quality(u.quality))
        s.quality = *q;
      else {
        ok = false;
        report(diags, Diag::setup_quality, u.span, "unknown quality '{}'", u.quality)
            .hint("Sabreur-hex qualities are elite, ordinary and recruit");
      }
    }
    for (const std::string& word : u.skills) {
      if (auto k = parse_skill(word))
        s.skills.add(*k);
      else {
        ok = false;
        auto d = report(diags, Diag::setup_skill, u.span, "unknown skill '{}'", word);
        if (auto m = closest_match(word, skill_list)) d.hint("did you mean '{}'?", *m);
      }
    }
    if (!u.formation.empty()) {
      if (auto f = parse_formation(u.formation)) s.formation = *f;
    }
    if (u.strength) {
      s.strength = static_cast<std::int32_t>(*u.strength);
    } else {
      ok = false;
      report(diags, Diag::setup_strength, u.span, "unit '{}' has no strength", u.id)
          .hint("write its strength points: 'strength 18'");
    }
    s.command = u.command ? static_cast<std::int32_t>(*u.command) : default_command(s.quality);
    s.points = u.points;
    s.victory_points = u.victory_points;
    s.explicit_stats = !u.stats.empty();
    if (!u.stats.empty() || !u.special.empty() || !u.equipment.empty())
      diags.not_checked("replay.not-checked", u.span, "stats, special rules and equipment of '{}'",
                        u.id);
    game.setup.units.push_back(std::move(s));
  }
  return ok;
}

void read_map(const events::Battle& battle, Game& game, DiagnosticEngine& diags) {
  const events::Battlefield& bf = battle.battlefield;
  game.setup.map = hex::HexMap(bf.cols, bf.rows);
  for (const events::HexTerrain& t : bf.hexes) {
    auto kind = hex_terrain_of(t.kinds);
    if (!kind) {
      diags.not_checked("replay.not-checked", t.span, "terrain of this kind in Sabreur-hex");
      continue;
    }
    (void)game.setup.map.set_terrain(to_hex(t.hex), pack_terrain(kind->first, kind->second));
  }
  for (const events::Hexside& s : bf.hexsides) {
    auto f = hexside_of(s.feature);
    if (!f) {
      diags.not_checked("replay.not-checked", s.span, "hex-side feature '{}'", s.feature);
      continue;
    }
    (void)game.setup.map.set_side_feature(to_hex(s.a), to_hex(s.b),
                                          hex::SideFeatureId{static_cast<std::uint16_t>(*f)});
  }
}

// Fills `a`, a fresh action in place in the game's list.
void read_action(const events::Battle& battle, const events::Event& e, Action& a) {
  a.kind = rulesets::action_kind_of<ActionKind>(e.kind());
  a.verb = std::string(events::to_string(e.kind()));
  a.span = e.span();
  a.turn = e.turn();
  a.side = static_cast<std::uint8_t>(e.side());
  a.phase = rulesets::phase_of<Phase>(e.phase());
  const auto refs = [&](events::RefRange in, UnitList& out) {
    for (const events::ForceRef& r : in) {
      if (r.kind == events::ForceKind::unit)
        out.push_back(static_cast<UnitId>(r.index));
      else
        a.untyped.push_back(fmt::format("generals and divisions ('{}')", battle.name_of(r)));
    }
  };
  refs(e.actors(), a.actors);
  refs(e.targets(), a.targets);
  a.detail = e.detail();  // read once: the engine compares a Detail
  if (a.kind == ActionKind::flee && !a.detail.empty())
    a.untyped.push_back(
        fmt::format("a flight written '{}' (a word of WAB's fall back)", a.detail.text()));
  if (auto to = e.to()) {
    if (to->is_hex)
      a.to = to_hex(to->hex);
    else if (to->off_table() && (a.kind == ActionKind::flee || a.kind == ActionKind::pursue))
      a.off_table = true;  // flight.cpp, pursuit.cpp check that it could leave the table
    else if (to->off_table())
      a.untyped.push_back("a move off the table other than a flight");
    else
      a.untyped.push_back("'to' a unit or a tabletop point");
  }
  for (const events::Location& l : e.path()) {
    if (l.is_hex) a.path.push_back(to_hex(l.hex));
    a.path_span = merge(a.path_span, l.span);
  }
  if (auto f = e.facing(); f && f->is_hex) a.facing = static_cast<Facing>(static_cast<int>(f->hex));
  if (auto from = e.from()) {
    if (from->is_hex) {
      a.from = to_hex(from->hex);
      a.from_span = from->span;
    } else {
      a.untyped.push_back("'from' a tabletop point");
    }
  }
  a.formation = std::string(e.formation());
  if (auto r = e.range(); r && std::isfinite(*r))
    a.range = static_cast<std::int64_t>(std::llround(*r));
  a.cost = e.cost();
  a.modifier = e.modifier();
  for (events::Symbol s : e.states()) a.states.emplace_back(battle.text(s));
  rulesets::append_written_rolls(battle, e, a.rolls);
  const events::Stated st = e.stated();
  a.stated.span = st.span();
  a.stated.hits = st.hits();
  a.stated.saves = st.saves();
  a.stated.losses = st.losses() ? st.losses() : st.casualties();
  a.stated.points = st.points();
  a.stated.total = st.total();
  a.stated.passed = st.passed();
  a.stated.distance = st.distance();
  if (auto to = st.to(); to && to->is_hex) a.stated.to = to_hex(to->hex);
  if (auto f = st.facing(); f && f->is_hex)
    a.stated.facing = static_cast<Facing>(static_cast<int>(f->hex));
  a.stated.formation = std::string(st.formation());
  a.stated.destroyed = st.destroyed();
  a.stated.cancelled = st.cancelled();
  // Stated results, margins and winners: field_audit.cpp counts them.
  a.agreed = e.agreed();
  a.agreed_note = std::string(e.agreed_note());
}

}  // namespace

std::optional<Game> game_from_battle(const events::Battle& battle, DiagnosticEngine& diags) {
  Game game;
  if (battle.battlefield.kind != events::BattlefieldKind::hex_map) {
    report(diags, Diag::setup_map,
           battle.battlefield.span.valid() ? battle.battlefield.span : battle.header.ruleset_span,
           "a Sabreur-hex game is played on a hex map")
        .hint("write the battlefield as 'map hex 12x10'");
    return std::nullopt;
  }
  game.setup.dice = rulesets::dice_mode(battle);
  game.setup.seed = battle.header.seed;
  for (const events::Side& s : battle.header.sides) {
    game.setup.sides.push_back({s.span, s.id, s.points.value_or(0), s.home_edge});
    game.setup.written_points.push_back({s.points, s.army_points, s.army_span});  // roster.cpp
  }
  game.setup.end.winner =
      battle.winner ? std::optional<std::uint8_t>(static_cast<std::uint8_t>(*battle.winner))
                    : std::nullopt;
  game.setup.end.winner_span = battle.winner_span;
  game.setup.end.reason = battle.end_reason;
  game.setup.end.score_span = battle.score_span;
  for (const events::SideScore& sc : battle.score)
    game.setup.end.score.push_back({sc.span, static_cast<std::uint8_t>(sc.side), sc.points});
  read_map(battle, game, diags);
  if (!read_units(battle, game, diags)) return std::nullopt;
  for (const events::Deployment& d : battle.deployment) {
    if (d.unit.kind != events::ForceKind::unit || d.at.empty() || !d.at.front().is_hex) continue;
    DeploymentSetup dep;
    dep.span = d.span;
    dep.unit = static_cast<UnitId>(d.unit.index);
    dep.hex = to_hex(d.at.front().hex);
    if (d.facing && d.facing->is_hex)
      dep.facing = static_cast<Facing>(static_cast<int>(d.facing->hex));
    dep.formation = game.setup.units[dep.unit].formation;
    if (auto f = parse_formation(d.formation)) dep.formation = *f;
    // An extended line's other half (engine.cpp checks it); lowering
    // accepts two positions at most.
    if (d.at.size() > 1 && d.at[1].is_hex) dep.second_hex = to_hex(d.at[1].hex);
    game.setup.deployment.push_back(dep);
  }
  rulesets::read_statements(battle, game, read_action);
  return game;
}

}  // namespace umpire::sabreur
