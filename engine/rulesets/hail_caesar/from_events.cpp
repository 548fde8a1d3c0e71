// The only file of the engine that reads engine/events: it turns a lowered
// battle log into the engine's Setup and Actions.
#include "engine/rulesets/hail_caesar/from_events.hpp"

#include <fmt/format.h>

#include <cmath>

#include "engine/core/suggest.hpp"
#include "engine/events/battle.hpp"
#include "engine/geometry/tabletop/bounds.hpp"
#include "engine/rulesets/common/event_reading.hpp"
#include "engine/rulesets/common/statement_reading.hpp"
#include "engine/rulesets/common/tabletop_reading.hpp"
#include "engine/rulesets/hail_caesar/diagnostics.hpp"

namespace umpire::hail_caesar {
namespace {

using rulesets::to_point;

using rulesets::kMillimetresPerInch;

// `7`, `4+`: the number; `0` or `-` for a save: none.
std::optional<std::int32_t> stat_number(std::string_view v) {
  if (!v.empty() && v.back() == '+') v.remove_suffix(1);
  return rulesets::whole_number(v);
}

Stats read_stats(const events::Unit& u) {
  Stats s;
  for (const events::Stat& st : u.stats) {
    const std::optional<std::int32_t> n = stat_number(st.value);
    if (st.name == "clash")
      s.clash = n;
    else if (st.name == "sustained")
      s.sustained = n;
    else if (st.name == "short")
      s.short_range = n;
    else if (st.name == "long")
      s.long_range = n;
    else if (st.name == "stamina")
      s.stamina = n;
    else if (st.name == "morale" && n && *n > 0)
      s.morale_save = n;
  }
  if (u.stamina) s.stamina = static_cast<std::int32_t>(*u.stamina);
  return s;
}

bool read_units(const events::Battle& battle, Game& game, DiagnosticEngine& diags) {
  bool ok = true;
  const std::vector<std::string> type_names(unit_type_names().begin(), unit_type_names().end());
  for (const events::Unit& u : battle.units) {
    UnitSetup s;
    rulesets::read_identity(u, s);
    if (u.division) s.division = static_cast<std::uint16_t>(*u.division);
    const std::string& type = u.type.empty() ? u.profile : u.type;
    if (auto t = parse_unit_type(type)) {
      s.type = *t;
    } else {
      ok = false;
      auto d = report(diags, Diag::setup_unit_type, u.span,
                      "'{}' is not a troop type of the Hail Caesar rules data", type);
      if (auto m = closest_match(type, type_names)) d.hint("did you mean '{}'?", *m);
    }
    if (auto f = parse_formation(u.formation)) s.formation = *f;
    // A base without area has no edges to measure from (units.hpp).
    if (u.base && std::isfinite(u.base->x) && std::isfinite(u.base->y) && u.base->x > 0 &&
        u.base->y > 0) {
      s.frontage = u.base->x / kMillimetresPerInch;
      s.depth = u.base->y / kMillimetresPerInch;
    } else {
      ok = false;
      report(diags, Diag::setup_base, u.span, "unit '{}' has no base of positive size", u.id)
          .hint("write its base: 'base 120x40mm'");
    }
    s.stats = read_stats(u);
    s.special = u.special;
    s.equipment = u.equipment;
    game.setup.units.push_back(std::move(s));
  }
  return ok;
}

bool read_generals(const events::Battle& battle, Game& game, DiagnosticEngine& diags) {
  bool ok = true;
  for (const events::General& g : battle.generals) {
    GeneralSetup s;
    rulesets::read_identity(g, s);
    if (g.division) s.division = static_cast<std::uint16_t>(*g.division);
    if (g.command) {
      s.leadership = static_cast<std::int32_t>(*g.command);
    } else {
      ok = false;
      report(diags, Diag::setup_leadership, g.span, "commander '{}' has no Leadership", g.id)
          .hint("write it: 'command 8'");
    }
    if (g.at && !g.at->is_hex && !g.at->off_table()) s.at = to_point(g.at->point);
    game.setup.generals.push_back(std::move(s));
  }
  return ok;
}

// Fills `a`, a fresh action in place in the game's list.
void read_action(const events::Battle& battle, const events::Event& e, Action& a) {
  a.kind = rulesets::action_kind_of<ActionKind>(e.kind());
  a.phase = rulesets::phase_of<Phase>(e.phase());
  rulesets::read_tabletop_statement(battle, e, a);
  if (auto by = e.by(); by && by->kind == events::ForceKind::general)
    a.by = static_cast<GeneralId>(by->index);
  a.means = std::string(e.means());
  a.distance = e.distance();
  a.on = std::string(e.on());
  a.round = e.round();
  for (events::Symbol s : e.states()) a.states.emplace_back(battle.text(s));
  const events::Stated st = e.stated();
  a.stated.moves = st.moves();
  a.stated.casualties = st.casualties();
  a.stated.result = std::string(st.result());
  a.stated.passed = st.passed();
  if (auto w = st.winner(); w && w->kind == events::ForceKind::unit)
    a.stated.winner = static_cast<UnitId>(w->index);
  a.stated.margin = st.margin();
  a.stated.draw = st.draw();
}

}  // namespace

std::optional<Game> game_from_battle(const events::Battle& battle, DiagnosticEngine& diags) {
  Game game;
  if (!rulesets::read_playable_table<Diag::setup_table>(battle, game.setup, diags, "Hail Caesar"))
    return std::nullopt;
  for (const events::Division& d : battle.divisions)
    game.setup.divisions.push_back({d.span, d.id, static_cast<std::uint8_t>(d.side)});
  rulesets::read_terrain<terrain_of_kind>(battle, game.setup, diags);
  const bool units_ok = read_units(battle, game, diags);
  if (!read_generals(battle, game, diags) || !units_ok) return std::nullopt;
  rulesets::read_deployment<parse_formation>(battle, game.setup);
  for (const events::PlayerTurn& t : battle.turns)
    game.setup.turns.push_back({t.number, static_cast<std::uint8_t>(t.side)});
  rulesets::read_statements(battle, game, read_action);
  return game;
}

}  // namespace umpire::hail_caesar
