#include "engine/rulesets/hail_caesar_hyw/unit_profiles.hpp"

#include <optional>

#include "engine/events/battle.hpp"
#include "engine/rules/profile_catalogue.hpp"

namespace umpire::hyw {
namespace {

// The data's profile the unit names: its own name or its name within the
// side's list (docs/log-format.md § Unit profiles), as the muster reads it.
std::optional<std::uint32_t> find_profile(const rules::Ruleset& data, const WrittenProfile& w) {
  std::string prefixed;
  for (const rules::ArmyList& list : data.army_lists)
    if (list.name == w.army_list) prefixed = rules::list_prefix(data, list) + w.profile;
  for (std::uint32_t p = 0; p < data.profiles.size(); ++p) {
    const std::string& name = data.profiles[p].name;
    if (name == w.profile || (!prefixed.empty() && name == prefixed)) return p;
  }
  return std::nullopt;
}

// Field `name` of profile `p`, none when the record has no such field.
rules::Val field(const rules::Ruleset& data, std::uint32_t p, std::string_view name) {
  const rules::Profile& profile = data.profiles[p];
  const std::optional<std::uint32_t> f = data.records[profile.record].find(name);
  if (!f || *f >= profile.values.size()) return rules::Val::none();
  return profile.values[*f];
}

std::optional<std::int32_t> number(const rules::Val& v) {
  if (v.kind != rules::Val::Kind::integer) return std::nullopt;
  return static_cast<std::int32_t>(v.number);
}

}  // namespace

std::optional<GameOfBattle> game_of_battle(const events::Battle& battle, DiagnosticEngine& diags) {
  events::Battle typed = battle;
  std::vector<WrittenProfile> written;
  for (events::Unit& u : typed.units) {
    if (u.type.empty()) u.type = hail_caesar::unit_type_names().front();
    written.push_back({u.profile, u.side < battle.header.sides.size()
                                      ? battle.header.sides[u.side].army_list
                                      : std::string()});
  }
  std::optional<hail_caesar::Game> game = hail_caesar::game_from_battle(typed, diags);
  if (!game) return std::nullopt;
  return GameOfBattle{std::move(*game), std::move(written)};
}

void units_from_profiles(hail_caesar::Setup& setup, const std::vector<WrittenProfile>& written,
                         const rules::Ruleset& data) {
  for (std::size_t i = 0; i < setup.units.size() && i < written.size(); ++i) {
    const std::optional<std::uint32_t> p = find_profile(data, written[i]);
    if (!p) continue;
    hail_caesar::UnitSetup& u = setup.units[i];
    u.profile = p;
    // The troop type is a value of the data's unit_type domain, which the
    // engine's types name alike.
    const rules::Record& record = data.records[data.profiles[*p].record];
    const std::optional<std::uint32_t> type_field = record.find("unit_type");
    const rules::Val type = field(data, *p, "unit_type");
    if (type_field && type.kind == rules::Val::Kind::enumeration) {
      const rules::Domain& d = data.domains[record.fields[*type_field].type.ref];
      if (static_cast<std::size_t>(type.number) < d.values.size())
        if (auto t = hail_caesar::parse_unit_type(d.values[static_cast<std::size_t>(type.number)]))
          u.type = *t;
    }
    u.stats.clash = number(field(data, *p, "clash"));
    u.stats.sustained = number(field(data, *p, "sustained"));
    u.stats.short_range = number(field(data, *p, "short_range"));
    u.stats.long_range = number(field(data, *p, "long_range"));
    u.stats.stamina = number(field(data, *p, "stamina"));
    u.stats.morale_save = number(field(data, *p, "morale_save"));
  }
}

}  // namespace umpire::hyw
