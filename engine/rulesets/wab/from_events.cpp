// The only file of the engine that reads engine/events: it turns a lowered
// battle log into the engine's Setup and Actions.
#include "engine/rulesets/wab/from_events.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "engine/events/battle.hpp"
#include "engine/rulesets/common/event_reading.hpp"
#include "engine/rulesets/common/statement_reading.hpp"
#include "engine/rulesets/common/tabletop_reading.hpp"
#include "engine/rulesets/common/word_table.hpp"
#include "engine/rulesets/wab/diagnostics.hpp"

namespace umpire::wab {
namespace {

using rulesets::to_point;

using rulesets::kMillimetresPerInch;

std::optional<std::int32_t> stat_number(const events::Unit& u, std::string_view name) {
  for (const events::Stat& st : u.stats) {
    if (st.name != name) continue;
    return rulesets::whole_number(st.value);
  }
  return std::nullopt;
}

// The profile as written, each characteristic brought within 0 to 10 (a
// missing one is 0); false when one had to be (muster.cpp reports it).
bool read_profile(const events::Unit& u, Profile& p) {
  bool whole = true;
  for (auto [name, field] :
       {std::pair{"m", &p.movement}, std::pair{"ws", &p.weapon_skill},
        std::pair{"bs", &p.ballistic_skill}, std::pair{"s", &p.strength},
        std::pair{"t", &p.toughness}, std::pair{"w", &p.wounds}, std::pair{"i", &p.initiative},
        std::pair{"a", &p.attacks}, std::pair{"ld", &p.leadership}}) {
    const std::optional<std::int32_t> n = stat_number(u, name);
    *field = std::clamp(n.value_or(0), 0, 10);
    whole = whole && n && *n == *field;
  }
  return whole;
}

// § Jet de sauvegarde: the mount's bonus follows the troop type; barding
// and a howdah are written as equipment ("Monté sur monture caparaçonnée",
// "Howdah : +2": the howdah's bonus, not every elephant's).
Mount mount_of(TroopType t, const std::vector<std::string>& equipment) {
  bool barded = false, howdah = false;
  for (const std::string& e : equipment) {
    barded = barded || e == "barding";
    howdah = howdah || e == "howdah";
  }
  switch (t) {
    case TroopType::cavalry:
      return barded ? Mount::barded_horse : Mount::horse;
    case TroopType::light_chariot:
    case TroopType::scythed_chariot:
    case TroopType::heavy_chariot:
      return Mount::chariot;
    case TroopType::elephants:
      return howdah ? Mount::howdah : Mount::on_foot;
    default:
      return Mount::on_foot;
  }
}

// A unit the muster refused (muster.cpp) is still set up, its troop type,
// profile and models brought within the charts, so that the rest of the
// log is replayed; its own statements are then checked with those values,
// as the note at its roster line says.
bool read_units(const events::Battle& battle, Game& game, DiagnosticEngine& diags) {
  bool ok = true;
  for (const events::Unit& u : battle.units) {
    UnitSetup s;
    rulesets::read_identity(u, s);
    std::vector<std::string_view> brought;
    if (auto t = u.type.empty() ? std::optional{TroopType::infantry} : parse_troop_type(u.type))
      s.type = *t;
    else
      brought.push_back("its troop type as infantry");
    if (auto f = parse_formation(u.formation)) s.formation = *f;
    if (!read_profile(u, s.profile)) brought.push_back("its profile within 0 to 10");
    s.models = std::clamp<std::int64_t>(u.models.value_or(1), 1, 500);
    if (!u.models || *u.models != s.models) brought.push_back("its models within 1 to 500");
    s.ranks = std::clamp<std::int64_t>(u.ranks.value_or(1), 1, s.models);
    if (!brought.empty())
      diags.not_checked("replay.not-checked", u.span,
                        "the statements of '{}' as the sheet has them: they are replayed with {}",
                        u.id, fmt::join(brought, ", "));
    // A model's base: the unit's frontage is its widest rank, its depth its ranks.
    if (u.base && std::isfinite(u.base->x) && std::isfinite(u.base->y) && u.base->x > 0 &&
        u.base->y > 0) {
      const std::int64_t file = (s.models + s.ranks - 1) / s.ranks;
      s.frontage = static_cast<double>(file) * u.base->x / kMillimetresPerInch;
      s.depth = static_cast<double>(s.ranks) * u.base->y / kMillimetresPerInch;
    } else {
      ok = false;
      report(diags, Diag::setup_unit, u.span, "unit '{}' has no base of positive size", u.id)
          .hint("write a model's base: 'base 20x20mm'");
    }
    for (const std::string& e : u.equipment) {
      if (auto a = parse_armour(e)) s.armour = *a;
      if (auto sh = parse_shield(e)) s.shield = *sh;
      if (!parse_armour(e) && !parse_shield(e))
        s.weapons.push_back(rulesets::data_word(e, rulesets::WordCase::exact));
    }
    s.mount = mount_of(s.type, u.equipment);
    for (const std::string& w : u.special)
      if (auto r = special_rule_of(w)) s.special.emplace_back(*r);
    game.setup.units.push_back(std::move(s));
  }
  return ok;
}

void read_generals(const events::Battle& battle, Game& game) {
  for (const events::General& g : battle.generals) {
    GeneralSetup s;
    rulesets::read_identity(g, s);
    if (g.at && !g.at->is_hex && !g.at->off_table()) s.at = to_point(g.at->point);
    s.leadership =
        static_cast<std::int32_t>(std::clamp<std::int64_t>(g.command.value_or(0), 0, 10));
    game.setup.generals.push_back(std::move(s));
  }
}

// Fills `a`, a fresh action in place in the game's list.
void read_action(const events::Battle& battle, const events::Event& e, Action& a) {
  a.kind = rulesets::action_kind_of<ActionKind>(e.kind());
  a.phase = rulesets::phase_of<Phase>(e.phase());
  rulesets::read_tabletop_statement(battle, e, a);
  a.target_score = e.target_score();
  a.against = e.against();
  a.round = e.round();
  a.on = std::string(e.on());
  const events::Stated st = e.stated();
  a.stated.wounds = st.wounds();
  a.stated.passed = st.passed();
  if (auto w = st.winner(); w && w->kind == events::ForceKind::unit)
    a.stated.winner = static_cast<UnitId>(w->index);
  a.stated.margin = st.margin();
  a.stated.draw = st.draw();
  a.stated.distance = st.distance();
  a.stated.destroyed = st.destroyed();
  // `=> … to x,y [facing f]`: where a flight or a pursuit ends, stated as
  // its outcome; the unit goes there (where it may go is not checked).
  if (!a.to && !a.off_table) {
    if (auto to = st.to(); to && to->off_table()) {
      a.off_table = true;
      a.off_edge = events::to_string(to->edge);
    } else if (to && !to->is_hex)
      a.to = rulesets::to_point(to->point);
    if (auto f = st.facing(); f && !f->is_hex && !a.facing) a.facing = f->degrees;
  }
}

}  // namespace

std::optional<Game> game_from_battle(const events::Battle& battle, DiagnosticEngine& diags) {
  Game game;
  if (!rulesets::read_playable_table<Diag::setup_table>(battle, game.setup, diags,
                                                        "Warhammer Ancient Battles"))
    return std::nullopt;
  rulesets::read_terrain<ground_of_kind>(battle, game.setup, diags);
  // Moves are measured through the terrain (phases/terrain_cost.hpp), a
  // wood bounds sight (phases/shooting.cpp), a written cover is checked
  // against it, and combat reads obstacles, rough ground and heights; the
  // rest of what it does is not read yet.
  for (const TerrainSetup& t : game.setup.terrain) {
    if (t.terrain)
      diags.not_checked("replay.not-checked", t.span,
                        "terrain '{}': how far it lets a flight, a pursuit or a charge go, and "
                        "sight through it other than a wood's 2\" (moves are measured through "
                        "it; cover, obstacles, rough and higher ground in combat are read)",
                        t.name);
    else
      diags.not_checked("replay.not-checked", t.span,
                        "terrain '{}': a '{}', which the sheet gives no rule for", t.name, t.kind);
  }
  read_generals(battle, game);
  if (!read_units(battle, game, diags)) return std::nullopt;
  rulesets::read_deployment<parse_formation>(battle, game.setup);
  for (const events::PlayerTurn& t : battle.turns)
    game.setup.turns.push_back({t.number, static_cast<std::uint8_t>(t.side)});
  rulesets::read_statements(battle, game, read_action);
  return game;
}

}  // namespace umpire::wab
