#include "engine/rulesets/hail_caesar_hyw/muster.hpp"

#include <fmt/format.h>

#include "engine/core/plural.hpp"
#include "engine/core/suggest.hpp"
#include "engine/rules/evaluator.hpp"
#include "engine/rules/profile_catalogue.hpp"
#include "engine/rulesets/hail_caesar_hyw/muster_army.hpp"

namespace umpire::hyw {
namespace {

using detail::MusterArmy;
using detail::Reporter;

// The items of the data the generals' checks read (2-a), by their names in
// corpus/rulesets/hail-caesar-hyw.rules.
struct GeneralItems {
  std::uint32_t leadership_table = 0;                          // general_leadership, keyed by rank
  std::uint32_t rank_given = 0;                                // general.rank
  std::uint32_t points_value = 0;                              // general_points
  std::uint32_t division_general = 0, commander_in_chief = 0;  // values of the rank domain
  std::int64_t division_leadership = 0, chief_leadership = 0;
};

std::optional<GeneralItems> general_items(const rules::Ruleset& data) {
  const auto table = data.find("general_leadership");
  const auto rank = data.find("general.rank");
  const auto points = data.find("general_points");
  if (!table || table->kind != rules::ItemKind::table || !rank ||
      rank->kind != rules::ItemKind::given || !points || points->kind != rules::ItemKind::value)
    return std::nullopt;
  const rules::Given& g = data.givens[rank->index];
  if (g.type.kind != rules::TypeKind::enumeration) return std::nullopt;
  const rules::Domain& domain = data.domains[g.type.ref];
  const auto division = domain.find("division_general");
  const auto chief = domain.find("commander_in_chief");
  if (!division || !chief) return std::nullopt;
  GeneralItems out{table->index, rank->index, points->index, *division, *chief, 0, 0};
  rules::Situation situation(data);
  for (auto [rank_value, leadership] :
       {std::pair{*division, &out.division_leadership}, std::pair{*chief, &out.chief_leadership}}) {
    rules::Evaluator ev(data, situation);
    const auto row = ev.lookup(out.leadership_table, {rules::Val::enumeration(rank_value)});
    if (!row || row->empty() || (*row)[0].kind != rules::Val::Kind::integer) return std::nullopt;
    *leadership = (*row)[0].number;
  }
  return out;
}

std::optional<std::int64_t> general_cost(const rules::Ruleset& data, const GeneralItems& items,
                                         std::uint32_t rank) {
  rules::Situation situation(data);
  if (situation.set(items.rank_given, rules::Val::enumeration(rank))) return std::nullopt;
  rules::Evaluator ev(data, situation);
  const auto v = ev.value(items.points_value);
  if (!v || v->kind != rules::Val::Kind::integer) return std::nullopt;
  return v->number;
}

std::optional<std::int64_t> entry_points(const rules::Ruleset& data, std::uint32_t profile) {
  const rules::Profile& p = data.profiles[profile];
  const auto field = data.records[p.record].find("points");
  if (!field || p.values[*field].kind != rules::Val::Kind::integer) return std::nullopt;
  return p.values[*field].number;
}

std::string entries_of(const MusterArmy& army) {
  std::string out;
  for (std::uint32_t p : army.data->army_lists[*army.list].units) {
    if (!out.empty()) out += ", ";
    out += army.entry_name(p);
  }
  return out;
}

// 2) Réunir l'host: which list the army follows.
void find_list(MusterArmy& army, Reporter& out) {
  const events::Side& side = army.side_of();
  const rules::Ruleset& data = *army.data;
  std::vector<std::string> names;
  for (const rules::ArmyList& l : data.army_lists) names.push_back(l.name);
  const std::string all = fmt::format("'{}'", fmt::join(names, "', '"));
  if (side.army_list.empty()) {
    out.breach(Check::list, side.army_span, fmt::format("army '{}' names no army list", side.id))
        .note("the lists of the rules data: {}", all)
        .hint("write the list it follows on its army line: 'army {} list \"{}\"'", side.id,
              closest_match(side.id, names)
                  .value_or(names.empty() ? std::string("LIST") : names.front()));
    return;
  }
  for (std::uint32_t i = 0; i < data.army_lists.size(); ++i) {
    if (data.army_lists[i].name != side.army_list) continue;
    army.list = i;
    army.prefix = rules::list_prefix(data, data.army_lists[i]);
    return;
  }
  auto d = out.breach(Check::list, side.army_list_span,
                      fmt::format("army '{}' names the list '{}', which the rules data does not "
                                  "have",
                                  side.id, side.army_list));
  d.note("the lists of the rules data: {}", all);
  if (auto best = closest_match(side.army_list, names)) {
    d.hint("did you mean '{}'?", *best);
    d.fixit(side.army_list_span, fmt::format("\"{}\"", *best));
  } else {
    d.hint("name one of the lists: {}", all);
  }
}

// The entry of the list a unit's profile names: the data's name or the
// name within the list (docs/log-format.md § Unit profiles).
std::optional<std::uint32_t> resolve_entry(const MusterArmy& army, const std::string& profile) {
  for (std::uint32_t p : army.data->army_lists[*army.list].units) {
    const std::string& name = army.data->profiles[p].name;
    if (name == profile || (!army.prefix.empty() && name == army.prefix + profile)) return p;
  }
  return std::nullopt;
}

// Each unit: in a division, an entry of the list, at its entry's points.
void check_units(MusterArmy& army, Reporter& out) {
  const events::Battle& b = *army.battle;
  for (std::uint32_t i = 0; i < b.units.size(); ++i) {
    const events::Unit& u = b.units[i];
    if (u.side != army.side) continue;
    if (!u.division) {
      out.breach(Check::unit_division, u.span,
                 fmt::format("unit '{}' belongs to no division", u.id))
          .hint("write its division's line above it: 'division d1 \"Vanguard\"'");
    }
    if (!army.list) continue;
    const std::string& list = army.data->army_lists[*army.list].name;
    if (u.profile.empty()) {
      out.breach(Check::unit_entry, u.span,
                 fmt::format("unit '{}' writes its characteristics instead of an entry of the "
                             "'{}' list",
                             u.id, list))
          .note("the entries of the list: {}", entries_of(army))
          .hint("write the entry it is: 'profile <entry>'");
      continue;
    }
    const std::optional<std::uint32_t> entry = resolve_entry(army, u.profile);
    if (!entry) {
      std::vector<std::string> names;
      for (std::uint32_t p : army.data->army_lists[*army.list].units)
        names.push_back(army.entry_name(p));
      auto d = out.breach(Check::unit_entry, u.profile_span,
                          fmt::format("'{}' is not an entry of the '{}' list of army '{}'",
                                      u.profile, list, army.side_of().id));
      d.note("the entries of the list: {}", entries_of(army));
      if (auto best = closest_match(u.profile, names))
        d.hint("did you mean '{}'?", *best);
      else
        d.hint("choose the unit among the list's entries, or name the list the army follows");
      continue;
    }
    if (u.division) army.entry[i] = entry;
    const std::optional<std::int64_t> cost = entry_points(*army.data, *entry);
    if (u.points && cost && *u.points != *cost) {
      out.breach(Check::unit_points, u.span,
                 fmt::format("unit '{}' is written {}; the '{}' list's entry '{}' costs {}", u.id,
                             plural(*u.points, "point"), list, army.entry_name(*entry),
                             plural(*cost, "point")))
          .hint("write 'points {}', or the entry the unit is", *cost);
    }
  }
}

// 2-a: each division commanded by one general, each general commanding one.
void check_divisions(const MusterArmy& army, Reporter& out) {
  const events::Battle& b = *army.battle;
  for (std::uint32_t d : army.divisions) {
    std::size_t generals = 0;
    for (const events::General& g : b.generals) {
      if (g.side != army.side || g.division != d) continue;
      if (++generals == 2) {
        out.breach(Check::division_general, g.span,
                   fmt::format("division '{}' has a second general, '{}'", b.divisions[d].id, g.id))
            .hint("a division is commanded by one general: give '{}' a division of his own", g.id);
      }
    }
    if (generals == 0) {
      out.breach(Check::division_general, b.divisions[d].span,
                 fmt::format("division '{}' has no general", b.divisions[d].id))
          .hint("write its general under it: 'general g1 \"Name\" command 8 points 25'");
    }
  }
  for (const events::General& g : b.generals) {
    if (g.side == army.side && !g.division) {
      out.breach(Check::division_general, g.span,
                 fmt::format("general '{}' commands no division", g.id))
          .hint("write the line of his division above him: 'division d1 \"Vanguard\"'");
    }
  }
}

// 2-a: leadership 8, or 9 for each player's commander-in-chief, and the
// cost of each; returns what the generals cost.
std::int64_t check_generals(const MusterArmy& army, const GeneralItems& items, Reporter& out) {
  const events::Battle& b = *army.battle;
  const events::Side& side = army.side_of();
  const rules::Ruleset& data = *army.data;
  const std::size_t players = std::max<std::size_t>(1, side.players.size());
  std::size_t chiefs = 0;
  std::int64_t cost = 0;
  for (const events::General& g : b.generals) {
    if (g.side != army.side) continue;
    std::uint32_t rank = items.division_general;
    if (g.command && *g.command == items.chief_leadership) {
      rank = items.commander_in_chief;
      if (++chiefs > players) {
        out.breach(Check::commander_in_chief, g.span,
                   fmt::format("general '{}' is a commander-in-chief (command {}) too: army '{}' "
                               "has {} for {}",
                               g.id, *g.command, side.id, chiefs, plural(players, "player")))
            .hint("each player has one commander-in-chief; the other generals have command {}",
                  items.division_leadership);
      }
    } else if (g.command && *g.command != items.division_leadership) {
      out.breach(Check::general_leadership, g.span,
                 fmt::format("general '{}' is written command {}: a division's general has {}, "
                             "a commander-in-chief {}",
                             g.id, *g.command, items.division_leadership, items.chief_leadership))
          .note("general_leadership of the rules data")
          .hint("write 'command {}'", items.division_leadership);
    }
    const std::optional<std::int64_t> due = general_cost(data, items, rank);
    const std::string_view rank_name =
        rank == items.commander_in_chief ? "a commander-in-chief" : "a division's general";
    if (due && g.points && *g.points != *due) {
      out.breach(Check::general_points, g.span,
                 fmt::format("general '{}' is written {}; {} costs {}", g.id,
                             plural(*g.points, "point"), rank_name, plural(*due, "point")))
          .note("general_points of the rules data, under the switch commander_in_chief_cost")
          .hint("write 'points {}'", *due);
    }
    cost += g.points ? *g.points : due.value_or(0);
  }
  if (chiefs < players) {
    out.breach(Check::commander_in_chief, side.army_span,
               fmt::format("army '{}' has {} for {}", side.id,
                           plural(chiefs, "commander-in-chief", "commanders-in-chief"),
                           plural(players, "player")))
        .hint("each player's commander-in-chief is the general written 'command {}'",
              items.chief_leadership);
  }
  return cost;
}

// 2-a "points de budget": what the army costs within the points it was
// mustered to.
void check_budget(const MusterArmy& army, std::int64_t generals, Reporter& out) {
  const events::Side& side = army.side_of();
  const std::optional<std::int64_t> budget = side.army_points ? side.army_points : side.points;
  if (!budget) return;
  std::int64_t units = 0;
  const events::Battle& b = *army.battle;
  for (std::uint32_t i = 0; i < b.units.size(); ++i) {
    const events::Unit& u = b.units[i];
    if (u.side != army.side) continue;
    if (u.points)
      units += *u.points;
    else if (army.entry[i])
      units += entry_points(*army.data, *army.entry[i]).value_or(0);
  }
  if (units + generals <= *budget) return;
  out.breach(Check::budget, side.army_span,
             fmt::format("army '{}' costs {}: {} for its units and {} for its generals, over its "
                         "{}",
                         side.id, plural(units + generals, "point"), units, generals,
                         plural(*budget, "point")))
      .hint("muster fewer units, or write the points the players agreed on: 'army {} points {}'",
            side.id, units + generals);
}

// The list's constraints read the army's roster: with a unit outside it (no
// division, not an entry of the list) they would report that unit's
// mistake again as a share or a count gone wrong (reported once, there).
void check_constraints(const MusterArmy& army, Reporter& out, DiagnosticEngine& diags) {
  const events::Battle& b = *army.battle;
  for (std::uint32_t i = 0; i < b.units.size(); ++i) {
    if (b.units[i].side != army.side || army.entry[i]) continue;
    diags
        .not_checked("hyw.muster.list-unchecked", army.side_of().army_span,
                     "the '{}' list's shares and limits are not checked for army '{}': unit '{}' "
                     "is outside its roster",
                     army.data->army_lists[*army.list].name, army.side_of().id, b.units[i].id)
        .hint("give every unit a division and an entry of the list; the rest is then checked");
    return;
  }
  detail::check_list_constraints(army, out);
}

class HywMuster final : public rulesets::Muster {
 public:
  rulesets::MusterResult check(const events::Battle& battle, const rules::Ruleset& data,
                               DiagnosticEngine& diags) const override {
    Reporter out(diags);
    rulesets::MusterResult result;
    const std::optional<GeneralItems> items = general_items(data);
    if (!items) {
      diags.not_checked("hyw.muster.generals", battle.header.ruleset_span,
                        "the generals are not mustered: the rules data has no general_leadership "
                        "table by general.rank, or no general_points value");
    }
    for (std::uint32_t s = 0; s < battle.header.sides.size(); ++s) {
      const events::Side& side = battle.header.sides[s];
      if (!side.army_span.valid()) continue;  // no roster (log.army.empty)
      ++result.armies;
      MusterArmy army;
      army.battle = &battle;
      army.data = &data;
      army.side = s;
      army.entry.assign(battle.units.size(), std::nullopt);
      for (std::uint32_t d = 0; d < battle.divisions.size(); ++d)
        if (battle.divisions[d].side == s) army.divisions.push_back(d);
      find_list(army, out);
      check_units(army, out);
      check_divisions(army, out);
      const std::int64_t generals = items ? check_generals(army, *items, out) : 0;
      check_budget(army, generals, out);
      if (army.list) check_constraints(army, out, diags);
    }
    result.breaches = out.breaches();
    return result;
  }
};

}  // namespace

namespace detail {

std::string MusterArmy::entry_name(std::uint32_t profile) const {
  const std::string& name = data->profiles[profile].name;
  if (!prefix.empty() && name.starts_with(prefix)) return name.substr(prefix.size());
  return name;
}

std::vector<std::vector<std::int64_t>> MusterArmy::roster() const {
  std::vector<std::vector<std::int64_t>> out(divisions.size(),
                                             std::vector<std::int64_t>(data->profiles.size(), 0));
  for (std::uint32_t i = 0; i < battle->units.size(); ++i) {
    if (!entry[i]) continue;
    for (std::size_t d = 0; d < divisions.size(); ++d)
      if (battle->units[i].division == divisions[d]) ++out[d][*entry[i]];
  }
  return out;
}

DiagnosticBuilder Reporter::breach(Check check, Span span, std::string message) {
  ++breaches_;
  const replay::CheckInfo& info = check_info(check);
  auto b = diags_.report(info.severity, info.id, span, std::move(message));
  b.rule(std::string(info.file), std::string(info.section));
  return b;
}

DiagnosticBuilder Reporter::breach(std::string_view id, const rules::Citations& refs, Span span,
                                   std::string message) {
  ++breaches_;
  auto b = diags_.report(Severity::error, id, span, std::move(message));
  if (!refs.empty()) b.rule(refs.front().file, refs.front().section);
  return b;
}

}  // namespace detail

const rulesets::Muster& muster() {
  static const HywMuster instance;
  return instance;
}

}  // namespace umpire::hyw
