// Lowering of the armies (divisions, generals, units with their profiles or
// explicit characteristics) and of the deployment.
#include "engine/core/suggest.hpp"
#include "engine/events/lower_context.hpp"
#include "grammar/log/diagnostics.hpp"

namespace umpire::events::detail {
namespace {

std::vector<std::string> words_of(const ast::Log& log, const ast::Clause* c) {
  std::vector<std::string> out;
  if (c == nullptr) return out;
  for (const ast::ListEntry& e : log.entries_of(log.values_of(*c)[0])) {
    std::string word;
    for (const ast::Value& v : log.values_of(e)) {
      if (!word.empty()) word.push_back(' ');
      word += v.text;
    }
    out.push_back(std::move(word));
  }
  return out;
}

}  // namespace

void Lowerer::army(const ast::Statement& s) {
  if (s.verb == ast::Verb::army) {
    current_army_ =
        side(args(s)[0], "the roster of this army is passed over until its side is known");
    army_unknown_ = !current_army_;
    army_unknown_seen_ = army_unknown_seen_ || army_unknown_;
    current_division_.reset();
    if (current_army_) {
      Side& sd = battle_.header.sides[*current_army_];
      sd.army_points = int_of(s, Word::points);
      sd.army_span = s.span;
      sd.army_list = text_of(s, Word::list);
      if (const ast::Clause* l = find(s, Word::list)) sd.army_list_span = values(*l)[0].span;
    }
    return;
  }
  if (!current_army_) {
    // In an army of an unknown side (reported once, there): its ids are
    // passed over where they are used, not reported unknown.
    if (army_unknown_) {
      ignored_ids_.emplace(std::string(args(s)[0].text), args(s)[0].span);
      return;
    }
    log::report(diags_, log::Diag::army_missing, s.verb_span, "'{}' outside an army",
                ast::verb_name(s.verb))
        .hint("start each side's roster with 'army <side>'");
    return;
  }
  const std::string id(args(s)[0].text);
  const std::string name = args(s).size() > 1 ? std::string(args(s)[1].text) : std::string();
  switch (s.verb) {
    case ast::Verb::division: {
      const auto index = static_cast<std::uint32_t>(battle_.divisions.size());
      battle_.divisions.push_back({s.span, id, name, *current_army_});
      declare(id, {args(s)[0].span, ForceKind::division, index});
      current_division_ = index;
      return;
    }
    case ast::Verb::general: {
      General g;
      g.span = s.span;
      g.id = id;
      g.name = name;
      g.side = *current_army_;
      g.division = current_division_;
      g.command = int_of(s, Word::command);
      g.points = int_of(s, Word::points);
      if (const ast::Clause* at = find(s, Word::at)) g.at = location(values(*at)[0]);
      if (const ast::Clause* f = find(s, Word::facing)) g.facing = facing(values(*f)[0]);
      const auto index = static_cast<std::uint32_t>(battle_.generals.size());
      battle_.generals.push_back(std::move(g));
      declare(id, {args(s)[0].span, ForceKind::general, index});
      return;
    }
    case ast::Verb::unit: {
      Unit u;
      u.span = s.span;
      u.id = id;
      u.name = name;
      u.side = *current_army_;
      u.division = current_division_;
      if (const ast::Clause* p = find(s, Word::profile)) {
        u.profile = std::string(values(*p)[0].text);
        u.profile_span = values(*p)[0].span;
        if (options_.profiles == nullptr) {
          if (!profile_note_given_) {
            profile_note_given_ = true;
            log::report(diags_, log::Diag::profile_not_checked, u.profile_span,
                        "unit profiles are not checked: no rules data was loaded")
                .hint("profiles are checked against the ruleset's rules data once it is given");
          }
        } else if (!options_.profiles->has_profile(u.profile)) {
          auto d = log::report(diags_, log::Diag::profile_unknown, u.profile_span,
                               "unknown profile '{}'", u.profile);
          if (auto best = closest_match(u.profile, options_.profiles->known_profiles())) {
            d.hint("did you mean '{}'?", *best);
            d.fixit(u.profile_span, *best);
          } else {
            d.hint("give the unit's characteristics with 'stats (...)' instead");
          }
        }
      }
      if (const ast::Clause* st = find(s, Word::stats)) {
        for (const ast::ListEntry& e : log_->entries_of(values(*st)[0])) {
          const std::span<const ast::Value> ev = log_->values_of(e);
          const bool ok =
              ev.size() == 2 && ev[0].kind == ast::ValueKind::word &&
              (ev[1].kind == ast::ValueKind::integer || ev[1].kind == ast::ValueKind::target ||
               ev[1].kind == ast::ValueKind::fraction || ev[1].kind == ast::ValueKind::word ||
               ev[1].kind == ast::ValueKind::decimal);
          if (!ok) {
            log::report(diags_, log::Diag::unit_bad_stat, e.span,
                        "a characteristic is a name and a value, like 'clash 7' or 'morale 4+'")
                .hint(
                    "separate characteristics with commas: stats (clash 7, sustained 6, morale "
                    "4+)");
            continue;
          }
          std::string value;
          const ast::Value& v = ev[1];
          value =
              v.kind == ast::ValueKind::integer ? std::to_string(v.integer) : std::string(v.text);
          u.stats.push_back({e.span, std::string(ev[0].text), value});
        }
      }
      if (u.profile.empty() && u.stats.empty()) {
        log::report(diags_, log::Diag::unit_no_profile, args(s)[0].span,
                    "unit '{}' has neither a profile nor stats", id)
            .hint("add 'profile <id>' from the rules data, or 'stats (clash 7, ...)'");
      }
      u.type = text_of(s, Word::type);
      u.quality = text_of(s, Word::quality);
      u.formation = text_of(s, Word::formation);
      u.skills = words_of(*log_, find(s, Word::skills));
      u.special = words_of(*log_, find(s, Word::special));
      u.equipment = words_of(*log_, find(s, Word::equipment));
      u.strength = int_of(s, Word::strength);
      u.models = int_of(s, Word::models);
      u.stamina = int_of(s, Word::stamina);
      u.command = int_of(s, Word::command);
      u.points = int_of(s, Word::points);
      u.ranks = int_of(s, Word::ranks);
      u.victory_points = int_of(s, Word::vp);
      if (const ast::Clause* b = find(s, Word::base)) {
        const ast::Value& v = values(*b)[0];
        const double scale = v.unit == ast::SizeUnit::cm   ? 10.0
                             : v.unit == ast::SizeUnit::in ? 25.4
                                                           : 1.0;
        u.base = Point{v.x * scale, v.y * scale};
      }
      if (const ast::Clause* g = find(s, Word::general)) {
        if (auto ref = force(values(*g)[0], "general")) {
          if (ref->kind != ForceKind::general) {
            log::report(diags_, log::Diag::unit_not_general, values(*g)[0].span,
                        "'{}' is not a general", values(*g)[0].text);
          } else {
            u.general = ref->index;
          }
        }
      }
      const auto index = static_cast<std::uint32_t>(battle_.units.size());
      battle_.units.push_back(std::move(u));
      declare(id, {args(s)[0].span, ForceKind::unit, index});
      return;
    }
    default:
      return;
  }
}

void Lowerer::deploy(const ast::Statement& s) {
  auto ref = force(args(s)[0]);
  if (!ref) return;
  if (ref->kind == ForceKind::division) {
    log::report(diags_, log::Diag::deploy_division, args(s)[0].span,
                "deploy units and generals, not divisions")
        .hint("write one 'deploy' per unit of division '{}'", args(s)[0].text);
    return;
  }
  if (deployed_.size() < battle_.units.size() + battle_.generals.size()) {
    deployed_.resize(battle_.units.size() + battle_.generals.size());
  }
  const std::size_t slot =
      ref->kind == ForceKind::unit ? ref->index : battle_.units.size() + ref->index;
  if (deployed_[slot]) {
    log::report(diags_, log::Diag::deploy_duplicate, args(s)[0].span, "'{}' is deployed twice",
                args(s)[0].text)
        .hint("deploy each unit once; later positions are moves");
    return;
  }
  deployed_[slot] = true;
  Deployment d;
  d.span = s.span;
  d.unit = *ref;
  if (const ast::Clause* at = find(s, Word::at)) {
    for (const ast::Value& v : values(*at)) {
      if (auto loc = location(v)) d.at.push_back(*loc);
    }
    if (values(*at).size() > 2) {
      log::report(diags_, log::Diag::deploy_too_many_positions, at->span,
                  "a unit stands on one position, or two hexes for an extended line")
          .rule("002_87c3dc452f850204.txt", "Formations spéciales");
    }
  } else {
    log::report(diags_, log::Diag::deploy_missing_position, s.verb_span,
                "'deploy' needs a position")
        .hint("write 'at 5,7' (hex) or 'at 30,12' (inches)");
  }
  if (const ast::Clause* f = find(s, Word::facing)) d.facing = facing(values(*f)[0]);
  d.formation = text_of(s, Word::formation);
  battle_.deployment.push_back(std::move(d));
}

void Lowerer::finish_armies() {
  for (const Side& sd : battle_.header.sides) {
    bool has_unit = false;
    for (const Unit& u : battle_.units)
      has_unit = has_unit || battle_.header.sides[u.side].id == sd.id;
    // An army of an unknown side (reported) may have been this side's.
    if (!has_unit && !army_unknown_seen_) {
      log::report(diags_, log::Diag::army_empty, sd.span, "side '{}' has no units", sd.id)
          .hint("list its roster after 'army {}'", sd.id);
    }
  }
}

}  // namespace umpire::events::detail
